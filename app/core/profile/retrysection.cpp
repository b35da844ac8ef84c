// SPDX-License-Identifier: GPL-3.0-or-later
// The profile's "retries" section: what the retries column counts and when it moves, from which
// "on its last try" and "one short" are computed (core/profile/retrycounting.h).
#include "core/profile/profileparser.h"

#include <QMap>

namespace om {

/// "retries": {"counts": "failures" | "attempts", "movesAt": "failure" | "claim",
/// "limit": "retries" | "attempts"}. "counts" sets the others' defaults: failures move at a
/// failure and are bounded as retries; attempts move at the claim and are bounded as attempts.
void ProfileParser::retryCounting(const QJsonObject &o) {
    const QString path = QStringLiteral("retries");
    if (!o.contains(path))
        return;
    const QJsonObject ro = object(o, path, {});
    knownKeys(ro, path, {QStringLiteral("counts"), QStringLiteral("movesAt"), QStringLiteral("limit")});
    using C = RetryCounting;
    static const QMap<QString, C::Counts> counts{{QStringLiteral("failures"), C::Counts::Failures}, {QStringLiteral("attempts"), C::Counts::Attempts}};
    static const QMap<QString, C::MovesAt> moves{{QStringLiteral("failure"), C::MovesAt::Failure}, {QStringLiteral("claim"), C::MovesAt::Claim}};
    static const QMap<QString, C::Limit> limits{{QStringLiteral("retries"), C::Limit::Retries}, {QStringLiteral("attempts"), C::Limit::Attempts}};
    const QString c = text(ro, QStringLiteral("counts"), path, QStringLiteral("failures"));
    const bool attempts = c == QLatin1String("attempts");
    const QString m = text(ro, QStringLiteral("movesAt"), path, attempts ? QStringLiteral("claim") : QStringLiteral("failure"));
    const QString l = text(ro, QStringLiteral("limit"), path, attempts ? QStringLiteral("attempts") : QStringLiteral("retries"));
    if (!counts.contains(c))
        fail(QStringLiteral("retries.counts"), tr("\"retries.counts\" must be failures (failed attempts) or attempts (attempts started), not \"%1\"").arg(c));
    if (!moves.contains(m))
        fail(QStringLiteral("retries.movesAt"), tr("\"retries.movesAt\" must be failure (when an attempt fails) or claim (when a worker claims the row), not \"%1\"").arg(m));
    if (!limits.contains(l))
        fail(QStringLiteral("retries.limit"),
             tr("\"retries.limit\" must be retries (the maximum counts retries after the first attempt) or attempts (it counts all attempts), "
                "not \"%1\"")
                 .arg(l));
    if (attempts && m == QLatin1String("failure"))
        fail(QStringLiteral("retries.movesAt"), tr("an attempt is counted when it starts: with \"retries.counts\": \"attempts\", \"retries.movesAt\" "
                                                   "can only be claim (a counter that moves when an attempt fails counts failures)"));
    if (!prof.has(QStringLiteral("retries")))
        fail(path, tr("\"retries\" says what the retries column counts: map that column as \"columns.retries\""));
    prof.retryCounting.counts = counts.value(c);
    prof.retryCounting.movesAt = moves.value(m);
    prof.retryCounting.limit = limits.value(l);
}

} // namespace om
