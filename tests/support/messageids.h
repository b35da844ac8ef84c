// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"

#include <QList>
#include <QTest>

namespace om {

/// Integer ids (the built-in profiles' bigint keys) as MessageIds, and back: tests of the
/// bigint tables keep writing ids as numbers.
inline QList<MessageId> messageIds(const QList<qint64> &numbers) {
    QList<MessageId> out;
    for (qint64 n : numbers)
        out << MessageId(n);
    return out;
}

inline QList<qint64> idNumbers(const QList<MessageId> &ids) {
    QList<qint64> out;
    for (const MessageId &id : ids)
        out << (id.isNumber() ? id.number() : -1);
    return out;
}

/// Test-only comparisons, so that QCOMPARE(result.changedIds, QList<qint64>{...}) reads as
/// before for the bigint tables. (Never `id != 0` for "an id is there": use isNull().)
inline bool operator==(const MessageId &a, qint64 b) { return a == MessageId(b); }
inline bool operator==(const QList<MessageId> &a, const QList<qint64> &b) { return a == messageIds(b); }

/// QCOMPARE prints the id's text.
inline char *toString(const MessageId &id) { return QTest::toString(id.text()); }

} // namespace om
