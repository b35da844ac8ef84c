// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/snapshot.h"

#include <QMap>
#include <QString>

namespace om {

/// The number each dashboard tile compares with its thresholds, keyed like the tiles and the
/// thresholds ("state:FAILED", "oldest" in seconds, "stuck", "nearMax", "blocked", "slot" in
/// bytes). One place for both the tiles' colours and the desktop alerts, so that a notification
/// never disagrees with the tile it names. Tiles the snapshot does not have are absent.
QMap<QString, double> tileValues(const Snapshot &s);

} // namespace om
