#include "core/sql/sqltext.h"

namespace om::sql {

QString quoteIdentifier(const QString &name) {
    QString out = name;
    out.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

QString quoteLiteral(const QString &value) {
    QString out = value;
    out.replace(QLatin1Char('\''), QLatin1String("''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
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

QString setLocalStatementTimeout(int ms) {
    return QStringLiteral("SET LOCAL statement_timeout = %1").arg(ms);
}

QString bigintArray(const QList<qint64> &ids) {
    QString s = QStringLiteral("{");
    s.reserve(ids.size() * 8 + 2);
    for (int i = 0; i < ids.size(); ++i) {
        if (i)
            s += QLatin1Char(',');
        s += QString::number(ids.at(i));
    }
    return s + QLatin1Char('}');
}

} // namespace om::sql
