// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/actionoutcome.h"

namespace om {

namespace {
qint64 sumOfRole(const QMap<QString, qint64> &counts, const SchemaProfile &profile, const QString &role) {
    qint64 n = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (const StateDef *s = profile.state(it.key()); s && s->role == role)
            n += it.value();
    return n;
}
} // namespace

qint64 ActionOutcome::inRole(const SchemaProfile &profile, const QString &role) const {
    return sumOfRole(byState, profile, role);
}

qint64 ActionOutcome::stuckInRole(const SchemaProfile &profile, const QString &role) const {
    return sumOfRole(stuckByState, profile, role);
}

qint64 ActionOutcome::archivedInRole(const SchemaProfile &profile, const QString &role) const {
    return sumOfRole(archivedByState, profile, role);
}

} // namespace om
