// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/health/partitionbound.h"

#include <QCoreApplication>

namespace om {
namespace {

/// "('a', 'it''s', 10)" -> "a, it's, 10": the values without their parentheses and SQL quotes.
QString values(QString list) {
    list = list.trimmed();
    if (list.startsWith(QLatin1Char('(')) && list.endsWith(QLatin1Char(')')))
        list = list.mid(1, list.size() - 2);
    QString out;
    bool quoted = false;
    for (int i = 0; i < list.size(); ++i) {
        const QChar c = list.at(i);
        if (c != QLatin1Char('\''))
            out += c;
        else if (quoted && i + 1 < list.size() && list.at(i + 1) == QLatin1Char('\''))
            out += list.at(++i); // '' inside a literal is one quote
        else
            quoted = !quoted;
    }
    return out;
}

} // namespace

QString partitionBoundText(const QString &bound) {
    const QString b = bound.trimmed();
    if (b.isEmpty())
        return {};
    if (b == QLatin1String("DEFAULT"))
        return QCoreApplication::translate("om::PartitionBound", "everything else");
    static const QLatin1String in("FOR VALUES IN "), from("FOR VALUES FROM "), with("FOR VALUES WITH ");
    if (b.startsWith(in))
        return values(b.mid(in.size()));
    if (b.startsWith(with))
        return values(b.mid(with.size()));
    if (b.startsWith(from)) {
        const int to = b.indexOf(QLatin1String(" TO "));
        if (to > 0)
            return QStringLiteral("%1 … %2").arg(values(b.mid(from.size(), to - from.size())), values(b.mid(to + 4)));
    }
    return b;
}

} // namespace om
