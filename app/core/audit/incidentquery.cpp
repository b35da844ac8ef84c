// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/incidentquery.h"
#include "core/model/auditfilter.h"
#include "core/common/timeconv.h"
#include "core/dashboard/rarecountcheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/groups/failuregroupquery.h"
#include "core/outcome/actionoutcomequery.h"
#include "core/sql/incidentsql.h"
#include "link/limits.h"
#include "pg/pgsession.h"

#include <QJsonArray>
#include <algorithm>
#include <QJsonDocument>

namespace om {

namespace {
QString str(const QVariant &v) { return v.isNull() ? QString() : v.toString(); }
} // namespace

int IncidentQuery::bucketSecondsFor(qint64 rangeSeconds) {
    static const int steps[] = {60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 86400};
    const qint64 wanted = rangeSeconds / 48;
    for (int s : steps)
        if (s >= wanted)
            return s;
    return int(qMin<qint64>((wanted + 86399) / 86400 * 86400, 365LL * 86400));
}

IncidentData IncidentQuery::run(PgSession &session, const QDateTime &from, const QDateTime &to, const QString &ticket) const {
    IncidentData d;
    d.from = from.toUTC();
    d.to = to.toUTC();
    d.ticket = ticket;
    d.bucketSeconds = bucketSecondsFor(from.secsTo(to));
    AuditFilter f;
    f.from = from;
    f.to = to;
    f.ticket = ticket;
    // Every section from one snapshot: read a statement at a time under live traffic, the failed
    // count and the failure groups disagreed by the messages that changed in between.
    session.readOneSnapshot([&] {
        readActions(session, f, d);
        d.actionOutcomes = ActionOutcomeQuery(m_profile).actions(session, f, 0, outcome::kReportLimit);
        std::reverse(d.actionOutcomes.begin(), d.actionOutcomes.end()); // a report reads forward in time
        readEndState(session, d);
        d.failureGroups = FailureGroupQuery(m_profile).readBetween(session, d.from.toSecsSinceEpoch(), d.to.toSecsSinceEpoch(),
                                                                   kReportFailureGroups);
        d.flow = IncidentFlow::read(session, m_profile, d.from, d.to);
    });
    return d;
}

void IncidentQuery::readActions(PgSession &session, const AuditFilter &f, IncidentData &d) const {
    if (!m_profile.hasAudit()) {
        d.noAuditTable = true;
        const sql::Statement now = sql::serverNow();
        d.serverNow = fromEpochSeconds(session.query(now.text, now.params).scalar());
        return;
    }
    const sql::Statement totals = sql::incidentTotals(m_profile, f);
    const QVariantList t = session.query(totals.text, totals.params).rows.value(0);
    d.auditRows = t.value(0).toLongLong();
    d.messagesTouched = t.value(1).toLongLong();
    d.serverNow = fromEpochSeconds(t.value(2));

    const sql::Statement groups = sql::incidentGroups(m_profile, f, limits::kReportActionGroups);
    for (const QVariantList &v : session.query(groups.text, groups.params).rows) {
        ActionGroup g{str(v[0]), str(v[1]), str(v[2]), str(v[3]), v[4].toLongLong(), v[5].toLongLong(), fromEpochSeconds(v[6]), fromEpochSeconds(v[7]), {}};
        for (const QJsonValue &reason : QJsonDocument::fromJson(str(v[8]).toUtf8()).array())
            g.reasons << reason.toString();
        d.groups << g;
    }

    const sql::Statement timeline = sql::incidentTimeline(m_profile, f, d.bucketSeconds, d.from);
    for (const QVariantList &v : session.query(timeline.text, timeline.params).rows)
        d.timeline << TimelinePoint{fromEpochSeconds(v[0]), str(v[1]), v[2].toLongLong()};
}

QList<OpenMessage> IncidentQuery::openMessages(PgSession &session, const QStringList &states, const QString &since,
                                               int pastTimeoutMinutes) const {
    QList<OpenMessage> out;
    if (states.isEmpty() || since.isEmpty() || !m_profile.has(since))
        return out;
    const sql::Statement list = sql::openMessages(m_profile, states, since, pastTimeoutMinutes, m_listLimit);
    for (const QVariantList &v : session.query(list.text, list.params).rows)
        out << OpenMessage{MessageId::fromVariant(v[0]), str(v[1]), str(v[2]), str(v[4]), v[3].toDouble(), {}};
    return out;
}

void IncidentQuery::readEndState(PgSession &session, IncidentData &d) const {
    // The end state: the live dashboard numbers and the messages still stuck or failed.
    const SchemaProfile &p = m_profile;
    // Counted by the dashboard's rule: the rare terminal states an index serves are exact here
    // too (a report once estimated CANCELLED at 1,714 beside the dashboard's exact 1,531).
    SnapshotQuery end(p);
    if (m_exactCountMaxPages >= 0)
        end.setExactCountMaxPages(m_exactCountMaxPages);
    try {
        end.setIndexedTerminalStates(RareCountCheck(p).indexServedStates(session));
    } catch (const PgError &e) {
        if (e.kind != PgError::Kind::Query)
            throw; // the report stops as any of its reads would; only a refused EXPLAIN leaves estimates
    }
    d.end = end.run(session);
    d.stuck = openMessages(session, p.stuckStates, p.stuckSince, p.stuckTimeoutMinutes);
    for (const QString &s : p.failedStates)
        d.failedTotal += d.end.count(s);
    readFailedInRange(session, d);
}

void IncidentQuery::readFailedInRange(PgSession &session, IncidentData &d) const {
    const SchemaProfile &p = m_profile;
    // The last update is when a message entered its failed state (a worker's last attempt);
    // a table without it is dated by creation, which the report names.
    d.failedSince = p.has(QStringLiteral("updatedAt")) ? QStringLiteral("updatedAt") : QStringLiteral("createdAt");
    if (p.failedStates.isEmpty() || !p.has(d.failedSince)) {
        d.failedSince.clear();
        return;
    }
    const sql::Statement list = sql::messagesInRange(p, p.failedStates, d.failedSince, d.from, d.to, m_listLimit);
    for (const QVariantList &v : session.query(list.text, list.params).rows) {
        d.failed << OpenMessage{MessageId::fromVariant(v[0]), str(v[1]), str(v[2]), str(v[4]), v[3].toDouble(), fromEpochSeconds(v[5])};
        d.failedInRange = v[6].toLongLong();
    }
}

} // namespace om
