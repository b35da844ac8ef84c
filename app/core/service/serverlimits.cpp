// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/service/serverlimits.h"
#include "core/sql/serverlimitsql.h"
#include "pg/pgsession.h"

#include <QLocale>

namespace om {

ServerLimits ServerLimits::read(PgSession &session) {
    const sql::Statement st = sql::serverSetting(QStringLiteral("statement_timeout"));
    const QVariantList row = session.query(st.text, st.params).rows.value(0);
    ServerLimits l;
    l.sessionTimeoutMs = row.value(0).toLongLong();
    l.serverTimeoutMs = row.value(1).toLongLong();
    const QString where = row.value(2).toString();
    l.role = row.value(3).toString();
    l.database = row.value(4).toString();
    if (l.serverTimeoutMs <= 0)
        l.origin = Origin::None;
    else if (where == QLatin1String("role in database"))
        l.origin = Origin::RoleInDatabase;
    else if (where == QLatin1String("role"))
        l.origin = Origin::Role;
    else if (where == QLatin1String("database"))
        l.origin = Origin::Database;
    else if (where == QLatin1String("all roles"))
        l.origin = Origin::AllRoles;
    else
        l.origin = Origin::Server;
    return l;
}

bool ServerLimits::isServersLimit(qint64 inForceMs, qint64 ownMs) const {
    // The program keeps to the smaller of its own limit and the server's (a session that still
    // raises it has its own in force, not the server's). A limit set per transaction is gone when
    // the session is asked afterwards, so the session then shows the server's value although the
    // program's smaller one ended the statement: hence the comparison with the program's own too.
    return serverTimeoutMs > 0 && inForceMs == serverTimeoutMs && (ownMs <= 0 || serverTimeoutMs <= ownMs);
}

QString ServerLimits::formatMs(qint64 ms) {
    if (ms >= 60000 && ms % 60000 == 0)
        return tr("%1 min").arg(ms / 60000);
    if (ms >= 1000)
        return tr("%1 s").arg(QLocale().toString(double(ms) / 1000.0, 'g', 6));
    return tr("%1 ms").arg(ms);
}

QString ServerLimits::describeServerLimit() const {
    const QString value = formatMs(serverTimeoutMs);
    const QString quotedRole = QLatin1Char('"') + role + QLatin1Char('"');
    const QString quotedDb = QLatin1Char('"') + database + QLatin1Char('"');
    switch (origin) {
    case Origin::RoleInDatabase:
        return tr("%1, set for role %2 in database %3 (ALTER ROLE … IN DATABASE … SET)").arg(value, quotedRole, quotedDb);
    case Origin::Role:
        return tr("%1, set for role %2 (ALTER ROLE … SET)").arg(value, quotedRole);
    case Origin::Database:
        return tr("%1, set for database %2 (ALTER DATABASE … SET)").arg(value, quotedDb);
    case Origin::AllRoles:
        return tr("%1, set for every role (ALTER ROLE ALL SET)").arg(value);
    case Origin::Server:
        return tr("%1, set in the server's configuration (postgresql.conf, ALTER SYSTEM or the provider's parameter "
                  "group) or in the connection's options")
            .arg(value);
    case Origin::None:
        break;
    }
    return tr("none");
}

QString ServerLimits::timeoutExplanation(qint64 inForceMs, qint64 ownMs) const {
    if (isServersLimit(inForceMs, ownMs))
        return tr("The server's own time limit ended this statement: statement_timeout is %1. It is not a connection "
                  "problem and reconnecting does not help: narrow what is shown, or ask the DBA to raise the limit for "
                  "this role.")
            .arg(describeServerLimit());
    return tr("The program's own time limit ended this statement after %1 (statement_timeout). Narrow what is shown.")
        .arg(formatMs(ownMs > 0 ? qMin(ownMs, inForceMs > 0 ? inForceMs : ownMs) : inForceMs));
}

bool ServerLimits::isStatementTimeout(const PgError &e, qint64 elapsedMs, qint64 appliedMs) {
    // The Gateway's own drops ("superseded", "dropped for a reconnect") carry no SQLSTATE.
    if (e.kind != PgError::Kind::Cancelled || e.sqlState != QLatin1String("57014"))
        return false;
    if (e.message.contains(QLatin1String("statement timeout")))
        return true;
    if (e.message.contains(QLatin1String("user request")))
        return false; // the program's own cancel: a newer request won
    // A server that speaks another language: a statement that ran as long as the limit met it.
    return appliedMs > 0 && elapsedMs >= 0 && elapsedMs + 50 >= appliedMs;
}

PgError ServerLimits::explained(PgSession &session, const PgError &e, qint64 elapsedMs, qint64 inForceMs, qint64 ownMs) {
    // The program's own cancels (a newer request won) are the common case: no query for them.
    if (e.kind != PgError::Kind::Cancelled || e.sqlState != QLatin1String("57014") || e.message.contains(QLatin1String("user request")))
        return e;
    ServerLimits limits;
    try {
        limits = read(session);
    } catch (const PgError &) {
        return e; // the session broke meanwhile: its own error says more than a guess
    }
    const qint64 inForce = inForceMs > 0 ? inForceMs : limits.sessionTimeoutMs;
    const qint64 own = ownMs > 0 ? ownMs : session.options().statementTimeoutMs;
    const qint64 shortest = own > 0 && inForce > 0 ? qMin(own, inForce) : qMax(own, inForce);
    if (!isStatementTimeout(e, elapsedMs, shortest))
        return e;
    return PgError(PgError::Kind::Query, limits.timeoutExplanation(inForce, own), e.sqlState);
}

} // namespace om
