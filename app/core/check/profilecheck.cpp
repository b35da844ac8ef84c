// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/profilecheck.h"
#include "core/common/sentences.h"
#include "core/actions/actionfunctionsql.h"
#include "core/common/countformat.h"
#include "core/profile/columnfit.h"
#include "core/purge/purgefunctionsql.h"
#include "core/sql/flowsql.h"
#include "core/sql/listsql.h"
#include "core/sql/profilechecksql.h"
#include "core/sql/retrysql.h"
#include "core/sql/rowsecuritysql.h"
#include "core/sql/sqltext.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace om {
namespace {

using Severity = ProfileFinding::Severity;

/// The check's messages share one translation context, whichever file words them.
struct CheckText {
    Q_DECLARE_TR_FUNCTIONS(om::ProfileCheck)
};

QList<LiveColumn> liveColumns(PgSession &s, const QString &qualifiedName) {
    const sql::Statement st = sql::relationColumns(qualifiedName);
    const PgResult r = s.query(st.text, st.params);
    QList<LiveColumn> out;
    for (const QVariantList &row : r.rows) {
        LiveColumn c{row.value(0).toString(), row.value(1).toString(), row.value(2).toString(), row.value(3).toString() == QLatin1String("e"), {}};
        for (const QJsonValue &l : QJsonDocument::fromJson(row.value(4).toString().toUtf8()).array())
            c.labels << l.toString();
        out << c;
    }
    return out;
}

const LiveColumn *find(const QList<LiveColumn> &cols, const QString &name) {
    for (const LiveColumn &c : cols)
        if (c.name == name)
            return &c;
    return nullptr;
}

/// "a, b, c and 12 more": what the table does have, so that a typo is seen at once.
QString nameList(const QList<LiveColumn> &cols) {
    constexpr int kShown = 12;
    QStringList names;
    for (const LiveColumn &c : cols.mid(0, kShown))
        names << c.name;
    QString out = names.join(QLatin1String(", "));
    if (cols.size() > kShown)
        out = CheckText::tr("%1 and %n more", nullptr, int(cols.size() - kShown)).arg(out);
    return out;
}

/// Whether the connected role may read `table` (the archive, a lookup): a kit grant it may lack.
bool readable(PgSession &s, const QString &table) {
    const sql::Statement st = sql::relationReadable(table);
    return pgTrue(s.query(st.text, st.params).scalar());
}

/// An error at `path` when the table `table`, whose columns are `cols`, has no column `name`:
/// the same words for the audit table and the lock table.
void requireColumn(const QList<LiveColumn> &cols, const QString &table, const QString &path, const QString &name, ProfileCheckReport &r) {
    if (!find(cols, name))
        r.findings << ProfileFinding{Severity::Error, path, CheckText::tr("\"%1\" is not a column of %2 (it has: %3).").arg(name, table, nameList(cols))};
}

} // namespace

int ProfileCheckReport::count(ProfileFinding::Severity s) const {
    int n = 0;
    for (const ProfileFinding &f : findings)
        n += f.severity == s;
    return n;
}

QStringList ProfileCheckReport::lines(const QString &file, const std::function<int(const QString &)> &lineOf) const {
    QStringList out;
    for (const ProfileFinding &f : findings) {
        // "file:12: columns.retries: error: …", as compilers say it, so that editors jump there.
        const QString prefix = file.isEmpty() ? QString()
                               : lineOf       ? QStringLiteral("%1:%2: ").arg(file).arg(lineOf(f.path))
                                              : file + QLatin1String(": ");
        const QString level = f.severity == Severity::Error     ? CheckText::tr("error")
                              : f.severity == Severity::Warning ? CheckText::tr("warning")
                                                                : CheckText::tr("note");
        out << QStringLiteral("%1%2: %3: %4").arg(prefix, f.path, level, f.message);
    }
    if (coverage.measured) {
        out << (coverage.samplePercent > 0
                    ? CheckText::tr("Rows per state in a sample of %1 rows (%2 % of the pages of about %3 rows):")
                          .arg(formatCount(coverage.total))
                          .arg(coverage.samplePercent, 0, 'g', 2)
                          .arg(formatCount(coverage.tableRowsEstimate))
                    : CheckText::tr("Rows per state (all %1 rows counted):").arg(formatCount(coverage.total)));
        for (const auto &[state, n] : coverage.perState)
            out << QStringLiteral("  %1  %2").arg(state, -24).arg(formatCount(n));
        out << QStringLiteral("  %1  %2").arg(CheckText::tr("(in no state)"), -24).arg(formatCount(coverage.inNoState));
        out << QStringLiteral("  %1  %2").arg(CheckText::tr("(in several states)"), -24).arg(formatCount(coverage.inSeveralStates));
    }
    if (indexesChecked && indexes.ok())
        out << CheckText::tr("Indexes: the dashboard's snapshot reads only indexes.");
    const int errors = count(Severity::Error), warnings = count(Severity::Warning);
    out << (errors == 0 && warnings == 0 ? CheckText::tr("The profile fits %1.").arg(table)
                                         : CheckText::tr("%n error(s)", nullptr, errors) + QLatin1String(", ") + CheckText::tr("%n warning(s)", nullptr, warnings) + QLatin1Char('.'));
    return out;
}

QString ProfileCheckReport::summary() const {
    // The first error, or with none the first warning: the numbers can be trusted then, and the
    // banner must not say otherwise.
    for (Severity level : {Severity::Error, Severity::Warning})
        for (const ProfileFinding &f : findings)
            if (f.severity == level)
                return level == Severity::Error
                           ? CheckText::tr("The profile does not fit %1 (%n problem(s)): %2: %3", nullptr, count(Severity::Error) + count(Severity::Warning))
                                 .arg(table, f.path, f.message)
                           : CheckText::tr("The profile fits %1, with %n warning(s): %2: %3", nullptr, count(Severity::Warning))
                                 .arg(table, f.path, f.message);
    return {};
}

void ProfileCheck::checkTable(PgSession &s, ProfileCheckReport &r, qint64 *rows) const {
    const sql::Statement st = sql::relationFacts(m_profile.qualifiedTable());
    const PgResult facts = s.query(st.text, st.params);
    if (facts.isEmpty()) {
        r.findings << ProfileFinding{Severity::Error, QStringLiteral("table"),
                                     CheckText::tr("%1 does not exist, or this role cannot see its schema.").arg(r.table)};
        return;
    }
    const QVariantList row = facts.rows.first();
    if (row.value(3).toString() != QLatin1String("t"))
        r.findings << ProfileFinding{Severity::Error, QStringLiteral("table"),
                                     CheckText::tr("This role may not read %1 (no SELECT privilege).").arg(r.table)};
    const bool view = row.value(0).toString() == QLatin1String("v") || row.value(0).toString() == QLatin1String("m");
    if (view && m_profile.baseTable.isEmpty())
        r.findings << ProfileFinding{Severity::Warning, QStringLiteral("table"),
                                     CheckText::tr("%1 is a view: the window reads through it, but a view has no statistics or "
                                                   "indexes of its own, so finished states are counted, not estimated, and the kit "
                                                   "cannot be applied to it. Name the table the view reads in \"base\".")
                                         .arg(r.table)};
    if (!view && !m_profile.baseTable.isEmpty())
        r.findings << ProfileFinding{Severity::Error, QStringLiteral("base"),
                                     CheckText::tr("%1 is not a view: \"base\" is only for a view's table; leave it out.").arg(r.table)};
    qint64 reltuples = row.value(1).toLongLong();
    if (!m_profile.baseTable.isEmpty()) {
        // The rows, their statistics and the kit's indexes are the base table's.
        const sql::Statement bs = sql::relationFacts(m_profile.qualifiedStorageTable());
        const PgResult base = s.query(bs.text, bs.params);
        if (base.isEmpty()) {
            r.findings << ProfileFinding{Severity::Error, QStringLiteral("base.table"),
                                         CheckText::tr("%1 does not exist, or this role cannot see its schema.").arg(m_profile.qualifiedStorageTable())};
        } else {
            reltuples = base.rows.first().value(1).toLongLong();
            const QList<LiveColumn> cols = liveColumns(s, m_profile.qualifiedStorageTable());
            const QMap<QString, QString> &map = m_profile.columnMap();
            for (auto it = map.cbegin(); it != map.cend(); ++it)
                requireColumn(cols, m_profile.qualifiedStorageTable(), QStringLiteral("base.table"), it.value(), r);
        }
    }
    // Never analysed (-1): guess from the size, ~100 bytes a row, so that a huge table is sampled.
    *rows = reltuples >= 0 ? reltuples : row.value(2).toLongLong() / 100;
}

void ProfileCheck::checkColumns(PgSession &s, ProfileCheckReport &r) const {
    const QList<LiveColumn> cols = liveColumns(s, m_profile.qualifiedTable());
    const QMap<QString, QString> &map = m_profile.columnMap();
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        const QString path = QStringLiteral("columns.") + it.key();
        const LiveColumn *c = find(cols, it.value());
        if (!c) {
            r.findings << ProfileFinding{Severity::Error, path,
                                         CheckText::tr("\"%1\" is not a column of %2 (it has: %3).").arg(it.value(), r.table, nameList(cols))};
            continue;
        }
        if (const QString why = columnMisfit(m_profile, it.key(), *c); !why.isEmpty())
            r.findings << ProfileFinding{Severity::Error, path, CheckText::tr("\"%1\": %2.").arg(c->name, why)};
        if (it.key() == QLatin1String("status") && c->isEnum)
            for (int i = 0; i < m_profile.states.size(); ++i) {
                const StateDef &st = m_profile.states.at(i);
                const QString value = st.statusValue();
                if (!value.isEmpty() && !c->labels.contains(value))
                    r.findings << ProfileFinding{Severity::Error, QStringLiteral("states[%1]").arg(i),
                                                 CheckText::tr("State %1: \"%2\" is not a value of the enum %3 (%4).")
                                                     .arg(st.name, value, c->type, c->labels.join(QLatin1String(", ")))};
            }
    }
}

void ProfileCheck::checkAudit(PgSession &s, ProfileCheckReport &r) const {
    if (m_profile.audit.table.isEmpty())
        return;
    const QString audit = m_profile.qualifiedAuditTable();
    const QList<LiveColumn> cols = liveColumns(s, audit);
    if (cols.isEmpty()) {
        r.findings << ProfileFinding{m_profile.actions.isEmpty() ? Severity::Warning : Severity::Error, QStringLiteral("audit.table"),
                                     CheckText::tr("%1 does not exist (or this role cannot see it): no action can be taken, "
                                                   "because every change needs its audit row.")
                                         .arg(audit)};
        return;
    }
    for (auto it = m_profile.audit.columns.cbegin(); it != m_profile.audit.columns.cend(); ++it) {
        const QString path = QStringLiteral("audit.columns.") + it.key();
        // The action id is the kit's own column: its action function adds it to an audit table
        // that has none (an application's, made before the kit), and nothing reads it before then.
        if (it.key() == QLatin1String("actionId") && !m_profile.actions.isEmpty() && !find(cols, it.value())) {
            r.findings << ProfileFinding{Severity::Warning, path,
                                         CheckText::tr("\"%1\" is not a column of %2 yet: the admin kit's action function adds it "
                                                       "(outbox-monitor --print-kit --profile FILE); until then no action can be taken.")
                                             .arg(it.value(), audit)};
            continue;
        }
        requireColumn(cols, audit, path, it.value(), r);
    }
}

// The archive is read with the table's own column names: the id (outcomes), the created and the
// finished time (the flow). A missing archive would stop every snapshot: said here first.
void ProfileCheck::checkArchive(PgSession &s, ProfileCheckReport &r) const {
    if (!m_profile.hasArchive())
        return;
    const QString archive = m_profile.qualifiedArchiveTable();
    const QList<LiveColumn> cols = liveColumns(s, archive);
    if (cols.isEmpty()) {
        r.findings << ProfileFinding{Severity::Error, QStringLiteral("archive.table"),
                                     CheckText::tr("%1 does not exist (or this role cannot see it): the finished count reads it.").arg(archive)};
        return;
    }
    QStringList logical{QStringLiteral("id"), QStringLiteral("createdAt")};
    if (const QString finishedAt = sql::flowSources(m_profile).finishedAt; !finishedAt.isEmpty())
        logical << finishedAt;
    if (const QString failedAt = sql::flowSources(m_profile).failedAt; !failedAt.isEmpty() && m_profile.archive.keepsState())
        logical << failedAt;
    for (const QString &l : std::as_const(logical))
        if (m_profile.has(l))
            requireColumn(cols, archive, QStringLiteral("archive.table"), m_profile.column(l), r);
    checkArchiveStateColumns(cols, r);
    if (!readable(s, archive))
        r.findings << ProfileFinding{Severity::Error, QStringLiteral("archive.table"),
                                     CheckText::tr("this role may not read %1: apply the kit (it grants SELECT on the archive).").arg(archive)};
}

// An archive that keeps the state is classified by the profile's state rules, which read its own
// columns: each column a rule reads must be there, or the archive has no state to keep and
// "archive.state" must name the one state its rows are in.
void ProfileCheck::checkArchiveStateColumns(const QList<LiveColumn> &cols, ProfileCheckReport &r) const {
    if (!m_profile.archive.keepsState())
        return;
    QStringList logical;
    for (const StateDef &st : m_profile.states)
        for (const StateCondition &c : st.when)
            for (const QString &l : {c.column, c.withColumn})
                if (!l.isEmpty() && m_profile.has(l) && !logical.contains(l))
                    logical << l;
    const QString archive = m_profile.qualifiedArchiveTable();
    for (const QString &l : std::as_const(logical))
        if (!find(cols, m_profile.column(l)))
            r.findings << ProfileFinding{Severity::Error, QStringLiteral("archive.state"),
                                         CheckText::tr("\"%1\" is not a column of %2: the state rules read it to tell a finished archived "
                                                       "row from a failed or cancelled one. If the archive keeps no state, name the one "
                                                       "state its rows are in (\"archive\": {\"state\": …}).")
                                             .arg(m_profile.column(l), archive)};
}

// A lookup is read for every name shown: it must be there, readable, and found by its id.
void ProfileCheck::checkLookups(PgSession &s, ProfileCheckReport &r) const {
    for (auto it = m_profile.lookups.cbegin(); it != m_profile.lookups.cend(); ++it) {
        const QString path = QStringLiteral("lookups.") + it.key();
        const QString table = it->qualifiedTable();
        const QList<LiveColumn> cols = liveColumns(s, table);
        if (cols.isEmpty()) {
            r.findings << ProfileFinding{Severity::Error, path,
                                         CheckText::tr("%1 does not exist (or this role cannot see it): the names of %2 are read there.")
                                             .arg(table, it.key())};
            continue;
        }
        requireColumn(cols, table, path + QStringLiteral(".id"), it->idColumn, r);
        requireColumn(cols, table, path + QStringLiteral(".name"), it->nameColumn, r);
        if (!readable(s, table)) {
            r.findings << ProfileFinding{Severity::Error, path,
                                         CheckText::tr("this role may not read %1: apply the kit (it grants SELECT on the lookup).").arg(table)};
            continue;
        }
        const sql::Statement indexed = sql::btreeIndexLeads(table, it->idColumn);
        if (!pgTrue(s.query(indexed.text, indexed.params).scalar()))
            r.findings << ProfileFinding{Severity::Warning, path,
                                         CheckText::tr("no index of %1 starts with %2: every name shown reads the whole lookup table. "
                                                       "Its primary key, or: CREATE UNIQUE INDEX ON %1 (%3)")
                                             .arg(table, it->idColumn, sql::quoteIdentifier(it->idColumn))};
    }
}

void ProfileCheck::checkCoverage(PgSession &s, ProfileCheckReport &r, qint64 rowsEstimate) const {
    StateCoverage &c = r.coverage;
    c.tableRowsEstimate = rowsEstimate;
    if (rowsEstimate > kSampleAboveRows)
        c.samplePercent = qBound(0.01, 100.0 * double(kSampleRows) / double(rowsEstimate), 100.0);
    const sql::Statement st = sql::stateCoverage(m_profile, c.samplePercent);
    const PgResult res = s.query(st.text, st.params);
    const QVariantList row = res.rows.value(0);
    c.total = row.value(res.columnIndex(QStringLiteral("total"))).toLongLong();
    for (const StateDef &state : m_profile.states)
        c.perState << qMakePair(state.name, row.value(res.columnIndex(QStringLiteral("s:") + state.name)).toLongLong());
    c.inNoState = row.value(res.columnIndex(QStringLiteral("none"))).toLongLong();
    c.inSeveralStates = row.value(res.columnIndex(QStringLiteral("several"))).toLongLong();
    c.measured = true;
    if (c.inSeveralStates > 0)
        r.findings << ProfileFinding{Severity::Error, QStringLiteral("states"),
                                     CheckText::tr("%1 of %2 rows read are in more than one state: every count on the dashboard would "
                                                   "count them twice. Make the states' conditions exclusive.")
                                         .arg(formatCount(c.inSeveralStates), formatCount(c.total))};
    if (c.inNoState > 0)
        r.findings << ProfileFinding{Severity::Warning, QStringLiteral("states"),
                                     CheckText::tr("%1 of %2 rows read are in no state: the dashboard does not show them anywhere.")
                                         .arg(formatCount(c.inNoState), formatCount(c.total))};
}

void ProfileCheck::checkActions(PgSession &s, ProfileCheckReport &r) const {
    if (m_profile.actions.isEmpty() || m_profile.audit.table.isEmpty())
        return;
    const ActionFunctionSql fn(m_profile);
    const sql::Statement st = sql::functionExists(fn.signature());
    if (s.query(st.text, st.params).scalar().toString() != QLatin1String("t"))
        r.findings << ProfileFinding{Severity::Warning, QStringLiteral("actions"),
                                     CheckText::tr("The admin kit's action function %1 is not installed: the program opens read-only "
                                                   "until a DBA applies the table's admin kit (outbox-monitor --print-kit --profile FILE).")
                                         .arg(fn.signature())};
}

/// Row-level security that hides rows from the connected role is an error: every number the
/// window shows would count only what the policies let it see, and the window would look right.
/// Row security that a policy opens to every row is a note.
void ProfileCheck::checkRowSecurity(PgSession &s, ProfileCheckReport &r) const {
    const sql::Statement st = sql::rowSecurityFacts(m_profile.qualifiedTable());
    r.rowSecurity = RowSecurity::fromJson(s.query(st.text, st.params).scalar());
    const RowSecurity &rls = r.rowSecurity;
    if (rls.hidesRows())
        r.findings << ProfileFinding{Severity::Error, QLatin1String(kRowSecurityPath),
                                     joinSentences({rls.hiddenRowsText(r.table), rls.remedyText()})};
    else if (rls.readsEveryRow())
        r.findings << ProfileFinding{Severity::Note, QLatin1String(kRowSecurityPath),
                                     CheckText::tr("Row-level security is on for %1, and the policy %2 lets the role %3 read every row.")
                                         .arg(r.table, rls.openPolicy, rls.role)};
    r.readSecurity.tables << ReadSecurity::Table{r.table, ReadTable::Use::Table, rls};
    checkOtherRowSecurity(s, r);
}

/// The other tables the profile reads, judged as the table is: policies that hide rows of the
/// archive, the lock table, a lookup, a view's base table or the audit table from the role are
/// an error too (a count drops, a blocked key looks free, a message looks gone), named with
/// what the window reads the table for.
void ProfileCheck::checkOtherRowSecurity(PgSession &s, ProfileCheckReport &r) const {
    for (const ReadTable &t : m_profile.readTables().mid(1)) {
        const sql::Statement st = sql::rowSecurityFacts(t.name);
        const RowSecurity rls = RowSecurity::fromJson(s.query(st.text, st.params).scalar());
        r.readSecurity.tables << ReadSecurity::Table{t.name, t.use, rls};
        if (rls.hidesRows())
            r.findings << ProfileFinding{Severity::Error, QLatin1String(kRowSecurityPath),
                                         joinSentences({CheckText::tr("Row-level security on %1 (%2) applies to the role %3: it sees only the "
                                                                      "rows its policies allow there, and the window cannot say how many are hidden.")
                                                            .arg(t.name, ReadSecurity::useText(t.use), rls.role),
                                                        rls.reasonText(), rls.remedyText()})};
        else if (rls.readsEveryRow())
            r.findings << ProfileFinding{Severity::Note, QLatin1String(kRowSecurityPath),
                                         CheckText::tr("Row-level security is on for %1, and the policy %2 lets the role %3 read every row.")
                                             .arg(t.name, rls.openPolicy, rls.role)};
    }
}

namespace {

/// "replicationSlot": the slot exists, is logical and reads this database; a warning otherwise
/// (the counts are right either way; only the slot's tile cannot tell the capture's lag).
void checkReplicationSlot(const SchemaProfile &p, PgSession &s, ProfileCheckReport &r) {
    if (p.replicationSlot.isEmpty())
        return;
    const sql::Statement st = sql::replicationSlot(p.replicationSlot);
    const PgResult res = s.query(st.text, st.params);
    QString problem;
    if (res.rows.isEmpty())
        problem = CheckText::tr("No replication slot named %1 on this server: the dashboard cannot show how far the capture is behind.")
                      .arg(p.replicationSlot);
    else if (res.rows.first().value(0).toString() != QLatin1String("logical") || res.rows.first().value(1).toString() != QLatin1String("t"))
        problem = CheckText::tr("The replication slot %1 is not a logical slot of this database: it does not capture this table.")
                      .arg(p.replicationSlot);
    if (!problem.isEmpty())
        r.findings << ProfileFinding{ProfileFinding::Severity::Warning, QStringLiteral("replicationSlot"), problem};
}

/// "ordering.lock": the table a key's lock lives in and its columns exist; errors otherwise, as
/// for the table's own columns (the Blocked keys statement would fail on them).
void checkKeyLock(const SchemaProfile &p, PgSession &s, ProfileCheckReport &r) {
    const KeyLockTable &lock = p.headOfLine.lock;
    if (lock.isEmpty())
        return;
    const QList<LiveColumn> cols = liveColumns(s, lock.qualifiedTable());
    if (cols.isEmpty()) {
        r.findings << ProfileFinding{Severity::Error, QStringLiteral("ordering.lock.table"),
                                     CheckText::tr("%1 does not exist (or this role cannot see it): the Blocked keys view reads "
                                                   "each key's lock there.")
                                         .arg(lock.qualifiedTable())};
        return;
    }
    for (const auto &[key, name] : {std::pair{"key", lock.key}, std::pair{"lockedAt", lock.lockedAt}, std::pair{"holderPid", lock.holderPid},
                                    std::pair{"holder", lock.holder}, std::pair{"heartbeatAt", lock.heartbeatAt}})
        if (!name.isEmpty())
            requireColumn(cols, lock.qualifiedTable(), QStringLiteral("ordering.lock.") + QLatin1String(key), name, r);
    // The lock's age and its heartbeat's are compared with now(): a time, not a number or text.
    for (const auto &[key, name] : {std::pair{"lockedAt", lock.lockedAt}, std::pair{"heartbeatAt", lock.heartbeatAt}}) {
        const LiveColumn *c = name.isEmpty() ? nullptr : find(cols, name);
        if (c && c->base != QLatin1String("timestamptz") && c->base != QLatin1String("timestamp"))
            r.findings << ProfileFinding{Severity::Error, QStringLiteral("ordering.lock.") + QLatin1String(key),
                                         CheckText::tr("\"%1\" is %2, not a time (timestamptz): the lock's age is measured from it.")
                                             .arg(name, c->type)};
    }
}

/// "purge": the kit's purge function is installed (a warning otherwise: the Table tab then offers
/// no purge, everything else works).
void checkPurgeFunction(const SchemaProfile &p, PgSession &s, ProfileCheckReport &r) {
    const PurgeFunctionSql fn(p);
    if (!fn.installs())
        return;
    const sql::Statement st = sql::functionExists(fn.signature());
    if (s.query(st.text, st.params).scalar().toString() != QLatin1String("t"))
        r.findings << ProfileFinding{ProfileFinding::Severity::Warning, QStringLiteral("purge"),
                                     CheckText::tr("The admin kit's purge function %1 is not installed: the Table tab offers no purge "
                                                   "until a DBA applies the table's admin kit (outbox-monitor --print-kit --profile FILE).")
                                         .arg(fn.signature())};
}

/// "retries": the table's rows agree with how the profile says the counter moves (warnings: the
/// counts are read either way, only "last try" and "one short" would be off by one). Each read is
/// capped, and the near-max one is served by the kit's near-max index.
void checkRetryCounting(const SchemaProfile &p, PgSession &s, ProfileCheckReport &r) {
    constexpr int kCap = 10000;
    if (!p.hasRetries() || p.nearMaxRetryStates.isEmpty())
        return;
    const sql::Statement past = sql::rowsPastLimit(p, kCap);
    if (const qint64 n = s.query(past.text, past.params).scalar().toLongLong(); n > 0)
        r.findings << ProfileFinding{Severity::Warning, QStringLiteral("retries.limit"),
                                     CheckText::tr("%1 open messages have more tries counted than the profile allows them (past their last "
                                                   "try): if the library still runs them, its maximum is of retries after the first attempt "
                                                   "(\"retries\": {\"limit\": \"retries\"}), or the counter moves at another time.")
                                         .arg(formatCount(n))};
    if (p.retryCounting.movesAt != RetryCounting::MovesAt::Claim)
        return;
    const sql::Statement uncounted = sql::inFlightUncounted(p, kCap);
    if (const qint64 n = s.query(uncounted.text, uncounted.params).scalar().toLongLong(); n > 0)
        r.findings << ProfileFinding{Severity::Warning, QStringLiteral("retries.movesAt"),
                                     CheckText::tr("%1 messages in flight have a retries count of 0, yet the profile says the count moves "
                                                   "when a worker claims a message (it would be 1 or more): if it moves when an attempt "
                                                   "fails, write \"retries\": {\"movesAt\": \"failure\"}.")
                                         .arg(formatCount(n))};
}

} // namespace

ProfileCheckReport ProfileCheck::run(PgSession &s, int stuckTimeoutMinutes) const {
    ProfileCheckReport r;
    r.table = m_profile.qualifiedTable();
    qint64 rows = 0;
    checkTable(s, r, &rows);
    if (!r.ok())
        return r; // nothing else can be read
    checkRowSecurity(s, r);
    checkColumns(s, r);
    checkAudit(s, r);
    checkArchive(s, r);
    checkLookups(s, r);
    checkActions(s, r);
    checkReplicationSlot(m_profile, s, r);
    checkKeyLock(m_profile, s, r);
    checkPurgeFunction(m_profile, s, r);
    int rowSecurityErrors = 0; // not about columns: the statements below still run
    for (const ProfileFinding &f : std::as_const(r.findings))
        rowSecurityErrors += f.severity == Severity::Error && f.path == QLatin1String(kRowSecurityPath);
    if (r.count(Severity::Error) > rowSecurityErrors)
        return r; // the statements below would only fail on the same missing columns
    checkCoverage(s, r, rows);
    checkRetryCounting(m_profile, s, r);
    if (r.rowSecurity.hidesRows() && r.coverage.samplePercent == 0)
        r.findings << ProfileFinding{Severity::Note, QLatin1String(kRowSecurityPath),
                                     CheckText::tr("The role %1 sees %2 rows; the statistics, which row-level security does not "
                                                   "filter, put the table at about %3.")
                                         .arg(r.rowSecurity.role, formatCount(r.coverage.total), formatCount(rows))};
    r.indexes = IndexAdvisor(m_profile).check(s, stuckTimeoutMinutes);
    r.indexesChecked = true;
    for (const QString &m : r.indexes.messages())
        r.findings << ProfileFinding{Severity::Warning, QStringLiteral("table"), m};
    return r;
}

} // namespace om
