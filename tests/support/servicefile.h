// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A pg_service.conf of a test's own, for the code that reads service files (pg/pgservicefile)
// and for libpq itself.
#include <QFile>
#include <QTemporaryDir>

namespace om::test {

/// A service file for one test: PGSERVICEFILE points to it, PGSYSCONFDIR to an empty directory
/// (so the machine's own file is not read), both unset again when it goes.
class ServiceFile {
public:
    explicit ServiceFile(const QString &text) {
        QFile f(m_dir.filePath(QStringLiteral("pg_service.conf")));
        f.open(QIODevice::WriteOnly);
        f.write(text.toUtf8());
        qputenv("PGSERVICEFILE", f.fileName().toLocal8Bit());
        qputenv("PGSYSCONFDIR", m_dir.filePath(QStringLiteral("none")).toLocal8Bit());
    }
    ~ServiceFile() {
        qunsetenv("PGSERVICEFILE");
        qunsetenv("PGSYSCONFDIR");
    }
    ServiceFile(const ServiceFile &) = delete;
    ServiceFile &operator=(const ServiceFile &) = delete;

    QString path() const { return m_dir.filePath(QStringLiteral("pg_service.conf")); }

private:
    QTemporaryDir m_dir;
};

} // namespace om::test
