// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/sqltext.h"

namespace om::sql {

QString quoteLiteral(const QString &value) {
    QString out = value;
    out.replace(QLatin1Char('\''), QLatin1String("''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

QString quoteIdentifierList(const QStringList &names) {
    QStringList quoted;
    for (const QString &n : names)
        quoted << quoteIdentifier(n);
    return quoted.join(QLatin1String(", "));
}

QString param(QVariantList &params, const QVariant &value) {
    params << value;
    return QLatin1Char('$') + QString::number(params.size());
}

QString likeEscape(const QString &text) {
    QString out;
    out.reserve(text.size() + 8);
    for (const QChar c : text) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('%') || c == QLatin1Char('_'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

QString likeContains(const QString &text) { return QLatin1Char('%') + likeEscape(text) + QLatin1Char('%'); }

QString idArrayLiteral(const QList<MessageId> &ids) {
    QString s = QStringLiteral("{");
    s.reserve(ids.size() * 10 + 2);
    for (int i = 0; i < ids.size(); ++i) {
        if (i)
            s += QLatin1Char(',');
        // Array element quoting: inside "…" only " and \ are special (a text id may hold commas,
        // braces or spaces).
        QString e = ids.at(i).text();
        e.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""));
        s += QLatin1Char('"') + e + QLatin1Char('"');
    }
    return s + QLatin1Char('}');
}

QString idParam(QVariantList &params, const MessageId &id, IdType type) {
    return param(params, id.isNull() ? QVariant() : QVariant(id.text())) + QLatin1String("::") + sqlTypeName(type);
}

QString idArrayParam(QVariantList &params, const QList<MessageId> &ids, IdType type) {
    return param(params, idArrayLiteral(ids)) + QLatin1String("::") + sqlTypeName(type) + QLatin1String("[]");
}

} // namespace om::sql
