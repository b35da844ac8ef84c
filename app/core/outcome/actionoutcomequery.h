// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/auditfilter.h"
#include "core/model/actionoutcome.h"
#include "core/profile/schemaprofile.h"

#include <QStringList>

namespace om {

class PgSession;

/// Reads what became of actions (core/sql/outcomesql builds the statements). Every method runs
/// on a lane's thread and throws PgError.
class ActionOutcomeQuery {
public:
    explicit ActionOutcomeQuery(SchemaProfile profile) : m_profile(std::move(profile)) {}

    /// The outcome of each of `actionIds` (uuid texts) that has audit rows; one round trip.
    ActionOutcomes outcomes(PgSession &session, const QStringList &actionIds) const;
    /// The actions the filter selects (newest first, at most `limit`; with `recentSeconds` > 0
    /// only the last so many seconds by the server's clock), each with its outcome.
    QList<ActionSummary> actions(PgSession &session, const AuditFilter &filter, int recentSeconds, int limit) const;
    /// One action's messages as they are now, at most `limit`.
    QList<ActionMessage> messages(PgSession &session, const QString &actionId, int limit) const;

    /// Folds the outcome statement's rows into outcomes (public for the benchmark and tests).
    ActionOutcomes fold(const QList<QVariantList> &rows) const;

private:
    /// The profile maps an action id and the audit table has the column (a catalog lookup).
    bool followsActions(PgSession &session) const;

    SchemaProfile m_profile;
};

} // namespace om
