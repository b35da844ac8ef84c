// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

namespace om {

/// libpq's connection service files (pg_service.conf), read the way libpq reads them. libpq
/// expands `service=` only while it connects and has no call that lists or expands a service, so
/// the label of a `service=` connection, the keychain entry and the import into saved connections
/// read the files here: the user's file (PGSERVICEFILE, else ~/.pg_service.conf) first, then the
/// system's (PGSYSCONFDIR/pg_service.conf, else the sysconfdir Debian's libpq was built with).
namespace PgServiceFile {

struct Service {
    QString name;
    QString file;                           ///< where it was found
    QList<QPair<QString, QString>> options; ///< keyword, value; in the file's order
    QString value(const QString &keyword) const;
};

/// The files libpq would search, in its order (existing or not).
QStringList paths();
/// Every service of every file; a name in both files is the user's (libpq stops at the first).
/// `problems` (optional) receives one line per file that could not be read or a line it skips.
QList<Service> all(QStringList *problems = nullptr);
/// The service libpq would use for `name`, if any file defines it.
std::optional<Service> find(const QString &name);

} // namespace PgServiceFile
} // namespace om
