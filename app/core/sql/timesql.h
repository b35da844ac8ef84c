// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>

namespace om::sql {

/// Every expression over a profile's time columns, in one place, whatever the column stores
/// (timestamptz; timestamp in the profile's zone; epoch seconds or milliseconds in an integer).
/// Ages are always measured from the server's now().

/// The column as a timestamptz (for display and arithmetic, never for a condition that should
/// use an index: see `timeCompare`).
QString timeValue(const SchemaProfile &profile, const QString &logical);
/// `raw` (an expression of the column's own type and unit, e.g. `min(created_at)`) as a timestamptz.
QString timeValueOf(const SchemaProfile &profile, const QString &logical, const QString &raw);
/// Seconds since the epoch as float8 (how times leave the server: `fromEpochSeconds`).
QString epochSeconds(const SchemaProfile &profile, const QString &logical);
/// Seconds between the column and the server's now() as float8.
QString ageSeconds(const SchemaProfile &profile, const QString &logical);
/// `column op bound` with `bound` (a timestamptz expression: now() - …, $3::timestamptz)
/// converted into the column's own unit, the column left bare: an index or a partial index on
/// the column still serves the condition. `op` is one of < <= > >=.
QString timeCompare(const SchemaProfile &profile, const QString &logical, const QString &op, const QString &bound);
/// The server's now() in the column's unit, for an assignment (`SET updated_at = …`).
QString timeNow(const SchemaProfile &profile, const QString &logical);

} // namespace om::sql
