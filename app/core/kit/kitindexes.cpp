// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kit/kitindexes.h"
#include "core/sql/statesql.h"
#include "core/sql/kitnames.h"
#include "core/sql/flowsql.h"
#include "core/sql/headsql.h"
#include "core/sql/snapshotsql.h"
#include "core/sql/sqltext.h"
#include "core/sql/retrysql.h"

#include <QRegularExpression>

namespace om::kit {
namespace {

/// `CREATE INDEX ON t ...` (as the advisor and the head-of-line check write their suggestions)
/// with a name and IF NOT EXISTS, so that applying the kit again changes nothing.
QString named(const QString &anonymous, const QString &name) {
    static const QString anon = QStringLiteral("CREATE INDEX ON ");
    const QString rest = anonymous.startsWith(anon) ? anonymous.mid(anon.size()) : anonymous.section(QLatin1String(" ON "), 1);
    return QStringLiteral("CREATE INDEX IF NOT EXISTS %1 ON %2").arg(sql::quoteIdentifier(name), rest);
}

/// (column, id) over the rows of `states` (and `extra`), the order a triage list pages them in.
/// "" when no predicate can narrow the rows: a whole-table index is an optional sort index.
/// `include`: physical columns the index also carries, for counts read from it alone.
QString keysetIndex(const SchemaProfile &p, const QString &name, const QString &sinceLogical, const QStringList &states,
                    const QString &extra = {}, const QStringList &include = {}) {
    QString where = sql::indexPredicate(p, states);
    if (where.isEmpty())
        return {};
    if (!extra.isEmpty())
        where += QLatin1String(" AND ") + extra;
    return QStringLiteral("CREATE INDEX IF NOT EXISTS %1 ON %2 (%3, %4)%5 WHERE %6")
        .arg(sql::quoteIdentifier(name), p.qualifiedStorageTable(), p.col(sinceLogical), p.col(QStringLiteral("id")),
             include.isEmpty() ? QString() : QStringLiteral(" INCLUDE (%1)").arg(sql::quoteIdentifierList(include)), where);
}

/// The keyset index's columns: its time, the id and what it includes (physical, unquoted).
QStringList keysetColumns(const SchemaProfile &p, const QString &sinceLogical, const QStringList &include = {}) {
    return QStringList{p.column(sinceLogical), p.column(QStringLiteral("id"))} + include;
}

/// True when `candidate` adds nothing to `existing`: same table and predicate, and `existing`'s
/// key columns start with the candidate's (a range of one is a range of the other).
bool covers(const QString &existing, const QString &candidate) {
    const auto columnsOf = [](const QString &s) { return s.section(QLatin1String(" ON "), 1).section(QLatin1Char(')'), 0, 0); };
    const auto whereOf = [](const QString &s) { return s.section(QLatin1String(" WHERE "), 1); };
    return whereOf(existing) == whereOf(candidate) && columnsOf(existing).startsWith(columnsOf(candidate));
}

void add(QList<KitIndex> &out, const SchemaProfile &p, const QString &name, const QString &statement, const QString &why,
         const QStringList &holds = {}) {
    if (statement.isEmpty())
        return;
    for (const KitIndex &i : std::as_const(out))
        if (covers(i.statement, statement))
            return;
    out << KitIndex{name, statement, why, p.qualifiedStorageTable(), holds, {}};
}

QString updatedOrCreated(const SchemaProfile &p) {
    return p.has(QStringLiteral("updatedAt")) ? QStringLiteral("updatedAt") : QStringLiteral("createdAt");
}

} // namespace

QList<KitIndex> monitoringIndexes(const SchemaProfile &p) {
    QList<KitIndex> out;
    const QString t = QStringLiteral("ix_") + p.table; // the kit files' names: ix_<table>_<what>
    const QString open = objectName(t, QStringLiteral("open"));
    add(out, p, open, named(sql::snapshotIndex(p), open),
        QStringLiteral("the dashboard's snapshot: exact counts of the open states, the oldest waiting age, stuck and near-max "
                       "counts, the breakdown by destination and type, read from this index alone (index-only)"),
        sql::snapshotIndexColumns(p));

    if (!p.failedStates.isEmpty()) {
        const QString name = objectName(t, QStringLiteral("failed_keyset"));
        add(out, p, name, keysetIndex(p, name, updatedOrCreated(p), p.failedStates),
            QStringLiteral("Triage's Failed list, paged by keyset, newest failure first"), keysetColumns(p, updatedOrCreated(p)));
    }
    if (!p.stuckStates.isEmpty() && !p.stuckSince.isEmpty()) {
        const QString suffix = p.stuckStates.size() == 1 ? p.stuckStates.first().toLower() + QStringLiteral("_keyset")
                                                         : QStringLiteral("stuck_keyset");
        const QString name = objectName(t, suffix);
        add(out, p, name, keysetIndex(p, name, p.stuckSince, p.stuckStates),
            QStringLiteral("Triage's Stuck list and the stuck count, oldest first"), keysetColumns(p, p.stuckSince));
    }
    if (p.hasRetries() && !p.nearMaxRetryStates.isEmpty()) {
        const QString name = objectName(t, QStringLiteral("near_max_keyset"));
        // The retries (and each row's maximum) included: the snapshot counts the rows on their
        // last try among these (at_max) from this index alone. Without them that count read every
        // open row of the near-max states from the snapshot index (scripts/bench partitioned,
        // 10M rows: a snapshot of 14 ms against 4.2 ms).
        QStringList retries{p.column(QStringLiteral("retries"))};
        if (p.has(QStringLiteral("maxRetries")))
            retries << p.column(QStringLiteral("maxRetries"));
        add(out, p, name,
            keysetIndex(p, name, updatedOrCreated(p), p.nearMaxRetryStates,
                        sql::nearMaxIndexCondition(p), retries),
            QStringLiteral("Triage's Near max retry list, paged by keyset, and the count of messages on their last try"),
            keysetColumns(p, updatedOrCreated(p), retries));
        // An earlier kit bounded it with greatest(maximum - 1, 1), which left out the rows with a
        // limit of 1; the queries no longer imply that predicate.
        if (!out.isEmpty() && out.last().name == name)
            out.last().earlierPredicate = QStringLiteral("%greatest(%");
    }
    for (const StateDef &s : p.states) {
        // The big terminal state (done) is estimated from statistics; the rare ones (cancelled,
        // skipped) are counted exactly through an index that holds nothing but their rows.
        if (!s.terminal || s.role == QLatin1String("done"))
            continue;
        const QString name = objectName(t, s.name.toLower());
        const QString where = sql::indexPredicate(p, {s.name});
        if (!where.isEmpty())
            add(out, p, name,
                QStringLiteral("CREATE INDEX IF NOT EXISTS %1 ON %2 (%3) WHERE %4")
                    .arg(sql::quoteIdentifier(name), p.qualifiedStorageTable(), p.col(QStringLiteral("id")), where),
                QStringLiteral("the exact count of %1, a rare terminal state (an estimate from a sample is off by tens of percent)")
                    .arg(commentText(s.name)),
                {p.column(QStringLiteral("id"))});
    }
    if (p.isOrdered()) {
        const QString name = objectName(t, QStringLiteral("open_by_key"));
        add(out, p, name, named(sql::orderingIndex(p), name),
            QStringLiteral("head of line: each failing or stuck row is checked to be its key's head, and the rows behind it "
                           "are counted, by one range of this index"));
    }
    return out;
}

QList<KitIndex> flowIndexes(const SchemaProfile &p) {
    QList<KitIndex> out;
    for (const QString &statement : sql::flowIndexes(p)) {
        // CREATE INDEX IF NOT EXISTS "name" ON ...: the name as the statement quotes it (a
        // table's name may hold spaces and quotes, so not by words).
        static const QRegularExpression quotedName(QStringLiteral("^CREATE INDEX IF NOT EXISTS \"((?:[^\"]|\"\")*)\""));
        const QString name = quotedName.match(statement).captured(1).replace(QLatin1String("\"\""), QLatin1String("\""));
        // A status-history table's time is indexed on the audit table.
        const bool onAudit = statement.contains(QStringLiteral(" ON %1 ").arg(p.qualifiedAuditTable()));
        KitIndex index;
        index.name = name;
        index.statement = statement;
        index.why = QStringLiteral("the flow chart: messages created, finished and failed per minute, counted by the server");
        index.table = onAudit ? p.qualifiedAuditTable() : p.qualifiedStorageTable();
        out << index; // holds nothing to check: BRIN and expression indexes are made as they are
    }
    return out;
}

QString lackingRebuilt(const SchemaProfile &profile, const KitIndex &index, const QString &indent) {
    if (index.holds.isEmpty())
        return {};
    const QString earlier = index.earlierPredicate.isEmpty()
                                ? QString()
                                : QStringLiteral(" OR pg_get_expr(i.indpred, i.indrelid) LIKE %1").arg(sql::quoteLiteral(index.earlierPredicate));
    QStringList names;
    for (const QString &c : index.holds)
        names << sql::quoteLiteral(c);
    // An index lives in its table's schema.
    const QString qualified = sql::quoteIdentifier(profile.storageSchema()) + QLatin1Char('.') + sql::quoteIdentifier(index.name);
    if (earlier.isEmpty())
        return QStringLiteral("%1IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass(%2) AND i.indrelid = %3::regclass\n"
                              "%1           AND NOT ARRAY[%4]::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a\n"
                              "%1                                              WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))) THEN\n"
                              "%1    RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it; built again', %2;\n"
                              "%1    DROP INDEX %5;\n"
                              "%1END IF;\n")
            .arg(indent, sql::quoteLiteral(qualified), sql::quoteLiteral(index.table), names.join(QLatin1String(", ")), qualified);
    return QStringLiteral("%1IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass(%2) AND i.indrelid = %3::regclass\n"
                          "%1           AND (NOT ARRAY[%4]::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a\n"
                          "%1                                               WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))\n"
                          "%1                %6)) THEN\n"
                          "%1    RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it, or has an earlier predicate; built again', %2;\n"
                          "%1    DROP INDEX %5;\n"
                          "%1END IF;\n")
        .arg(indent, sql::quoteLiteral(qualified), sql::quoteLiteral(index.table), names.join(QLatin1String(", ")), qualified, earlier.trimmed());
}

} // namespace om::kit
