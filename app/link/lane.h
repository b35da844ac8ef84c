// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QMetaType>

namespace om {

/// Each lane is one connection living in its own thread, so a slow list query never delays the
/// dashboard and an action never waits behind either.
enum class Lane {
    Monitor = 0,
    Browse = 1,
    Action = 2
};
constexpr int kLaneCount = 3;

} // namespace om

Q_DECLARE_METATYPE(om::Lane)
