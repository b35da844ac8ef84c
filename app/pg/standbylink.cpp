// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg/standbylink.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QLoggingCategory>
#include <QThread>

Q_LOGGING_CATEGORY(lcStandby, "om.standby")

namespace om {
namespace {

/// Between two questions to a standby that has not replayed far enough: a streaming standby
/// replays a small commit within a few milliseconds of the primary's.
constexpr int kReplayPollMs = 20;

std::optional<quint64> replayPosition(PgSession &standby) {
    const PgResult r = standby.query(QStringLiteral("SELECT pg_last_wal_replay_lsn()::text"));
    return StandbyLink::parseLsn(r.scalar().toString());
}

} // namespace

std::optional<quint64> StandbyLink::parseLsn(const QString &text) {
    const int slash = text.indexOf(QLatin1Char('/'));
    if (slash <= 0 || slash == text.size() - 1)
        return std::nullopt;
    bool okHigh = false, okLow = false;
    const quint64 high = text.left(slash).toULongLong(&okHigh, 16);
    const quint64 low = text.mid(slash + 1).toULongLong(&okLow, 16);
    if (!okHigh || !okLow || high > 0xFFFFFFFFu || low > 0xFFFFFFFFu)
        return std::nullopt;
    return (high << 32) | low;
}

void StandbyLink::requireReplayOf(quint64 lsn) {
    quint64 now = m_floor.load();
    while (lsn > now && !m_floor.compare_exchange_weak(now, lsn)) {
    }
}

void StandbyLink::raiseFloorFrom(PgSession &primary) {
    // The flushed position: the program's changes commit flushed (PgTx::commitFlushed), so it
    // covers them, and a standby can receive all of it. Not the insert position: WAL that another
    // session wrote without committing (an open transaction, a read's page pruning) waits
    // unflushed on a server with synchronous_commit off until the next commit anywhere, up to 15 s
    // on a quiet server, and every read of the standby would wait the bound for it in vain.
    try {
        const PgResult r = primary.query(QStringLiteral("SELECT pg_current_wal_flush_lsn()::text"));
        if (const std::optional<quint64> lsn = parseLsn(r.scalar().toString()))
            requireReplayOf(*lsn);
    } catch (const PgError &e) {
        // A "primary" in recovery (it is itself a standby) has no WAL position of its own.
        qCInfo(lcStandby) << "the primary's WAL position is unknown:" << e.message;
    }
}

bool StandbyLink::waitForReplay(PgSession &standby, quint64 &replayed, int boundMs, const std::atomic<bool> &stopping) {
    const quint64 wanted = m_floor.load();
    if (wanted <= replayed)
        return true;
    const QDeadlineTimer deadline(boundMs);
    while (!stopping) {
        const std::optional<quint64> at = replayPosition(standby); // throws when the session broke
        if (!at)                                                   // not in recovery (promoted): it has all it will ever get
            return true;
        replayed = *at;
        if (replayed >= wanted)
            return true;
        if (deadline.hasExpired()) {
            qCWarning(lcStandby) << "the standby has not replayed the primary's last change in" << boundMs << "ms";
            return false;
        }
        QThread::msleep(kReplayPollMs);
    }
    return false;
}

void StandbyLink::noteIdentity(PgSession &session, bool primary) {
    QString id;
    try {
        id = session.query(QStringLiteral("SELECT system_identifier::text FROM pg_control_system()")).scalar().toString();
    } catch (const PgError &e) {
        qCInfo(lcStandby) << "system identifier unknown:" << e.message;
        return;
    }
    QMutexLocker lock(&m_lock);
    (primary ? m_primarySystemId : m_standbySystemId) = id;
}

QString StandbyLink::mismatch() const {
    QMutexLocker lock(&m_lock);
    if (m_primarySystemId.isEmpty() || m_standbySystemId.isEmpty() || m_primarySystemId == m_standbySystemId)
        return QString();
    return QCoreApplication::translate("Gateway",
                                       "The standby is not a copy of the primary (system identifiers %1 and %2): "
                                       "nothing is read or changed until the connection is corrected.")
        .arg(m_standbySystemId, m_primarySystemId);
}

} // namespace om
