// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/actions/actionsql.h"
#include "core/sql/statesql.h"
#include "core/actions/actionfunctionsql.h"
#include "core/model/failuregrouptext.h"
#include "core/sql/filtersql.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"
#include "core/sql/stucksql.h"

namespace om::sql {
namespace {

QVariant nullIfEmpty(const QString &s) { return s.isEmpty() ? QVariant() : QVariant(s); }

/// Condition (unqualified columns) a row must meet to be changed, apart from its id.
QString eligibleCondition(const SchemaProfile &p, const ActionRequest &r, QVariantList &params) {
    const ActionDef a = p.actions.value(r.action);
    QStringList conds{sql::statesPredicate(p, a.from)};
    if (a.pastStuckTimeout) {
        // Server clock: a row is stuck when the database says so, whatever the workstation thinks.
        conds << sql::pastStuckTimeout(p, param(params, actionStuckTimeout(p, r)) + QLatin1String("::int"));
    }
    if (r.filter)
        conds << QLatin1Char('(') + buildWhere(p, *r.filter, params) + QLatin1Char(')');
    return conds.join(QLatin1String(" AND "));
}

/// The id-array expression (of the id column's type) of the candidate ids the kit's function gets.
QString candidateIds(const SchemaProfile &p, const ActionRequest &r, QVariantList &params) {
    if (!r.filter)
        return idArrayParam(params, r.ids, p.types.id);
    // "Everything matching the view and filter": the candidates are chosen here, in the same
    // statement, with the same condition the dialog counted (the filter's own columns are not
    // re-checked under the lock; the action's guard — states, stuck timeout — is, by the function).
    const QString table = p.qualifiedTable();
    const QString id = p.col(QStringLiteral("id"));
    const QString where = eligibleCondition(p, r, params);
    if (r.ids.isEmpty())
        return QStringLiteral("ARRAY(SELECT %1 FROM %2 WHERE %3)").arg(id, table, where);
    // The ids the operator confirmed, narrowed by the filter: one primary-key probe per id.
    return QStringLiteral("ARRAY(SELECT om_c.om_id FROM unnest(%1) AS om_r(om_req) CROSS JOIN LATERAL"
                          " (SELECT %2 AS om_id FROM %3 WHERE %2 = om_r.om_req AND %4) AS om_c)")
        .arg(idArrayParam(params, r.ids, p.types.id), id, table, where);
}

} // namespace

int actionStuckTimeout(const SchemaProfile &p, const ActionRequest &r) {
    if (r.stuckTimeoutMinutes > 0)
        return r.stuckTimeoutMinutes;
    if (r.filter && r.filter->stuckTimeoutMinutes > 0)
        return r.filter->stuckTimeoutMinutes;
    return p.stuckTimeoutMinutes;
}

namespace {
// Every part is readable by every role: pg_control_system() (the window's identity reads it too)
// and the port; unix_socket_directories is not (pg_read_all_settings), so a connection through a
// local socket is named "local".
const char *const kPlaceColumns = "(SELECT system_identifier::text FROM pg_control_system()), current_database(),"
                                  " coalesce(host(inet_server_addr()), 'local') || ':' || current_setting('port')";
} // namespace

Statement transactionState() {
    return {QStringLiteral("SELECT current_setting('transaction_read_only'),"
                           " CASE WHEN current_setting('transaction_read_only') = 'off' THEN txid_current() END, ")
                + QLatin1String(kPlaceColumns),
            {}};
}

Statement serverPlace() { return {QStringLiteral("SELECT ") + QLatin1String(kPlaceColumns), {}}; }

Statement serverEncoding() { return {QStringLiteral("SELECT current_setting('server_encoding')"), {}}; }

Statement textRoundTrip(const QString &text) { return {QStringLiteral("SELECT $1::text"), {text}}; }

Statement actionCall(const SchemaProfile &p, const ActionRequest &r) {
    const ActionDef a = p.actions.value(r.action);
    // The kit's function does the guarded, audited change; here only its arguments are chosen.
    Statement s;
    // An action over a failure group names the group in every audit row it writes.
    const QString reason = r.filter && r.filter->failureGroup
                               ? FailureGroupText::auditReason(r.reason, *r.filter->failureGroup, p.audit.reasonMaxLength)
                               : r.reason.trimmed();
    s.params = {r.action, r.actionId.toString(QUuid::WithoutBraces), reason,
                nullIfEmpty(r.ticket.trimmed()), a.pastStuckTimeout ? QVariant(actionStuckTimeout(p, r)) : QVariant(),
                nullIfEmpty(r.osUser), nullIfEmpty(r.host), nullIfEmpty(r.appVersion)};
    const QString ids = candidateIds(p, r, s.params);
    s.text = ActionFunctionSql(p).callSql(ids, 1) + QLatin1String(" ORDER BY om_id");
    return s;
}

namespace {
/// How the reason dialog names a sampled message: its key, or its id where it has none (a table
/// without keys listed ", , ," once).
QString sampleName(const SchemaProfile &p) {
    return QStringLiteral("coalesce(%1, %2::text)").arg(sql::keyText(p), p.col(QStringLiteral("id")));
}
} // namespace

Statement previewIds(const SchemaProfile &p, const ActionRequest &r) {
    Statement s;
    const QString arr = idArrayParam(s.params, r.ids, p.types.id);
    const QString eligible = eligibleCondition(p, r, s.params);
    // "IS NOT NULL AND": a null-based state (published_at IS NULL) is also true for a missing row.
    s.text = QStringLiteral("SELECT om_req::text, COALESCE(%5 IS NOT NULL AND %1, false), %2"
                            " FROM unnest(%3) AS om_r(om_req) LEFT JOIN %4 ON %5 = om_r.om_req ORDER BY om_r.om_req")
                 .arg(eligible, sampleName(p), arr, p.qualifiedTable(), p.col(QStringLiteral("id")));
    return s;
}

Statement previewFilter(const SchemaProfile &p, const ActionRequest &r, int cap) {
    Statement s;
    const QString eligible = eligibleCondition(p, r, s.params);
    // count(*) OVER () is computed before LIMIT: the exact total even when the list is capped.
    s.text = QStringLiteral("SELECT %1::text, %2, count(*) OVER () FROM %3 WHERE %4 ORDER BY %1 LIMIT %5")
                 .arg(p.col(QStringLiteral("id")), sampleName(p), p.qualifiedTable(), eligible,
                      param(s.params, cap));
    return s;
}

Statement skippedIds(const SchemaProfile &p, const ActionRequest &r, const QList<MessageId> &rest) {
    Statement s;
    const QString eligible = eligibleCondition(p, r, s.params);
    const QString arr = idArrayParam(s.params, rest, p.types.id);
    s.text = QStringLiteral("SELECT om_req::text, %1 IS NOT NULL, COALESCE(%2, false), (%3)::text"
                            " FROM (SELECT DISTINCT unnest(%4) AS om_req) AS om_r LEFT JOIN %5 ON %1 = om_r.om_req"
                            " ORDER BY om_r.om_req")
                 .arg(p.col(QStringLiteral("id")), eligible, sql::stateExpression(p), arr, p.qualifiedTable());
    return s;
}

Statement skippedFilter(const SchemaProfile &p, const ActionRequest &r, int cap) {
    Statement s;
    const QString eligible = eligibleCondition(p, r, s.params);
    s.text = QStringLiteral("SELECT %1::text, (%2)::text, count(*) OVER () FROM %3 WHERE %4 ORDER BY %1 LIMIT %5")
                 .arg(p.col(QStringLiteral("id")), sql::stateExpression(p), p.qualifiedTable(), eligible, param(s.params, cap));
    return s;
}

Statement actionRecheck(const SchemaProfile &p, const QUuid &actionId, qint64 xid) {
    const AuditDef &au = p.audit;
    return {QStringLiteral("SELECT CASE WHEN $1::bigint > 0 THEN txid_status($1::bigint) END,"
                           // JSON: a text id may hold commas or quotes, which an array's text would quote.
                           " array_to_json(ARRAY(SELECT %1::text FROM %2 WHERE %3 = $2::uuid ORDER BY %1))::text")
                .arg(quoteIdentifier(au.column(QStringLiteral("messageId"))), p.qualifiedAuditTable(),
                     quoteIdentifier(au.column(QStringLiteral("actionId")))),
            {xid, actionId.toString(QUuid::WithoutBraces)}};
}

Statement privilegeCheck(const SchemaProfile &p) {
    // Operators change messages only through the kit's action function (SECURITY DEFINER, it
    // writes the audit rows itself): EXECUTE on it is the one privilege the actions need. Direct
    // UPDATE / audit INSERT are deliberately not asked for: the kit revokes them.
    return {QStringLiteral("SELECT current_setting('transaction_read_only'), current_user::text,"
                           " to_regprocedure($1) IS NOT NULL,"
                           " coalesce(has_function_privilege(to_regprocedure($1), 'EXECUTE'), false)"),
            {ActionFunctionSql(p).signature()}};
}

} // namespace om::sql
