// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

#include <QString>

namespace om::sql {

/// The near-max rule, from what the profile says its retries column counts ("retries":
/// core/profile/retrycounting.h). With the counter r and the maximum M (the row's own or the
/// constant), the attempt that runs now (in an in-flight state) or next (any other state) is
/// number n, and the row is allowed T attempts in all:
///   n = r      when the counter moves at the claim and the row is in flight (already counted),
///   n = r + 1  otherwise;
///   T = M + 1  when the maximum is of retries, T = M when it is of attempts.
/// On its last try: n >= T (at or past the last attempt allowed); one short: n = T - 1. Both are
/// written as r >= M + k for each state's offset k, so that a partial index serves them.

/// The last-try offset k of a state: on its last try when r >= M + k.
int lastTryOffset(const SchemaProfile &profile, const QString &state);
/// The loose near-max bound, r >= M + (smallest k) - 1, exactly as the kit's near-max index
/// writes it: every near-max row meets it, and every near-max query includes it word for word.
QString nearMaxIndexCondition(const SchemaProfile &profile);
/// Rows of the near-max states that are on their last try or one short of it.
QString nearMaxCondition(const SchemaProfile &profile);
/// Rows of the near-max states on their last try (or past it).
QString lastTryCondition(const SchemaProfile &profile);

/// The check's evidence that "retries" describes the table, each counted up to `cap` rows: waiting
/// and in-flight rows of the near-max states past the last attempt allowed (n > T: the library would not have
/// run them, so the maximum is probably of retries), and rows of in-flight states whose counter
/// is 0 while the profile says it moves at the claim (it would be at least 1).
Statement rowsPastLimit(const SchemaProfile &profile, int cap);
Statement inFlightUncounted(const SchemaProfile &profile, int cap);

} // namespace om::sql
