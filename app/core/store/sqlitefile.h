// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

#include <initializer_list>

namespace om::sqlite {

/// Opens the local SQLite file `path` (its folder created when missing) as the Qt SQL connection
/// `connectionName` and runs `schema` (CREATE ... IF NOT EXISTS statements). The history and the
/// flow cache share one file, each through a connection of its own: WAL with synchronous=NORMAL
/// (an append costs no fsync of the whole file; a crash loses at most the last rows, never the
/// store) and a busy timeout, so that one waits for the other's write instead of failing.
/// False with `error` set when the file cannot be opened or a statement fails.
bool open(const QString &path, const QString &connectionName, std::initializer_list<const char *> schema, QString *error);

/// Closes and forgets the connection `open` made (nothing when there is none).
void close(const QString &connectionName);

} // namespace om::sqlite
