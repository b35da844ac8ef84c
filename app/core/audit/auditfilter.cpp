#include "core/audit/auditfilter.h"
#include "core/common/timeconv.h"
#include "core/sql/sqltext.h"
#include "pg/limits.h"

#include <QCoreApplication>

namespace om {

namespace {

using sql::likeContains;
using sql::param;
} // namespace

bool AuditFilter::operator==(const AuditFilter &o) const {
    return from == o.from && to == o.to && action == o.action && operatorName == o.operatorName
        && keyText == o.keyText && ticket == o.ticket && reasonText == o.reasonText;
}

QString AuditFilter::problem() const {
    if (from.isValid() && to.isValid() && from >= to)
        return QCoreApplication::translate("AuditFilter", "The start of the time range must be before its end.");
    for (const QString *s : {&action, &operatorName, &keyText, &ticket, &reasonText}) {
        if (s->size() > limits::kMaxAuditFilterText)
            return QCoreApplication::translate("AuditFilter", "A filter text is longer than %1 characters.").arg(limits::kMaxAuditFilterText);
        if (s->contains(QChar(0)))
            return QCoreApplication::translate("AuditFilter", "A filter text contains a NUL character, which the database cannot store.");
    }
    return {};
}

QString auditColumn(const SchemaProfile &profile, const QString &logical) {
    const QString real = profile.audit.column(logical);
    return real.isEmpty() ? QStringLiteral("NULL::text") : QLatin1String("a.") + sql::quoteIdentifier(real);
}

QString buildAuditWhere(const SchemaProfile &p, const AuditFilter &f, QVariantList &params) {
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
        terms << QStringLiteral("m.%1 LIKE %2 ESCAPE '\\'")
                     .arg(p.col(QStringLiteral("key")), param(params, likeContains(f.keyText)));
    else if (!f.keyText.isEmpty())
        terms << QStringLiteral("FALSE"); // the table has no key: nothing can match
    if (!f.ticket.isEmpty())
        terms << QStringLiteral("%1 = %2").arg(auditColumn(p, QStringLiteral("ticket")), param(params, f.ticket));
    if (!f.reasonText.isEmpty())
        terms << QStringLiteral("%1 LIKE %2 ESCAPE '\\'")
                     .arg(auditColumn(p, QStringLiteral("reason")),
                          param(params, likeContains(f.reasonText)));
    return terms.isEmpty() ? QStringLiteral("TRUE") : terms.join(QLatin1String(" AND "));
}

} // namespace om
