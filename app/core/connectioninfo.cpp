#include "core/connectioninfo.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace om::ConnectionInfo {

bool environmentNamesDatabase() {
    return qEnvironmentVariableIsSet("PGHOST") || qEnvironmentVariableIsSet("PGDATABASE") ||
           qEnvironmentVariableIsSet("PGSERVICE");
}

QString value(const QString &connInfo, const QString &keyword) {
    const QString text = connInfo.trimmed();
    if (text.startsWith(QLatin1String("postgres://")) || text.startsWith(QLatin1String("postgresql://"))) {
        const QUrl url(text);
        if (keyword == QLatin1String("host")) return url.host();
        if (keyword == QLatin1String("port")) return url.port() > 0 ? QString::number(url.port()) : QString();
        if (keyword == QLatin1String("user")) return url.userName();
        if (keyword == QLatin1String("dbname")) return url.path().mid(1);
        return QUrlQuery(url).queryItemValue(keyword);
    }
    const QRegularExpression re(QStringLiteral(R"((?:^|\s)%1\s*=\s*('(?:[^'\\]|\\.)*'|\S+))").arg(QRegularExpression::escape(keyword)));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return {};
    QString v = m.captured(1);
    if (v.startsWith(QLatin1Char('\'')))
        v = v.mid(1, v.size() - 2).replace(QLatin1String("\\'"), QLatin1String("'")).replace(QLatin1String("\\\\"), QLatin1String("\\"));
    return v;
}

static QString pick(const QString &connInfo, const QString &keyword, const char *env, const QString &fallback) {
    QString v = value(connInfo, keyword);
    if (v.isEmpty())
        v = qEnvironmentVariable(env);
    return v.isEmpty() ? fallback : v;
}

QString describe(const QString &connInfo) {
    const QString service = pick(connInfo, QStringLiteral("service"), "PGSERVICE", {});
    if (!service.isEmpty() && value(connInfo, QStringLiteral("host")).isEmpty())
        return QStringLiteral("service=%1").arg(service);
    const QString host = pick(connInfo, QStringLiteral("host"), "PGHOST", QStringLiteral("localhost"));
    const QString port = pick(connInfo, QStringLiteral("port"), "PGPORT", QStringLiteral("5432"));
    const QString user = pick(connInfo, QStringLiteral("user"), "PGUSER", qEnvironmentVariable("USER"));
    const QString db = pick(connInfo, QStringLiteral("dbname"), "PGDATABASE", user);
    // The TLS mode is part of what the operator should see: "require" and "verify-full" differ.
    const QString sslmode = pick(connInfo, QStringLiteral("sslmode"), "PGSSLMODE", {});
    const QString label = QStringLiteral("%1@%2:%3 (%4)").arg(db, host, port, user);
    return sslmode.isEmpty() ? label : label + QStringLiteral(" sslmode=") + sslmode;
}

QString storeKey(const QString &connInfo, const QString &profileId) {
    const QString host = pick(connInfo, QStringLiteral("host"), "PGHOST", QStringLiteral("localhost"));
    const QString port = pick(connInfo, QStringLiteral("port"), "PGPORT", QStringLiteral("5432"));
    const QString user = pick(connInfo, QStringLiteral("user"), "PGUSER", qEnvironmentVariable("USER"));
    const QString db = pick(connInfo, QStringLiteral("dbname"), "PGDATABASE", user);
    return QStringLiteral("%1:%2/%3/%4").arg(host, port, db, profileId);
}

QString identity(const QString &connInfo) {
    const QString host = pick(connInfo, QStringLiteral("host"), "PGHOST", QStringLiteral("localhost"));
    const QString port = pick(connInfo, QStringLiteral("port"), "PGPORT", QStringLiteral("5432"));
    const QString user = pick(connInfo, QStringLiteral("user"), "PGUSER", qEnvironmentVariable("USER"));
    const QString db = pick(connInfo, QStringLiteral("dbname"), "PGDATABASE", user);
    return QStringLiteral("%1@%2:%3/%4").arg(user, host, port, db);
}

static bool isUri(const QString &text) {
    return text.startsWith(QLatin1String("postgres://")) || text.startsWith(QLatin1String("postgresql://"));
}

QString withoutPassword(const QString &connInfo, bool *hadPassword, QString *password) {
    QString text = connInfo.trimmed();
    QString found;
    bool had = false;
    if (isUri(text)) {
        QUrl url(text);
        if (!url.password().isEmpty()) {
            found = url.password();
            had = true;
            url.setPassword(QString());
        }
        QUrlQuery query(url);
        if (query.hasQueryItem(QStringLiteral("password"))) {
            if (found.isEmpty())
                found = query.queryItemValue(QStringLiteral("password"), QUrl::FullyDecoded);
            had = true;
            query.removeAllQueryItems(QStringLiteral("password"));
            url.setQuery(query);
        }
        if (had)
            text = url.toString(QUrl::FullyEncoded);
    } else {
        // Same value grammar as value(): 'quoted' with \' and \\ escapes, or up to the next space.
        static const QRegularExpression re(QStringLiteral(R"((^|\s)password\s*=\s*('(?:[^'\\]|\\.)*'|\S+))"));
        QRegularExpressionMatch m = re.match(text);
        while (m.hasMatch()) {
            if (!had)
                found = value(m.captured(0).trimmed(), QStringLiteral("password"));
            had = true;
            text.remove(m.capturedStart(0), m.capturedLength(0));
            m = re.match(text);
        }
        text = text.trimmed();
    }
    if (hadPassword)
        *hadPassword = had;
    if (password)
        *password = found;
    return text;
}

QString withPassword(const QString &connInfo, const QString &password) {
    if (password.isEmpty())
        return connInfo;
    const QString text = connInfo.trimmed();
    if (isUri(text)) {
        const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(password));
        return text + (text.contains(QLatin1Char('?')) ? QLatin1Char('&') : QLatin1Char('?')) +
               QStringLiteral("password=") + encoded;
    }
    QString quoted = password;
    quoted.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('\''), QLatin1String("\\'"));
    const QString param = QStringLiteral("password='%1'").arg(quoted);
    return text.isEmpty() ? param : text + QLatin1Char(' ') + param;
}

QString problem(const QString &raw) {
    const QString text = raw.trimmed();
    if (text.isEmpty())
        return QCoreApplication::translate("ConnectionInfo", "Enter a connection string or URI.");
    if (text.size() > 4096)
        return QCoreApplication::translate("ConnectionInfo", "The connection string is longer than 4096 characters.");
    if (text.contains(QChar(0)) || text.contains(QLatin1Char('\n')))
        return QCoreApplication::translate("ConnectionInfo", "The connection string contains a line break or NUL character.");
    if (text.startsWith(QLatin1String("postgres://")) || text.startsWith(QLatin1String("postgresql://")))
        return {};
    // keyword=value pairs; values may be 'single quoted' with \' and \\ escapes (libpq's rules).
    static const QRegularExpression pair(QStringLiteral(R"(^\s*(?:[A-Za-z_]+\s*=\s*(?:'(?:[^'\\]|\\.)*'|[^\s']+)\s*)+$)"));
    if (!pair.match(text).hasMatch())
        return QCoreApplication::translate("ConnectionInfo", "Not a libpq connection string: use keyword=value pairs (host=... dbname=...) or a postgresql:// URI.");
    return {};
}

} // namespace om::ConnectionInfo
