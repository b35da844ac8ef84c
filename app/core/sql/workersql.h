// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

namespace om::sql {

/// In-flight work by worker ("where it stopped, and who stopped it"; the second source
/// design asks which worker stuck work stopped on and since when). Only for profiles whose
/// in-flight (stuck) states record the worker that holds a row (`lockedBy`); hasWorkerBreakdown()
/// says which.
bool hasWorkerBreakdown(const SchemaProfile &profile);

/// The snapshot's column `by_worker`: JSON, one object per worker holding rows in the stuck states,
/// {worker, n (rows held), stuck (held past the timeout `$1` minutes), age (seconds since the oldest
/// lock, server clock), what (up to three destinations, else types, it holds)}, the workers with
/// stuck rows first, then the busiest, at most `limit`. NULL::text when the profile has none.
/// The stuck states are the few in-flight rows, read through the kit's open-state index.
QString workerColumn(const SchemaProfile &profile, int limit);

} // namespace om::sql
