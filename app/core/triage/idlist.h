#pragma once
#include <QList>
#include <QString>

namespace om {

/// Message ids an operator pasted or typed ("1042, 1043 1050", one per line from a ticket).
struct IdList {
    QList<qint64> ids;   ///< in the order given, each once
    QString problem;     ///< empty when the text is a valid list (an empty text is valid: no ids)

    /// Parses ids separated by spaces, commas, semicolons or new lines. A token that is not a
    /// positive integer, or more than `maxIds` ids, is a problem said in words; `ids` is then empty,
    /// so that a half-read list is never used as a filter or an action's target.
    static IdList parse(const QString &text, int maxIds);
};

} // namespace om
