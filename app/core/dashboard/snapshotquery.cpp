// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dashboard/snapshotquery.h"
#include "core/common/timeconv.h"
#include "pg/pgsession.h"

#include <algorithm>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace om {
namespace {

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

QList<WorkerGroup> parseWorkers(const QVariant &json) {
    QList<WorkerGroup> out;
    for (const QJsonValue &v : QJsonDocument::fromJson(json.toString().toUtf8()).array()) {
        const QJsonObject o = v.toObject();
        WorkerGroup g;
        g.worker = o.value(QLatin1String("worker")).toString();
        g.inFlight = qint64(o.value(QLatin1String("n")).toDouble());
        g.stuck = qint64(o.value(QLatin1String("stuck")).toDouble());
        g.oldestLockAgeS = qMax(0.0, o.value(QLatin1String("age")).toDouble());
        for (const QJsonValue &w : o.value(QLatin1String("what")).toArray())
            g.what << w.toString();
        out << g;
    }
    return out;
}

/// The slot_lag column (sql::slotLagColumn): NULL when no slot has the profile's name.
SlotLag parseSlotLag(const QString &name, const QVariant &json) {
    SlotLag lag;
    lag.name = name;
    if (json.isNull())
        return lag;
    const QJsonObject o = QJsonDocument::fromJson(json.toString().toUtf8()).object();
    lag.exists = true;
    lag.active = o.value(QLatin1String("active")).toBool();
    if (const QJsonValue b = o.value(QLatin1String("behind")); b.isDouble())
        lag.behindBytes = qint64(b.toDouble());
    if (const QJsonValue r = o.value(QLatin1String("retained")); r.isDouble())
        lag.retainedBytes = qint64(r.toDouble());
    lag.walStatus = o.value(QLatin1String("wal_status")).toString();
    return lag;
}

} // namespace

SnapshotQuery::SnapshotQuery(SchemaProfile profile, int stuckTimeoutMinutes, int breakdownLimit)
    : m_profile(std::move(profile)),
      m_stuckTimeoutMinutes(stuckTimeoutMinutes > 0 ? stuckTimeoutMinutes : m_profile.stuckTimeoutMinutes),
      m_breakdownLimit(breakdownLimit) {}

om::sql::Statement SnapshotQuery::statement(bool withBreakdown) const {
    return om::sql::snapshot(m_profile, withBreakdown, m_breakdownLimit, m_stuckTimeoutMinutes, m_exactCountMaxPages,
                             m_indexedTerminal, m_rareCountMaxRows, m_known);
}

QString SnapshotQuery::sql(bool withBreakdown) const { return statement(withBreakdown).text; }

QList<StateCount> SnapshotQuery::stateCounts(const std::function<QVariant(const QString &)> &value) const {
    // Every exact count comes off the live total; what is left belongs to the estimated states.
    // With one estimated state (SENT beside an exact CANCELLED) it is all of the rest, and the
    // frequencies' sampling noise does not reach it.
    qint64 exactTotal = 0;
    double estimatedFreq = 0;
    int estimatedStates = 0;
    for (const StateDef &def : m_profile.states) {
        const QVariant n = value(QStringLiteral("n:") + def.name);
        if (!n.isNull()) {
            exactTotal += n.toLongLong();
        } else {
            estimatedFreq += value(QStringLiteral("f:") + def.name).toDouble();
            ++estimatedStates;
        }
    }
    const QVariant totalEst = value(QStringLiteral("total_est"));
    const double remainder = qMax(0.0, totalEst.toDouble() - double(exactTotal));
    const bool smallTable = pgTrue(value(QStringLiteral("small_table")));
    QList<StateCount> out;
    for (const StateDef &def : m_profile.states) {
        StateCount c{def.name, def.role, 0, false};
        const QVariant n = value(QStringLiteral("n:") + def.name);
        if (!n.isNull()) {
            c.count = n.toLongLong();
            c.countedByIndex = def.terminal && !smallTable;
        } else {
            c.estimated = true;
            if (totalEst.isNull()) {
                c.count = -1; // never analysed: unknown rather than a guess
            } else {
                // Share of the rest in proportion to the statistics' frequencies; with no
                // frequencies at all, split evenly.
                const double f = value(QStringLiteral("f:") + def.name).toDouble();
                const double share = estimatedFreq > 0 ? f / estimatedFreq : 1.0 / qMax(1, estimatedStates);
                c.count = qint64(remainder * share + 0.5);
            }
            c.readEstimate = c.count;
        }
        out << c;
    }
    return out;
}

QMap<QString, qint64> SnapshotQuery::archivedByState(const QVariant &archived) const {
    QMap<QString, qint64> out;
    const QJsonObject o = QJsonDocument::fromJson(archived.toString().toUtf8()).object();
    const double rows = o.value(QLatin1String("rows")).toDouble();
    if (!m_profile.archive.keepsState()) {
        out.insert(m_profile.archive.state, qint64(rows + 0.5));
        return out;
    }
    // Counted per state while small; a big archive's sample gives each state's share of the
    // estimated rows.
    const QJsonObject states = o.value(QLatin1String("states")).toObject();
    const bool exact = o.value(QLatin1String("exact")).toBool();
    double sampled = 0;
    for (auto it = states.begin(); it != states.end(); ++it)
        sampled += it.value().toDouble();
    for (auto it = states.begin(); it != states.end(); ++it)
        out.insert(it.key(), qint64((exact ? it.value().toDouble() : sampled > 0 ? rows * it.value().toDouble() / sampled : 0) + 0.5));
    return out;
}

void SnapshotQuery::addArchived(QList<StateCount> &states, const QVariant &archived) const {
    if (archived.isNull())
        return;
    const bool exact = QJsonDocument::fromJson(archived.toString().toUtf8()).object().value(QLatin1String("exact")).toBool();
    const QMap<QString, qint64> byState = archivedByState(archived);
    for (StateCount &c : states) {
        const qint64 n = byState.value(c.name);
        if (n <= 0)
            continue;
        c.archived = n;
        c.archivedEstimated = !exact;
        if (c.count >= 0)
            c.count += c.archived;
        if (c.readEstimate >= 0)
            c.readEstimate += c.archived;
    }
}

TableStats SnapshotQuery::tableStats(const std::function<QVariant(const QString &)> &value) {
    TableStats t;
    t.valid = true;
    t.deletedTotal = value(QStringLiteral("tup_del")).toLongLong();
    t.fileNode = value(QStringLiteral("filenode")).toString();
    const QVariant analyzed = value(QStringLiteral("analyzed_epoch"));
    if (!analyzed.isNull())
        t.analyzedAt = fromEpochSeconds(analyzed);
    return t;
}

Snapshot SnapshotQuery::run(PgSession &session, bool withBreakdown) const {
    QElapsedTimer timer;
    timer.start();
    const om::sql::Statement q = statement(withBreakdown);
    // Prepared: the text is the same at every refresh of a connection, and planning it cost more
    // than running it (scripts/bench states, 3M rows: 12 ms to plan a condition-state profile's
    // snapshot, 10.5 ms to run it; 3 ms and 11.7 ms for a status column's).
    const PgResult r = session.queryPrepared(q.text, q.params);
    Snapshot s;
    s.profileId = m_profile.id;
    s.stuckTimeoutMinutes = m_stuckTimeoutMinutes;
    // The operator's minutes are not the whole rule once a clock has its own timeout.
    s.stuckByOwnTimeout = std::any_of(m_profile.stuckClocks.cbegin(), m_profile.stuckClocks.cend(),
                                      [](const SchemaProfile::StuckClock &c) { return c.ownRule(); });
    s.retryCounting = m_profile.retryCounting;
    s.roundTripMs = timer.elapsed();
    if (r.rows.isEmpty())
        return s;
    const QVariantList &row = r.rows.first();
    auto value = [&](const QString &name) { const int i = r.columnIndex(name); return i < 0 ? QVariant() : row.at(i); };

    s.serverTime = fromEpochSeconds(value(QStringLiteral("server_epoch")));
    s.serverMs = qint64(value(QStringLiteral("server_ms")).toDouble() + 0.5);
    s.states = stateCounts(value);
    addArchived(s.states, value(QStringLiteral("archived")));
    s.table = tableStats(value);
    s.frequencies.key = value(QStringLiteral("stats_key")).toString();
    for (const StateDef &def : m_profile.states)
        if (def.terminal)
            s.frequencies.values << value(QStringLiteral("f:") + def.name);
    for (const QString &w : m_profile.waitingStates)
        s.waiting += s.count(w);
    const QVariant oldest = value(QStringLiteral("oldest_age"));
    if (!oldest.isNull())
        s.oldestWaitingAgeS = qMax(0.0, oldest.toDouble());
    s.stuck = value(QStringLiteral("stuck")).toLongLong();
    const QVariant near = value(QStringLiteral("near_max"));
    if (!near.isNull())
        s.nearMaxRetry = near.toLongLong();
    if (const QVariant atMax = value(QStringLiteral("at_max")); !atMax.isNull())
        s.atMaxRetry = atMax.toLongLong();
    if (const QVariant heads = value(QStringLiteral("hol_heads")); !heads.isNull()) {
        s.blockedHeads = heads.toLongLong();
        s.blockedBehind = value(QStringLiteral("hol_behind")).toLongLong();
    }
    s.blockedNeedsIndex = value(QStringLiteral("hol_indexed")).toString() == QLatin1String("f");
    if (!m_profile.replicationSlot.isEmpty())
        s.slot = parseSlotLag(m_profile.replicationSlot, value(QStringLiteral("slot_lag")));
    s.rowSecurity = RowSecurity::fromJson(value(QStringLiteral("row_security")));
    s.readSecurity = ReadSecurity::fromJson(m_profile, value(QStringLiteral("row_security")), value(QStringLiteral("row_security_others")));
    if (withBreakdown) {
        s.breakdownTime = s.serverTime;
        s.byDestination = parseGroups(value(QStringLiteral("by_destination")));
        s.byType = parseGroups(value(QStringLiteral("by_type")));
        s.byWorker = parseWorkers(value(QStringLiteral("by_worker")));
    }
    return s;
}

} // namespace om
