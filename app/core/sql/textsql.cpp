// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/textsql.h"
#include "core/sql/sqltext.h"

namespace om::sql {
namespace {

/// A text[] literal of the path's keys for #>> ('{error,message}'), each element quoted the
/// way an array literal quotes ("a,b" and "a\"b" stay one key).
QString pathLiteral(const QStringList &keys) {
    QStringList quoted;
    for (QString k : keys) {
        k.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""));
        quoted << QLatin1Char('"') + k + QLatin1Char('"');
    }
    return quoteLiteral(QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}')) + QLatin1String("::text[]");
}

/// A JSON document as text: the value at the first path that holds one, or the whole document
/// (no path: '{}'): a string comes without its JSON quotes either way.
QString jsonText(const QString &document, const QList<QStringList> &paths) {
    if (paths.size() <= 1)
        return QStringLiteral("(%1 #>> %2)").arg(document, pathLiteral(paths.value(0)));
    QStringList each;
    for (const QStringList &path : paths)
        each << QStringLiteral("%1 #>> %2").arg(document, pathLiteral(path));
    return QStringLiteral("coalesce(%1)").arg(each.join(QLatin1String(", ")));
}

} // namespace

QString errorText(const SchemaProfile &p) {
    if (!p.has(QStringLiteral("errorMessage")))
        return QStringLiteral("NULL::text");
    const QString c = p.col(QStringLiteral("errorMessage"));
    switch (p.types.errorMessage) {
    case TextType::Text: return c;
    case TextType::Json:
    case TextType::Jsonb: return jsonText(c, p.types.errorMessagePaths);
    case TextType::JsonArray:
    case TextType::JsonbArray: return jsonText(QStringLiteral("%1[array_upper(%1, 1)]").arg(c), p.types.errorMessagePaths);
    case TextType::Bytea: return QStringLiteral("encode(%1, 'escape')").arg(c);
    }
    return c;
}

QString errorValue(const SchemaProfile &p, const QString &text) {
    const TextType type = p.types.errorMessage;
    if (type == TextType::Text)
        return text;
    if (type == TextType::Bytea)
        return QStringLiteral("convert_to(%1, 'UTF8')").arg(text);
    const QString json = type == TextType::Jsonb || type == TextType::JsonbArray ? QStringLiteral("jsonb") : QStringLiteral("json");
    QString value = QStringLiteral("to_%1(%2::text)").arg(json, text);
    // At the first path: where the library's own errors are read first.
    const QStringList path = p.types.errorMessagePaths.value(0);
    for (auto key = path.crbegin(); key != path.crend(); ++key)
        value = QStringLiteral("%1_build_object(%2::text, %3)").arg(json, quoteLiteral(*key), value);
    return type == TextType::JsonArray || type == TextType::JsonbArray ? QStringLiteral("ARRAY[%1]").arg(value) : value;
}

bool payloadIsBinary(const SchemaProfile &p) { return p.types.payload == TextType::Bytea; }

QString payloadPrefix(const SchemaProfile &p, const QString &countParam) {
    const QString c = p.col(QStringLiteral("payload"));
    if (payloadIsBinary(p))
        return QStringLiteral("encode(substring(%1 from 1 for %2::int), 'hex')").arg(c, countParam);
    return QStringLiteral("left(%1::text, %2)").arg(c, countParam);
}

QString payloadLength(const SchemaProfile &p) {
    const QString c = p.col(QStringLiteral("payload"));
    return payloadIsBinary(p) ? QStringLiteral("octet_length(%1)").arg(c) : QStringLiteral("length(%1::text)").arg(c);
}

QString payloadWhole(const SchemaProfile &p) {
    const QString c = p.col(QStringLiteral("payload"));
    return payloadIsBinary(p) ? QStringLiteral("encode(%1, 'hex')").arg(c) : c + QLatin1String("::text");
}

QString payloadPart(const SchemaProfile &p, const QString &startParam, const QString &countParam) {
    const QString c = p.col(QStringLiteral("payload"));
    if (payloadIsBinary(p))
        return QStringLiteral("encode(substring(%1 from %2::int for %3::int), 'hex')").arg(c, startParam, countParam);
    return QStringLiteral("substr(%1::text, %2, %3)").arg(c, startParam, countParam);
}

} // namespace om::sql
