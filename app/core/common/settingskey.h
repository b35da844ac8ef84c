// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// The QSettings group that keeps what belongs to one connection under `section`:
/// "section/<connection key, percent-encoded>". A connection key holds '/' and ':'
/// (host:port/db/profile) and QSettings reads '/' as nesting; percent-encoding keeps it one level,
/// readable and reversible. Every per-connection setting uses this one encoding.
QString connectionSettingsGroup(const QString &section, const QString &connectionKey);
/// Copies every section's group of `from` to `to` where `to` has none in that section, and
/// removes `from`'s (StoreKeys::adopt: a connection's settings follow it to its identity key).
void adoptConnectionSettings(const QString &from, const QString &to);

} // namespace om
