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
const QStringList kPayloads = {QStringLiteral("json"), QStringLiteral("jsonb"), QStringLiteral("text"), QStringLiteral("varchar"),
                               QStringLiteral("bytea"), QStringLiteral("xml")};

bool isText(const LiveColumn &c) { return kTexts.contains(c.base); }

} // namespace

QStringList timeColumns(const SchemaProfile &p) {
    QStringList out;
    for (const char *name : {"createdAt", "updatedAt", "nextRun", "lockedAt", "publishedAt"})
        if (p.has(QLatin1String(name)))
            out << QLatin1String(name);
    for (const QString &since : {p.waitingSince, p.stuckSince})
        if (!since.isEmpty() && !out.contains(since))
            out << since;
    return out;
}

QString columnMisfit(const SchemaProfile &p, const QString &logical, const LiveColumn &c) {
    if (logical == QLatin1String("id")) {
        if (kIntegers.contains(c.base) || c.base == QLatin1String("uuid") || isText(c))
            return {};
        return CheckText::tr("a message id must be an integer, a uuid or text, not %1").arg(c.type);
    }
    if (timeColumns(p).contains(logical)) {
        if (c.base == QLatin1String("timestamptz"))
            return {};
        if (c.base == QLatin1String("timestamp"))
            return CheckText::tr("%1 has no time zone: every age would be off by the difference between the server's zone "
                      "and the zone the writers used; the program needs timestamp with time zone").arg(c.type);
        return CheckText::tr("a time must be timestamp with time zone, not %1").arg(c.type);
    }
    if (logical == QLatin1String("retries") || logical == QLatin1String("maxRetries")) {
        if (kIntegers.contains(c.base) || c.base == QLatin1String("numeric"))
            return {};
        return CheckText::tr("a retry count must be an integer, not %1").arg(c.type);
    }
    if (logical == QLatin1String("status")) {
        if (isText(c) || c.isEnum)
            return {};
        return CheckText::tr("a status must be text or an enum, not %1: the states compare it with text values").arg(c.type);
    }
    if (logical == QLatin1String("payload")) {
        if (kPayloads.contains(c.base))
            return {};
        return CheckText::tr("a payload must be json, jsonb, text or bytea, not %1").arg(c.type);
    }
    return {};
}

} // namespace om
