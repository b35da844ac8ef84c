// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/outcome/outcomeservice.h"
#include "core/outcome/actionoutcomequery.h"
#include "core/service/servicecall.h"

namespace om {

OutcomeService::OutcomeService(DatabaseLink *link, SchemaProfile profile) : m_link(link), m_profile(std::move(profile)) {}

PendingCall OutcomeService::outcomes(const QStringList &actionIds, Lane lane, const QString &key,
                                     Reply<ActionOutcomes> reply) const {
    const ActionOutcomeQuery q(m_profile);
    return serviceCall<ActionOutcomes>(
        m_link, lane, std::move(reply),
        [q, actionIds](PgSession &s) { return q.outcomes(s, actionIds); }, key);
}

PendingCall OutcomeService::recentActions(const QString &key, Reply<QList<ActionSummary>> reply) const {
    const ActionOutcomeQuery q(m_profile);
    return serviceCall<QList<ActionSummary>>(
        m_link, Lane::Browse, std::move(reply), [q](PgSession &s) {
            return q.actions(s, AuditFilter(), outcome::kRecentSeconds, outcome::kRecentLimit);
        },
        key);
}

PendingCall OutcomeService::actionMessages(const QString &actionId, Reply<QList<ActionMessage>> reply) const {
    const ActionOutcomeQuery q(m_profile);
    return serviceCall<QList<ActionMessage>>(m_link, Lane::Browse, std::move(reply), [q, actionId](PgSession &s) {
        return q.messages(s, actionId, outcome::kMessagesLimit);
    });
}

} // namespace om
