// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace om {

/// A dynamic property that WindowState sets (true) on a splitter whose handles it put back where
/// the operator left them for this connection. A view that splits its room by share on first show
/// leaves such a splitter alone: its default would otherwise replace the operator's own split.
inline constexpr const char *kRestoredSplitProperty = "omRestoredSplit";

} // namespace om
