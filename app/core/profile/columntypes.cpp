// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/columntypes.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTimeZone>

namespace om {
namespace {

/// The texts of this file under one context, whichever function words them (lupdate files a
/// free function's tr() under "om", where the translation would never be looked up).
struct TypesText {
    Q_DECLARE_TR_FUNCTIONS(om::ColumnTypes)
};

struct IdTypeName {
    const char *name;
    IdType type;
};
// The profile's spelling and the SQL type cast to; "varchar" covers character varying(n) (its
// btree operator class is text's, so a varchar[] comparison still uses the index).
constexpr IdTypeName kIdTypes[] = {{"bigint", IdType::BigInt}, {"integer", IdType::Integer}, {"uuid", IdType::Uuid}, {"text", IdType::Text}, {"varchar", IdType::Varchar}};

struct TimeTypeName {
    const char *name;
    TimeType type;
};
// clang-format off
constexpr TimeTypeName kTimeTypes[] = {{"timestamptz", TimeType::TimestampTz}, {"timestamp", TimeType::Timestamp},
                                       {"epochSeconds", TimeType::EpochSeconds}, {"epochMillis", TimeType::EpochMillis}};
// clang-format on

struct TextTypeName {
    const char *name;
    TextType type;
};
// clang-format off
constexpr TextTypeName kTextTypes[] = {{"text", TextType::Text}, {"json", TextType::Json}, {"jsonb", TextType::Jsonb},
                                       {"json[]", TextType::JsonArray}, {"jsonb[]", TextType::JsonbArray}, {"bytea", TextType::Bytea}};
// clang-format on

/// The text types each text column may have: a payload is one document, never an array of them.
QStringList textTypeNames(const QString &logical) {
    QStringList out;
    for (const TextTypeName &t : kTextTypes)
        if (logical == QLatin1String("errorMessage") || (t.type != TextType::JsonArray && t.type != TextType::JsonbArray))
            out << QLatin1String(t.name);
    return out;
}

bool textTypeFromName(const QString &logical, const QString &name, TextType *out) {
    if (!textTypeNames(logical).contains(name))
        return false;
    for (const TextTypeName &t : kTextTypes)
        if (name == QLatin1String(t.name))
            *out = t.type;
    return true;
}

bool idTypeFromName(const QString &name, IdType *out) {
    for (const IdTypeName &t : kIdTypes)
        if (name == QLatin1String(t.name)) {
            *out = t.type;
            return true;
        }
    return false;
}

QStringList timeTypeNames() {
    QStringList out;
    for (const TimeTypeName &t : kTimeTypes)
        out << QLatin1String(t.name);
    return out;
}

bool fail(QString *error, const QString &message) {
    if (error)
        *error = message;
    return false;
}

/// A zone name as the IANA database spells them ("Europe/Berlin", "UTC", "Etc/GMT+5"), known to
/// this computer's zone database (the server's is the same database).
bool validZone(const QString &zone) {
    static const QRegularExpression shape(QStringLiteral("^[A-Za-z][A-Za-z0-9_+/-]{0,63}$"));
    return shape.match(zone).hasMatch() && QTimeZone(zone.toUtf8()).isValid();
}

/// One path of keys (each a key, or an array index as digits); false when `v` is not one.
bool parseOnePath(const QJsonValue &v, QStringList *keys) {
    if (!v.isArray() || v.toArray().isEmpty())
        return false;
    for (const QJsonValue &key : v.toArray()) {
        if (!key.isString() || key.toString().isEmpty())
            return false;
        *keys << key.toString();
    }
    return true;
}

/// "errorMessagePath": ["error", "message"], or several: [["error", "message"], ["timeout",
/// "reason"]]: where the message sits inside a JSON error, read with #>> on the server; with
/// several, the first that holds text.
bool parseErrorPath(const QJsonObject &profile, ColumnTypes *t, QString *error) {
    const QJsonValue v = profile.value(QLatin1String("errorMessagePath"));
    if (v.isUndefined())
        return true;
    const QString shape = TypesText::tr("\"errorMessagePath\" must be a list of keys to the message "
                                        "inside the JSON error, e.g. [\"error\", \"message\"], or a list of such "
                                        "lists where a library writes it in several places.");
    const QJsonArray all = v.toArray();
    const bool several = v.isArray() && !all.isEmpty() && all.first().isArray();
    for (const QJsonValue &one : several ? all : QJsonArray{v}) {
        QStringList keys;
        if (!parseOnePath(one, &keys))
            return fail(error, shape);
        t->errorMessagePaths << keys;
    }
    if (!isJsonText(t->errorMessage))
        return fail(error, TypesText::tr("\"errorMessagePath\" reads inside a JSON error: it needs "
                                         "\"types\": {\"errorMessage\": \"jsonb\"} (or json, json[], jsonb[])."));
    return true;
}

} // namespace

QString textTypeName(TextType type) {
    for (const TextTypeName &t : kTextTypes)
        if (t.type == type)
            return QLatin1String(t.name);
    return QStringLiteral("text");
}

bool isJsonText(TextType type) { return type != TextType::Text && type != TextType::Bytea; }

QString sqlTypeName(IdType type) {
    for (const IdTypeName &t : kIdTypes)
        if (t.type == type)
            return QLatin1String(t.name);
    return QStringLiteral("bigint");
}

QStringList idTypeNames() {
    QStringList out;
    for (const IdTypeName &t : kIdTypes)
        out << QLatin1String(t.name);
    return out;
}

bool ColumnTypes::parse(const QJsonObject &profile, const QStringList &timeColumns, ColumnTypes *out, QString *error) {
    ColumnTypes t;
    const QJsonObject types = profile.value(QLatin1String("types")).toObject();
    bool needsZone = false;
    for (auto it = types.begin(); it != types.end(); ++it) {
        const QString name = it.value().toString();
        if (it.key() == QLatin1String("id")) {
            if (!idTypeFromName(name, &t.id))
                return fail(error, TypesText::tr("\"types.id\" must be one of %1.").arg(idTypeNames().join(QLatin1String(", "))));
            continue;
        }
        if (it.key() == QLatin1String("errorMessage") || it.key() == QLatin1String("payload")) {
            TextType *slot = it.key() == QLatin1String("errorMessage") ? &t.errorMessage : &t.payload;
            if (!textTypeFromName(it.key(), name, slot))
                return fail(error, TypesText::tr("\"types.%1\" must be one of %2.").arg(it.key(), textTypeNames(it.key()).join(QLatin1String(", "))));
            continue;
        }
        if (!timeColumns.contains(it.key()))
            return fail(error, TypesText::tr("\"types\" names \"%1\", which is not a mapped time column (%2).")
                                   .arg(it.key(), timeColumns.join(QLatin1String(", "))));
        bool known = false;
        for (const TimeTypeName &tt : kTimeTypes)
            if (name == QLatin1String(tt.name)) {
                t.times.insert(it.key(), tt.type);
                needsZone |= tt.type == TimeType::Timestamp;
                known = true;
            }
        if (!known)
            return fail(error, TypesText::tr("\"types.%1\" must be one of %2.").arg(it.key(), timeTypeNames().join(QLatin1String(", "))));
    }
    const QJsonValue zone = profile.value(QLatin1String("timeZone"));
    if (!zone.isUndefined()) {
        t.timeZone = zone.toString();
        if (!validZone(t.timeZone))
            return fail(error, TypesText::tr("\"timeZone\" must name a time zone such as \"Europe/Berlin\" or \"UTC\"."));
    }
    if (needsZone && t.timeZone.isEmpty())
        // A wall time without its zone cannot be placed on the server's clock: never guess UTC.
        return fail(error, TypesText::tr("A \"timestamp\" column (without time zone) needs the zone its times are written in: "
                                         "add \"timeZone\", e.g. \"timeZone\": \"Europe/Berlin\" (or \"UTC\")."));
    if (!parseErrorPath(profile, &t, error))
        return false;
    t.auditMessageId = t.id;
    const QJsonValue auditType = profile.value(QLatin1String("audit")).toObject().value(QLatin1String("messageIdType"));
    if (!auditType.isUndefined() && !idTypeFromName(auditType.toString(), &t.auditMessageId))
        return fail(error, TypesText::tr("\"audit.messageIdType\" must be one of %1.").arg(idTypeNames().join(QLatin1String(", "))));
    *out = t;
    return true;
}

} // namespace om
