// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/serverlimitsql.h"
#include "core/sql/sqltext.h"

namespace om::sql {

Statement serverSetting(const QString &name) {
    Statement s;
    const QString n = param(s.params, name);
    // The server applies the role-in-database entry before the role's, the role's before the
    // database's, and those before ALTER ROLE ALL (both oids 0): the first of that order is the
    // one in force. The role is session_user: ALTER ROLE … SET applies to the role that logged
    // in, not to the roles it is a member of.
    s.text = QStringLiteral(
                 "SELECT s.setting, s.reset_val,"
                 " (SELECT CASE WHEN d.setrole <> 0 AND d.setdatabase <> 0 THEN 'role in database'"
                 "              WHEN d.setrole <> 0 THEN 'role' WHEN d.setdatabase <> 0 THEN 'database' ELSE 'all roles' END"
                 "    FROM pg_db_role_setting d CROSS JOIN LATERAL unnest(d.setconfig) AS c(item)"
                 "   WHERE split_part(c.item, '=', 1) = %1"
                 "     AND d.setrole IN (0, (SELECT r.oid FROM pg_roles r WHERE r.rolname = session_user))"
                 "     AND d.setdatabase IN (0, (SELECT b.oid FROM pg_database b WHERE b.datname = current_database()))"
                 "   ORDER BY d.setrole <> 0 DESC, d.setdatabase <> 0 DESC LIMIT 1),"
                 " session_user::text, current_database()::text"
                 " FROM pg_settings s WHERE s.name = %1")
                 .arg(n);
    return s;
}

Statement setLocalStatementTimeout(int ms) {
    Statement s;
    const QString wanted = param(s.params, ms);
    // reset_val is the value the session started with: the role's, the database's or the
    // server's configuration, never what the program SET since.
    s.text = QStringLiteral(
                 "SELECT l.ms, set_config('statement_timeout', l.ms::text, true) FROM"
                 " (SELECT CASE WHEN reset_val::bigint > 0 AND reset_val::bigint < %1::bigint THEN reset_val::bigint"
                 " ELSE %1::bigint END AS ms FROM pg_settings WHERE name = 'statement_timeout') AS l")
                 .arg(wanted);
    return s;
}

} // namespace om::sql
