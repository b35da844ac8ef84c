// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/auditfilter.h"
#include "core/connection/savedconnection.h"

#include <QString>
#include <optional>

namespace om::cli {

/// What the command line asked for, as plain values (QCommandLineParser stays inside parse()).
struct Options {
    enum class Mode {
        Window,
        Fleet,
        Report,
        CheckProfile,
        PrintKit,
        Help,
        Version,
        ListProfiles,
        ListConnections,
        Error
    };
    Mode mode = Mode::Window;
    QString text; ///< Help/Version: what to print; Error: the one-line message

    QString conninfo;
    bool connectGiven = false;
    QString connectionName;               ///< --connection: a saved connection's name
    std::optional<SavedConnection> saved; ///< that connection, once found (cli/savedconnectioncommand)
    bool readOnly = false;
    PoolSetting pooling = PoolSetting::Auto; ///< --pooling (a saved connection's own, unless given)
    bool poolingGiven = false;
    QString profile = QStringLiteral("app_outbox");
    std::optional<double> intervalSeconds;
    QString screenshotFile;
    double screenshotDelaySeconds = 8;
    std::optional<int> tab;                 ///< --tab; unset: the tab this connection's window was left on (WindowState)
    std::optional<AuditFilter> auditFilter; ///< only the fields --audit-filter named are set
    QString reportFile;
    QString checkProfile; ///< --check-profile: the profile (file or built-in id) to check
    double reportHours = 24;
    QString auditorRole = QStringLiteral("outbox_auditor");   ///< --print-kit: the read-only group role
    QString operatorRole = QStringLiteral("outbox_operator"); ///< --print-kit: the operators' group role
    bool readPolicy = false;                                  ///< --print-kit --read-policy
    bool verbose = false;
};

} // namespace om::cli
