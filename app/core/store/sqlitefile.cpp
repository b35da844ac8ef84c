// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/sqlitefile.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace om::sqlite {

bool open(const QString &path, const QString &connectionName, std::initializer_list<const char *> schema, QString *error) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connectionName);
    db.setDatabaseName(path);
    if (!db.open()) {
        if (error)
            *error = db.lastError().text();
        return false;
    }
    QSqlQuery q(db);
    const auto run = [&](const char *sql) {
        if (q.exec(QLatin1String(sql)))
            return true;
        if (error)
            *error = q.lastError().text();
        return false;
    };
    for (const char *pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=2000"})
        if (!run(pragma))
            return false;
    for (const char *sql : schema)
        if (!run(sql))
            return false;
    return true;
}

void close(const QString &connectionName) {
    if (!QSqlDatabase::contains(connectionName))
        return;
    QSqlDatabase::database(connectionName, false).close();
    QSqlDatabase::removeDatabase(connectionName);
}

} // namespace om::sqlite
