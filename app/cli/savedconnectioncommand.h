// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "cli/options.h"
#include "core/connection/passwordkeychainanswer.h"

#include <QString>

namespace om::cli {

/// --connection NAME: fills `o` with the saved connection (its string, profile, read-only, which
/// adds to --read-only, and the connection itself for the window's environment band). Returns ""
/// when found or when --connection was not given; otherwise the refusal, naming the saved ones.
QString applySavedConnection(Options &o);

/// The password the OS keychain keeps for `connInfo` (the entry the connection dialog's "Remember
/// password" writes); "" when there is none, no keychain, or no answer within `timeoutMs`. Called
/// before any window exists: it waits in a local event loop for the keychain daemon (local D-Bus,
/// never the network). The password goes to libpq only. `answer`, when given, gets what the
/// keychain answered (NoAnswer after `timeoutMs`).
QString keychainPassword(const QString &connInfo, int timeoutMs = 3000, KeychainAnswer *answer = nullptr);

/// --list-connections: one line per saved connection, "name<TAB>environment<TAB>where it leads"
/// (ConnectionInfo::describe: never a password); a line saying there are none otherwise.
QString listSavedConnections();

} // namespace om::cli
