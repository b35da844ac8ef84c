// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"
#include "core/model/actionserver.h"
#include "core/model/listfilter.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QUuid>
#include <optional>

namespace om {

/// What the operator asked for: one action of the profile (retry / cancel / recoverStuck) on
/// explicit message ids, on everything matching a filter, or on the ids the operator confirmed
/// narrowed again by the filter (the controller's way: the ids are what the dialog counted, the
/// filter is re-checked as a guard).
struct ActionRequest {
    QString action;                   ///< key of SchemaProfile::actions: retry | cancel | recoverStuck
    QList<MessageId> ids;             ///< empty together with `filter` unset: nothing to do
    std::optional<ListFilter> filter; ///< rows must (still) match it
    QString reason;                   ///< already validated and trimmed (ReasonRules)
    QString ticket;                   ///< optional incident / ticket reference
    QString osUser;                   ///< operator's workstation account (bound, never trusted for auth)
    QString host;                     ///< workstation host name
    QString appVersion;
    int stuckTimeoutMinutes = -1; ///< recoverStuck: -1 = the profile's default
    QUuid actionId;               ///< one per dialog, written into every audit row by the database
    /// The server whose counts the operator confirmed (the preview's). The action refuses to run
    /// on a server that holds other data; on the same data elsewhere (a promoted standby) it runs,
    /// and its result says where. Unknown: not checked.
    ActionServer confirmedOn;

    bool hasTarget() const { return !ids.isEmpty() || filter.has_value(); }
    /// Fills osUser / host / appVersion from this process and machine.
    void fillWorkstation();
};

/// What an action would touch right now: shown in the reason dialog before anything changes.
struct ActionPreview {
    qint64 eligible = 0;          ///< rows in the action's `from` states (and past the timeout)
    qint64 requested = 0;         ///< ids asked for, or rows matching the filter in any state
    QList<MessageId> eligibleIds; ///< the ids the action would change (capped at `cap`)
    QStringList sampleKeys;       ///< message keys of the first few eligible rows
    bool truncated = false;       ///< more eligible rows than `cap`: narrow the filter first
    ActionServer server;          ///< where it was counted
};

} // namespace om

Q_DECLARE_METATYPE(om::ActionRequest)
Q_DECLARE_METATYPE(om::ActionPreview)
