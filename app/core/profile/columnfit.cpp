// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/columnfit.h"

#include <QCoreApplication>

namespace om {
namespace {

/// The check's messages share one translation context, whichever file words them.
struct CheckText {
    Q_DECLARE_TR_FUNCTIONS(om::ProfileCheck)
};

const QStringList kIntegers = {QStringLiteral("int2"), QStringLiteral("int4"), QStringLiteral("int8")};
const QStringList kTexts = {QStringLiteral("text"), QStringLiteral("varchar"), QStringLiteral("bpchar"), QStringLiteral("name")};

bool isText(const LiveColumn &c) { return kTexts.contains(c.base); }

} // namespace

QStringList timeColumns(const SchemaProfile &p) {
    QStringList out;
    // finishedAt / failedAt: the flow's times (core/sql/flowsql).
    for (const char *name : {"createdAt", "updatedAt", "nextRun", "lockedAt", "publishedAt", "finishedAt", "failedAt"})
        if (p.has(QLatin1String(name)))
            out << QLatin1String(name);
    QStringList more{p.waitingSince, p.stuckSince};
    for (const SchemaProfile::StuckClock &c : p.stuckClocks)
        more << c.since;
    more << p.types.times.keys();
    for (const StateDef &s : p.states) // columns a state compares with now()
        for (const StateCondition &c : s.when)
            if (c.op == StateCondition::Op::Before || c.op == StateCondition::Op::After)
                more << c.column;
    for (const QString &name : std::as_const(more))
        if (!name.isEmpty() && !out.contains(name))
            out << name;
    return out;
}

namespace {

/// Which live base types hold each id type the profile may declare.
bool idFits(IdType declared, const LiveColumn &c) {
    switch (declared) {
    case IdType::BigInt:
    case IdType::Integer: return kIntegers.contains(c.base);
    case IdType::Uuid: return c.base == QLatin1String("uuid");
    case IdType::Text:
    case IdType::Varchar: return isText(c);
    }
    return false;
}

/// What to write in "types" for a live id column ("" when no id type fits it).
QString idTypeFor(const LiveColumn &c) {
    if (c.base == QLatin1String("int8")) return QStringLiteral("bigint");
    if (kIntegers.contains(c.base)) return QStringLiteral("integer");
    if (c.base == QLatin1String("uuid")) return QStringLiteral("uuid");
    if (c.base == QLatin1String("varchar")) return QStringLiteral("varchar");
    if (isText(c)) return QStringLiteral("text");
    return {};
}

QString timeMisfit(const SchemaProfile &p, const QString &logical, const LiveColumn &c) {
    const TimeType declared = p.types.time(logical);
    const bool integer = kIntegers.contains(c.base) || c.base == QLatin1String("numeric");
    switch (declared) {
    case TimeType::TimestampTz:
        if (c.base == QLatin1String("timestamptz"))
            return {};
        if (c.base == QLatin1String("timestamp"))
            return CheckText::tr("%1 has no time zone: every age would be off by the difference between the server's zone and "
                                 "the writers' zone; say which zone the writers use: \"types\": {\"%2\": \"timestamp\"} "
                                 "and \"timeZone\"")
                .arg(c.type, logical);
        if (integer)
            return CheckText::tr("%1 is a number: if it counts seconds or milliseconds since 1970, say so in \"types\": "
                                 "{\"%2\": \"epochSeconds\"} or \"epochMillis\"")
                .arg(c.type, logical);
        return CheckText::tr("a time must be timestamp with time zone, not %1").arg(c.type);
    case TimeType::Timestamp:
        return c.base == QLatin1String("timestamp") ? QString()
                                                    : CheckText::tr("the profile says timestamp (without time zone), the column is %1").arg(c.type);
    case TimeType::EpochSeconds:
    case TimeType::EpochMillis: {
        if (!integer)
            return CheckText::tr("the profile says epoch seconds or milliseconds, the column is %1").arg(c.type);
        // Today's milliseconds since 1970 are past a 32-bit integer, seconds past a 16-bit one: the
        // kit's actions that set the column to now() failed with "integer out of range".
        const bool seconds = declared == TimeType::EpochSeconds;
        if (c.base == QLatin1String("int2") || (!seconds && c.base == QLatin1String("int4")))
            return CheckText::tr("%1 is too small to hold %2 (the time since 1970 does not fit): the column must be bigint")
                .arg(c.type, seconds ? QStringLiteral("epochSeconds") : QStringLiteral("epochMillis"));
        return {};
    }
    }
    return {};
}

/// The text type a live column holds ("" when none): what "types" must say for it. An xml payload
/// reads as text (it is always cast, and that cannot fail); an error message is read bare.
QString textTypeFor(const QString &logical, const LiveColumn &c) {
    if (isText(c) || (c.base == QLatin1String("xml") && logical == QLatin1String("payload")))
        return textTypeName(TextType::Text);
    // clang-format off
    for (TextType t : {TextType::Json, TextType::Jsonb, TextType::Bytea, TextType::JsonArray, TextType::JsonbArray})
        if (c.base == (t == TextType::JsonArray ? QStringLiteral("_json") : t == TextType::JsonbArray ? QStringLiteral("_jsonb") : textTypeName(t)))
            return textTypeName(t);
    // clang-format on
    return {};
}

/// Whether the error message's or the payload's column holds what "types" says: every query
/// reads it through one expression per type (core/sql/textsql), and the failure groups' index
/// is built over that expression; a jsonb column read as text would fail there, at install.
QString textMisfit(const SchemaProfile &p, const QString &logical, const LiveColumn &c) {
    const TextType declared = logical == QLatin1String("payload") ? p.types.payload : p.types.errorMessage;
    const QString live = textTypeFor(logical, c);
    if (live == textTypeName(declared))
        return {};
    if (logical == QLatin1String("payload")) {
        if (live.isEmpty() || live.endsWith(QLatin1String("[]")))
            return CheckText::tr("a payload must be json, jsonb, text or bytea, not %1").arg(c.type);
        // Text, json and jsonb payloads are all read as their text: only bytea must be said.
        if ((live == textTypeName(TextType::Bytea)) == (declared == TextType::Bytea))
            return {};
    }
    if (live.isEmpty())
        return CheckText::tr("an error message must be text, json, jsonb, an array of json or jsonb, or bytea, not %1").arg(c.type);
    if (live == textTypeName(TextType::Text))
        return CheckText::tr("the column is %1, the profile says %2: leave \"%3\" out of \"types\"").arg(c.type, textTypeName(declared), logical);
    return CheckText::tr("the column is %1, the profile says %2: write \"types\": {\"%3\": \"%4\"}").arg(c.type, textTypeName(declared), logical, live);
}

/// A row's own stuck timeout: an interval, or a number of seconds or milliseconds as the profile
/// says (the SQL converts each to an interval: core/sql/stucksql).
QString timeoutMisfit(SchemaProfile::TimeoutUnit unit, const LiveColumn &c) {
    const bool number = kIntegers.contains(c.base) || c.base == QLatin1String("numeric") || c.base == QLatin1String("float4")
                        || c.base == QLatin1String("float8");
    if (unit == SchemaProfile::TimeoutUnit::Interval) {
        if (c.base == QLatin1String("interval"))
            return {};
        if (number)
            return CheckText::tr("%1 is a number: if it counts seconds or milliseconds, say so: \"stuck\": {\"timeoutUnit\": "
                                 "\"seconds\"} or \"milliseconds\"")
                .arg(c.type);
        return CheckText::tr("a timeout must be an interval or a number of seconds, not %1").arg(c.type);
    }
    if (number)
        return {};
    if (c.base == QLatin1String("interval"))
        return CheckText::tr("the column is an interval: leave \"timeoutUnit\" out of \"stuck\" (or write \"interval\")");
    return CheckText::tr("the profile says the timeout counts seconds or milliseconds, the column is %1").arg(c.type);
}

} // namespace

QString columnMisfit(const SchemaProfile &p, const QString &logical, const LiveColumn &c) {
    if (logical == QLatin1String("id")) {
        if (idFits(p.types.id, c))
            return {};
        const QString fitting = idTypeFor(c);
        return fitting.isEmpty() ? CheckText::tr("a message id must be an integer, a uuid or text, not %1").arg(c.type)
                                 : CheckText::tr("the column is %1, the profile says %2: write \"types\": {\"id\": \"%3\"}")
                                       .arg(c.type, sqlTypeName(p.types.id), fitting);
    }
    if (timeColumns(p).contains(logical))
        return timeMisfit(p, logical, c);
    if (logical == QLatin1String("retries") || logical == QLatin1String("maxRetries")) {
        if (kIntegers.contains(c.base) || c.base == QLatin1String("numeric"))
            return {};
        return CheckText::tr("a retry count must be an integer, not %1").arg(c.type);
    }
    for (const SchemaProfile::StuckClock &clock : p.stuckClocks)
        if (!clock.timeoutColumn.isEmpty() && logical == clock.timeoutColumn)
            return timeoutMisfit(clock.timeoutUnit, c);
    if (logical == QLatin1String("status")) {
        if (isText(c) || c.isEnum)
            return {};
        return CheckText::tr("a status must be text or an enum, not %1: the states compare it with text values").arg(c.type);
    }
    if (logical == QLatin1String("payload") || logical == QLatin1String("errorMessage"))
        return textMisfit(p, logical, c);
    return {};
}

} // namespace om
