// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om::kit {

/// The text of resources/sql/kit/monitoring_indexes.sql (install.sql applies it to the seed
/// tables): for each seed table that exists, the monitoring and flow indexes that
/// `outbox-monitor --print-kit` writes for its built-in profile (kit::monitoringIndexes,
/// kit::flowIndexes), each with the query it serves, and the autovacuum settings that the printed
/// kit only recommends (kit::autovacuumSettingsSql). Indexes an earlier kit file made under other
/// names are renamed to these, so that applying it to such a database builds nothing twice.
/// tests/unit/tst_kitfiles fails when the file differs, and OM_REGENERATE_KIT=1 rewrites it.
QString seedMonitoringIndexesFile();

} // namespace om::kit
