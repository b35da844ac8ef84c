// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om::sql {

/// Quotes an identifier from a profile (never from a user's free text): "name", with " doubled.
/// Below every other tier: a profile names its table and columns quoted (SchemaProfile::col), and
/// every SQL builder quotes the same way through core/sql/sqltext.h, which includes this.
QString quoteIdentifier(const QString &name);

} // namespace om::sql
