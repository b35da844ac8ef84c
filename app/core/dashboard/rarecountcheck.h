// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QJsonObject>
#include <QStringList>

namespace om {

class PgSession;

/// Which terminal states of a profile an index can count without reading the table: asked of
/// the planner once per connection (EXPLAIN, nothing runs), so that SnapshotQuery counts those
/// states exactly while they are rare (SnapshotQuery::setIndexedTerminalStates) and estimates
/// the others.
class RareCountCheck {
public:
    explicit RareCountCheck(SchemaProfile profile) : m_profile(std::move(profile)) {}
    /// The terminal states whose count an index serves, in the profile's order.
    QStringList indexServedStates(PgSession &session) const;
    /// Pure plan walk (for tests): true when the plan of a count reads the profile's table only
    /// through an index that holds just the state's rows (no Seq Scan, no scan that filters).
    bool servedByIndex(const QJsonObject &plan) const;
    /// The same for a table whose rows lie in the relations named `leaves` (sql::leafNames): a
    /// partitioned table's plan reads its partitions, each under its own name.
    bool servedByIndex(const QJsonObject &plan, const QStringList &leaves) const;

private:
    bool nodeServed(const QJsonObject &node, const QStringList &leaves) const;
    SchemaProfile m_profile;
};

} // namespace om
