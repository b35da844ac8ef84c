// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/profile/statecondition.h"

namespace om {

/// Whether an action's "set" of one column makes condition `c` on that column true for the row it
/// changes, from the next transaction on (the reads that count and list it). Values compare by
/// kind: text with text, true/false with true/false, and numbers numerically, a number also with
/// a text that spells the same number (the column's type converts one into the other the same
/// way both ways). "now" is the action's transaction time: every later transaction's now() is
/// after it, so it satisfies "before now" and "before now + x"; "after now - x" holds only for x
/// after the action, and is taken as satisfied (the state the action moves the row to).
bool setSatisfies(const SetClause &set, const StateCondition &c);

} // namespace om
