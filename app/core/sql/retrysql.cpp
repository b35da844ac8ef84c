// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/retrysql.h"

#include "core/sql/statesql.h"

#include <QStringList>
#include <algorithm>

namespace om::sql {
namespace {

bool countedWhileInFlight(const SchemaProfile &p, const QString &state) {
    const StateDef *s = p.state(state);
    return p.retryCounting.movesAt == RetryCounting::MovesAt::Claim && s && s->role == QLatin1String("inFlight");
}

/// "M + k" as SQL: a constant maximum folded into one number, a column's with its offset.
QString bound(const SchemaProfile &p, int k) {
    if (!p.has(QStringLiteral("maxRetries")))
        return QString::number(qint64(p.maxRetriesConstant) + k);
    const QString m = p.col(QStringLiteral("maxRetries"));
    if (k == 0)
        return m;
    return QStringLiteral("%1 %2 %3").arg(m, k < 0 ? QStringLiteral("-") : QStringLiteral("+")).arg(qAbs(k));
}

QString atLeast(const SchemaProfile &p, int k) { return QStringLiteral("%1 >= %2").arg(p.col(QStringLiteral("retries")), bound(p, k)); }

/// The offsets of the near-max states: smallest and largest.
std::pair<int, int> offsets(const SchemaProfile &p) {
    int lo = 0, hi = 0;
    bool first = true;
    for (const QString &s : p.nearMaxRetryStates) {
        const int k = lastTryOffset(p, s);
        lo = first ? k : std::min(lo, k);
        hi = first ? k : std::max(hi, k);
        first = false;
    }
    return {lo, hi};
}

/// Rows meeting r >= M + k + shift for their own state's k: one comparison when every near-max
/// state has the same offset; else the in-flight states (whose running attempt the counter
/// already holds, one more) apart from the others, inside the loose bound.
QString byOffset(const SchemaProfile &p, int shift) {
    const auto [lo, hi] = offsets(p);
    if (lo == hi)
        return atLeast(p, lo + shift);
    QStringList inFlight;
    for (const QString &s : p.nearMaxRetryStates)
        if (lastTryOffset(p, s) == hi)
            inFlight << s;
    // IS NOT TRUE: a row whose state columns are NULL is not in flight.
    return QStringLiteral("%1 AND (%2 OR (%3) IS NOT TRUE)").arg(atLeast(p, lo + shift), atLeast(p, hi + shift), statesPredicate(p, inFlight));
}

} // namespace

int lastTryOffset(const SchemaProfile &p, const QString &state) {
    const int allowedBeyondMax = p.retryCounting.limit == RetryCounting::Limit::Retries ? 1 : 0; // T - M
    const int nextBeyondCounter = countedWhileInFlight(p, state) ? 0 : 1;                         // n - r
    return allowedBeyondMax - nextBeyondCounter;
}

QString nearMaxIndexCondition(const SchemaProfile &p) { return atLeast(p, offsets(p).first - 1); }

// Its first term is the loose bound, word for word, so that the planner sees the index's predicate.
QString nearMaxCondition(const SchemaProfile &p) { return byOffset(p, -1); }

QString lastTryCondition(const SchemaProfile &p) { return byOffset(p, 0); }

Statement rowsPastLimit(const SchemaProfile &p, int cap) {
    // Waiting and in-flight rows only: a failed row is past its last try once that try failed.
    QStringList open;
    for (const QString &n : p.nearMaxRetryStates)
        if (const StateDef *s = p.state(n); s && (s->role == QLatin1String("waiting") || s->role == QLatin1String("inFlight")))
            open << n;
    return {QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM %1 WHERE %2 AND %3 AND %4 LIMIT $1::int) s")
                .arg(p.qualifiedTable(), statesPredicate(p, open), nearMaxCondition(p), byOffset(p, 1)),
            {cap}};
}

Statement inFlightUncounted(const SchemaProfile &p, int cap) {
    QStringList inFlight;
    for (const StateDef &s : p.states)
        if (s.role == QLatin1String("inFlight"))
            inFlight << s.name;
    return {QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM %1 WHERE %2 AND %3 = 0 LIMIT $1::int) s")
                .arg(p.qualifiedTable(), statesPredicate(p, inFlight), p.col(QStringLiteral("retries"))),
            {cap}};
}

} // namespace om::sql
