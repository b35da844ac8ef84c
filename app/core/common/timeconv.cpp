// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/timeconv.h"

namespace om {

QDateTime fromEpochSeconds(const QVariant &seconds) {
    if (seconds.isNull())
        return {};
    return QDateTime::fromMSecsSinceEpoch(qRound64(seconds.toString().toDouble() * 1000.0), Qt::UTC);
}

QString isoUtc(const QDateTime &t) { return t.toUTC().toString(Qt::ISODateWithMs); }

} // namespace om
