// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"
#include "core/profile/columntypes.h"

#include <QList>
#include <QString>

namespace om {

/// Message ids an operator pasted or typed ("1042, 1043 1050", one per line from a ticket).
struct IdList {
    QList<MessageId> ids; ///< in the order given, each once, spelled as the server prints them
    QString problem;      ///< empty when the text is a valid list (an empty text is valid: no ids)

    /// Parses ids separated by spaces, commas, semicolons or new lines, as the profile's id type
    /// spells them: a positive integer (bigint, integer), a UUID (any case, braces allowed; kept
    /// in the server's lower-case form) or a text id (no control characters, at most
    /// kMaxTextIdChars). A token that is not one, or more than `maxIds` ids, is a problem said in
    /// words; `ids` is then empty, so that a half-read list is never used as a filter or an
    /// action's target.
    static IdList parse(const QString &text, int maxIds, IdType type = IdType::BigInt);

    static constexpr int kMaxTextIdChars = 200;
};

} // namespace om
