// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>

namespace om::sql {

/// Names for ids: where the table stores a type's or a destination's id and another table holds
/// its name (profile "lookups"), every place that shows, groups or filters by that column goes
/// through these, so that the operator reads "invoice.paid", never 17.

/// The name of `value` (an expression of the column's own type) in the column's lookup table:
/// NULL when there is none.
QString lookupName(const SchemaProfile &profile, const QString &logical, const QString &value);
/// `value` (an expression of the column's own type, e.g. the quoted column) as the text shown:
/// its lookup name, or the value itself as text when there is no lookup or no name for it.
QString shownValue(const SchemaProfile &profile, const QString &logical, const QString &value);
/// The same for a value already cast to text (a grouped key): compared with the lookup's id as
/// text, which only the few grouped rows need.
QString shownText(const SchemaProfile &profile, const QString &logical, const QString &text);
/// `column = ANY(names)` for a filter by the names shown (`namesParam`: a bound text[]): the ids
/// of those names, and the values shown as they are (ids without a name).
QString shownValueIn(const SchemaProfile &profile, const QString &logical, const QString &namesParam);

} // namespace om::sql
