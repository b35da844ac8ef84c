// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/snapshotsql.h"
#include "core/sql/rowsecuritysql.h"
#include "core/sql/statesql.h"
#include "core/sql/headsql.h"
#include "core/sql/leafsql.h"
#include "core/sql/sqltext.h"
#include "core/sql/stategroups.h"
#include "core/sql/timesql.h"
#include "core/sql/workersql.h"
#include "core/sql/lookupsql.h"
#include "core/sql/stucksql.h"
#include "core/sql/retrysql.h"

#include <algorithm>

namespace om::sql {
namespace {

QString alias(const QString &prefix, const QString &state) {
    return quoteIdentifier(prefix + QLatin1Char(':') + state);
}

QStringList breakdownDimensions(const SchemaProfile &p) {
    QStringList dims;
    if (p.waitingStates.isEmpty())
        return dims;
    for (const char *dim : {"destination", "type"})
        if (p.has(QLatin1String(dim)))
            dims << QLatin1String(dim);
    return dims;
}

// Waiting work by destination and by type: the seed's point that a few old rows of one
// destination matter more than the total. One pass over the waiting rows groups them by
// (destination, type) pair into a materialized CTE; the few pairs are then rolled up both ways.
// Two separate GROUP BYs read every waiting index entry twice (measured at 10M rows with 50,000
// waiting: 42 ms for the two against ~22 ms for the one pass, full minus lean refresh in
// scripts/bench dashboard).
QString breakdownCte(const SchemaProfile &p) {
    const QStringList dims = breakdownDimensions(p);
    if (dims.isEmpty())
        return {};
    QStringList keys, ordinals;
    for (const QString &d : dims) {
        keys << QStringLiteral("%1::text AS \"k_%2\"").arg(p.col(d), d);
        ordinals << QString::number(ordinals.size() + 1);
    }
    return QStringLiteral("waiting_pairs AS MATERIALIZED (SELECT %1, count(*) AS n, min(%2) AS oldest FROM %3 WHERE %4 GROUP BY %5)")
        .arg(keys.join(QLatin1String(", ")), p.col(p.waitingSince), p.qualifiedTable(), sql::statesPredicate(p, p.waitingStates),
             ordinals.join(QLatin1String(", ")));
}

QStringList breakdownColumns(const SchemaProfile &p, int limit) {
    const QStringList dims = breakdownDimensions(p);
    QStringList out;
    for (const char *dim : {"destination", "type"}) {
        const QString d = QLatin1String(dim);
        if (!dims.contains(d)) {
            out << QStringLiteral("NULL::text AS \"by_%1\"").arg(d);
            continue;
        }
        out << QStringLiteral("(SELECT json_agg(json_build_object('label', g.label, 'n', g.n, 'age', g.age))::text FROM ("
                              "SELECT %4 AS label, sum(n)::bigint AS n, extract(epoch from now() - %3)::float8 AS age "
                              "FROM waiting_pairs GROUP BY 1 ORDER BY n DESC, 1 LIMIT %2) g) AS \"by_%1\"")
                   .arg(d, QString::number(limit), timeValueOf(p, p.waitingSince, QStringLiteral("min(oldest)")),
                        shownText(p, d, QStringLiteral("\"k_%1\"").arg(d)));
    }
    return out;
}

/// The fraction of rows (from pg_stats, the CTE `st`) that meet one condition the statistics
/// know: a value among the most common ones (missing: rarer than the sample saw, 0), NULL or
/// not. NULL when the column has no statistics yet (never analysed).
QString conditionFrequency(const SchemaProfile &p, const StateCondition &c) {
    using Op = StateCondition::Op;
    const QString att = quoteLiteral(p.column(c.column));
    auto mcv = [](const QVariant &v) {
        // pg_stats shows the values as text: booleans as t / f.
        const QString text = v.typeId() == QMetaType::Bool ? (v.toBool() ? QStringLiteral("t") : QStringLiteral("f")) : v.toString();
        return QStringLiteral("coalesce(st.freqs[array_position(st.vals, %1)], 0)").arg(quoteLiteral(text));
    };
    QString f;
    switch (c.op) {
    case Op::IsNull: f = QStringLiteral("st.null_frac"); break;
    case Op::NotNull: f = QStringLiteral("1 - st.null_frac"); break;
    case Op::IsTrue: f = mcv(true); break;
    case Op::IsFalse: f = mcv(false); break;
    case Op::Equals:
    case Op::In: {
        QStringList terms;
        for (const QVariant &v : c.values)
            terms << mcv(v);
        f = terms.join(QLatin1String(" + "));
        break;
    }
    case Op::Before:
    case Op::After:
    case Op::Compare: return QStringLiteral("NULL::float8"); // the parser keeps these out of terminal states
    }
    return QStringLiteral("(SELECT %1 FROM st WHERE st.att = %2)::float8").arg(f, att);
}

/// How common a terminal state is, from pg_stats (the CTE `st`): a fraction of all rows. One
/// condition reads its own statistic; several are multiplied as independent, which is how the
/// planner itself estimates a conjunction (so the figure is an estimate, shown as one).
QString frequencyExpr(const SchemaProfile &p, const StateDef &s) {
    if (const QString v = s.statusValue(); !v.isEmpty())
        return QStringLiteral("(SELECT st.freqs[array_position(st.vals, %1)] FROM st WHERE st.att = %2)::float8")
            .arg(quoteLiteral(v), quoteLiteral(p.column(QStringLiteral("status"))));
    if (s.when.size() == 1 && s.when.first().op == StateCondition::Op::IsNull)
        return QStringLiteral("(SELECT st.null_frac FROM st WHERE st.att = %1)::float8").arg(quoteLiteral(p.column(s.when.first().column)));
    if (s.when.size() == 1 && s.when.first().op == StateCondition::Op::NotNull)
        return QStringLiteral("(SELECT 1 - st.null_frac FROM st WHERE st.att = %1)::float8").arg(quoteLiteral(p.column(s.when.first().column)));
    QStringList factors;
    for (const StateCondition &c : s.when)
        factors << conditionFrequency(p, c);
    return QLatin1Char('(') + factors.join(QLatin1String(" * ")) + QLatin1Char(')');
}

/// A terminal state's frequency as the snapshot uses it: the one the last refresh read (the
/// array $4, in the profile's order of terminal states) while the statistics' key is the one it
/// read them under ($3, rel.stats_key), else read again (frequencyExpr, the CTE `st`). `st` is
/// only evaluated when first read, so while the key holds the statistics are not read at all:
/// on a table of 34 partitions that was up to a sixth of the snapshot (scripts/bench partitioned).
QString knownFrequency(const SchemaProfile &p, const StateDef &s) {
    int index = 0;
    for (const StateDef &d : p.states) {
        if (d.terminal)
            ++index;
        if (d.name == s.name)
            break;
    }
    return QStringLiteral("(CASE WHEN rel.stats_key = $3::text THEN ($4::float8[])[%1] ELSE %2 END)").arg(index).arg(frequencyExpr(p, s));
}

/// The exact count of a rare terminal state through the index that serves it, only while the
/// statistics say the state is rare: its estimate (all rows times the state's frequency) is at
/// most $5 rows. A state missing from the most common values is rarer than the sample could see
/// (frequency 0); a table never analysed has no estimate (NULL: not counted, shown unknown).
/// Why both conditions: the index (RareCountCheck) keeps the count off the table's heap, the
/// bound keeps the index range small, so a refresh never reads millions of entries even where a
/// plain index on the status column would serve the count.
QString rareCountWhen(const SchemaProfile &p, const StateDef &s) {
    return QStringLiteral(" WHEN rel.total_est * coalesce(%1, 0) <= $5::bigint THEN (SELECT count(*) FROM %2 WHERE %3)")
        .arg(knownFrequency(p, s), p.qualifiedTable(), sql::statesPredicate(p, {s.name}));
}

/// The count columns of every state; `terminalAggs` receives the aggregates of the guarded CTE.
void stateColumns(const SchemaProfile &p, const QStringList &indexedTerminal, QStringList &cols, QStringList &terminalAggs) {
    const QString t = p.qualifiedTable();
    const QList<StateGroup> groups = openStateGroups(p);
    for (const StateDef &s : p.states) {
        if (const int g = groupOf(groups, s.name); g >= 0) {
            // Open states told apart by one column: counted together in one pass (stategroups).
            cols << QStringLiteral("(SELECT %1 FROM %2) AS %1").arg(alias(QStringLiteral("n"), s.name), groupCteName(g));
            continue;
        }
        if (!s.terminal) {
            // Open states: exact, each its own aggregate so that each can use its partial index.
            cols << QStringLiteral("(SELECT count(*) FROM %1 WHERE %2) AS %3")
                        .arg(t, sql::statesPredicate(p, {s.name}), alias(QStringLiteral("n"), s.name));
            continue;
        }
        // Terminal states: exact only when the table is small; otherwise estimated in C++
        // from the total below and the column statistics. The CASE keeps the scan from running:
        // a CTE is only evaluated when first read. The scan lives in the CTE named
        // kTerminalCte so that a plan check (IndexAdvisor) can tell this guarded scan apart.
        terminalAggs << QStringLiteral("count(*) FILTER (WHERE %1) AS %2")
                            .arg(sql::statesPredicate(p, {s.name}), alias(QStringLiteral("n"), s.name));
        cols << QStringLiteral("CASE WHEN rel.curpages <= $2 THEN (SELECT %1 FROM %2)%3 END AS %1")
                    .arg(alias(QStringLiteral("n"), s.name), QLatin1String(kTerminalCte),
                         indexedTerminal.contains(s.name) ? rareCountWhen(p, s) : QString());
        cols << knownFrequency(p, s) + QLatin1String(" AS ") + alias(QStringLiteral("f"), s.name);
    }
}

QString oldestWaitingColumn(const SchemaProfile &p) {
    QStringList mins;
    for (const QString &w : p.waitingStates)
        mins << QStringLiteral("(SELECT min(%1) FROM %2 WHERE %3)").arg(p.col(p.waitingSince), p.qualifiedTable(), sql::statesPredicate(p, {w}));
    return mins.isEmpty() ? QStringLiteral("NULL::float8 AS oldest_age")
                          : QStringLiteral("extract(epoch from now() - %1)::float8 AS oldest_age")
                                .arg(timeValueOf(p, p.waitingSince, QStringLiteral("least(%1)").arg(mins.join(QLatin1String(", ")))));
}

QString stuckColumn(const SchemaProfile &p) {
    QStringList stuck;
    const QList<StateGroup> groups = openStateGroups(p);
    for (const QString &s : p.stuckStates)
        if (const int g = groupOf(groups, s); g >= 0)
            stuck << QStringLiteral("(SELECT %1 FROM %2)").arg(alias(QStringLiteral("stuck"), s), groupCteName(g));
        else
            stuck << QStringLiteral("(SELECT count(*) FROM %1 WHERE %2 AND %3)")
                         .arg(p.qualifiedTable(), sql::statesPredicate(p, {s}),
                              pastStuckTimeout(p, QStringLiteral("$1::int"), s));
    // A profile without stuck states (NServiceBus's OutboxData) still binds the timeout as $1:
    // the statement must refer to it, or the server cannot type the parameter and refuses.
    return stuck.isEmpty() ? QStringLiteral("(0 * $1::int)::bigint AS stuck") : stuck.join(QLatin1String(" + ")) + QLatin1String(" AS stuck");
}

/// The near-max states in groups that one partial index each can serve: the plain status values
/// folded together (as statesPredicate folds them, which is how the kit's near-max index is
/// written), every state with conditions on its own (its conditions are what a partial index of
/// the table can match).
QList<QStringList> nearMaxGroups(const SchemaProfile &p) {
    QList<QStringList> groups;
    QStringList values;
    for (const QString &n : p.nearMaxRetryStates) {
        const StateDef *s = p.state(n);
        if (s && !s->statusValue().isEmpty())
            values << n;
        else
            groups << QStringList{n};
    }
    if (!values.isEmpty())
        groups.prepend(values);
    return groups;
}

/// The near-max count as a sum of disjoint parts, each read in a pass the snapshot makes anyway
/// (a group's "near") or by its own index-only count; "" when two parts could share a row.
QString nearMaxSum(const SchemaProfile &p, const QList<QStringList> &parts) {
    const QList<StateGroup> groups = openStateGroups(p);
    QList<QList<StateCondition>> conds;
    QStringList terms;
    QList<int> summed;
    for (const QStringList &part : parts) {
        const StateDef *s = p.state(part.first());
        if (part.size() > 1 || !s || !s->statusValue().isEmpty())
            return {}; // status values: one IN, disjointness from conditions not shown
        const int g = groupOf(groups, s->name);
        if (g >= 0 && summed.contains(g))
            continue; // the group's "near" already counts all its near-max members
        conds << (g >= 0 ? groups.at(g).shared : s->when);
        if (g >= 0) {
            summed << g;
            terms << QStringLiteral("(SELECT near FROM %1)").arg(groupCteName(g));
        } else {
            terms << QStringLiteral("(SELECT count(*) FROM %1 WHERE %2 AND %3)")
                         .arg(p.qualifiedTable(), sql::statesPredicate(p, part), nearMaxCondition(p));
        }
    }
    for (int i = 0; i < conds.size(); ++i)
        for (int j = i + 1; j < conds.size(); ++j)
            if (!provablyDisjoint(conds.at(i), conds.at(j)))
                return {};
    return terms.join(QLatin1String(" + "));
}

/// True when the near-max count is one count of one part (the status values, or one state
/// counted alone): then it and the at-max count are read in one pass (nearCountsCte).
bool nearMaxIsOneCount(const SchemaProfile &p) {
    if (!p.hasRetries() || p.nearMaxRetryStates.isEmpty())
        return false;
    const QList<QStringList> groups = nearMaxGroups(p);
    return groups.size() == 1 && groupOf(openStateGroups(p), groups.first().first()) < 0;
}

/// The one pass of nearMaxIsOneCount: the near-max rows, and those at their maximum among them.
/// The predicate is written exactly as the kit's near-max partial index, so the scan reads only
/// that index's few rows (a sum of one count per status value made the planner AND two bitmaps and
/// visit the heap); on a partitioned table it is one scan per partition instead of two.
QString nearCountsCte(const SchemaProfile &p) {
    return QStringLiteral("near_counts AS MATERIALIZED (SELECT count(*) AS n, count(*) FILTER (WHERE %1) AS at FROM %2 WHERE %3 AND %4)")
        .arg(lastTryCondition(p), p.qualifiedTable(), sql::statesPredicate(p, nearMaxGroups(p).first()), nearMaxCondition(p));
}

QString nearMaxColumn(const SchemaProfile &p) {
    if (!p.hasRetries() || p.nearMaxRetryStates.isEmpty())
        return QStringLiteral("NULL::bigint AS near_max");
    const QString near = nearMaxCondition(p);
    const QList<QStringList> groups = nearMaxGroups(p);
    if (nearMaxIsOneCount(p))
        return QStringLiteral("(SELECT n FROM near_counts) AS near_max");
    // States with conditions: the OR of their conditions became a BitmapOr of their partial
    // indexes and a heap visit of every open row (scripts/bench states: 150 ms of a 230 ms
    // snapshot at 3M rows, warm). Where the parts cannot overlap, a sum of index-only counts
    // (a group's count comes with its one pass); otherwise their ids united: UNION, not a sum,
    // so that a row in two overlapping states (which a profile may have) counts once.
    if (const QString sum = nearMaxSum(p, groups); !sum.isEmpty())
        return sum + QLatin1String(" AS near_max");
    QStringList branches;
    for (const QStringList &g : groups)
        branches << QStringLiteral("SELECT %1 FROM %2 WHERE %3 AND %4")
                        .arg(p.col(QStringLiteral("id")), p.qualifiedTable(), sql::statesPredicate(p, g), near);
    return QStringLiteral("(SELECT count(*) FROM (%1) near_ids) AS near_max").arg(branches.join(QLatin1String(" UNION ")));
}

/// Of the near-max rows, those on their last try (retrysql: the profile's way of counting, each
/// row's own maximum or the constant): read with the near-max count where that is one count, else
/// one count over the near-max states' rows, which the near-max index holds (its predicate, the
/// last-try bound as a filter).
QString atMaxColumn(const SchemaProfile &p) {
    if (!p.hasRetries() || p.nearMaxRetryStates.isEmpty())
        return QStringLiteral("NULL::bigint AS at_max");
    if (nearMaxIsOneCount(p))
        return QStringLiteral("(SELECT at FROM near_counts) AS at_max");
    return QStringLiteral("(SELECT count(*) FROM %1 WHERE %2 AND %3 AND (%4)) AS at_max")
        .arg(p.qualifiedTable(), sql::statesPredicate(p, p.nearMaxRetryStates), nearMaxCondition(p), lastTryCondition(p));
}

/// One relation's live rows (pg_class `c`), as the table's own estimate reads each of its leaves
/// (see the `rel` CTE): the live-tuple counter once a VACUUM or ANALYZE has set it, else the
/// planner's tuples per page times the current pages. NULL when nothing is known yet.
QString relationRowsEstimate() {
    return QStringLiteral(
        "CASE WHEN coalesce(pg_stat_get_last_analyze_time(c.oid), pg_stat_get_last_autoanalyze_time(c.oid), "
        "pg_stat_get_last_vacuum_time(c.oid), pg_stat_get_last_autovacuum_time(c.oid)) IS NOT NULL "
        "THEN pg_stat_get_live_tuples(c.oid)::float8 "
        "WHEN c.relpages > 0 AND c.reltuples >= 0 "
        "THEN c.reltuples / c.relpages * greatest(pg_relation_size(c.oid) / current_setting('block_size')::int, 1) "
        "WHEN c.reltuples >= 0 THEN c.reltuples "
        "WHEN c.relispartition THEN pg_stat_get_live_tuples(c.oid)::float8 END");
}

/// The archive's rows per state, as a JSON object of state name -> rows ("" for rows in no
/// state), from `sample` (a FROM item over the archive): the profile's state rules read the
/// archive's own columns.
QString archiveStatesObject(const SchemaProfile &p, const QString &from) {
    return QStringLiteral("(SELECT coalesce(json_object_agg(coalesce(g.st, ''), g.n), '{}') FROM "
                          "(SELECT %1::text AS st, count(*)::float8 AS n FROM %2 GROUP BY 1) g)")
        .arg(sql::stateExpression(p), from);
}

/// The archive's rows (profile "archive") as one JSON value: counted exactly while the archive is
/// small (under 1,024 pages, 8 MB), else estimated as the table's own rows are
/// (relationRowsEstimate). The count runs only when the CASE takes its branch. Where the archive
/// keeps the state columns, `states` holds its rows per state: counted while small, else a 1 %
/// block sample's shares (SnapshotQuery scales them to the estimate), the same sample at every refresh
/// while the archive is unchanged, so that the tiles do not wander.
QString archivedColumn(const SchemaProfile &p) {
    if (!p.hasArchive())
        return QStringLiteral("NULL::text AS archived");
    const QString archive = p.qualifiedArchiveTable();
    const QString states = p.archive.keepsState()
                               ? QStringLiteral("CASE WHEN z.small THEN %1 ELSE %2 END")
                                     .arg(archiveStatesObject(p, archive),
                                          archiveStatesObject(p, archive + QStringLiteral(" TABLESAMPLE SYSTEM (1) REPEATABLE (7)")))
                               : QStringLiteral("NULL::json");
    // Kept states are counted per state; the total is then their sum, and counted once.
    const QString exactRows = p.archive.keepsState() ? QStringLiteral("NULL::float8") : QStringLiteral("(SELECT count(*) FROM %1)::float8").arg(archive);
    return QStringLiteral(
               "(SELECT json_build_object('exact', z.small, 'rows', CASE WHEN z.small THEN %1 "
               "ELSE coalesce(%3, 0) END, 'states', %4)::text FROM pg_class c CROSS JOIN LATERAL (SELECT "
               "pg_relation_size(c.oid) / current_setting('block_size')::int < 1024 AS small) z WHERE c.oid = %2::regclass) AS archived")
        .arg(exactRows, quoteLiteral(archive), relationRowsEstimate(), states);
}

/// The profile's replication slot as one JSON value (NULL when no slot has that name): whether a
/// consumer is connected, and how many bytes of WAL lie between the server's current position and
/// what the consumer confirmed (and what the slot retains). pg_replication_slots is readable by
/// every role. On a standby the current position is the last one replayed.
QString slotLagColumn(const SchemaProfile &p) {
    const QString current = QStringLiteral("CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END");
    return QStringLiteral("(SELECT json_build_object('active', s.active, 'behind', pg_wal_lsn_diff(%1, s.confirmed_flush_lsn)::bigint, "
                          "'retained', pg_wal_lsn_diff(%1, s.restart_lsn)::bigint, 'wal_status', s.wal_status)::text "
                          "FROM pg_replication_slots s WHERE s.slot_name = %2) AS slot_lag")
        .arg(current, quoteLiteral(p.replicationSlot));
}

/// The column statistics the estimates read (the CTE `st`): attribute, most common values and
/// their frequencies, NULL fraction. A plain table's own pg_stats rows, as always. Autovacuum
/// never analyses a partitioned parent (only ANALYZE by hand gives it statistics, and they age),
/// but it analyses each leaf: the leaves' figures are combined, each weighted by its rows (a value
/// missing from a leaf's most common values counts 0 there, as it does in a plain table); the
/// parent's own statistics only when no leaf's can be read (pg_stats shows a table's only to
/// roles that may read it, and a grant on the parent does not reach its partitions).
/// The columns whose statistics the terminal states' frequencies read (frequencyExpr), as a list
/// of SQL literals: reading only them keeps the partitions' statistics cheap (a payload column's
/// most common values are long texts).
QString statisticsColumns(const SchemaProfile &p) {
    QStringList names;
    for (const StateDef &s : p.states) {
        if (!s.terminal)
            continue;
        QStringList columns;
        if (!s.statusValue().isEmpty())
            columns << p.column(QStringLiteral("status"));
        for (const StateCondition &c : s.when)
            columns << p.column(c.column);
        for (const QString &c : std::as_const(columns))
            if (const QString lit = quoteLiteral(c); !names.contains(lit))
                names << lit;
    }
    return names.isEmpty() ? QStringLiteral("NULL") : names.join(QLatin1String(", "));
}

QString columnStatistics(const SchemaProfile &p) {
    const QString rel = quoteLiteral(p.qualifiedStorageTable()) + QLatin1String("::regclass");
    // Each partition's statistics looked up on their own (LATERAL, OFFSET 0 keeps it so): joined
    // with pg_stats as a whole, the view read every statistic of the database (16 ms against
    // 2 ms for 34 partitions).
    // clang-format off
    return QStringLiteral(
        "SELECT s.attname::text AS att, s.most_common_vals::text::text[] AS vals, "
        "s.most_common_freqs AS freqs, s.null_frac FROM pg_stats s WHERE s.schemaname = %1 AND s.tablename = %2 AND NOT %3 "
        "UNION ALL SELECT * FROM (WITH ls AS (SELECT s.* FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "CROSS JOIN LATERAL (SELECT s.attname::text AS att, s.most_common_vals::text::text[] AS vals, s.most_common_freqs AS freqs, "
        "s.null_frac, c.reltuples::float8 AS w FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname "
        "AND NOT s.inherited AND s.attname IN (%5) OFFSET 0) s WHERE c.oid IN (%4) AND c.reltuples > 0), "
        "mv AS (SELECT ls.att, u.v, sum(u.f * ls.w) AS n FROM ls, unnest(ls.vals, ls.freqs) u(v, f) GROUP BY 1, 2) "
        "SELECT a.att, (SELECT array_agg(mv.v ORDER BY mv.v) FROM mv WHERE mv.att = a.att), "
        "(SELECT array_agg((mv.n / a.w)::real ORDER BY mv.v) FROM mv WHERE mv.att = a.att), (a.nulls / a.w)::real "
        "FROM (SELECT att, sum(w) AS w, sum(null_frac * w) AS nulls FROM ls GROUP BY att) a "
        "UNION ALL SELECT s.attname::text, s.most_common_vals::text::text[], s.most_common_freqs, s.null_frac FROM pg_stats s "
        "WHERE s.schemaname = %1 AND s.tablename = %2 AND s.inherited AND NOT EXISTS (SELECT FROM ls)) leaf_stats WHERE %3")
        .arg(quoteLiteral(p.storageSchema()), quoteLiteral(p.storageTable()), isPartitioned(rel), leafRelations(rel), statisticsColumns(p));
    // clang-format on
}

int terminalStateCount(const SchemaProfile &p) {
    return int(std::count_if(p.states.cbegin(), p.states.cend(), [](const StateDef &s) { return s.terminal; }));
}

/// What the frequencies (columnStatistics, `st`) are read from, as one key over the leaves of the
/// `rel` CTE (`c`): each leaf, its row count (the leaves' weights) and its last ANALYZE, manual or
/// automatic (its statistics); the table's own last ANALYZE (a partitioned parent's statistics,
/// read when no leaf's can be); and the role (pg_stats shows a role only what it may read). Any
/// change to these changes the key, and the next refresh reads the statistics again. No key (NULL:
/// read every time) where the ANALYZE times are not kept: on a standby (they are the standby's own,
/// while the statistics arrive from the primary's ANALYZE) and with track_counts off.
QString statisticsKey(const SchemaProfile &p) {
    return QStringLiteral("CASE WHEN NOT pg_is_in_recovery() AND current_setting('track_counts')::bool THEN "
                          "md5(current_user || ';' || coalesce(pg_stat_get_last_analyze_time(%1)::text, '') || ';' || "
                          "string_agg(c.oid::text || ':' || c.reltuples::text || ':' || "
                          "coalesce(pg_stat_get_last_analyze_time(c.oid)::text, '') || ':' || "
                          "coalesce(pg_stat_get_last_autoanalyze_time(c.oid)::text, ''), ',' ORDER BY c.oid)) END")
        .arg(quoteLiteral(p.qualifiedStorageTable()) + QLatin1String("::regclass"));
}

/// rel (the planner's row estimate and the current pages), st (pg_stats), and the optional ones.
QString ctes(const SchemaProfile &p, bool withBreakdown, const QStringList &terminalAggs) {
    const QString t = p.qualifiedTable();
    // The live row count. pg_stat's n_live_tup follows every insert and delete as the writers'
    // statistics arrive (within about a second); each VACUUM and ANALYZE replaces it with its own
    // figure (from a sample, or extrapolated over the pages it skipped). The planner's way,
    // tuples per page as of the last VACUUM/ANALYZE times the current pages, counts pages, not
    // rows: the dead versions that updates leave behind (PENDING -> PROCESSING -> SENT is two
    // per message) grow the table faster than its rows until VACUUM, and it runs ahead.
    // Measured (scripts/bench livecount, 1M-row app_outbox growing by 20,000 messages a round
    // with the kit's autovacuum settings, 10 rounds): n_live_tup 0.01 % from count(*) until an
    // autovacuum set it 2.0 % low, mean error 1.2 %, max 2.1 %; the page-scaled figure up to
    // 5.4 % high between vacuums, mean 2.4 %. n_live_tup is used once the table has been analysed
    // or vacuumed since the counters were last reset (before that it holds only what was written
    // since, e.g. after a crash); otherwise the planner's way. EstimateKeeper deals with the
    // steps each VACUUM/ANALYZE makes.
    // A partitioned table: every figure summed over its leaf partitions (leafsql), each leaf read
    // the way a plain table is; a plain table is its own one leaf and reads as before. A leaf
    // never vacuumed or analysed (a partition made since: pg_partman premakes them empty) has no
    // reltuples yet; its live-tuple counter has counted it from its creation on.
    // clang-format off
    const QString relCte = QStringLiteral(
        "rel AS (SELECT sum(%2)::float8 AS total_est, "
        "sum(pg_relation_size(c.oid) / current_setting('block_size')::int)::bigint AS curpages, "
        "sum(pg_stat_get_tuples_deleted(c.oid))::bigint AS tup_del, string_agg(c.relfilenode::text, ',' ORDER BY c.oid) AS filenode, "
        "max(extract(epoch from greatest(pg_stat_get_last_analyze_time(c.oid), pg_stat_get_last_autoanalyze_time(c.oid))))::float8 AS analyzed_epoch%3 "
        "FROM pg_class c WHERE c.oid IN (%1))")
        .arg(leafRelations(quoteLiteral(p.qualifiedStorageTable()) + QLatin1String("::regclass")), relationRowsEstimate(),
             terminalStateCount(p) > 0 ? QStringLiteral(", ") + statisticsKey(p) + QLatin1String(" AS stats_key") : QString());
    const QString statsCte = QStringLiteral("st AS (%1)").arg(columnStatistics(p));
    // clang-format on
    QString out = relCte + QLatin1String(", ") + statsCte;
    if (const QString pairs = breakdownCte(p); withBreakdown && !pairs.isEmpty())
        out += QLatin1String(", ") + pairs;
    const QList<StateGroup> groups = openStateGroups(p);
    for (int i = 0; i < groups.size(); ++i)
        out += QLatin1String(", ") + groupCountsCte(p, groups.at(i), i);
    if (nearMaxIsOneCount(p))
        out += QLatin1String(", ") + nearCountsCte(p);
    if (p.isOrdered()) // rows blocked behind failing or stuck heads: a few index probes per bad head
        out += QLatin1String(", ") + blockedCtes(p);
    if (!terminalAggs.isEmpty())
        out += QStringLiteral(", %1 AS MATERIALIZED (SELECT %2 FROM %3)")
                   .arg(QLatin1String(kTerminalCte), terminalAggs.join(QLatin1String(", ")), t);
    return out;
}

} // namespace

QString snapshotText(const SchemaProfile &p, bool withBreakdown, int breakdownLimit, const QStringList &indexedTerminal) {
    QStringList cols;
    QStringList terminalAggs;
    cols << QStringLiteral("extract(epoch from now())::float8 AS server_epoch");
    stateColumns(p, indexedTerminal, cols, terminalAggs);
    cols << QStringLiteral("rel.total_est") << QStringLiteral("rel.curpages <= $2 AS small_table")
         << QStringLiteral("rel.tup_del") << QStringLiteral("rel.filenode") << QStringLiteral("rel.analyzed_epoch")
         << oldestWaitingColumn(p) << stuckColumn(p) << nearMaxColumn(p) << atMaxColumn(p) << archivedColumn(p);
    if (terminalStateCount(p) > 0)
        cols << QStringLiteral("rel.stats_key");
    if (p.isOrdered())
        cols << blockedTotalsColumns(p);
    if (!p.replicationSlot.isEmpty())
        cols << slotLagColumn(p);
    cols << rowSecurityColumn(p) << otherRowSecurityColumn(p);
    if (withBreakdown)
        cols << breakdownColumns(p, breakdownLimit) << workerColumn(p, breakdownLimit);
    // Last, so that it is computed after the others: what the statement cost the server, apart
    // from the time its text and result spent on the network (SnapshotPoller limits itself by it).
    cols << QStringLiteral("(extract(epoch from clock_timestamp() - statement_timestamp()) * 1000)::float8 AS server_ms");
    return QStringLiteral("WITH %1 SELECT %2 FROM rel").arg(ctes(p, withBreakdown, terminalAggs), cols.join(QLatin1String(",\n  ")));
}

Statement snapshot(const SchemaProfile &p, bool withBreakdown, int breakdownLimit, int stuckTimeoutMinutes,
                   int exactCountMaxPages, const QStringList &indexedTerminal, qint64 rareCountMaxRows, const KnownFrequencies &known) {
    Statement st{snapshotText(p, withBreakdown, breakdownLimit, indexedTerminal), {stuckTimeoutMinutes, exactCountMaxPages}};
    // Each only when the text reads it: the server cannot type a parameter nothing refers to.
    // $3 and $4 come with terminal states, $5 with a rare one, which is terminal.
    if (st.text.contains(QLatin1String("$3"))) {
        QStringList values;
        for (const QVariant &v : known.values)
            values << (v.isNull() ? QStringLiteral("NULL") : QString::number(v.toDouble(), 'g', 17));
        const bool usable = !known.key.isEmpty() && known.values.size() == terminalStateCount(p);
        st.params << (usable ? QVariant(known.key) : QVariant())
                  << (usable ? QVariant(QLatin1Char('{') + values.join(QLatin1Char(',')) + QLatin1Char('}')) : QVariant());
    }
    if (st.text.contains(QLatin1String("$5")))
        st.params << rareCountMaxRows;
    return st;
}

Statement indexesStartWith(const SchemaProfile &p, const QString &indexNames, const QString &column) {
    // B-tree only: a BRIN index (the flow chart's, on a time column) holds page ranges, and a count
    // through it reads every page of every range that may match, i.e. most of the table. On a
    // partitioned table the plan names the partitions' indexes: they are looked up on the leaves.
    return {QStringLiteral("SELECT count(*) > 0 AND bool_and((i.indpred IS NOT NULL OR i.indkey[0] = a.attnum) "
                           "AND ic.relam = (SELECT oid FROM pg_am WHERE amname = 'btree')) "
                           "FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid "
                           "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attname = $2 "
                           "WHERE i.indrelid IN (%1) AND ic.relname = ANY($1::text[])")
                .arg(leafRelations(quoteLiteral(p.qualifiedStorageTable()) + QLatin1String("::regclass"))),
            {indexNames, column}};
}

Statement terminalCount(const SchemaProfile &p, const QString &state) {
    return {QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(p.qualifiedTable(), sql::statesPredicate(p, {state})), {}};
}

/// The open states' predicate for a partial index, folded as statesPredicate folds it (so that the
/// built-ins' kit indexes read the same), but without conditions on now(): an index predicate may
/// only use immutable functions. Leaving them out makes the predicate weaker than each state's, so
/// the snapshot's queries still imply it. "" when a state has no other condition (no partial index
/// can hold it).
QString indexPredicate(const SchemaProfile &p, const QStringList &names) {
    using Op = StateCondition::Op;
    QStringList values;
    QStringList others;
    for (const QString &n : names) {
        const StateDef *s = p.state(n);
        if (!s)
            continue;
        if (const QString v = s->statusValue(); !v.isEmpty()) {
            values << quoteLiteral(v);
            continue;
        }
        QStringList parts;
        for (const StateCondition &c : s->when)
            if (c.op != Op::Before && c.op != Op::After)
                parts << sql::condition(p, c);
        if (parts.isEmpty())
            return {};
        const QString cond = parts.size() == 1 ? parts.first() : QLatin1Char('(') + parts.join(QLatin1String(" AND ")) + QLatin1Char(')');
        if (!others.contains(cond))
            others << cond;
    }
    if (values.size() == 1)
        others.prepend(p.col(QStringLiteral("status")) + QLatin1String(" = ") + values.first());
    else if (values.size() > 1)
        others.prepend(p.col(QStringLiteral("status")) + QLatin1String(" IN (") + values.join(QLatin1String(", ")) + QLatin1Char(')'));
    if (others.isEmpty())
        return {};
    return others.size() == 1 ? others.first() : QLatin1Char('(') + others.join(QLatin1String(" OR ")) + QLatin1Char(')');
}

namespace {

/// Logical columns of the open states' conditions, less those of conditions every open state has.
QStringList distinguishingColumns(const SchemaProfile &p, const QStringList &open) {
    QList<StateCondition> all;
    for (const QString &n : open)
        if (const StateDef *s = p.state(n); s && s->statusValue().isEmpty())
            all += s->when;
    QStringList out;
    for (const StateCondition &c : all) {
        bool everywhere = true;
        for (const QString &n : open) {
            const StateDef *s = p.state(n);
            bool has = false;
            for (const StateCondition &x : s->when)
                has = has || x.sameAs(c);
            everywhere = everywhere && has;
        }
        if (!everywhere && !out.contains(c.column))
            out << c.column;
    }
    return out;
}

/// The snapshot index's key columns and its INCLUDE columns (physical names, unquoted).
struct SnapshotIndexColumns {
    QStringList keys;
    QStringList include;
};

SnapshotIndexColumns snapshotIndexParts(const SchemaProfile &p) {
    SnapshotIndexColumns out;
    // The ordering key last: the head-of-line check (headsql) reads the stuck rows with their keys
    // from this index, index-only, instead of looking each key up in the table.
    QStringList logicals{QStringLiteral("destination"), QStringLiteral("type"), QStringLiteral("retries"), QStringLiteral("maxRetries")};
    for (const SchemaProfile::StuckClock &c : p.stuckClocks) // every clock's columns: the stuck counts read them
        logicals << c.since << c.timeoutColumn;
    logicals << p.orderingKey;
    for (const QString &logical : std::as_const(logicals))
        if (!logical.isEmpty() && p.has(logical) && logical != p.waitingSince && !out.include.contains(p.column(logical)))
            out.include << p.column(logical);
    // And the columns whose conditions tell the open states apart (not those every open state
    // tests alike, which the predicate settles): the snapshot's per-state FILTERs and counts read
    // them (stategroups), index-only only when the index holds them.
    for (const QString &logical : distinguishingColumns(p, p.openStates()))
        if (logical != p.waitingSince && !out.include.contains(p.column(logical)) && !(logical == QLatin1String("status")))
            out.include << p.column(logical);
    if (p.has(QStringLiteral("status")))
        out.keys << p.column(QStringLiteral("status"));
    out.keys << p.column(p.waitingSince) << p.column(QStringLiteral("id"));
    return out;
}

} // namespace

QStringList snapshotIndexColumns(const SchemaProfile &p) {
    const SnapshotIndexColumns parts = snapshotIndexParts(p);
    return parts.keys + parts.include;
}

QString snapshotIndex(const SchemaProfile &p) {
    const SnapshotIndexColumns parts = snapshotIndexParts(p);
    QString sql = QStringLiteral("CREATE INDEX ON %1 (%2)").arg(p.qualifiedStorageTable(), quoteIdentifierList(parts.keys));
    if (!parts.include.isEmpty())
        sql += QStringLiteral(" INCLUDE (%1)").arg(quoteIdentifierList(parts.include));
    const QString where = indexPredicate(p, p.openStates());
    return where.isEmpty() ? sql : sql + QStringLiteral(" WHERE %1").arg(where);
}

} // namespace om::sql
