// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/actionrequest.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

#include <QUuid>

namespace om::sql {

/// The statements of one audited action (core/actions/ActionRunner runs them, in one transaction)
/// and of the privilege check. The change itself is the kit's function (ActionFunctionSql
/// generates it); these choose its arguments, count what it would touch and explain what it skipped.
/// Every function needs `request.action` to be an action of the profile.

/// The stuck timeout a request runs with: its own, else its filter's, else the profile's.
int actionStuckTimeout(const SchemaProfile &profile, const ActionRequest &request);
/// One row: transaction_read_only, txid_current() when the transaction may write, and the
/// server's place as serverPlace() has it (columns 3 to 5).
Statement transactionState();
/// One row: the cluster's system identifier, the database, and the server's address:port as it
/// sees itself ("local:5432" through a local socket). ActionServer's fields.
Statement serverPlace();
/// One value: the database's server_encoding.
Statement serverEncoding();
/// `SELECT $1::text`: fails when the database's encoding cannot hold `text`.
Statement textRoundTrip(const QString &text);
/// The call of the kit's function: the candidate ids are the request's ids, or
/// `ARRAY(SELECT ... WHERE <action guard> AND <filter>)` in the same statement (narrowed to the
/// request's ids when it has both). One column: the changed ids, ascending.
Statement actionCall(const SchemaProfile &profile, const ActionRequest &request);
/// For a request with ids: each requested id, whether the action may change it now, its key.
Statement previewIds(const SchemaProfile &profile, const ActionRequest &request);
/// For a request by filter: id, key and the total eligible count, at most `cap` rows by id.
Statement previewFilter(const SchemaProfile &profile, const ActionRequest &request, int cap);
/// After the change, for the requested ids in `rest` that did not change: id, exists, still
/// eligible (then it was locked), its state now.
Statement skippedIds(const SchemaProfile &profile, const ActionRequest &request, const QList<MessageId> &rest);
/// After a change by filter, the rows still eligible (locked): id, state, total; at most `cap`.
Statement skippedFilter(const SchemaProfile &profile, const ActionRequest &request, int cap);
/// On a new session after a lost COMMIT answer: txid_status(xid) (when xid > 0) and the ids of
/// the messages whose audit rows carry `actionId`, as an array literal.
Statement actionRecheck(const SchemaProfile &profile, const QUuid &actionId, qint64 xid);
/// One row: transaction_read_only, current_user, whether the kit's function of the profile
/// exists, and whether current_user may EXECUTE it.
Statement privilegeCheck(const SchemaProfile &profile);

} // namespace om::sql
