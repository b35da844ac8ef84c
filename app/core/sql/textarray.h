// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QStringList>

namespace om::sql {

/// A PostgreSQL text[] literal of `values` ({"a","b\"c"}), each element quoted, for binding as one
/// parameter (`= ANY($1::text[])`).
QString textArrayLiteral(const QStringList &values);

} // namespace om::sql
