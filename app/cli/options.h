#pragma once
#include "core/audit/auditfilter.h"

#include <QString>
#include <optional>

namespace om::cli {

/// What the command line asked for, as plain values (QCommandLineParser stays inside parse()).
struct Options {
    enum class Mode { Window, Report, CheckProfile, Help, Version, ListProfiles, Error };
    Mode mode = Mode::Window;
    QString text;                  ///< Help/Version: what to print; Error: the one-line message

    QString conninfo;
    bool connectGiven = false;
    bool readOnly = false;
    QString profile = QStringLiteral("app_outbox");
    std::optional<double> intervalSeconds;
    QString screenshotFile;
    double screenshotDelaySeconds = 8;
    int tab = 0;
    std::optional<AuditFilter> auditFilter; ///< only the fields --audit-filter named are set
    QString reportFile;
    QString checkProfile;          ///< --check-profile: the profile (file or built-in id) to check
    double reportHours = 24;
    bool verbose = false;
};

} // namespace om::cli
