// SPDX-License-Identifier: GPL-3.0-or-later
#include "link/pgservicefile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace om::PgServiceFile {

QString Service::value(const QString &keyword) const {
    for (const auto &[k, v] : options)
        if (k == keyword)
            return v;
    return {};
}

QStringList paths() {
    const QString user = qEnvironmentVariableIsSet("PGSERVICEFILE") ? qEnvironmentVariable("PGSERVICEFILE")
                                                                    : QDir::homePath() + QStringLiteral("/.pg_service.conf");
    // Debian's libpq is built with --sysconfdir=/etc/postgresql-common (pg_config --sysconfdir).
    const QString sysconf = qEnvironmentVariableIsSet("PGSYSCONFDIR") ? qEnvironmentVariable("PGSYSCONFDIR")
                                                                      : QStringLiteral("/etc/postgresql-common");
    return {user, sysconf + QStringLiteral("/pg_service.conf")};
}

namespace {

/// One file, as libpq's parseServiceFile reads it: '#' comments and blank lines skipped,
/// "[name]" opens a service, "keyword=value" (the value is the rest of the line) belongs to it.
QList<Service> readFile(const QString &path, QStringList *problems) {
    QList<Service> out;
    QFile f(path);
    if (!f.exists())
        return out;
    if (!f.open(QIODevice::ReadOnly)) {
        if (problems)
            *problems << QCoreApplication::translate("PgServiceFile", "%1: %2").arg(path, f.errorString());
        return out;
    }
    int lineNo = 0;
    while (!f.atEnd()) {
        ++lineNo;
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        if (line.startsWith(QLatin1Char('[')) && line.endsWith(QLatin1Char(']'))) {
            out << Service{line.mid(1, line.size() - 2), path, {}};
            continue;
        }
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq <= 0 || out.isEmpty()) {
            if (problems)
                *problems << QCoreApplication::translate("PgServiceFile", "%1, line %2: not \"[service]\" or keyword=value; skipped")
                                 .arg(path)
                                 .arg(lineNo);
            continue;
        }
        out.last().options << qMakePair(line.left(eq).trimmed(), line.mid(eq + 1));
    }
    return out;
}

} // namespace

QList<Service> all(QStringList *problems) {
    QList<Service> out;
    QStringList seen;
    for (const QString &path : paths()) {
        for (const Service &s : readFile(path, problems)) {
            if (seen.contains(s.name))
                continue;
            seen << s.name;
            out << s;
        }
    }
    return out;
}

std::optional<Service> find(const QString &name) {
    if (name.isEmpty())
        return std::nullopt;
    for (const QString &path : paths())
        for (const Service &s : readFile(path, nullptr))
            if (s.name == name)
                return s;
    return std::nullopt;
}

} // namespace om::PgServiceFile
