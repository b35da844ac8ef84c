// SPDX-License-Identifier: GPL-3.0-or-later
#include "link/connectioninfo.h"
#include "link/pgservicefile.h"

#include <QCoreApplication>
#include <QMap>

#include <libpq-fe.h>

#include <algorithm>
#include <memory>

namespace om::ConnectionInfo {

namespace {

struct OptionsFree {
    void operator()(PQconninfoOption *o) const { PQconninfoFree(o); }
};
using OptionArray = std::unique_ptr<PQconninfoOption, OptionsFree>;

QList<Option> setOptions(const PQconninfoOption *array) {
    QList<Option> out;
    for (const PQconninfoOption *o = array; o && o->keyword; ++o)
        if (o->val)
            out << Option{QString::fromUtf8(o->keyword), QString::fromUtf8(o->val)};
    return out;
}

QString find(const QList<Option> &options, const QString &keyword) {
    for (const Option &o : options)
        if (o.keyword == keyword)
            return o.value;
    return {};
}

bool has(const QList<Option> &options, const QString &keyword) {
    for (const Option &o : options)
        if (o.keyword == keyword)
            return true;
    return false;
}

/// libpq's keyword/value quoting: bare when nothing in the value needs quotes, otherwise
/// 'single quoted' with backslash escapes for ' and \.
QString quoted(const QString &v) {
    const bool bare = !v.isEmpty() && std::none_of(v.cbegin(), v.cend(), [](QChar c) {
        return c.isSpace() || c == QLatin1Char('\'') || c == QLatin1Char('\\');
    });
    if (bare)
        return v;
    QString q = v;
    q.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('\''), QLatin1String("\\'"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

} // namespace

std::optional<QList<Option>> parse(const QString &text, QString *error) {
    char *message = nullptr;
    const OptionArray array(PQconninfoParse(text.toUtf8().constData(), &message));
    if (!array) {
        if (error)
            *error = message ? QString::fromUtf8(message).trimmed()
                             : QCoreApplication::translate("ConnectionInfo", "libpq could not parse it (out of memory).");
        PQfreemem(message);
        return std::nullopt;
    }
    return setOptions(array.get());
}

QString format(const QList<Option> &options) {
    static const QStringList first{QStringLiteral("host"), QStringLiteral("hostaddr"), QStringLiteral("port"),
                                   QStringLiteral("dbname"), QStringLiteral("user")};
    QStringList parts;
    for (const QString &k : first)
        if (has(options, k))
            parts << k + QLatin1Char('=') + quoted(find(options, k));
    for (const Option &o : options)
        if (!first.contains(o.keyword))
            parts << o.keyword + QLatin1Char('=') + quoted(o.value);
    return parts.join(QLatin1Char(' '));
}

QList<Option> effective(const QString &connInfo) {
    QList<Option> out = parse(connInfo).value_or(QList<Option>{});
    auto addUnset = [&out](const QString &keyword, const QString &v) {
        if (!v.isEmpty() && !has(out, keyword))
            out << Option{keyword, v};
    };
    const QString service = has(out, QStringLiteral("service")) ? find(out, QStringLiteral("service")) : qEnvironmentVariable("PGSERVICE");
    if (const std::optional<PgServiceFile::Service> s = PgServiceFile::find(service))
        for (const auto &[k, v] : s->options)
            addUnset(k, v);
    // The environment and the compiled-in defaults; the user name is the operating system's.
    const OptionArray defaults(PQconndefaults());
    for (const Option &o : setOptions(defaults.get()))
        addUnset(o.keyword, o.value);
    // libpq's own last rule (connectOptions2): no database named = the user's name.
    addUnset(QStringLiteral("dbname"), find(out, QStringLiteral("user")));
    return out;
}

bool environmentNamesDatabase() {
    return qEnvironmentVariableIsSet("PGHOST") || qEnvironmentVariableIsSet("PGDATABASE") || qEnvironmentVariableIsSet("PGSERVICE");
}

namespace {

/// Where a connection string leads (effective()): what the title, the provisional store key and
/// the keychain entry are all made from.
struct Target {
    QString host, port, user, db;
};

Target target(const QList<Option> &e) {
    Target t;
    t.host = find(e, QStringLiteral("host"));
    if (t.host.isEmpty())
        t.host = find(e, QStringLiteral("hostaddr"));
    if (t.host.isEmpty())
        t.host = QStringLiteral("[local]"); // libpq's Unix socket, as psql names it
    t.port = find(e, QStringLiteral("port"));
    if (t.port.isEmpty())
        t.port = QStringLiteral("5432");
    t.user = find(e, QStringLiteral("user"));
    t.db = find(e, QStringLiteral("dbname"));
    return t;
}

} // namespace

QString describe(const QString &connInfo) {
    const QList<Option> given = parse(connInfo).value_or(QList<Option>{});
    const QList<Option> e = effective(connInfo);
    const Target t = target(e);
    const QString place = QStringLiteral("%1@%2:%3").arg(t.db, t.host, t.port);
    // A service is what the operator chose by name; where it leads follows in parentheses.
    const QString service = find(e, QStringLiteral("service"));
    if (!service.isEmpty() && !has(given, QStringLiteral("host")))
        return QStringLiteral("service=%1 (%2)").arg(service, place);
    // No user known (no user=, PGUSER, or account name libpq could find): no "()".
    const QString label = t.user.isEmpty() ? place : QStringLiteral("%1 (%2)").arg(place, t.user);
    // The TLS mode is part of what the operator should see: "require" and "verify-full" differ.
    // libpq's compiled-in default ("prefer") is not a choice anyone made: shown only when set.
    const QString sslmode = find(given, QStringLiteral("sslmode"));
    const QString chosen = sslmode.isEmpty() ? qEnvironmentVariable("PGSSLMODE") : sslmode;
    return chosen.isEmpty() ? label : label + QStringLiteral(" sslmode=") + chosen;
}

QString storeKey(const QString &connInfo, const QString &profileId) {
    const Target t = target(effective(connInfo));
    return QStringLiteral("%1:%2/%3/%4").arg(t.host, t.port, t.db, profileId);
}

QString identity(const QString &connInfo) {
    const QList<Option> e = effective(connInfo);
    const Target t = target(e);
    QString id = QStringLiteral("%1@%2:%3/%4").arg(t.user, t.host, t.port, t.db);
    // A service file (or hostaddr) decides the server where the string does not say it: two
    // services must never share a keychain entry, or one server's password goes to the other.
    if (const QString service = find(e, QStringLiteral("service")); !service.isEmpty())
        id += QStringLiteral(" service=") + service;
    if (const QString hostaddr = find(e, QStringLiteral("hostaddr")); !hostaddr.isEmpty() && hostaddr != t.host)
        id += QStringLiteral(" hostaddr=") + hostaddr;
    return id;
}

QString withoutPassword(const QString &connInfo, bool *hadPassword, QString *password) {
    const QString text = connInfo.trimmed();
    std::optional<QList<Option>> options = parse(text);
    const bool had = options && has(*options, QStringLiteral("password"));
    if (hadPassword)
        *hadPassword = had;
    if (password)
        *password = had ? find(*options, QStringLiteral("password")) : QString();
    if (!had)
        return text; // as typed: nothing to take out (or not a string libpq reads: problem() says why)
    options->removeIf([](const Option &o) { return o.keyword == QLatin1String("password"); });
    return format(*options);
}

QString withPassword(const QString &connInfo, const QString &password) {
    if (password.isEmpty())
        return connInfo;
    QList<Option> options = parse(connInfo).value_or(QList<Option>{});
    options.removeIf([](const Option &o) { return o.keyword == QLatin1String("password"); });
    options << Option{QStringLiteral("password"), password};
    return format(options);
}

QString withDefaults(const QString &connInfo, const QList<QPair<QString, QString>> &defaults) {
    const std::optional<QList<Option>> given = parse(connInfo);
    if (!given)
        return connInfo; // libpq will refuse it with its own message when connecting
    // Which environment variable libpq reads for each keyword, from libpq itself.
    QMap<QString, QByteArray> envOf;
    const OptionArray described(PQconndefaults());
    for (const PQconninfoOption *o = described.get(); o && o->keyword; ++o)
        if (o->envvar)
            envOf.insert(QString::fromUtf8(o->keyword), QByteArray(o->envvar));
    const QString serviceName = has(*given, QStringLiteral("service")) ? find(*given, QStringLiteral("service")) : qEnvironmentVariable("PGSERVICE");
    const std::optional<PgServiceFile::Service> service = PgServiceFile::find(serviceName);
    QList<Option> options = *given;
    bool added = false;
    for (const auto &[keyword, v] : defaults) {
        // clang-format off
        const bool chosen = has(*given, keyword) || (service && !service->value(keyword).isEmpty()) ||
                            (envOf.contains(keyword) && qEnvironmentVariableIsSet(envOf.value(keyword).constData()));
        // clang-format on
        if (chosen)
            continue;
        options << Option{keyword, v};
        added = true;
    }
    return added ? format(options) : connInfo;
}

QString withForced(const QString &connInfo, const QList<QPair<QString, QString>> &forced) {
    const std::optional<QList<Option>> given = parse(connInfo);
    if (!given)
        return connInfo; // libpq will refuse it with its own message when connecting
    QList<Option> options;
    for (const Option &o : *given)
        if (std::none_of(forced.begin(), forced.end(), [&](const auto &f) { return f.first == o.keyword; }))
            options << o;
    // A keyword in the string itself wins over the service file and the environment.
    for (const auto &[keyword, v] : forced)
        options << Option{keyword, v};
    return format(options);
}

int hostCount(const QString &connInfo) {
    // libpq counts the commas, empty entries included ("a," is a and then the default host).
    const QList<Option> e = effective(connInfo);
    const int hosts = int(find(e, QStringLiteral("host")).count(QLatin1Char(','))) + 1;
    const int addresses = int(find(e, QStringLiteral("hostaddr")).count(QLatin1Char(','))) + 1;
    return qMax(hosts, addresses);
}

QString value(const QString &connInfo, const QString &keyword) {
    return find(parse(connInfo).value_or(QList<Option>{}), keyword);
}

QString problem(const QString &raw) {
    const QString text = raw.trimmed();
    if (text.isEmpty())
        return QCoreApplication::translate("ConnectionInfo", "Enter a connection string or URI.");
    if (text.size() > 4096)
        return QCoreApplication::translate("ConnectionInfo", "The connection string is longer than 4096 characters.");
    if (text.contains(QChar(0)) || text.contains(QLatin1Char('\n')))
        return QCoreApplication::translate("ConnectionInfo", "The connection string contains a line break or NUL character.");
    QString error;
    if (!parse(text, &error))
        return QCoreApplication::translate("ConnectionInfo", "Not a libpq connection string (%1): use keyword=value pairs "
                                                             "(host=... dbname=...) or a postgresql:// URI.")
            .arg(error);
    return {};
}

} // namespace om::ConnectionInfo
