// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/purge/purgejob.h"
#include "core/service/serverlimits.h"
#include "core/service/servicecall.h"

namespace om {

PurgeJob::PurgeJob(DatabaseLink *link, SchemaProfile profile, QObject *parent)
    : QObject(parent), m_gateway(&gatewayOf(link)), m_runner(std::move(profile)) {
    qRegisterMetaType<om::PurgeProgress>();
}

void PurgeJob::start(const PurgeRequest &request, qint64 expected) {
    if (m_running) {
        PurgeProgress busy = m_progress;
        busy.error = PurgeRunner::tr("A purge is running already.");
        emit finished(busy);
        return;
    }
    m_request = request;
    if (m_request.actionId.isNull())
        m_request.actionId = QUuid::createUuid();
    m_progress = PurgeProgress{};
    m_progress.actionId = m_request.actionId;
    m_progress.expected = expected;
    m_cancelRequested = false;
    m_clock.start();
    if (const QString e = m_runner.check(m_request); !e.isEmpty()) {
        finish(e);
        return;
    }
    m_running = true;
    nextBatch();
}

void PurgeJob::cancel() {
    m_cancelRequested = true;
}

void PurgeJob::nextBatch() {
    const PurgeRunner runner = m_runner;
    const PurgeRequest request = m_request;
    m_gateway->run<qint64>(
        Lane::Action, this, namingServerLimits([runner, request](PgSession &s) { return runner.runBatch(s, request); }),
        [this](const qint64 &deleted) { batchDone(deleted); },
        [this](const PgError &e) {
            // InDoubt: the batch may have committed; its audit rows (this action id) say so.
            finish(e.kind == PgError::Kind::InDoubt
                       ? PurgeRunner::tr("The connection broke while a batch was committing: the Audit tab shows "
                                         "whether it was (action id %1). %2")
                             .arg(m_request.actionId.toString(QUuid::WithoutBraces), e.message)
                       : e.message);
        });
}

void PurgeJob::batchDone(qint64 deleted) {
    m_progress.deleted += deleted;
    if (deleted > 0)
        ++m_progress.batches;
    m_progress.elapsedMs = m_clock.elapsed();
    // A short batch means no old row is left (or only rows workers hold locked right now).
    const bool done = deleted < m_request.batchSize;
    if (deleted > 0)
        emit batchCommitted(m_progress);
    if (done) {
        finish({});
    } else if (m_cancelRequested) {
        m_progress.cancelled = true;
        finish({});
    } else {
        nextBatch();
    }
}

void PurgeJob::finish(const QString &error) {
    m_running = false;
    m_progress.finished = true;
    m_progress.error = error;
    m_progress.elapsedMs = m_clock.elapsed();
    emit finished(m_progress);
}

} // namespace om
