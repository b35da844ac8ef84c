// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

class HistoryStore;

/// Which key a connection's local store (history, dashboard settings, saved filters) uses. The
/// key is the server's identity (ServerIdentity::storeKey), learnt by connecting; until a
/// connection string has been identified once, its text key (ConnectionInfo::storeKey) stands in.
/// The identity learnt for a text key is remembered in the settings, so that the next start
/// opens under it at once, before the server answers (or while it is down).
namespace StoreKeys {

/// The identity key learnt for `textKey` ("" when never identified).
QString remembered(const QString &textKey);
void remember(const QString &textKey, const QString &identityKey);
/// The key to open with: the remembered identity key, else `textKey`.
QString forStart(const QString &textKey);
/// A connection keyed by its identity for the first time keeps what it gathered under its text
/// key (history from before this version, or from a start while the server was down): moved to
/// `identityKey` when that has nothing yet. Never from another identity key: another server's
/// history is not this one's. `store` may be null (settings only).
void adopt(HistoryStore *store, const QString &textKey, const QString &identityKey);

} // namespace StoreKeys
} // namespace om
