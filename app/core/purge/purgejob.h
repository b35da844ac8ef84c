// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/purgerequest.h"
#include "core/purge/purgerunner.h"

#include <QElapsedTimer>
#include <QObject>

namespace om {

class DatabaseLink;
class Gateway;

/// Runs one purge, batch after batch, on the Gateway's Action lane: each batch its own
/// transaction (PurgeRunner::runBatch), the next one posted only after the last one committed.
/// Lives in the GUI thread and never waits for the database. cancel() only marks the job: the
/// batch running now commits (or fails) whole, and no further batch starts.
class PurgeJob : public QObject {
    Q_OBJECT
public:
    PurgeJob(DatabaseLink *link, SchemaProfile profile, QObject *parent = nullptr);

    /// Starts the purge of `request` (a new action id when it has none); `expected` is the count
    /// the operator saw, reported back in the progress. Refused (finished() at once, with the
    /// error) when the request is invalid or a purge is running.
    void start(const PurgeRequest &request, qint64 expected = -1);
    /// Stops after the batch that runs now. No network call: safe on the GUI thread.
    void cancel();
    bool isRunning() const { return m_running; }
    const PurgeProgress &progress() const { return m_progress; }

signals:
    /// A batch committed: its rows are gone and audited.
    void batchCommitted(const om::PurgeProgress &progress);
    /// The purge ended: all old rows deleted, cancelled, or failed (progress.error).
    void finished(const om::PurgeProgress &progress);

private:
    void nextBatch();
    void batchDone(qint64 deleted);
    void finish(const QString &error);

    Gateway *m_gateway;
    PurgeRunner m_runner;
    PurgeRequest m_request;
    PurgeProgress m_progress;
    QElapsedTimer m_clock;
    bool m_running = false;
    bool m_cancelRequested = false;
};

} // namespace om
