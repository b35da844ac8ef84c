// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/failuregrouptext.h"
#include "core/common/countformat.h"


namespace om {

QString FailureGroupText::error(const FailureGroupKey &g) {
    return g.fingerprint.isNull() ? tr("(no error text)") : g.fingerprint.toString();
}

QString FailureGroupText::code(const FailureGroupKey &g) {
    return g.code.isNull() ? tr("(no code)") : g.code.toString();
}

QString FailureGroupText::name(const FailureGroupKey &g, int maxErrorChars) {
    QString e = error(g);
    if (e.size() > maxErrorChars)
        e = e.left(qMax(0, maxErrorChars - 1)) + QStringLiteral("…");
    return tr("failure group %1 · '%2'").arg(code(g), e);
}

QString FailureGroupText::scope(const FailureGroup &g, int maxErrorChars) {
    return tr("%1 (%2 messages)").arg(name(g.key(), maxErrorChars), formatCount(g.messages));
}

QString FailureGroupText::auditReason(const QString &reason, const FailureGroupKey &g, int maxLength) {
    const QString r = reason.trimmed();
    // Untranslated: audit rows are read by whoever audits, in any language, and searched for.
    const QString code = g.code.isNull() ? QStringLiteral("(no code)") : g.code.toString();
    const QString error = g.fingerprint.isNull() ? QStringLiteral("(no error text)") : g.fingerprint.toString();
    // Shorten the group's error text until the whole fits; at worst the group goes.
    for (int chars = 200; chars >= 0; chars -= 10) {
        const QString e = error.size() > chars ? error.left(qMax(0, chars - 1)) + QStringLiteral("…") : error;
        const QString whole = QStringLiteral("%1 [failure group %2 · '%3']").arg(r, code, e);
        if (whole.size() <= maxLength)
            return whole;
    }
    return r;
}

QString FailureGroupText::distinct(const FailureGroups &groups) {
    if (groups.groups.isEmpty())
        return tr("No failures");
    qint64 messages = 0;
    for (const FailureGroup &g : groups.groups)
        messages += g.messages;
    const int n = int(groups.groups.size());
    return groups.truncated ? tr("At least %n distinct failure(s) (%1 messages)", nullptr, n).arg(formatCount(messages))
                            : tr("%n distinct failure(s) (%1 messages)", nullptr, n).arg(formatCount(messages));
}

QString FailureGroupText::destinations(const FailureGroup &g) {
    const QString shown = g.destinations.join(QLatin1String(", "));
    const qint64 more = g.destinationCount - g.destinations.size();
    return more > 0 ? tr("%1 and %2 more").arg(shown).arg(more) : shown;
}

} // namespace om
