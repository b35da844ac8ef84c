// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QMap>
#include <QString>

namespace om {

class PgSession;

/// The relations that hold the profile's rows, by the name an EXPLAIN plan gives them, with their
/// sizes in bytes: the table itself, the table a view reads ("base"), or the leaf partitions of a
/// partitioned table (core/sql/leafsql). A plan's scans are judged against these. Empty when the
/// table does not exist.
QMap<QString, qint64> tableLeaves(PgSession &session, const SchemaProfile &profile);

} // namespace om
