// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/actions/reasonrules.h"

namespace om {

int ReasonRules::length(const QString &s) {
    // varchar(n) counts code points; QString::size() counts UTF-16 units (an emoji is 2).
    return int(s.toUcs4().size());
}

bool ReasonRules::hasControlCharacters(const QString &s) {
    for (const uint c : s.toUcs4()) {
        if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
            return true;
        // Bidi overrides and zero-width tricks would make an audit row read differently from
        // what it stores.
        if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0xfeff)
            return true;
    }
    return false;
}

QString ReasonRules::checkReason(const QString &reason) const {
    const QString t = reason.trimmed();
    if (t.isEmpty())
        return tr("A reason is required.");
    if (hasControlCharacters(t))
        return tr("The reason may not contain control characters (line breaks, tabs, ...).");
    const int n = length(t);
    if (n < minLength)
        return tr("The reason is too short: at least %1 characters, %2 so far.").arg(minLength).arg(n);
    if (n > maxLength)
        return tr("The reason is too long: at most %1 characters, %2 now.").arg(maxLength).arg(n);
    return {};
}

QString ReasonRules::checkTicket(const QString &ticket) const {
    const QString t = ticket.trimmed();
    if (hasControlCharacters(t))
        return tr("The ticket may not contain control characters.");
    if (length(t) > ticketMaxLength)
        return tr("The ticket is too long: at most %1 characters.").arg(ticketMaxLength);
    return {};
}

} // namespace om
