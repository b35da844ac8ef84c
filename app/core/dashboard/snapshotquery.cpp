#include "core/dashboard/snapshotquery.h"
#include "core/common/timeconv.h"
#include "core/sql/sqltext.h"
#include "pg/pgsession.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace om {
namespace {

QString alias(const QString &prefix, const QString &state) {
    return sql::quoteIdentifier(prefix + QLatin1Char(':') + state);
}

QList<WaitingGroup> parseGroups(const QVariant &json) {
    QList<WaitingGroup> out;
    for (const QJsonValue &v : QJsonDocument::fromJson(json.toString().toUtf8()).array()) {
        const QJsonObject o = v.toObject();
        out << WaitingGroup{o.value(QLatin1String("label")).toString(),
                            qint64(o.value(QLatin1String("n")).toDouble()),
                            o.value(QLatin1String("age")).toDouble()};
    }
    return out;
}

} // namespace

SnapshotQuery::SnapshotQuery(SchemaProfile profile, int stuckTimeoutMinutes, int breakdownLimit)
    : m_profile(std::move(profile)),
      m_stuckTimeoutMinutes(stuckTimeoutMinutes > 0 ? stuckTimeoutMinutes : m_profile.stuckTimeoutMinutes),
      m_breakdownLimit(breakdownLimit) {}

QStringList SnapshotQuery::breakdownDimensions() const {
    QStringList dims;
    if (m_profile.waitingStates.isEmpty())
        return dims;
    for (const char *dim : {"destination", "type"})
        if (m_profile.has(QLatin1String(dim)))
            dims << QLatin1String(dim);
    return dims;
}

// Waiting work by destination and by type: the seed's point that a few old rows of one
// destination matter more than the total. One pass over the waiting rows groups them by
// (destination, type) pair into a materialized CTE; the few pairs are then rolled up both ways.
// Two separate GROUP BYs read every waiting index entry twice (measured at 10M rows with 50,000
// waiting: 42 ms for the two against ~22 ms for the one pass, full minus lean refresh in
// scripts/bench dashboard).
QString SnapshotQuery::breakdownCte() const {
    const SchemaProfile &p = m_profile;
    const QStringList dims = breakdownDimensions();
    if (dims.isEmpty())
        return {};
    QStringList keys, ordinals;
    for (const QString &d : dims) {
        keys << QStringLiteral("%1::text AS \"k_%2\"").arg(p.col(d), d);
        ordinals << QString::number(ordinals.size() + 1);
    }
    return QStringLiteral("waiting_pairs AS MATERIALIZED (SELECT %1, count(*) AS n, min(%2) AS oldest FROM %3 WHERE %4 GROUP BY %5)")
        .arg(keys.join(QLatin1String(", ")), p.col(p.waitingSince), p.qualifiedTable(), p.statesPredicate(p.waitingStates),
             ordinals.join(QLatin1String(", ")));
}

QStringList SnapshotQuery::breakdownColumns() const {
    const QStringList dims = breakdownDimensions();
    QStringList out;
    for (const char *dim : {"destination", "type"}) {
        const QString d = QLatin1String(dim);
        if (!dims.contains(d)) {
            out << QStringLiteral("NULL::text AS \"by_%1\"").arg(d);
            continue;
        }
        out << QStringLiteral("(SELECT json_agg(json_build_object('label', g.label, 'n', g.n, 'age', g.age))::text FROM ("
                              "SELECT \"k_%1\" AS label, sum(n)::bigint AS n, extract(epoch from now() - min(oldest))::float8 AS age "
                              "FROM waiting_pairs GROUP BY 1 ORDER BY n DESC, 1 LIMIT %2) g) AS \"by_%1\"")
                   .arg(d, QString::number(m_breakdownLimit));
    }
    return out;
}

QString SnapshotQuery::sql(bool withBreakdown) const {
    const SchemaProfile &p = m_profile;
    const QString t = p.qualifiedTable();
    QStringList cols;
    QStringList terminalAggs;
    cols << QStringLiteral("extract(epoch from now())::float8 AS server_epoch");

    // Open states: exact, each its own aggregate so that each can use its partial index.
    for (const StateDef &s : p.states) {
        if (!s.terminal) {
            cols << QStringLiteral("(SELECT count(*) FROM %1 WHERE %2) AS %3")
                        .arg(t, p.statesPredicate({s.name}), alias(QStringLiteral("n"), s.name));
        } else {
            // Terminal states: exact only when the table is small; otherwise estimated in C++
            // from the total below and the column statistics. The CASE keeps the scan from running:
            // a CTE is only evaluated when first read. The scan lives in the CTE named
            // kTerminalCte so that a plan check (IndexAdvisor) can tell this guarded scan apart.
            terminalAggs << QStringLiteral("count(*) FILTER (WHERE %1) AS %2")
                                .arg(p.statesPredicate({s.name}), alias(QStringLiteral("n"), s.name));
            cols << QStringLiteral("CASE WHEN rel.curpages <= $2 THEN (SELECT %1 FROM %2) END AS %1")
                        .arg(alias(QStringLiteral("n"), s.name), QLatin1String(kTerminalCte));
            QString freq;
            if (!s.value.isEmpty())
                freq = QStringLiteral("(SELECT st.freqs[array_position(st.vals, %1)] FROM st WHERE st.att = %2)")
                           .arg(sql::quoteLiteral(s.value), sql::quoteLiteral(p.column(QStringLiteral("status"))));
            else if (!s.isNullColumn.isEmpty())
                freq = QStringLiteral("(SELECT st.null_frac FROM st WHERE st.att = %1)").arg(sql::quoteLiteral(p.column(s.isNullColumn)));
            else
                freq = QStringLiteral("(SELECT 1 - st.null_frac FROM st WHERE st.att = %1)").arg(sql::quoteLiteral(p.column(s.notNullColumn)));
            cols << freq + QLatin1String("::float8 AS ") + alias(QStringLiteral("f"), s.name);
        }
    }
    cols << QStringLiteral("rel.total_est");

    const QString since = p.col(p.waitingSince);
    QStringList mins;
    for (const QString &w : p.waitingStates)
        mins << QStringLiteral("(SELECT min(%1) FROM %2 WHERE %3)").arg(since, t, p.statesPredicate({w}));
    cols << (mins.isEmpty() ? QStringLiteral("NULL::float8 AS oldest_age")
                            : QStringLiteral("extract(epoch from now() - least(%1))::float8 AS oldest_age").arg(mins.join(QLatin1String(", "))));

    QStringList stuck;
    for (const QString &s : p.stuckStates)
        stuck << QStringLiteral("(SELECT count(*) FROM %1 WHERE %2 AND %3 < now() - make_interval(mins => $1::int))")
                     .arg(t, p.statesPredicate({s}), p.col(p.stuckSince));
    cols << (stuck.isEmpty() ? QStringLiteral("0 AS stuck") : stuck.join(QLatin1String(" + ")) + QLatin1String(" AS stuck"));

    if (p.hasRetries() && !p.nearMaxRetryStates.isEmpty()) {
        // One count over all the near-max states together: the predicate is written exactly as
        // the kit's near-max partial index, so the count is an index-only scan of that index
        // (a sum of one count per state made the planner AND two bitmaps and visit the heap).
        cols << QStringLiteral("(SELECT count(*) FROM %1 WHERE %2 AND %3 >= greatest(%4 - 1, 1)) AS near_max")
                    .arg(t, p.statesPredicate(p.nearMaxRetryStates), p.col(QStringLiteral("retries")),
                         p.col(QStringLiteral("maxRetries")));
    } else {
        cols << QStringLiteral("NULL::bigint AS near_max");
    }

    if (withBreakdown)
        cols << breakdownColumns();

    // The planner's own way of estimating the row count: tuples per page times current pages.
    const QString relCte = QStringLiteral(
        "rel AS (SELECT CASE WHEN c.relpages > 0 AND c.reltuples >= 0 "
        "THEN c.reltuples / c.relpages * greatest(pg_relation_size(c.oid) / current_setting('block_size')::int, 1) "
        "WHEN c.reltuples >= 0 THEN c.reltuples END::float8 AS total_est, "
        "pg_relation_size(c.oid) / current_setting('block_size')::int AS curpages "
        "FROM pg_class c WHERE c.oid = %1::regclass)")
        .arg(sql::quoteLiteral(t));
    const QString statsCte = QStringLiteral(
        "st AS (SELECT s.attname::text AS att, s.most_common_vals::text::text[] AS vals, "
        "s.most_common_freqs AS freqs, s.null_frac FROM pg_stats s WHERE s.schemaname = %1 AND s.tablename = %2)")
        .arg(sql::quoteLiteral(p.schema), sql::quoteLiteral(p.table));
    QString ctes = relCte + QLatin1String(", ") + statsCte;
    if (const QString pairs = breakdownCte(); withBreakdown && !pairs.isEmpty())
        ctes += QLatin1String(", ") + pairs;
    if (!terminalAggs.isEmpty())
        ctes += QStringLiteral(", %1 AS MATERIALIZED (SELECT %2 FROM %3)")
                    .arg(QLatin1String(kTerminalCte), terminalAggs.join(QLatin1String(", ")), t);
    // Last, so that it is computed after the others: what the statement cost the server, apart
    // from the time its text and result spent on the network (SnapshotPoller limits itself by it).
    cols << QStringLiteral("(extract(epoch from clock_timestamp() - statement_timestamp()) * 1000)::float8 AS server_ms");
    return QStringLiteral("WITH %1 SELECT %2 FROM rel").arg(ctes, cols.join(QLatin1String(",\n  ")));
}

Snapshot SnapshotQuery::run(PgSession &session, bool withBreakdown) const {
    QElapsedTimer timer;
    timer.start();
    const PgResult r = session.query(sql(withBreakdown), params());
    Snapshot s;
    s.profileId = m_profile.id;
    s.stuckTimeoutMinutes = m_stuckTimeoutMinutes;
    s.roundTripMs = timer.elapsed();
    if (r.rows.isEmpty())
        return s;
    const QVariantList &row = r.rows.first();
    auto value = [&](const QString &name) { const int i = r.columnIndex(name); return i < 0 ? QVariant() : row.at(i); };

    s.serverTime = fromEpochSeconds(value(QStringLiteral("server_epoch")));
    s.serverMs = qint64(value(QStringLiteral("server_ms")).toDouble() + 0.5);
    qint64 openTotal = 0;
    double terminalFreq = 0;
    int terminalStates = 0;
    for (const StateDef &def : m_profile.states) {
        const QVariant n = value(QStringLiteral("n:") + def.name);
        if (!def.terminal)
            openTotal += n.toLongLong();
        else {
            terminalFreq += value(QStringLiteral("f:") + def.name).toDouble();
            ++terminalStates;
        }
    }
    const QVariant totalEst = value(QStringLiteral("total_est"));
    const double terminalRemainder = qMax(0.0, totalEst.toDouble() - double(openTotal));
    for (const StateDef &def : m_profile.states) {
        StateCount c{def.name, def.role, 0, false};
        const QVariant n = value(QStringLiteral("n:") + def.name);
        if (!n.isNull()) {
            c.count = n.toLongLong();
        } else {
            c.estimated = true;
            if (totalEst.isNull()) {
                c.count = -1; // never analysed: unknown rather than a guess
            } else {
                // Share of the terminal rows in proportion to the statistics' frequencies; with
                // no frequencies at all, split evenly.
                const double f = value(QStringLiteral("f:") + def.name).toDouble();
                const double share = terminalFreq > 0 ? f / terminalFreq : 1.0 / qMax(1, terminalStates);
                c.count = qint64(terminalRemainder * share + 0.5);
            }
        }
        s.states << c;
    }
    for (const QString &w : m_profile.waitingStates)
        s.waiting += s.count(w);
    const QVariant oldest = value(QStringLiteral("oldest_age"));
    if (!oldest.isNull())
        s.oldestWaitingAgeS = qMax(0.0, oldest.toDouble());
    s.stuck = value(QStringLiteral("stuck")).toLongLong();
    const QVariant near = value(QStringLiteral("near_max"));
    if (!near.isNull())
        s.nearMaxRetry = near.toLongLong();
    if (withBreakdown) {
        s.breakdownTime = s.serverTime;
        s.byDestination = parseGroups(value(QStringLiteral("by_destination")));
        s.byType = parseGroups(value(QStringLiteral("by_type")));
    }
    return s;
}

} // namespace om
