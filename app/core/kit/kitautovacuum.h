// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om::kit {

/// `ALTER TABLE <qualifiedTable> SET (...)` (three lines, no semicolon): autovacuum and analyze
/// after a fixed amount of churn whatever the table's size, so that the monitoring indexes'
/// index-only scans stay index-only (a fresh visibility map) and the estimated counts of the big
/// terminal states stay fresh (fresh statistics). The printed kit only recommends it (it never
/// alters the user's table); the seed tables' kit file applies it.
QString autovacuumSettingsSql(const QString &qualifiedTable);

/// The same settings as PL/pgSQL statements for a DO block, each line starting with `indent`: on
/// the table itself, or on each of its leaf partitions when it is partitioned (a partitioned
/// table takes no storage parameters: "unrecognized parameter").
QString autovacuumSettingsBlock(const QString &qualifiedTable, const QString &indent);

} // namespace om::kit
