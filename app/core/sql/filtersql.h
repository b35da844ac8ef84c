// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/model/listfilter.h"

#include <QString>
#include <QVariantList>

namespace om {

/// Appends the filter's values to `params` and returns the WHERE condition that refers to them
/// as $n (n continuing from params.size() on entry). Never inlines a user's value. Shared by the
/// triage lists, their counts and the actions over "everything matching the filter".
QString buildWhere(const SchemaProfile &profile, const ListFilter &filter, QVariantList &params);

} // namespace om
