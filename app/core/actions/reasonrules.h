// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QCoreApplication>
#include <QString>

namespace om {

/// The rules a reason (and ticket) must follow before an action may run. Shared by the reason
/// dialog (live feedback) and the runner (second guard), so both say the same thing.
struct ReasonRules {
    Q_DECLARE_TR_FUNCTIONS(ReasonRules)
public:
    int minLength = 10;   ///< team setting (characters after trimming)
    int maxLength = 1000; ///< what the audit column holds (profile.audit.reasonMaxLength)
    int ticketMaxLength = 100;

    /// "" when `reason` (as typed; it is trimmed here) is acceptable, else a message saying why.
    QString checkReason(const QString &reason) const;
    /// "" when `ticket` (optional) is acceptable.
    QString checkTicket(const QString &ticket) const;
    /// Characters as the operator sees them (a surrogate pair counts once, like varchar(n)).
    static int length(const QString &s);
    /// True for C0/C1 control characters (tabs and newlines included: the audit trail is shown
    /// and exported one line per row) and invisible bidi / BOM characters.
    static bool hasControlCharacters(const QString &s);
};

} // namespace om
