// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/actions/actionrunner.h"
#include "core/actions/privileges.h"
#include "link/lane.h"
#include "link/pendingcall.h"

#include <memory>

namespace om {

class DatabaseLink;

/// What the action flow and the access line ask of the database: a preview of an action, the
/// action itself, the recheck of one whose COMMIT went unanswered, and whether the role may act.
/// The action and its recheck run on the Action lane, which has no watchdog: ending a connection
/// at COMMIT would leave the operator not knowing whether it happened.
class ActionService {
public:
    ActionService(DatabaseLink *link, SchemaProfile profile);

    /// Counts what `request` would change now, with at most `cap` ids. Read from the server the
    /// action would run on when the window reads a standby (its numbers may lag), else on the
    /// Browse lane, so that the Action lane stays free.
    PendingCall preview(const ActionRequest &request, int cap, Reply<ActionPreview> reply) const;
    /// Runs the action in one transaction. `progress` says where it is (cancel while it rolls back).
    PendingCall run(const ActionRequest &request, std::shared_ptr<ActionProgress> progress,
                    Reply<ActionResult> reply) const;
    /// On a new connection: did transaction `xid` of action `actionId` commit?
    PendingCall recheck(const QUuid &actionId, qint64 xid, Reply<ActionRecheck> reply) const;
    /// Whether the role may run the profile's actions, asked on `lane`.
    PendingCall privileges(Lane lane, Reply<Privileges> reply) const;

private:
    DatabaseLink *m_link;
    SchemaProfile m_profile;
};

} // namespace om
