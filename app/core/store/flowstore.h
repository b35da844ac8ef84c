// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/flowseries.h"

#include <QString>

namespace om {

/// The flow counts the server gave, cached in the local SQLite file (beside HistoryStore's
/// tables, through a connection of its own), so that a refresh — and a restart — only asks the
/// server for the newest buckets. Per (connection key, profile, bucket width): the buckets with
/// counts, and the one contiguous span of time the server has been asked about (a bucket in the
/// span without a row had no messages). Use from one thread (Qt Sql connections are per thread);
/// several windows (processes) may share the file, each save being one transaction that takes the
/// file's write lock first. The tables and their version: core/store/storeschema.h.
class FlowStore {
public:
    explicit FlowStore(const QString &path);
    ~FlowStore();
    FlowStore(const FlowStore &) = delete;
    FlowStore &operator=(const FlowStore &) = delete;

    bool open(QString *error = nullptr);
    bool isOpen() const { return m_open; }
    QString path() const { return m_path; }

    /// What the server has been asked about: [fromS, toS). Empty (fromS == toS == 0) when nothing.
    struct Span {
        qint64 fromS = 0;
        qint64 toS = 0;
        bool isEmpty() const { return toS <= fromS; }
    };
    Span span(const QString &connectionKey, const QString &profileId, int bucketS) const;
    /// Replaces the buckets of [fromS, toS) with `counts` (the server's answer for exactly that
    /// range, sparse) in one transaction, and extends the span. A range that does not touch the
    /// span starts a new one (the old buckets are dropped: the span must stay contiguous).
    bool save(const QString &connectionKey, const QString &profileId, int bucketS, qint64 fromS, qint64 toS,
              const QList<FlowBucket> &counts);
    /// The stored buckets within [fromS, toS) (sparse: buckets with counts only).
    QList<FlowBucket> load(const QString &connectionKey, const QString &profileId, int bucketS, qint64 fromS, qint64 toS) const;
    /// Drops buckets older than `beforeS` and shortens the spans to match. Returns rows deleted.
    int purge(qint64 beforeS);

private:
    QString m_path;
    QString m_connectionName;
    bool m_open = false;
};

} // namespace om
