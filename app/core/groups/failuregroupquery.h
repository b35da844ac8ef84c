// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/failuregroup.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

namespace om {

class PgSession;

/// How many failure groups the incident report lists (the largest).
inline constexpr int kReportFailureGroups = 20;

/// Reads a table's failure groups (core/sql/failuregroupsql) on the caller's session: the
/// Monitor lane's thread in the application, never the GUI thread.
class FailureGroupQuery {
public:
    explicit FailureGroupQuery(SchemaProfile profile) : m_profile(std::move(profile)) {}

    /// How many groups one reading returns at most.
    static constexpr int kMaxGroups = 200;

    /// True when the profile has failed states and an error text column.
    bool available() const;
    /// The groups, largest first (at most `limit`); `available` false and no groups when the
    /// profile has none.
    FailureGroups read(PgSession &session, int limit = kMaxGroups) const;
    /// The groups of the failed messages last seen within [fromS, toS) (epoch seconds): the
    /// incident report's section, from the table itself.
    FailureGroups readBetween(PgSession &session, qint64 fromS, qint64 toS, int limit = kMaxGroups) const;
    /// The rows of a result as groups (shared with the incident report's section).
    static QList<FailureGroup> fromRows(const QList<QVariantList> &rows);

private:
    /// Runs `st` (asking for limit + 1 groups) unless the profile has no groups.
    FailureGroups run(PgSession &session, const sql::Statement &st, int limit) const;
    SchemaProfile m_profile;
};

} // namespace om
