// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertwatch.h"

#include <algorithm>

namespace om {

int AlertWatch::levelWithHysteresis(const Threshold &t, int previous, double value) const {
    const int raw = t.levelOf(value);
    // Staying at a level already reached needs only the value above the level's limit less the
    // margin: 49 after a warning at 50 is still a warning, 44 is not.
    int kept = 0;
    for (int l = previous; l > raw; --l) {
        const double limit = limitOf(t, l);
        if (limit > 0 && value >= limit * (1.0 - m_options.hysteresis)) {
            kept = l;
            break;
        }
    }
    return std::max(raw, kept);
}

QList<AlertCrossing> AlertWatch::update(const QMap<QString, double> &values, const QMap<QString, Threshold> &thresholds,
                                        qint64 nowMs) {
    QList<AlertCrossing> out;
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        const Threshold t = thresholds.value(it.key());
        KeyState &state = m_keys[it.key()];
        const int level = levelWithHysteresis(t, state.level, it.value());
        if (level > state.level) {
            const std::optional<qint64> last = state.announcedMs[level];
            if (!last || nowMs - *last >= m_options.quietMs) {
                state.announcedMs[level] = nowMs;
                out.append({it.key(), level, it.value(), limitOf(t, level)});
            }
        }
        state.level = level;
    }
    return out;
}

int AlertWatch::worstLevel() const {
    int worst = 0;
    for (const KeyState &s : m_keys)
        worst = std::max(worst, s.level);
    return worst;
}

} // namespace om
