// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/savedconnection.h"

#include <QCoreApplication>
#include <QStringList>

namespace om {

class SavedConnections;

/// What an import from the service files did, for the operator to read.
struct ServiceImportResult {
    QStringList added;        ///< names of the connections saved
    QStringList alreadySaved; ///< services a saved connection already leads to (service=NAME)
    QStringList refused;      ///< one line per service that could not be saved, and why
    QStringList skippedLines; ///< the service files' own problems (unreadable file, lines libpq skips)
    /// A few lines for a message box: what was added, what was not and why.
    QString summary() const;
};

/// Saves one connection per pg_service.conf service that no saved connection leads to yet
/// ("service=NAME", named after the service, `profile` as table profile). The environment is
/// taken from the name only when a word of it says so (Environments::fromName); otherwise it is
/// left unset, for the operator to choose, never guessed.
class ServiceImport {
    Q_DECLARE_TR_FUNCTIONS(om::ServiceImport)
public:
    static ServiceImportResult run(SavedConnections &store, const QString &profile = QStringLiteral("app_outbox"));
};

} // namespace om
