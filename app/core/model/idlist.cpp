// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/idlist.h"
#include "core/common/countformat.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>
#include <QUuid>

namespace om {
namespace {

/// The texts of this file under one context, whichever function words them (lupdate files a
/// free function's tr() under "om", where the translation would never be looked up).
struct IdListText {
    Q_DECLARE_TR_FUNCTIONS(om::IdList)
};

/// One token as an id of `type`, or the null id with `*problem` saying why not.
MessageId idOf(const QString &t, IdType type, QString *problem) {
    const QString shown = t.left(40);
    switch (type) {
    case IdType::BigInt:
    case IdType::Integer: {
        bool ok = false;
        const qint64 n = t.toLongLong(&ok);
        const qint64 max = type == IdType::Integer ? 2147483647LL : std::numeric_limits<qint64>::max();
        if (ok && n > 0 && n <= max)
            return MessageId(n);
        *problem = IdListText::tr("\"%1\" is not a message id (a positive whole number).").arg(shown);
        return {};
    }
    case IdType::Uuid: {
        const QUuid u = QUuid::fromString(t);
        // fromString gives the nil UUID for anything it cannot read: only a written nil is one.
        if (!u.isNull() || t.trimmed().remove(QLatin1Char('{')).remove(QLatin1Char('}')) == QUuid().toString(QUuid::WithoutBraces))
            return MessageId::fromText(u.toString(QUuid::WithoutBraces));
        *problem = IdListText::tr("\"%1\" is not a message id (a UUID such as 0b6e3c2a-5f1d-4a8e-9c3b-2d7f6e1a4b90).").arg(shown);
        return {};
    }
    case IdType::Text:
    case IdType::Varchar: break;
    }
    static const QRegularExpression control(QStringLiteral("[\\x00-\\x1f\\x7f]"));
    if (t.size() <= IdList::kMaxTextIdChars && !t.contains(control))
        return MessageId::fromText(t);
    *problem = IdListText::tr("\"%1\" is not a message id (at most %2 characters, no control characters).")
                   .arg(shown)
                   .arg(IdList::kMaxTextIdChars);
    return {};
}

} // namespace

IdList IdList::parse(const QString &text, int maxIds, IdType type) {
    IdList out;
    QSet<MessageId> seen; // a list of thousands: no quadratic contains()
    static const QRegularExpression separators(QStringLiteral("[\\s,;]+"));
    for (const QString &t : text.split(separators, Qt::SkipEmptyParts)) {
        const MessageId id = idOf(t, type, &out.problem);
        if (id.isNull()) {
            out.ids.clear();
            return out;
        }
        if (!seen.contains(id)) {
            seen.insert(id);
            out.ids << id;
        }
        if (out.ids.size() > maxIds) {
            out.ids.clear();
            out.problem = IdListText::tr("More than %1 ids: narrow the list or use another filter.").arg(formatCount(maxIds));
            return out;
        }
    }
    return out;
}

} // namespace om
