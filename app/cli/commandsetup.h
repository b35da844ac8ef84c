// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "cli/options.h"
#include "core/profile/schemaprofile.h"

#include <QString>
#include <cstdio>
#include <functional>
#include <optional>

class QCoreApplication;

namespace om::cli {

/// What the commands without a window share (--check-profile, --report-pdf, --print-kit), in one
/// place: their output and errors, and their start.

/// Writes `text` as UTF-8 and flushes (a pipe or a file sees it at once).
void print(FILE *to, const QString &text);
/// "outbox-monitor: <message>" on stderr; returns 2, the status of a command that could not run.
int fail(const QString &message);

/// The start of a command: the application's identity and translations on `app`, then, when
/// `connectOption` is given (e.g. "--check-profile"), a database named by --connect or the
/// environment and a connection string libpq accepts, then the profile `idOrFile` (a built-in id
/// or a JSON file). nullopt after saying on stderr what is wrong (the profile parser's
/// file:line: message for a malformed file); the command then exits 2. A profile file the
/// parser refuses is handed to `fallback` first, when given: its profile, if any, is used.
using ProfileFallback = std::function<std::optional<SchemaProfile>(const QString &file)>;
std::optional<SchemaProfile> startCommand(QCoreApplication &app, const Options &o, const QString &idOrFile,
                                          const QString &connectOption = {}, const ProfileFallback &fallback = {});

} // namespace om::cli
