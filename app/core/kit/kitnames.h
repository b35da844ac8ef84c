#pragma once
#include <QString>

namespace om::kit {

/// The schema the kit keeps what it creates for itself (an audit table for a table that has none).
inline QString kitSchema() { return QStringLiteral("outbox_monitor"); }

/// `<base>_<suffix>` as PostgreSQL would keep it: at most 63 bytes, cut at a character boundary
/// from the end of `base` so that the suffix (what the object is for) survives. Unquoted.
QString objectName(const QString &base, const QString &suffix);

/// `text` fit for the inside of a `--` comment: line breaks and other control characters become
/// spaces, so that a profile's name can never end the comment and start a statement.
QString commentText(const QString &text);

} // namespace om::kit
