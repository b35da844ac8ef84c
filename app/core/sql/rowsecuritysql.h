// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

namespace om::sql {

/// Row-level security between the connected role and a table, as one JSON object (RowSecurity
/// reads it): enabled, forced, active (row_security_active), role, superuser, bypass, owner,
/// open_policy (a permissive read policy `USING (true)` that applies to the role) and restrictive
/// (restrictive read policies that apply to it). Catalog reads only; pg_policy is readable by
/// every role. `regclass` is SQL that yields the table's regclass.
QString rowSecurityObject(const QString &regclass);
/// The snapshot's column `row_security`: rowSecurityObject() of the profile's table.
QString rowSecurityColumn(const SchemaProfile &profile);
/// The snapshot's column `row_security_others`: a JSON array of {"table", "facts"} for every
/// other table the profile reads (SchemaProfile::readTables); NULL when it reads no other.
QString otherRowSecurityColumn(const SchemaProfile &profile);
/// One row, one column (the object above) for the table `qualifiedName` ($1); no row when it
/// does not exist.
Statement rowSecurityFacts(const QString &qualifiedName);

} // namespace om::sql
