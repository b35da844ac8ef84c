// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QStringList>

namespace om::storeschema {

/// The version of the local store's tables that this build reads and writes, kept in the file's
/// own header as SQLite's user version (`PRAGMA user_version`). One number for the whole file:
/// the history (HistoryStore) and the flow cache (FlowStore) share it, each through a connection
/// of its own, and one upgrade takes both tables' sets forward together.
///
/// Version 0 is a file without it: a new, empty file, or one written by the release before
/// versions existed, whose tables are exactly version 1's (created with IF NOT EXISTS, so that
/// such a file keeps its rows and only gains the number). A later change of the tables adds a step
/// to upgradeFrom() and raises kVersion; a file with a higher number than kVersion was written by
/// a newer release and is refused unread (sqlite::open).
constexpr int kVersion = 1;

/// The statements that take a file of version `from` to `from + 1` (0 <= from < kVersion). They
/// run in one transaction with the new version number, so a file is at one version or the next,
/// never between.
QStringList upgradeFrom(int from);

} // namespace om::storeschema
