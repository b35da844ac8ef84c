#include "core/sql/detailsql.h"
#include "core/sql/sqltext.h"
#include "pg/limits.h"

namespace om::sql {
namespace {

QString asText(const QString &quoted, bool timestamp) {
    return timestamp ? QStringLiteral("extract(epoch from %1)::float8::text").arg(quoted) : quoted + QLatin1String("::text");
}

/// Audit columns the history shows, in display order (each only when the profile maps it).
const QStringList &historyOrder() {
    static const QStringList order = {QStringLiteral("changedAt"), QStringLiteral("action"), QStringLiteral("oldStatus"),
                                      QStringLiteral("newStatus"), QStringLiteral("changedBy"), QStringLiteral("reason"),
                                      QStringLiteral("ticket"), QStringLiteral("osUser"), QStringLiteral("host"),
                                      QStringLiteral("appVersion")};
    return order;
}

} // namespace

Statement tableColumns(const SchemaProfile &p) {
    return {QStringLiteral("SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute "
                           "WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum"),
            {p.qualifiedTable()}};
}

Statement detailRow(const SchemaProfile &p, const QStringList &names, const QStringList &types, qint64 id,
                    int payloadPrefixChars) {
    Statement s;
    const QString idParam = param(s.params, id);
    QStringList select;
    for (int i = 0; i < names.size(); ++i)
        select << asText(quoteIdentifier(names[i]), types.value(i).startsWith(QLatin1String("timestamp")));
    if (p.has(QStringLiteral("payload"))) {
        const QString payload = p.col(QStringLiteral("payload"));
        select << QStringLiteral("left(%1::text, %2)").arg(payload, param(s.params, qMax(0, payloadPrefixChars)))
               << QStringLiteral("length(%1::text)::text").arg(payload);
    }
    s.text = QStringLiteral("SELECT %1 FROM %2 WHERE %3 = %4")
                 .arg(select.join(QLatin1String(", ")), p.qualifiedTable(), p.col(QStringLiteral("id")), idParam);
    return s;
}

Statement detailHistory(const SchemaProfile &p, qint64 id, QStringList *columns) {
    columns->clear();
    const QString messageId = p.audit.column(QStringLiteral("messageId"));
    if (p.audit.table.isEmpty() || messageId.isEmpty())
        return {};
    QStringList select;
    for (const QString &l : historyOrder()) {
        const QString real = p.audit.column(l);
        if (real.isEmpty())
            continue;
        *columns << l;
        select << asText(quoteIdentifier(real), l == QLatin1String("changedAt"));
    }
    if (select.isEmpty())
        return {};
    QStringList orderBy;
    for (const char *logical : {"changedAt", "auditId"})
        if (const QString real = p.audit.column(QLatin1String(logical)); !real.isEmpty())
            orderBy << quoteIdentifier(real) + QLatin1String(" DESC");
    return {QStringLiteral("SELECT %1 FROM %2 WHERE %3 = $1 %4 LIMIT %5")
                .arg(select.join(QLatin1String(", ")), p.qualifiedAuditTable(), quoteIdentifier(messageId),
                     orderBy.isEmpty() ? QString() : QLatin1String("ORDER BY ") + orderBy.join(QLatin1String(", ")),
                     QString::number(limits::kDetailHistoryRows)),
            {id}};
}

Statement payload(const SchemaProfile &p, qint64 id) {
    return {QStringLiteral("SELECT %1::text FROM %2 WHERE %3 = $1")
                .arg(p.col(QStringLiteral("payload")), p.qualifiedTable(), p.col(QStringLiteral("id"))),
            {id}};
}

Statement repeatableRead() { return {QStringLiteral("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"), {}}; }

Statement payloadChunk(const SchemaProfile &p, qint64 id, qint64 start, int chars) {
    return {QStringLiteral("SELECT substr(%1::text, $2, $3) FROM %2 WHERE %3 = $1")
                .arg(p.col(QStringLiteral("payload")), p.qualifiedTable(), p.col(QStringLiteral("id"))),
            {id, start, chars}};
}

} // namespace om::sql
