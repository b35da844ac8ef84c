// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QHashFunctions>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariant>

namespace om {

/// One message's id, whatever the id column's type (bigint, integer, uuid, text): the text the
/// server prints for it (`id::text`), which converts back to the column's type without loss. SQL
/// gets it back as text cast to the column's real type (`sql::idParam`, `sql::idArrayParam`), so
/// the primary key's index serves every lookup. Integer ids also keep their number, so that a
/// list sorts 9 before 10 as the server does.
class MessageId {
public:
    MessageId() = default;
    /// An integer id (the built-in profiles' bigint keys), e.g. `MessageId(1042)`.
    explicit MessageId(qint64 n) : m_text(QString::number(n)), m_number(n), m_isNumber(true) {}
    /// An id as the server printed it; an empty text is the null id.
    static MessageId fromText(const QString &text);
    /// A result column holding `id::text` (SQL NULL: the null id).
    static MessageId fromVariant(const QVariant &v) { return v.isNull() ? MessageId() : fromText(v.toString()); }

    bool isNull() const { return m_text.isEmpty(); }
    const QString &text() const { return m_text; }
    /// Whether the text is an integer (then `number()` holds it).
    bool isNumber() const { return m_isNumber; }
    qint64 number() const { return m_number; }

    friend bool operator==(const MessageId &a, const MessageId &b) { return a.m_text == b.m_text; }
    friend bool operator!=(const MessageId &a, const MessageId &b) { return !(a == b); }
    /// Integers by value, anything else by text; integers before text.
    friend bool operator<(const MessageId &a, const MessageId &b);
    friend size_t qHash(const MessageId &id, size_t seed = 0) noexcept { return qHash(id.m_text, seed); }

private:
    QString m_text;
    qint64 m_number = 0;
    bool m_isNumber = false;
};

/// "1042, 1043" — ids for people and logs.
QString joinIds(const QList<MessageId> &ids, const QString &separator);

} // namespace om

Q_DECLARE_TYPEINFO(om::MessageId, Q_RELOCATABLE_TYPE);
Q_DECLARE_METATYPE(om::MessageId)
