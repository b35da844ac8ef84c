// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the tests that take a profile from its bare table to every action need: a row in a given
// state made from the profile's own conditions and the table's catalog, the kit applied with psql
// in one transaction, and each action (and the purge) called the program's way in a transaction
// that is rolled back, with what the database shows inside it.
#include "core/profile/schemaprofile.h"
#include "testdatabase.h"

#include <QString>

namespace om::test {

/// Inserts (and commits) one row of `p`'s table that is in `state`: the state's conditions are
/// met, `agedColumn` (a logical time column, "" for none) lies `minutesAgo` minutes in the past,
/// and every other NOT NULL column without a default gets a plain value of its type. Returns the
/// row's id as text, or "" with `*why` set when no such row could be made.
QString insertRowInState(TestDatabase &db, const SchemaProfile &p, const QString &state, const QString &agedColumn, int minutesAgo,
                         QString *why);

/// psql -X -v ON_ERROR_STOP=1 -1 -f: the script in one transaction, as the kit's header says to
/// apply it. Returns psql's output; `*ok` says whether it exited 0.
QString psqlApplyInOneTransaction(TestDatabase &db, const QString &script, bool *ok);

/// The value `sql::stateExpression(p)` gives a row in `state`.
QString stateExpressionValue(const SchemaProfile &p, const QString &state);

/// Calls `action` on row `rowId` through the program's action path (ActionRunner's call of the
/// kit's function) as `login`, in a transaction that is rolled back. Inside it the row must be in
/// the action's target state and carry one audit row of this action; after the rollback the row
/// and the audit table must be as before. And ActionRunner::run itself, stopped before its COMMIT,
/// must change the row too. Returns "" when all of that holds, else what did not (a server error
/// with the statement). `p` is the profile as the kit installs it (kit::withKitAudit).
QString exerciseActionRolledBack(TestDatabase &db, const SchemaProfile &p, const QString &login, const QString &action,
                                 const QString &rowId);

/// The same for the kit's purge function: `rowId` is a row in a purge state older than a day; one
/// batch must delete it and write its audit row, and the rollback must bring it back.
QString exercisePurgeRolledBack(TestDatabase &db, const SchemaProfile &p, const QString &login, const QString &rowId);

/// Every action of `p` (and its purge) once, each on a row of its own made in one of its `from`
/// states: "" when all ran, else what failed, prefixed by the action.
QString exerciseEveryAction(TestDatabase &db, const SchemaProfile &p, const QString &login);

} // namespace om::test
