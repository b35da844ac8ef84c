#include "pg/connectioninfo.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>

namespace om::ConnectionInfo {

bool environmentNamesDatabase() {
    return qEnvironmentVariableIsSet("PGHOST") || qEnvironmentVariableIsSet("PGDATABASE") ||
           qEnvironmentVariableIsSet("PGSERVICE");
}

namespace {

bool isUriText(const QString &text) {
    return text.startsWith(QLatin1String("postgres://")) || text.startsWith(QLatin1String("postgresql://"));
}

/// One keyword=value pair of a libpq keyword/value string, with where it stands in the text.
struct Pair {
    QString keyword;
    QString value; ///< unescaped as libpq reads it
    qsizetype start = 0;
    qsizetype end = 0; ///< one past the value
};

/// libpq's keyword/value grammar (conninfo_parse): whitespace-separated keyword = value; a value
/// is 'single quoted' or runs to the next whitespace, and in both a backslash escapes the next
/// character. A regex over the raw text also matched inside another value (options='-c password=x').
QList<Pair> pairs(const QString &text) {
    QList<Pair> out;
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        while (i < n && text.at(i).isSpace())
            ++i;
        if (i >= n)
            break;
        Pair p;
        p.start = i;
        while (i < n && text.at(i) != QLatin1Char('=') && !text.at(i).isSpace())
            p.keyword += text.at(i++);
        while (i < n && text.at(i).isSpace())
            ++i;
        if (i >= n || text.at(i) != QLatin1Char('='))
            return out; // malformed: what was understood so far (problem() reports the rest)
        ++i;
        while (i < n && text.at(i).isSpace())
            ++i;
        if (i < n && text.at(i) == QLatin1Char('\'') ) {
            ++i;
            while (i < n && text.at(i) != QLatin1Char('\'')) {
                if (text.at(i) == QLatin1Char('\\') && i + 1 < n)
                    ++i;
                p.value += text.at(i++);
            }
            ++i; // the closing quote
        } else {
            while (i < n && !text.at(i).isSpace()) {
                if (text.at(i) == QLatin1Char('\\') && i + 1 < n)
                    ++i;
                p.value += text.at(i++);
            }
        }
        p.end = qMin(i, n);
        out << p;
    }
    return out;
}

/// The parts of a postgresql:// URI, split on the raw text: QUrl cannot hold libpq's host lists
/// (h1:5432,h2:5433) or percent-encoded socket paths, and rebuilt them wrongly.
struct UriParts {
    QString prefix;      ///< "postgresql://"
    QString userinfo;    ///< raw, before '@' (empty when none)
    bool hasUserinfo = false;
    QString hostspec;    ///< raw, e.g. "h1:5432,h2:5433" or "%2Fvar%2Frun%2Fpostgresql"
    QString path;        ///< raw, from '/' up to '?' (may be empty)
    QString query;       ///< raw, after '?' (may be empty)
    bool hasQuery = false;
};

UriParts splitUri(const QString &text) {
    UriParts u;
    const qsizetype scheme = text.indexOf(QLatin1String("://")) + 3;
    u.prefix = text.left(scheme);
    QString rest = text.mid(scheme);
    const qsizetype q = rest.indexOf(QLatin1Char('?'));
    if (q >= 0) {
        u.hasQuery = true;
        u.query = rest.mid(q + 1);
        rest.truncate(q);
    }
    const qsizetype slash = rest.indexOf(QLatin1Char('/'));
    QString authority = slash >= 0 ? rest.left(slash) : rest;
    u.path = slash >= 0 ? rest.mid(slash) : QString();
    const qsizetype at = authority.lastIndexOf(QLatin1Char('@'));
    if (at >= 0) {
        u.hasUserinfo = true;
        u.userinfo = authority.left(at);
        authority = authority.mid(at + 1);
    }
    u.hostspec = authority;
    return u;
}

QString decoded(const QString &raw) { return QUrl::fromPercentEncoding(raw.toUtf8()); }

/// Hosts (or ports) of a hostspec "h1:5432,h2,[::1]:5433", comma-joined.
QString hostspecPart(const QString &hostspec, bool ports) {
    QStringList out;
    for (const QString &h : hostspec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype bracket = h.lastIndexOf(QLatin1Char(']'));
        const qsizetype colon = h.lastIndexOf(QLatin1Char(':'));
        const bool hasPort = colon > bracket && colon >= 0;
        if (ports)
            out << (hasPort ? h.mid(colon + 1) : QString());
        else
            out << decoded(hasPort ? h.left(colon) : h).remove(QLatin1Char('[')).remove(QLatin1Char(']'));
    }
    if (ports && std::all_of(out.cbegin(), out.cend(), [](const QString &p) { return p.isEmpty(); }))
        return {};
    return out.join(QLatin1Char(','));
}

} // namespace

QString value(const QString &connInfo, const QString &keyword) {
    const QString text = connInfo.trimmed();
    if (isUriText(text)) {
        const UriParts u = splitUri(text);
        for (const QString &item : u.query.split(QLatin1Char('&'), Qt::SkipEmptyParts))
            if (decoded(item.section(QLatin1Char('='), 0, 0)) == keyword)
                return decoded(item.section(QLatin1Char('='), 1));
        if (keyword == QLatin1String("host")) return hostspecPart(u.hostspec, false);
        if (keyword == QLatin1String("port")) return hostspecPart(u.hostspec, true);
        if (keyword == QLatin1String("user")) return decoded(u.userinfo.section(QLatin1Char(':'), 0, 0));
        if (keyword == QLatin1String("password"))
            return u.userinfo.contains(QLatin1Char(':')) ? decoded(u.userinfo.section(QLatin1Char(':'), 1)) : QString();
        if (keyword == QLatin1String("dbname")) return decoded(u.path.mid(1));
        return {};
    }
    QString v;
    for (const Pair &p : pairs(text))
        if (p.keyword == keyword)
            v = p.value; // libpq: the last one wins
    return v;
}

static QString pick(const QString &connInfo, const QString &keyword, const char *env, const QString &fallback) {
    QString v = value(connInfo, keyword);
    if (v.isEmpty())
        v = qEnvironmentVariable(env);
    return v.isEmpty() ? fallback : v;
}

namespace {

/// Where a connection string leads, with libpq's defaults and the PG* environment applied: what
/// the title, the local store's key and the keychain entry are all made from.
struct Target {
    QString host, port, user, db;
};

Target target(const QString &connInfo) {
    Target t;
    t.host = pick(connInfo, QStringLiteral("host"), "PGHOST", QStringLiteral("localhost"));
    t.port = pick(connInfo, QStringLiteral("port"), "PGPORT", QStringLiteral("5432"));
    t.user = pick(connInfo, QStringLiteral("user"), "PGUSER", qEnvironmentVariable("USER"));
    t.db = pick(connInfo, QStringLiteral("dbname"), "PGDATABASE", t.user);
    return t;
}

} // namespace

QString describe(const QString &connInfo) {
    const QString service = pick(connInfo, QStringLiteral("service"), "PGSERVICE", {});
    if (!service.isEmpty() && value(connInfo, QStringLiteral("host")).isEmpty())
        return QStringLiteral("service=%1").arg(service);
    const Target t = target(connInfo);
    // The TLS mode is part of what the operator should see: "require" and "verify-full" differ.
    const QString sslmode = pick(connInfo, QStringLiteral("sslmode"), "PGSSLMODE", {});
    // No user known here (no user=, PGUSER or USER: libpq then asks the system): no "()".
    const QString place = QStringLiteral("%1@%2:%3").arg(t.db, t.host, t.port);
    const QString label = t.user.isEmpty() ? place : QStringLiteral("%1 (%2)").arg(place, t.user);
    return sslmode.isEmpty() ? label : label + QStringLiteral(" sslmode=") + sslmode;
}

QString storeKey(const QString &connInfo, const QString &profileId) {
    const Target t = target(connInfo);
    return QStringLiteral("%1:%2/%3/%4").arg(t.host, t.port, t.db, profileId);
}

QString identity(const QString &connInfo) {
    const Target t = target(connInfo);
    QString id = QStringLiteral("%1@%2:%3/%4").arg(t.user, t.host, t.port, t.db);
    // A service file (or hostaddr) decides the server where the string does not say it: two
    // services must never share a keychain entry, or one server's password goes to the other.
    const QString service = pick(connInfo, QStringLiteral("service"), "PGSERVICE", {});
    const QString hostaddr = pick(connInfo, QStringLiteral("hostaddr"), "PGHOSTADDR", {});
    if (!service.isEmpty())
        id += QStringLiteral(" service=") + service;
    if (!hostaddr.isEmpty())
        id += QStringLiteral(" hostaddr=") + hostaddr;
    return id;
}


QString withoutPassword(const QString &connInfo, bool *hadPassword, QString *password) {
    QString text = connInfo.trimmed();
    QString found;
    bool had = false;
    if (isUriText(text)) {
        // Cut on the raw text, keeping everything else exactly as typed (host lists, socket paths).
        UriParts u = splitUri(text);
        QStringList kept;
        for (const QString &item : u.query.split(QLatin1Char('&'), Qt::SkipEmptyParts)) {
            if (decoded(item.section(QLatin1Char('='), 0, 0)) == QLatin1String("password")) {
                if (!had)
                    found = decoded(item.section(QLatin1Char('='), 1));
                had = true;
            } else {
                kept << item;
            }
        }
        const qsizetype colon = u.userinfo.indexOf(QLatin1Char(':'));
        if (colon >= 0) {
            found = decoded(u.userinfo.mid(colon + 1)); // the userinfo's password wins, as in libpq
            had = true;
            u.userinfo.truncate(colon);
        }
        if (had) {
            text = u.prefix + (u.hasUserinfo && !u.userinfo.isEmpty() ? u.userinfo + QLatin1Char('@') : QString()) + u.hostspec
                 + u.path + (kept.isEmpty() ? QString() : QLatin1Char('?') + kept.join(QLatin1Char('&')));
        }
    } else {
        // Remove each password pair where it stands; every other pair stays byte for byte.
        const QList<Pair> ps = pairs(text);
        for (auto it = ps.crbegin(); it != ps.crend(); ++it) {
            if (it->keyword != QLatin1String("password"))
                continue;
            if (!had)
                found = it->value; // the last one is the one libpq would use
            had = true;
            qsizetype end = it->end;
            while (end < text.size() && text.at(end).isSpace())
                ++end; // and the space after it: "a=1 password=x b=2" -> "a=1 b=2"
            text.remove(it->start, end - it->start);
        }
        text = text.trimmed();
    }
    if (hadPassword)
        *hadPassword = had;
    if (password)
        *password = found;
    return text;
}

/// Appends one parameter the way libpq reads it: a query item for URIs, a quoted keyword=value
/// otherwise.
static QString appendParam(const QString &text, const QString &keyword, const QString &v) {
    if (isUriText(text)) {
        const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(v));
        return text + (!text.contains(QLatin1Char('?')) ? QStringLiteral("?") : text.endsWith(QLatin1Char('?')) ? QString() : QStringLiteral("&")) +
               keyword + QLatin1Char('=') + encoded;
    }
    QString quoted = v;
    quoted.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('\''), QLatin1String("\\'"));
    const QString param = QStringLiteral("%1='%2'").arg(keyword, quoted);
    return text.isEmpty() ? param : text + QLatin1Char(' ') + param;
}

QString withPassword(const QString &connInfo, const QString &password) {
    if (password.isEmpty())
        return connInfo;
    return appendParam(connInfo.trimmed(), QStringLiteral("password"), password);
}

QString withDefaults(const QString &connInfo, const QList<QPair<QString, QString>> &defaults) {
    QString text = connInfo.trimmed();
    for (const auto &[keyword, v] : defaults) {
        // A service file or a PG* variable may set it too; only a value the string itself
        // names, or one of libpq's environment variables, counts as the user's choice.
        if (!value(connInfo, keyword).isEmpty())
            continue;
        if (keyword == QLatin1String("connect_timeout") && qEnvironmentVariableIsSet("PGCONNECT_TIMEOUT"))
            continue;
        text = appendParam(text, keyword, v);
    }
    return text;
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
