#include "core/audit/auditfilter.h"
#include "pg/pgsession.h"

#include <QCoreApplication>

namespace om {

namespace {
constexpr int kMaxFilterText = 1000;

// Timestamps travel as ISO text with an explicit UTC offset, so neither the workstation's nor
// the session's time zone can shift them.
QString isoUtc(const QDateTime &t) {
    return t.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")) + QLatin1String("+00");
}

QString param(QVariantList &params, const QVariant &value) {
    params << value;
    return QLatin1Char('$') + QString::number(params.size());
}
} // namespace

bool AuditFilter::operator==(const AuditFilter &o) const {
    return from == o.from && to == o.to && action == o.action && operatorName == o.operatorName
        && keyText == o.keyText && ticket == o.ticket && reasonText == o.reasonText;
}

QString AuditFilter::problem() const {
    if (from.isValid() && to.isValid() && from >= to)
        return QCoreApplication::translate("AuditFilter", "The start of the time range must be before its end.");
    for (const QString *s : {&action, &operatorName, &keyText, &ticket, &reasonText}) {
        if (s->size() > kMaxFilterText)
            return QCoreApplication::translate("AuditFilter", "A filter text is longer than %1 characters.").arg(kMaxFilterText);
        if (s->contains(QChar(0)))
            return QCoreApplication::translate("AuditFilter", "A filter text contains a NUL character, which the database cannot store.");
    }
    return {};
}

QString likeEscape(const QString &text) {
    QString out;
    out.reserve(text.size() + 4);
    for (const QChar c : text) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('%') || c == QLatin1Char('_'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

QString auditColumn(const SchemaProfile &profile, const QString &logical) {
    const QString real = profile.audit.column(logical);
    return real.isEmpty() ? QStringLiteral("NULL::text") : QLatin1String("a.") + PgSession::quoteIdentifier(real);
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
                     .arg(p.col(QStringLiteral("key")), param(params, QLatin1Char('%') + likeEscape(f.keyText) + QLatin1Char('%')));
    else if (!f.keyText.isEmpty())
        terms << QStringLiteral("FALSE"); // the table has no key: nothing can match
    if (!f.ticket.isEmpty())
        terms << QStringLiteral("%1 = %2").arg(auditColumn(p, QStringLiteral("ticket")), param(params, f.ticket));
    if (!f.reasonText.isEmpty())
        terms << QStringLiteral("%1 LIKE %2 ESCAPE '\\'")
                     .arg(auditColumn(p, QStringLiteral("reason")),
                          param(params, QLatin1Char('%') + likeEscape(f.reasonText) + QLatin1Char('%')));
    return terms.isEmpty() ? QStringLiteral("TRUE") : terms.join(QLatin1String(" AND "));
}

} // namespace om
