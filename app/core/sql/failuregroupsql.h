// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

#include <QString>
#include <QStringList>
#include <QVariant>

namespace om::sql {

/// Failure groups: the failed (and retrying) rows grouped by error code and the
/// fingerprint of their error text (fingerprintsql.h).

/// Which of the profile's columns a failure group is made of (logical names, "" = none).
struct FailureGroupSource {
    QStringList states;   ///< the profile's "failed" states (failed and retrying)
    QString errorCode;    ///< "errorCode" when mapped
    QString errorMessage; ///< "errorMessage" when mapped: without it there are no groups
    QString destination;  ///< "destination", else "type" (a work item's job), else ""
    QString seenAt;       ///< first/last seen: "failedAt", else "updatedAt", else "createdAt"
    bool available() const { return !states.isEmpty() && !errorMessage.isEmpty(); }
};
FailureGroupSource failureGroupSource(const SchemaProfile &profile);

/// How many destinations a group row names (the rest is counted only).
inline constexpr int kGroupDestinationsShown = 3;

/// The groups, largest first, at most $1 (`limit`). Rows: code (text, NULL when unmapped or
/// empty), fingerprint (text, NULL for rows without error text), messages (bigint),
/// destinations (a JSON array of text: the first kGroupDestinationsShown by name), destination_count (bigint),
/// first_s, last_s (epoch seconds, float8). Rows whose texts fit the kit's index
/// (failureGroupIndex) are read from it alone; the others are fingerprinted at query time.
Statement failureGroups(const SchemaProfile &profile, int limit);
/// The groups of the failed rows last seen (seenAt) within [$2, $3) (epoch seconds): the incident
/// report's, from the table itself.
Statement failureGroupsBetween(const SchemaProfile &profile, qint64 fromS, qint64 toS, int limit);
/// The same groups computed the naive way (the regex chain over every failed row, one GROUP BY):
/// the benchmark's baseline.
Statement failureGroupsNaive(const SchemaProfile &profile, int limit);

/// The rows of one group: the failed states, the same fingerprint and the same code (NULL
/// matches NULL). Binds the two values into `params` and returns the predicate: "id IN" the
/// group's ids as the kit's two indexes find them (Triage's list, its count, the group actions).
QString failureGroupPredicate(const SchemaProfile &profile, QVariantList &params, const QVariant &code,
                              const QVariant &fingerprint);

/// The kit's index for failureGroups: (fingerprint(errorMessage), errorCode) over the failed
/// rows whose texts are short enough for a B-tree entry, INCLUDE what an index-only scan needs.
/// "" when the profile has no groups or no partial predicate narrows the failed rows.
QString failureGroupIndex(const SchemaProfile &profile);
/// The kit's index of the failed rows that failureGroupIndex leaves out (their texts too long):
/// usually empty, it spares the groups a walk over every failed row to find them. "" as above.
QString failureGroupLongIndex(const SchemaProfile &profile);
/// The index's name (unquoted).
QString failureGroupIndexName(const SchemaProfile &profile);

} // namespace om::sql
