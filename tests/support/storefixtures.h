// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Local history files as other releases leave them, for the tests of the store's version: one of
// the release before versions existed (its exact tables, no version), and one a newer release
// marked with a version this build does not know.
#include <QByteArray>
#include <QString>
#include <QStringList>

namespace om::test {

/// Writes a history file at `path` exactly as the release before store versions did: its
/// pragmas and its CREATE statements, word for word, and no user version; then rows in every
/// table through plain SQL: for connection "conn-A" and profile "app_outbox", the metrics
/// "state:PENDING" (10 and 11) and "waiting" (3 and 4) at kOldStoreT0 and 5 s later with their
/// minute's rollup, and two flow buckets of 60 s from kOldStoreFlowFromS with the span they lie
/// in. False and `error` when SQLite refused something.
bool writeReleaseBeforeVersionsStore(const QString &path, QString *error);
constexpr qint64 kOldStoreT0 = 1700000000000;     ///< ms, the old store's first sample
constexpr qint64 kOldStoreFlowFromS = 1700000040; ///< s, the old store's first flow bucket (a whole minute)
/// Every row of the five tables of the file at `path`, one line each ("table|v1|v2…"), in key
/// order: what a test compares before and after an upgrade.
QStringList dumpStore(const QString &path);

/// Marks the history file at `path` (made by this build) as written by a newer release: a table
/// this build does not know and the user version `version`, committed and checkpointed into the
/// file, the connection closed. False and `error` when SQLite refused something.
bool markWrittenByNewerRelease(const QString &path, int version, QString *error);

/// The bytes of `path` (empty when it cannot be read).
QByteArray fileBytes(const QString &path);

} // namespace om::test
