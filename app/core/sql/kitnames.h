// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om::kit {

/// The schema the kit keeps what it creates for itself (an audit table for a table that has none).
inline QString kitSchema() { return QStringLiteral("outbox_monitor"); }

/// `<base>_<suffix>` as PostgreSQL would keep it: at most 63 bytes. A longer one is cut at a
/// character boundary from the end of `base`, so that the suffix (what the object is for)
/// survives, and gets 8 hex digits of a hash of the whole name before the suffix: two long table
/// names that begin alike would otherwise share one kit audit table or one index name. Unquoted.
QString objectName(const QString &base, const QString &suffix);

/// `<prefix><name>` as PostgreSQL would keep it: at most 63 bytes. A longer one is cut at a
/// character boundary and ends in `_` and 8 hex digits of a hash of the whole name, so that the
/// kit's functions of two long table names that begin alike stay two functions (one replacing
/// the other would make actions on one table change the other's rows). Unquoted.
QString prefixedName(const QString &prefix, const QString &name);

/// `text` fit for the inside of a `--` comment: line breaks and other control characters become
/// spaces, so that a profile's name can never end the comment and start a statement.
QString commentText(const QString &text);

} // namespace om::kit
