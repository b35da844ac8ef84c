// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/adminkit/seedrolesfile.h"
#include "core/actions/actionfunctionsql.h"
#include "core/kit/kitgrants.h"
#include "core/kit/kitseeds.h"
#include "core/purge/purgefunctionsql.h"

namespace om::adminkit {

QString seedRolesFile() {
    QList<kit::TableGrants> tables;
    for (const SchemaProfile &p : kit::seedProfiles())
        tables << kit::TableGrants{p, {ActionFunctionSql(p).function(), PurgeFunctionSql(p).function()}};
    kit::KitRoles roles;
    roles.fromSettings = true;
    return QStringLiteral(
               "-- Admin kit: the two group roles the Outbox Monitor expects, and their privileges on the seed\n"
               "-- tables (app_outbox, batch_work_item, outbox).\n"
               "--\n"
               "-- GENERATED from the seed tables' built-in profiles by om::adminkit::seedRolesFile\n"
               "-- (app/core/adminkit/seedrolesfile.cpp) through om::kit::grantsSql, the block outbox-monitor\n"
               "-- --print-kit writes for each of them. Do not edit by hand: tests/unit/tst_kitfiles fails when\n"
               "-- this file and the generator differ, and OM_REGENERATE_KIT=1 build/tests/tst_kitfiles rewrites it.\n"
               "--\n"
               "--   outbox_auditor   NOLOGIN. SELECT on the outbox tables and their audit tables, USAGE on their\n"
               "--                    schema. Nothing else: no INSERT/UPDATE/DELETE anywhere, no kit function.\n"
               "--   outbox_operator  NOLOGIN. SELECT on the same tables and EXECUTE on the kit's action functions\n"
               "--                    (kit/action_functions.sql: outbox_monitor_action_<table>) and purge functions\n"
               "--                    (kit/purge_functions.sql: outbox_monitor_purge_<table>, audited deletes of\n"
               "--                    finished rows). No UPDATE of the outbox tables and no INSERT into the audit\n"
               "--                    tables: every change goes through a function that writes its audit row in\n"
               "--                    the same statement, with changed_by and changed_at set by the server, so\n"
               "--                    that no change escapes the audit trail. No DELETE anywhere; the triggers of\n"
               "--                    append_only_audit.sql refuse UPDATE/DELETE/TRUNCATE of audit rows to every role.\n"
               "--   Login roles are granted membership, e.g.  CREATE ROLE alice LOGIN IN ROLE outbox_operator;\n"
               "--   (demo/logins.sql does this for demo_operator / demo_auditor).\n"
               "--\n"
               "-- The kit functions are SECURITY DEFINER: they run as their owner (whoever applied\n"
               "-- action_functions.sql and purge_functions.sql, normally the tables' owner). This file refuses to\n"
               "-- grant EXECUTE when the operator role is a member of that owner (an operator could then act as\n"
               "-- the owner and change rows without an audit row), and revokes EXECUTE from PUBLIC. A table\n"
               "-- without its action function gets a warning: operators cannot change its messages.\n"
               "--\n"
               "-- Adapting the role names: they are read from two settings, with the defaults above when unset.\n"
               "--   psql -v ON_ERROR_STOP=1 \\\n"
               "--        -c \"SET outbox_monitor.auditor_role = 'ops_audit'\" \\\n"
               "--        -c \"SET outbox_monitor.operator_role = 'ops_outbox'\" -f kit/roles.sql\n"
               "-- (install.sql takes them as psql variables:  psql -v auditor_role=ops_audit ... -f install.sql).\n"
               "-- The file itself is plain SQL (no psql meta-commands), so it can also be applied through libpq.\n"
               "--\n"
               "-- Re-runnable: roles are created when missing, and every privilege on these tables, their audit\n"
               "-- ids' sequences and the kit functions is revoked from the two roles before being granted again,\n"
               "-- so the result is exactly what is listed here (applying it to a database with an older kit takes\n"
               "-- its direct UPDATE / INSERT grants away: see docs/admin-kit.md, \"Upgrading a database that has an older kit\"). Apply it\n"
               "-- after the seed files, action_functions.sql and purge_functions.sql (tables that do not exist are\n"
               "-- skipped). Roles are cluster-wide: applying this file in a second database reuses them and grants\n"
               "-- there as well. Applying it needs CREATEROLE (or superuser) and ownership of the tables.\n"
               "--\n"
               "-- The seeds' own functions (retry_failed(), manual_retry_work_item(), ...) keep PostgreSQL's\n"
               "-- default EXECUTE for PUBLIC: they run with the caller's rights (none is SECURITY DEFINER), so an\n"
               "-- operator or auditor calling them is refused by the table privileges.\n\n")
           + kit::grantsSql(tables, roles);
}

} // namespace om::adminkit
