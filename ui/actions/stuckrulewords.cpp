// SPDX-License-Identifier: GPL-3.0-or-later
#include "stuckrulewords.h"

#include <QStringList>

namespace om {

QString StuckRuleWords::clock(const SchemaProfile &p, const SchemaProfile::StuckClock &c, const QStringList &states, int minutes) {
    const QString names = states.join(QLatin1String(" / "));
    const QString since = p.column(c.since);
    const QString fallback = c.timeoutSeconds > 0 ? tr("%n s", nullptr, c.timeoutSeconds) : tr("%n min", nullptr, minutes);
    if (!c.timeoutColumn.isEmpty())
        return tr("in %1 (since %2) for longer than its own timeout (%3), or %4 without one").arg(names, since, p.column(c.timeoutColumn), fallback);
    return tr("in %1 (since %2) for more than %3").arg(names, since, fallback);
}

QString StuckRuleWords::rule(const SchemaProfile &p, const QStringList &states, int minutes) {
    QStringList parts;
    if (p.stuckClocks.size() == 1) {
        // One clock times every state the action takes (the plain "stuck" section).
        parts << clock(p, p.stuckClocks.first(), states, minutes);
    } else {
        for (const SchemaProfile::StuckClock &c : p.stuckClocks) {
            QStringList mine;
            for (const QString &s : states)
                if (c.states.contains(s))
                    mine << s;
            if (!mine.isEmpty())
                parts << clock(p, c, mine, minutes);
        }
    }
    return tr("stuck = %1, server clock").arg(parts.join(QLatin1String("; ")));
}

} // namespace om
