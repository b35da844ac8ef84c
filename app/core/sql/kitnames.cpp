// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/kitnames.h"

#include <QCryptographicHash>

namespace om::kit {

namespace {

// NAMEDATALEN - 1: the server truncates a longer name, by bytes, wherever that falls.
constexpr int kMaxBytes = 63;

/// 8 hex digits of `whole`: what keeps two cut names apart.
QString shortHash(const QString &whole) {
    return QString::fromLatin1(QCryptographicHash::hash(whole.toUtf8(), QCryptographicHash::Sha256).toHex().left(8));
}

/// The longest start of `head` that fits before `tail` in kMaxBytes, cut between characters.
QString cutBefore(QString head, const QString &tail) {
    while (!head.isEmpty() && (head + tail).toUtf8().size() > kMaxBytes)
        head.chop(head.back().isLowSurrogate() && head.size() > 1 ? 2 : 1);
    return head;
}

} // namespace

QString objectName(const QString &base, const QString &suffix) {
    const QString whole = base + QLatin1Char('_') + suffix;
    if (whole.toUtf8().size() <= kMaxBytes)
        return whole;
    const QString tail = QLatin1Char('_') + shortHash(whole) + QLatin1Char('_') + suffix;
    return cutBefore(base, tail) + tail;
}

QString prefixedName(const QString &prefix, const QString &name) {
    const QString whole = prefix + name;
    if (whole.toUtf8().size() <= kMaxBytes)
        return whole;
    const QString tail = QLatin1Char('_') + shortHash(whole);
    return cutBefore(whole, tail) + tail;
}

QString commentText(const QString &text) {
    QString out = text;
    for (QChar &c : out)
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            c = QLatin1Char(' ');
    return out;
}

} // namespace om::kit
