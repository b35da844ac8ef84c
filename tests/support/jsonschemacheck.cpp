// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonschemacheck.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <cmath>

namespace om::test {
namespace {

// clang-format off
/// Every keyword check() reads; the rest are annotations (they say, they do not constrain).
const QStringList kChecked = {"$ref", "type", "enum", "const", "properties", "required", "additionalProperties",
                              "dependentRequired", "items", "minItems", "maxItems", "minLength", "maxLength", "pattern",
                              "minimum", "maximum", "oneOf", "anyOf", "allOf"};
const QStringList kAnnotations = {"$schema", "$id", "$defs", "title", "description"};
/// Keywords whose value is a schema, or a map or list of schemas, to walk into for unknown keywords.
const QStringList kSubschemaMaps = {"properties", "$defs"};
const QStringList kSubschemaLists = {"oneOf", "anyOf", "allOf"};
const QStringList kSubschemas = {"additionalProperties", "items"};
// clang-format on

QString child(const QString &path, const QString &key) { return path + QLatin1Char('/') + key; }

bool isInteger(const QJsonValue &v) { return v.isDouble() && std::floor(v.toDouble()) == v.toDouble(); }

bool hasType(const QJsonValue &v, const QString &type) {
    if (type == QLatin1String("object")) return v.isObject();
    if (type == QLatin1String("array")) return v.isArray();
    if (type == QLatin1String("string")) return v.isString();
    if (type == QLatin1String("number")) return v.isDouble();
    if (type == QLatin1String("integer")) return isInteger(v);
    if (type == QLatin1String("boolean")) return v.isBool();
    if (type == QLatin1String("null")) return v.isNull();
    return false;
}

QString shown(const QJsonValue &v) {
    if (v.isString()) return QLatin1Char('"') + v.toString() + QLatin1Char('"');
    if (v.isObject()) return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    if (v.isArray()) return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    return QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
}

} // namespace

JsonSchemaCheck::JsonSchemaCheck(QJsonObject schema) : m_schema(std::move(schema)) {}

QStringList JsonSchemaCheck::errors(const QJsonValue &document) const {
    QStringList out;
    check(document, m_schema, QString(), &out);
    return out;
}

QJsonObject JsonSchemaCheck::resolve(const QString &ref) const {
    // Only references into this document's $defs: the profile schema has no other kind.
    const QString prefix = QStringLiteral("#/$defs/");
    if (!ref.startsWith(prefix))
        qFatal("JsonSchemaCheck: unsupported $ref %s", qPrintable(ref));
    const QJsonValue v = m_schema.value(QLatin1String("$defs")).toObject().value(ref.mid(prefix.size()));
    if (!v.isObject())
        qFatal("JsonSchemaCheck: $ref %s names nothing", qPrintable(ref));
    return v.toObject();
}

void JsonSchemaCheck::check(const QJsonValue &value, const QJsonObject &schema, const QString &path, QStringList *out) const {
    if (schema.contains(QLatin1String("$ref")))
        check(value, resolve(schema.value(QLatin1String("$ref")).toString()), path, out);
    checkType(value, schema, path, out);
    if (value.isObject())
        checkObject(value.toObject(), schema, path, out);
    else if (value.isArray())
        checkArray(value.toArray(), schema, path, out);
    else
        checkScalar(value, schema, path, out);
    checkCombinations(value, schema, path, out);
}

void JsonSchemaCheck::checkType(const QJsonValue &value, const QJsonObject &schema, const QString &path, QStringList *out) const {
    if (const QJsonValue type = schema.value(QLatin1String("type")); !type.isUndefined()) {
        QStringList types;
        for (const QJsonValue &t : type.isArray() ? type.toArray() : QJsonArray{type})
            types << t.toString();
        if (std::none_of(types.cbegin(), types.cend(), [&](const QString &t) { return hasType(value, t); }))
            *out << QStringLiteral("%1: %2 is not of type %3").arg(path, shown(value), types.join(QLatin1String(" or ")));
    }
    if (const QJsonValue e = schema.value(QLatin1String("enum")); e.isArray() && !e.toArray().contains(value))
        *out << QStringLiteral("%1: %2 is not one of %3").arg(path, shown(value), shown(e));
    if (const QJsonValue c = schema.value(QLatin1String("const")); !c.isUndefined() && c != value)
        *out << QStringLiteral("%1: %2 is not %3").arg(path, shown(value), shown(c));
}

void JsonSchemaCheck::checkObject(const QJsonObject &value, const QJsonObject &schema, const QString &path, QStringList *out) const {
    const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
    for (const QJsonValue &r : schema.value(QLatin1String("required")).toArray())
        if (!value.contains(r.toString()))
            *out << QStringLiteral("%1: \"%2\" is required").arg(path, r.toString());
    const QJsonObject dependent = schema.value(QLatin1String("dependentRequired")).toObject();
    for (auto it = dependent.begin(); it != dependent.end(); ++it)
        if (value.contains(it.key()))
            for (const QJsonValue &r : it.value().toArray())
                if (!value.contains(r.toString()))
                    *out << QStringLiteral("%1: \"%2\" needs \"%3\"").arg(path, it.key(), r.toString());
    const QJsonValue additional = schema.value(QLatin1String("additionalProperties"));
    for (auto it = value.begin(); it != value.end(); ++it) {
        if (properties.contains(it.key()))
            check(it.value(), properties.value(it.key()).toObject(), child(path, it.key()), out);
        else if (additional.isBool() && !additional.toBool())
            *out << QStringLiteral("%1: \"%2\" is not allowed here").arg(path, it.key());
        else if (additional.isObject())
            check(it.value(), additional.toObject(), child(path, it.key()), out);
    }
}

void JsonSchemaCheck::checkArray(const QJsonArray &value, const QJsonObject &schema, const QString &path, QStringList *out) const {
    if (const QJsonValue n = schema.value(QLatin1String("minItems")); n.isDouble() && value.size() < n.toInt())
        *out << QStringLiteral("%1: fewer than %2 items").arg(path).arg(n.toInt());
    if (const QJsonValue n = schema.value(QLatin1String("maxItems")); n.isDouble() && value.size() > n.toInt())
        *out << QStringLiteral("%1: more than %2 items").arg(path).arg(n.toInt());
    if (const QJsonValue items = schema.value(QLatin1String("items")); items.isObject())
        for (int i = 0; i < value.size(); ++i)
            check(value.at(i), items.toObject(), child(path, QString::number(i)), out);
}

void JsonSchemaCheck::checkScalar(const QJsonValue &value, const QJsonObject &schema, const QString &path, QStringList *out) const {
    if (value.isString()) {
        // Lengths in characters (code points), as the specification counts them.
        const qsizetype length = value.toString().toUcs4().size();
        if (const QJsonValue n = schema.value(QLatin1String("minLength")); n.isDouble() && length < n.toInt())
            *out << QStringLiteral("%1: shorter than %2 characters").arg(path).arg(n.toInt());
        if (const QJsonValue n = schema.value(QLatin1String("maxLength")); n.isDouble() && length > n.toInt())
            *out << QStringLiteral("%1: longer than %2 characters").arg(path).arg(n.toInt());
        if (const QJsonValue p = schema.value(QLatin1String("pattern")); p.isString()) {
            const QRegularExpression re(p.toString());
            if (!re.isValid())
                qFatal("JsonSchemaCheck: pattern %s: %s", qPrintable(p.toString()), qPrintable(re.errorString()));
            if (!re.match(value.toString()).hasMatch())
                *out << QStringLiteral("%1: %2 does not match %3").arg(path, shown(value), p.toString());
        }
    } else if (value.isDouble()) {
        if (const QJsonValue n = schema.value(QLatin1String("minimum")); n.isDouble() && value.toDouble() < n.toDouble())
            *out << QStringLiteral("%1: less than %2").arg(path).arg(n.toDouble());
        if (const QJsonValue n = schema.value(QLatin1String("maximum")); n.isDouble() && value.toDouble() > n.toDouble())
            *out << QStringLiteral("%1: more than %2").arg(path).arg(n.toDouble());
    }
}

void JsonSchemaCheck::checkCombinations(const QJsonValue &value, const QJsonObject &schema, const QString &path, QStringList *out) const {
    const auto passing = [&](const QJsonArray &schemas, QStringList *why) {
        int n = 0;
        for (const QJsonValue &s : schemas) {
            QStringList e;
            check(value, s.toObject(), path, &e);
            n += e.isEmpty() ? 1 : 0;
            *why += e;
        }
        return n;
    };
    for (const QJsonValue &s : schema.value(QLatin1String("allOf")).toArray())
        check(value, s.toObject(), path, out);
    if (const QJsonValue any = schema.value(QLatin1String("anyOf")); any.isArray()) {
        QStringList why;
        if (passing(any.toArray(), &why) == 0)
            *out << QStringLiteral("%1: none of anyOf holds (%2)").arg(path, why.join(QLatin1String("; ")));
    }
    if (const QJsonValue one = schema.value(QLatin1String("oneOf")); one.isArray()) {
        QStringList why;
        if (const int n = passing(one.toArray(), &why); n != 1)
            *out << QStringLiteral("%1: %2 of oneOf hold, not exactly one%3")
                        .arg(path)
                        .arg(n)
                        .arg(n == 0 ? QStringLiteral(" (") + why.join(QLatin1String("; ")) + QLatin1Char(')') : QString());
    }
}

QStringList JsonSchemaCheck::unknownKeywords() const {
    QStringList out;
    collectUnknown(m_schema, QString(), &out);
    return out;
}

void JsonSchemaCheck::collectUnknown(const QJsonValue &schema, const QString &path, QStringList *out) const {
    if (!schema.isObject())
        return;
    const QJsonObject o = schema.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString at = child(path, it.key());
        if (!kChecked.contains(it.key()) && !kAnnotations.contains(it.key()))
            *out << at;
        if (kSubschemaMaps.contains(it.key())) {
            const QJsonObject m = it.value().toObject();
            for (auto s = m.begin(); s != m.end(); ++s)
                collectUnknown(s.value(), child(at, s.key()), out);
        } else if (kSubschemaLists.contains(it.key())) {
            const QJsonArray a = it.value().toArray();
            for (int i = 0; i < a.size(); ++i)
                collectUnknown(a.at(i), child(at, QString::number(i)), out);
        } else if (kSubschemas.contains(it.key())) {
            collectUnknown(it.value(), at, out);
        }
    }
}

} // namespace om::test
