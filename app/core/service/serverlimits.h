// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/pgerror.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>

namespace om {

class PgSession;

/// The statement time limit that applies to this login, and whose it is. On a managed server
/// (RDS, Cloud SQL, Azure) an ordinary role often has a statement_timeout of its own, set by the
/// DBA with ALTER ROLE … SET or ALTER DATABASE … SET, shorter than the program's. A statement it
/// ends comes back as "canceling statement due to statement timeout" (SQLSTATE 57014), which the
/// views showed as a lost connection, or dropped as if the program had cancelled it. This names
/// the limit and where it is set instead.
struct ServerLimits {
    Q_DECLARE_TR_FUNCTIONS(om::ServerLimits)
public:
    /// Where the server's own value is set, in the server's order of precedence.
    enum class Origin {
        None,           ///< not set anywhere: the server has no limit of its own
        RoleInDatabase, ///< ALTER ROLE … IN DATABASE … SET
        Role,           ///< ALTER ROLE … SET
        Database,       ///< ALTER DATABASE … SET
        AllRoles,       ///< ALTER ROLE ALL SET
        Server,         ///< postgresql.conf, ALTER SYSTEM, a parameter group, the connection's options
    };

    QString role; ///< the login (session_user)
    QString database;
    qint64 serverTimeoutMs = 0; ///< the server's own statement_timeout for this login (0: none)
    Origin origin = Origin::None;
    qint64 sessionTimeoutMs = 0; ///< the statement_timeout this session has now

    /// Reads them on `session` (one round trip, catalog views every role may read). Throws PgError.
    static ServerLimits read(PgSession &session);

    /// True when a statement that ran under a limit of `inForceMs`, where the program's own was
    /// `ownMs` (0: none), was ended by the server's own limit for this login: the program keeps to
    /// the smaller of the two, so the server's applied when it is in force and not the larger.
    bool isServersLimit(qint64 inForceMs, qint64 ownMs) const;
    /// "2 s, set for role "ops" (ALTER ROLE … SET)": the server's own limit and where it is set.
    QString describeServerLimit() const;
    /// One line for the operator about a statement a time limit ended (see isServersLimit()):
    /// whose limit it was, its value and where it is set, and that reconnecting does not help.
    QString timeoutExplanation(qint64 inForceMs, qint64 ownMs) const;

    /// A statement ended by a statement_timeout (not by the program's own cancel). The server says
    /// which in its message; under a translated server (lc_messages) the time it ran tells.
    static bool isStatementTimeout(const PgError &e, qint64 elapsedMs = -1, qint64 appliedMs = -1);
    /// `e`, or, when it is a statement a time limit ended, a Query error (the server refused to go
    /// on; not a cancel of the program's, which views drop without a word) with the same SQLSTATE
    /// and timeoutExplanation() as its message. Reads the limits on `session` (still usable after a
    /// statement timeout). A caller that set the statement's limit itself (SET LOCAL) passes the
    /// limit in force and the one it asked for; otherwise they are the session's now and the
    /// session's own option. Returns `e` when the limits cannot be read.
    static PgError explained(PgSession &session, const PgError &e, qint64 elapsedMs, qint64 inForceMs = -1,
                             qint64 ownMs = -1);

    /// "2 s", "1.5 s", "500 ms", "2 min".
    static QString formatMs(qint64 ms);
};

/// `job` (a lane's work, as Gateway::run takes it) with a statement a time limit ended reported as
/// ServerLimits::explained() says: every view then names the limit, and none mistakes it for a
/// lost connection or its own cancel.
template <class Job>
auto namingServerLimits(Job job) {
    return [job = std::move(job)](PgSession &session) {
        QElapsedTimer ran;
        ran.start();
        try {
            return job(session);
        } catch (const PgError &e) {
            throw ServerLimits::explained(session, e, ran.elapsed());
        }
    };
}

} // namespace om
