// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/detailsql.h"
#include "core/sql/sqltext.h"
#include "core/sql/textsql.h"
#include "core/sql/timesql.h"
#include "core/sql/lookupsql.h"
#include "link/limits.h"

namespace om::sql {
namespace {

/// The logical time column the profile maps to real column `name` with a type of its own
/// ("" when none): those are read through timesql, in the profile's unit and zone.
QString typedTimeColumn(const SchemaProfile &p, const QString &name) {
    for (auto it = p.types.times.cbegin(); it != p.types.times.cend(); ++it)
        if (p.column(it.key()) == name)
            return it.key();
    return {};
}

/// One column of the row as text; times as epoch seconds.
QString fieldText(const SchemaProfile &p, const QString &name, const QString &type) {
    const QString quoted = quoteIdentifier(name);
    if (const QString logical = typedTimeColumn(p, name); !logical.isEmpty())
        return epochSeconds(p, logical) + QLatin1String("::text");
    if (type.startsWith(QLatin1String("timestamp with")))
        return QStringLiteral("extract(epoch from %1)::float8::text").arg(quoted);
    if (type.startsWith(QLatin1String("timestamp")) && !p.types.timeZone.isEmpty())
        return QStringLiteral("extract(epoch from %1 AT TIME ZONE %2)::float8::text").arg(quoted, quoteLiteral(p.types.timeZone));
    // A type's or destination's id with a name elsewhere: the id as stored, and its name.
    for (auto it = p.lookups.cbegin(); it != p.lookups.cend(); ++it)
        if (p.column(it.key()) == name)
            return QStringLiteral("(%1::text || coalesce(' (' || %2 || ')', ''))").arg(quoted, lookupName(p, it.key(), quoted));
    return quoted + QLatin1String("::text"); // a wall time with no zone named: shown as written
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

bool detailIsTime(const SchemaProfile &p, const QString &name, const QString &type) {
    return !typedTimeColumn(p, name).isEmpty() || type.startsWith(QLatin1String("timestamp with"))
           || (type.startsWith(QLatin1String("timestamp")) && !p.types.timeZone.isEmpty());
}

Statement detailRow(const SchemaProfile &p, const QStringList &names, const QStringList &types, const MessageId &id,
                    int payloadPrefixChars) {
    Statement s;
    const QString idPlaceholder = idParam(s.params, id, p.types.id);
    QStringList select;
    for (int i = 0; i < names.size(); ++i)
        select << fieldText(p, names[i], types.value(i));
    if (p.has(QStringLiteral("payload"))) {
        select << payloadPrefix(p, param(s.params, qMax(0, payloadPrefixChars))) << payloadLength(p) + QLatin1String("::text");
    }
    // The error message as the program reads it (inside a JSON error, the message at its path).
    select << errorText(p);
    s.text = QStringLiteral("SELECT %1 FROM %2 WHERE %3 = %4")
                 .arg(select.join(QLatin1String(", ")), p.qualifiedTable(), p.col(QStringLiteral("id")), idPlaceholder);
    return s;
}

Statement detailHistory(const SchemaProfile &p, const MessageId &id, QStringList *columns) {
    columns->clear();
    const QString messageId = p.audit.column(QStringLiteral("messageId"));
    if (!p.hasAudit() || messageId.isEmpty())
        return {};
    QStringList select;
    for (const QString &l : historyOrder()) {
        const QString real = p.audit.column(l);
        if (real.isEmpty())
            continue;
        *columns << l;
        select << (l == QLatin1String("changedAt") ? QStringLiteral("extract(epoch from %1)::float8::text").arg(quoteIdentifier(real))
                                                   : quoteIdentifier(real) + QLatin1String("::text"));
    }
    if (select.isEmpty())
        return {};
    QStringList orderBy;
    for (const char *logical : {"changedAt", "auditId"})
        if (const QString real = p.audit.column(QLatin1String(logical)); !real.isEmpty())
            orderBy << quoteIdentifier(real) + QLatin1String(" DESC");
    // The id as the audit column's own type (text in a kit audit table for any id type).
    return {QStringLiteral("SELECT %1 FROM %2 WHERE %3 = $1::%6 %4 LIMIT %5")
                .arg(select.join(QLatin1String(", ")), p.qualifiedAuditTable(), quoteIdentifier(messageId),
                     orderBy.isEmpty() ? QString() : QLatin1String("ORDER BY ") + orderBy.join(QLatin1String(", ")),
                     QString::number(limits::kDetailHistoryRows), sqlTypeName(p.types.auditMessageId)),
            {id.text()}};
}

Statement payload(const SchemaProfile &p, const MessageId &id) {
    return {QStringLiteral("SELECT %1 FROM %2 WHERE %3 = $1::%4")
                .arg(payloadWhole(p), p.qualifiedTable(), p.col(QStringLiteral("id")), sqlTypeName(p.types.id)),
            {id.text()}};
}

Statement repeatableRead() { return {QStringLiteral("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"), {}}; }

Statement payloadChunk(const SchemaProfile &p, const MessageId &id, qint64 start, int chars) {
    return {QStringLiteral("SELECT %1 FROM %2 WHERE %3 = $1::%4")
                .arg(payloadPart(p, QStringLiteral("$2"), QStringLiteral("$3")), p.qualifiedTable(), p.col(QStringLiteral("id")), sqlTypeName(p.types.id)),
            {id.text(), start, chars}};
}

} // namespace om::sql
