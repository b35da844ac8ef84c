// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace om {

/// What a table's retries column counts, when it moves, and what its maximum bounds (the
/// profile's "retries"). Libraries differ: one counts every attempt as a worker claims the row,
/// another counts failures as they happen; one's maximum is of attempts, another's of retries
/// after the first. "On its last try" and "one short" follow from these three (core/sql/retrysql).
/// The defaults are the rule the program had before the profile could say: failures, counted when
/// an attempt fails, the maximum a number of retries (the last try is when retries = maximum).
struct RetryCounting {
    enum class Counts {
        Failures, ///< failed attempts
        Attempts  ///< attempts started
    };
    enum class MovesAt {
        Failure, ///< when an attempt fails
        Claim    ///< when a worker claims the row: the running attempt is already counted
    };
    enum class Limit {
        Retries, ///< the maximum is of retries after the first attempt: maximum + 1 attempts
        Attempts ///< the maximum is of attempts in all
    };
    Counts counts = Counts::Failures;
    MovesAt movesAt = MovesAt::Failure;
    Limit limit = Limit::Retries;
};

} // namespace om
