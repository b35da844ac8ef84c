// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/actionoutcome.h"
#include "core/profile/schemaprofile.h"
#include "link/lane.h"
#include "link/pendingcall.h"

#include <QStringList>

namespace om {

class DatabaseLink;

/// What became of actions, as the audit view, the dashboard and the action's message list ask:
/// reads only, on the Browse lane unless the caller names another (a big action's outcome takes
/// tens to hundreds of ms and must never delay the next snapshot on the Monitor lane).
class OutcomeService {
public:
    OutcomeService(DatabaseLink *link, SchemaProfile profile);

    /// The outcome of each of `actionIds`. A non-empty `key` makes the newest read of that key
    /// win: one still queued behind a slow page is replaced.
    PendingCall outcomes(const QStringList &actionIds, Lane lane, const QString &key, Reply<ActionOutcomes> reply) const;
    /// The actions of the last outcome::kRecentSeconds (at most outcome::kRecentLimit), each with
    /// its outcome. The newest read of `key` wins.
    PendingCall recentActions(const QString &key, Reply<QList<ActionSummary>> reply) const;
    /// One action's messages as they are now, at most outcome::kMessagesLimit.
    PendingCall actionMessages(const QString &actionId, Reply<QList<ActionMessage>> reply) const;

private:
    DatabaseLink *m_link;
    SchemaProfile m_profile;
};

} // namespace om
