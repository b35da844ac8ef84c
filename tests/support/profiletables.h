// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the tests get each profile's table: one lookup for every profile file of the source tree
// (the built-ins, tests/profiles/, tests/support/profiles/), so that a test over all of them
// creates each table the way the test written for that table does, and a new profile without a
// table here is named instead of being passed over.
#include <QString>
#include <QStringList>

namespace om::test {

/// lib_outbox as tst_conditionstates creates it, without its audit table (the kit creates it).
inline const char *const kLibOutboxDdl =
    "CREATE TABLE lib_outbox (id bigserial PRIMARY KEY, aggregate_id text NOT NULL, event_type text NOT NULL, payload jsonb, "
    "created_at timestamptz NOT NULL DEFAULT now(), processed_at timestamptz, abandoned_at timestamptz, "
    "locked_until timestamptz, attempts int NOT NULL DEFAULT 0, last_error text)";

/// How to make one profile's table in a fresh database: files of resources/sql/ to give
/// TestDatabase::create (the seeds), then `ddl` (may be empty). `known` is false for a profile id
/// this lookup has no table for.
struct ProfileTable {
    bool known = false;
    QStringList seedFiles;
    QString ddl;
};

/// The table of the profile whose "id" is `profileId`.
ProfileTable profileTable(const QString &profileId);

/// Every profile file on disk, relative to the source tree's root and sorted:
/// resources/profiles/*.json, tests/profiles/*.json and tests/support/profiles/**/*.json.
QStringList profileFilesOnDisk();

} // namespace om::test
