// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>

namespace om::kit {

/// The kit's part for failure groups (failed rows grouped by what their error says, numbers and ids
/// masked, so that one cause shows as one line): the IMMUTABLE function
/// outbox_monitor.error_fingerprint(text) (sql::fingerprintFunctionSql) and the partial index on
/// (fingerprint, code) over the failed rows (sql::failureGroupIndex), with their comment. Only the
/// function's comment when the profile has no failed state with an error text.
QString failureGroupSection(const SchemaProfile &profile);

/// The text of resources/sql/kit/failure_groups.sql (install.sql applies it to the seed tables):
/// the function and the index of each seed profile that has failure groups, each index created only
/// when its table exists. tests/db/tst_failuregroups fails when the file differs, and
/// OM_REGENERATE_KIT=1 rewrites it.
QString seedFailureGroupsFile();

} // namespace om::kit
