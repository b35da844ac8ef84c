// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/auditsql.h"
#include "core/common/timeconv.h"
#include "core/sql/sqltext.h"

namespace om::sql {

QString auditColumn(const SchemaProfile &profile, const QString &logical) {
    const QString real = profile.audit.column(logical);
    return real.isEmpty() ? QStringLiteral("NULL::text") : QLatin1String("a.") + quoteIdentifier(real);
}

QString auditWhere(const SchemaProfile &p, const AuditFilter &f, QVariantList &params) {
    QStringList terms;
    const QString at = auditColumn(p, QStringLiteral("changedAt"));
    if (f.from.isValid())
        terms << QStringLiteral("%1 >= %2::timestamptz").arg(at, param(params, isoUtc(f.from)));
    if (f.to.isValid())
        terms << QStringLiteral("%1 < %2::timestamptz").arg(at, param(params, isoUtc(f.to)));
    if (!f.action.isEmpty())
        terms << QStringLiteral("%1 = %2").arg(auditColumn(p, QStringLiteral("action")), param(params, f.action));
    if (!f.operatorName.isEmpty()) {
        const QString n = param(params, f.operatorName);
        terms << QStringLiteral("(%1 = %3 OR %2 = %3)")
                     .arg(auditColumn(p, QStringLiteral("changedBy")), auditColumn(p, QStringLiteral("osUser")), n);
    }
    if (!f.keyText.isEmpty() && p.has(QStringLiteral("key")))
        terms << QStringLiteral("m.%1::text LIKE %2 ESCAPE '\\'") // as text: a key may be a uuid (filtersql)
                     .arg(p.col(QStringLiteral("key")), param(params, likeContains(f.keyText)));
    else if (!f.keyText.isEmpty())
        terms << QStringLiteral("FALSE"); // the table has no key: nothing can match
    if (!f.ticket.isEmpty())
        terms << QStringLiteral("%1 = %2").arg(auditColumn(p, QStringLiteral("ticket")), param(params, f.ticket));
    if (!f.reasonText.isEmpty())
        terms << QStringLiteral("%1 LIKE %2 ESCAPE '\\'")
                     .arg(auditColumn(p, QStringLiteral("reason")), param(params, likeContains(f.reasonText)));
    return terms.isEmpty() ? QStringLiteral("TRUE") : terms.join(QLatin1String(" AND "));
}

QString auditMessageJoin(const SchemaProfile &p) {
    const QString auditId = auditColumn(p, QStringLiteral("messageId"));
    // A kit audit table holds any table's ids as text: cast to the id's type on the audit side,
    // so that the message is found through its primary key.
    const QString cast = p.types.auditMessageId == p.types.id ? auditId
                                                              : QStringLiteral("(%1)::%2").arg(auditId, sqlTypeName(p.types.id));
    return QStringLiteral("m.%1 = %2").arg(p.col(QStringLiteral("id")), cast);
}

QString auditFrom(const SchemaProfile &p, const AuditFilter &filter, QVariantList &params) {
    const QString where = auditWhere(p, filter, params);
    return QStringLiteral("FROM %1 a LEFT JOIN %2 m ON %3 WHERE %4")
        .arg(p.qualifiedAuditTable(), p.qualifiedTable(), auditMessageJoin(p), where);
}

namespace {
/// The row's action id as text, read through to_jsonb so that an audit table without the column
/// (the kit's action function adds it; a seed-only database has none) still pages: NULL there.
QString actionIdOf(const SchemaProfile &p) {
    const QString real = p.audit.column(QStringLiteral("actionId"));
    return real.isEmpty() ? QStringLiteral("NULL::text") : QStringLiteral("(to_jsonb(a) ->> %1)").arg(quoteLiteral(real));
}
} // namespace

Statement auditPage(const SchemaProfile &p, const AuditFilter &filter, const AuditCursor &after, int limit) {
    auto c = [&p](const char *logical) { return auditColumn(p, QLatin1String(logical)); };
    const QString at = c("changedAt");
    const QString id = c("auditId");
    Statement s;
    QString where = auditWhere(p, filter, s.params);
    if (!after.isStart()) {
        // Row comparison: one index range scan on (changed_at) instead of an OR of two terms.
        const QString atParam = param(s.params, after.changedAtText);
        where += QStringLiteral(" AND (%1, %2) < (%3::timestamptz, %4::bigint)")
                     .arg(at, id, atParam, param(s.params, QString::number(after.auditId)));
    }
    const QString limitParam = param(s.params, QString::number(limit + 1));
    const QString key = p.has(QStringLiteral("key")) ? QLatin1String("m.") + p.col(QStringLiteral("key")) : QStringLiteral("NULL::text");
    s.text = QStringLiteral(
                 "SELECT %1::text, extract(epoch from %2)::float8, %2::text, %3, %4::text, %5, %6, %7, %8, %9, %10, "
                 "%11, %12, %13, %19, %20 FROM %14 a LEFT JOIN %15 m ON %16 WHERE %17 ORDER BY %2 DESC, %1 DESC LIMIT %18")
                 // One multi-arg call: a chained .arg() would rescan text substituted before it.
                 .arg(id, at, c("action"), c("messageId"), key, c("oldStatus"), c("newStatus"), c("reason"), c("ticket"),
                      c("changedBy"), c("osUser"), c("host"), c("appVersion"), p.qualifiedAuditTable(), p.qualifiedTable(),
                      auditMessageJoin(p), where, limitParam, actionIdOf(p),
                      // Whether the message is still there: a table without keys has a null key for
                      // every message, which must not read as "gone".
                      QStringLiteral("m.%1 IS NOT NULL").arg(p.col(QStringLiteral("id"))));
    return s;
}

} // namespace om::sql
