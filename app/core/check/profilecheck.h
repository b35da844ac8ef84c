// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/readsecurity.h"
#include "core/model/rowsecurity.h"
#include "core/dashboard/indexadvisor.h"
#include "core/profile/schemaprofile.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <functional>

namespace om {

struct LiveColumn;

class PgSession;

/// The path of the findings about row-level security (not a place in the profile: the table's
/// policies and the connected role decide it). The window shows them in their own banner.
inline constexpr char kRowSecurityPath[] = "rowSecurity";

/// One thing the check found, tied to the place in the profile it concerns.
struct ProfileFinding {
    enum class Severity {
        Error,
        Warning,
        Note
    };
    Severity severity = Severity::Error;
    /// JSON path in the profile: "columns.retries", "states[2]", "audit.table"; or
    /// kRowSecurityPath for what the table's row-level security does to the role's reads.
    QString path;
    QString message; ///< for the operator, one sentence
};

/// How many rows each state of the profile holds in the live table, and rows no state or more
/// than one state claims: the evidence that the states describe the table.
struct StateCoverage {
    bool measured = false;
    double samplePercent = 0; ///< 0: every row counted; else a TABLESAMPLE of that many percent of the pages
    qint64 tableRowsEstimate = 0;
    qint64 total = 0; ///< rows read (all, or the sample)
    QList<QPair<QString, qint64>> perState;
    qint64 inNoState = 0;
    qint64 inSeveralStates = 0;
};

struct ProfileCheckReport {
    QString table; ///< "schema"."table" the profile names
    QList<ProfileFinding> findings;
    StateCoverage coverage;
    IndexAdvice indexes;     ///< only when every column fits (EXPLAIN needs them)
    RowSecurity rowSecurity; ///< between the connected role and the table
    ReadSecurity readSecurity; ///< the same for every table the profile reads, the table first
    bool indexesChecked = false;

    int count(ProfileFinding::Severity s) const;
    bool ok() const { return count(ProfileFinding::Severity::Error) == 0; }
    /// The report for a terminal or a details box; `file` prefixes every finding's path, with the
    /// line the path is on when `lineOf` is given (JsonLocator::line of the profile's text).
    QStringList lines(const QString &file, const std::function<int(const QString &)> &lineOf = {}) const;
    /// One line for a banner: "2 problems, 1 warning: columns.retries: …" (the first error).
    QString summary() const;
};

/// Checks a profile against the live database, read-only and cheap enough for every connect:
/// the table and every mapped column exist, each column's type fits the part the profile gives it,
/// enum status values exist, the audit table and its columns exist, the states cover the table's
/// rows once each (counted, or sampled on big tables), the dashboard's snapshot is served by
/// indexes (EXPLAIN, via IndexAdvisor) and the kit's action function is installed. The count and
/// EXPLAIN only run when the columns fit, so that the check reports missing columns instead of
/// failing on them. Runs on a lane or in the command line, never on the GUI thread.
class ProfileCheck {
public:
    explicit ProfileCheck(SchemaProfile profile) : m_profile(std::move(profile)) {}
    ProfileCheckReport run(PgSession &session, int stuckTimeoutMinutes = -1) const;

    /// Above this many rows (planner estimate) the state coverage reads a sample of the table.
    static constexpr qint64 kSampleAboveRows = 1000000;
    /// About how many rows the sample reads.
    static constexpr qint64 kSampleRows = 300000;

private:
    void checkTable(PgSession &s, ProfileCheckReport &r, qint64 *rows) const;
    void checkColumns(PgSession &s, ProfileCheckReport &r) const;
    void checkAudit(PgSession &s, ProfileCheckReport &r) const;
    void checkArchive(PgSession &s, ProfileCheckReport &r) const;
    void checkArchiveStateColumns(const QList<LiveColumn> &cols, ProfileCheckReport &r) const;
    void checkLookups(PgSession &s, ProfileCheckReport &r) const;
    void checkCoverage(PgSession &s, ProfileCheckReport &r, qint64 rowsEstimate) const;
    void checkActions(PgSession &s, ProfileCheckReport &r) const;
    void checkRowSecurity(PgSession &s, ProfileCheckReport &r) const;
    void checkOtherRowSecurity(PgSession &s, ProfileCheckReport &r) const;

    SchemaProfile m_profile;
};

} // namespace om

Q_DECLARE_METATYPE(om::ProfileCheckReport)
