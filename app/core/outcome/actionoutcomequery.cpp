// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/outcome/actionoutcomequery.h"
#include "core/common/timeconv.h"
#include "core/sql/outcomesql.h"
#include "pg/pgsession.h"

namespace om {

namespace {
QString str(const QVariant &v) { return v.isNull() ? QString() : v.toString(); }
} // namespace

ActionOutcomes ActionOutcomeQuery::fold(const QList<QVariantList> &rows) const {
    ActionOutcomes out;
    for (const QVariantList &v : rows) {
        const QString id = str(v.value(1));
        ActionOutcome &o = out[id];
        o.actionId = id;
        const qint64 n = v.value(4).toLongLong();
        if (str(v.value(0)) == QLatin1String("e")) {
            o.topFailure = str(v.value(8));
            o.topFailureCount = n;
            continue;
        }
        o.messages += n;
        const qint64 stuck = v.value(5).toLongLong();
        o.stuck += stuck;
        if (v.value(2).toInt() == 2) {
            o.archived += n; // and counted in its state below
            if (!v.value(3).isNull())
                o.archivedByState[str(v.value(3))] += n;
        }
        if (v.value(2).toInt() == 0)
            o.gone += n;
        else if (v.value(3).isNull())
            o.noState += n;
        else
            o.byState[str(v.value(3))] += n;
        if (stuck > 0)
            o.stuckByState[str(v.value(3))] += stuck;
        const QDateTime at = fromEpochSeconds(v.value(6));
        if (at.isValid() && (!o.at.isValid() || at < o.at))
            o.at = at;
        // "Within": how long the finished ones took, so only done states' times count.
        const StateDef *s = m_profile.state(str(v.value(3)));
        if (!v.value(7).isNull() && s && s->role == QLatin1String("done"))
            o.finishedWithinS = qMax(o.finishedWithinS, v.value(7).toDouble());
    }
    return out;
}

bool ActionOutcomeQuery::followsActions(PgSession &session) const {
    if (!m_profile.hasAudit() || m_profile.audit.column(QStringLiteral("actionId")).isEmpty())
        return false;
    const sql::Statement s = sql::actionIdColumnExists(m_profile);
    const QVariant v = session.query(s.text, s.params).scalar();
    return v.toInt() == 1; // values arrive as text: "1", not "t"
}

ActionOutcomes ActionOutcomeQuery::outcomes(PgSession &session, const QStringList &actionIds) const {
    if (actionIds.isEmpty() || !followsActions(session))
        return {};
    const sql::Statement s = sql::actionOutcomes(m_profile, actionIds, m_profile.stuckTimeoutMinutes);
    return fold(session.query(s.text, s.params).rows);
}

QList<ActionSummary> ActionOutcomeQuery::actions(PgSession &session, const AuditFilter &filter, int recentSeconds,
                                                 int limit) const {
    QList<ActionSummary> out;
    if (!followsActions(session))
        return out;
    const sql::Statement h = sql::actionHeaders(m_profile, filter, recentSeconds, limit);
    QStringList ids;
    for (const QVariantList &v : session.query(h.text, h.params).rows) {
        ActionSummary a;
        a.actionId = str(v[0]);
        a.action = str(v[1]);
        a.dbUser = str(v[2]);
        a.osUser = str(v[3]);
        a.host = str(v[4]);
        a.ticket = str(v[5]);
        a.at = fromEpochSeconds(v[6]);
        a.messages = v[7].toLongLong();
        ids << a.actionId;
        out << a;
    }
    const ActionOutcomes o = outcomes(session, ids);
    for (ActionSummary &a : out)
        a.outcome = o.value(a.actionId);
    return out;
}

QList<ActionMessage> ActionOutcomeQuery::messages(PgSession &session, const QString &actionId, int limit) const {
    QList<ActionMessage> out;
    if (!followsActions(session))
        return out;
    const sql::Statement s = sql::actionMessages(m_profile, actionId, limit);
    for (const QVariantList &v : session.query(s.text, s.params).rows)
        out << ActionMessage{MessageId::fromVariant(v[0]), str(v[1]), str(v[2]), v[3].toInt() == 0, v[3].toInt() == 2, str(v[4]),
                             v[5].isNull() ? -1.0 : v[5].toDouble()};
    return out;
}

} // namespace om
