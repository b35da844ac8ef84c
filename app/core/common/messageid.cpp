// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/messageid.h"

namespace om {

MessageId MessageId::fromText(const QString &text) {
    MessageId id;
    id.m_text = text;
    bool ok = false;
    const qint64 n = text.toLongLong(&ok);
    // Only the server's own spelling of an integer ("42", never "+42" or "042") counts as one:
    // two ids equal as numbers are then also equal as text.
    if (ok && QString::number(n) == text) {
        id.m_number = n;
        id.m_isNumber = true;
    }
    return id;
}

bool operator<(const MessageId &a, const MessageId &b) {
    if (a.m_isNumber && b.m_isNumber)
        return a.m_number < b.m_number;
    if (a.m_isNumber != b.m_isNumber)
        return a.m_isNumber;
    return a.m_text < b.m_text;
}

QString joinIds(const QList<MessageId> &ids, const QString &separator) {
    QStringList parts;
    parts.reserve(ids.size());
    for (const MessageId &id : ids)
        parts << id.text();
    return parts.join(separator);
}

} // namespace om
