// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/auditfilter.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

#include <QStringList>

namespace om::sql {

/// What became of an action's messages: each action id's messages (distinct message
/// ids of its audit rows, found through the audit table's action-id index) looked up by primary
/// key in the message table, and counted by the state they are in now.

/// The actions (one per action id) whose audit rows the filter selects (range, ticket, action,
/// operator; the key filter is not used), newest first, at most `limit`; with `recentSeconds` > 0
/// only those whose first row is newer than now() minus that many seconds. Columns: action id,
/// action, db user, OS user, host, ticket, first changed-at epoch, distinct messages.
Statement actionHeaders(const SchemaProfile &profile, const AuditFilter &filter, int recentSeconds, int limit);

/// The outcome of each action in `actionIds` (uuid texts). Rows of two kinds:
/// 's': action id, found (1, or 0 for messages gone from the table), current state (NULL when
///      gone or matching no state), messages, of them still stuck (stuck state past the timeout,
///      $2 minutes), first changed-at epoch, longest seconds from the action to a finished time
///      at or after it (NULL when the table keeps no finished time: flowSources), NULL;
/// 'e': action id, 1, NULL, messages, 0, NULL, NULL, the most frequent error (code, else text)
///      among its messages in a failed-role state (one row per action that has one).
Statement actionOutcomes(const SchemaProfile &profile, const QStringList &actionIds, int stuckTimeoutMinutes);

/// Whether the audit table has the action-id column (the kit's action function adds it; a database
/// without the kit has audit rows but no action ids). One row: 1 or 0.
Statement actionIdColumnExists(const SchemaProfile &profile);

/// One action's messages with their current state, ordered by id, at most `limit`. Columns:
/// message id, key, state (NULL when gone), found (1/0), error (code: text), seconds since the
/// message's last update (NULL without updatedAt).
Statement actionMessages(const SchemaProfile &profile, const QString &actionId, int limit);

} // namespace om::sql
