// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/snapshot.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <memory>

class QSqlQuery;

namespace om {

/// One point of a history series: for downsampled windows the min/max/avg of a time bucket.
struct HistoryPoint {
    qint64 tMs = 0; ///< server time (ms since epoch) of the bucket's first sample
    double min = 0;
    double max = 0;
    double avg = 0;
    int samples = 1;
};

/// The dashboard's local history (SQLite through Qt Sql), so that a restart does not blank the
/// charts. One series per (connection key, profile, metric); raw samples plus a per-minute rollup
/// maintained on insert, so a 7-day window aggregates ~10k rollup rows per series instead of
/// ~120k raw ones. Qt Sql connections belong to the thread that opened them: use a HistoryStore
/// from one thread only (the GUI thread in the application). Several windows of the program
/// (processes) may write the same file: each write is one transaction that takes the file's write
/// lock first (sqlite::WriteTransaction). The tables and their version: core/store/storeschema.h.
class HistoryStore {
public:
    /// `path` empty = defaultPath().
    explicit HistoryStore(const QString &path = QString());
    ~HistoryStore();
    HistoryStore(const HistoryStore &) = delete;
    HistoryStore &operator=(const HistoryStore &) = delete;

    /// <AppDataLocation>/history.sqlite
    static QString defaultPath();
    QString path() const { return m_path; }

    /// Creates the file and schema if needed, upgrades a file of an earlier release, refuses one
    /// of a newer release (sqlite::open). False and *error on failure (the dashboard then runs
    /// without history rather than not at all, and says why).
    bool open(QString *error = nullptr);
    bool isOpen() const { return m_open; }
    /// Why the last open() failed, in one translated sentence naming the file; empty when open or
    /// never tried.
    QString openError() const { return m_openError; }

    /// Samples older than this many days are deleted by purge() (default 30); the next append()
    /// purges at once.
    void setRetentionDays(int days) {
        m_retentionDays = qMax(1, days);
        m_lastPurgeMs = 0;
    }
    int retentionDays() const { return m_retentionDays; }

    /// Stores every metric of `snapshot` at its server time. One transaction. Purges (purge())
    /// when no purge ran yet or the last one is kPurgeEveryMs of server time old, so that a
    /// window left open for weeks keeps only its retention and not only the one at start.
    bool append(const QString &connectionKey, const Snapshot &snapshot);
    static constexpr qint64 kPurgeEveryMs = 3600 * 1000;
    /// Stores the values of one sample time in one transaction; `append` uses it.
    bool appendValues(const QString &connectionKey, const QString &profileId, qint64 tMs,
                      const QList<QPair<QString, double>> &values);
    /// One sample time and its metric values.
    struct Sample {
        qint64 tMs = 0;
        QList<QPair<QString, double>> values;
    };
    /// Stores many samples in one transaction (imports, tests, benchmarks).
    bool appendSamples(const QString &connectionKey, const QString &profileId, const QList<Sample> &samples);

    /// Points of one metric between fromMs and toMs, at most ~maxPoints of them: raw samples
    /// when they fit, else min/max/avg per bucket computed in SQL.
    QList<HistoryPoint> load(const QString &connectionKey, const QString &profileId, const QString &metric,
                             qint64 fromMs, qint64 toMs, int maxPoints = 2000) const;
    /// Metrics that have samples for this connection and profile.
    QStringList metrics(const QString &connectionKey, const QString &profileId) const;
    /// Deletes what is older than the retention limit, relative to `nowMs`. Returns rows deleted.
    int purge(qint64 nowMs);
    /// Raw samples stored for one metric (tests).
    qint64 rawCount(const QString &connectionKey, const QString &profileId, const QString &metric) const;
    /// Moves every series of `from` to `to` when `to` has none (StoreKeys::adopt). True when
    /// something moved.
    bool adoptConnection(const QString &from, const QString &to);

    /// The metric names a snapshot yields: "state:<NAME>", "waiting", "oldest", "stuck", "nearMax".
    static QList<QPair<QString, double>> metricsOf(const Snapshot &snapshot);

private:
    bool insertValues(const QString &key, const QString &profileId, qint64 tMs, const QList<QPair<QString, double>> &values);
    qint64 seriesId(const QString &key, const QString &profileId, const QString &metric, bool create) const;

    QString m_path;
    QString m_connectionName;
    bool m_open = false;
    QString m_openError;
    int m_retentionDays = 30;
    qint64 m_lastPurgeMs = 0; ///< time given to the last purge(); 0 = none yet
    mutable QHash<QString, qint64> m_seriesCache;
    // Prepared once: an append every few seconds should not re-parse its SQL.
    std::unique_ptr<QSqlQuery> m_insertRaw;
    std::unique_ptr<QSqlQuery> m_insertMinute;
};

} // namespace om
