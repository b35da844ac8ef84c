// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QMutex>
#include <QString>
#include <atomic>
#include <optional>

namespace om {

class PgSession;

/// What ties the lanes that read a standby to the lane that writes on the primary (a gateway with
/// GatewayConfig::standbyConnInfo). Two promises:
/// - **Read your writes.** After a job on the primary, the primary's WAL position is the floor;
///   the standby's lanes wait, before their next job, until the standby has replayed that far
///   (at most a bound: a standby that has stopped replaying must not stop the window). The list
///   an operator looks at after Retry then shows the retried rows, not the state before.
/// - **One cluster.** Each side's system identifier is read when its session opens; a standby
///   that is not a copy of the primary (a typing slip in a host name) stops every lane with a
///   message, so the operator never acts on one cluster while reading another.
/// Shared by the gateway's lane threads: every member is safe from any thread.
class StandbyLink {
public:
    /// "16/B374D848" (pg_lsn's text form) as a number; nullopt when `text` is not one.
    static std::optional<quint64> parseLsn(const QString &text);

    /// The standby's lanes' next jobs first wait until the standby has replayed `lsn` (a value
    /// below the current floor changes nothing).
    void requireReplayOf(quint64 lsn);
    quint64 floor() const { return m_floor.load(); }

    /// On the primary's lane, after a job: the primary's flushed WAL position becomes the floor.
    /// Failures are ignored (the job is done; the next refresh may then show the older state).
    void raiseFloorFrom(PgSession &primary);
    /// On a standby lane, before a job: waits (polling the standby) until it has replayed the
    /// floor, at most `boundMs`, or until `stopping`. `replayed` is the lane's own record of what
    /// its standby had replayed when last asked (no query while the floor is below it). False
    /// when the bound passed first.
    bool waitForReplay(PgSession &standby, quint64 &replayed, int boundMs, const std::atomic<bool> &stopping);

    /// When a session opens: reads the server's system identifier, the primary's or the standby's.
    /// Failures are ignored (the identity is then unknown, and nothing is refused for it).
    void noteIdentity(PgSession &session, bool primary);
    /// Why no lane may work ("" while the two sides are not known to differ).
    QString mismatch() const;

private:
    std::atomic<quint64> m_floor{0};
    mutable QMutex m_lock; ///< guards the two identifiers
    QString m_primarySystemId;
    QString m_standbySystemId;
};

} // namespace om
