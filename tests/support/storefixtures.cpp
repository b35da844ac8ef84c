// SPDX-License-Identifier: GPL-3.0-or-later
#include "storefixtures.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QUuid>

namespace om::test {

namespace {

/// Runs `statements` on a connection of its own to `path`, closed (and so checkpointed) after.
bool runOnFile(const QString &path, const QStringList &statements, QString *error) {
    const QString name = QStringLiteral("fixture-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        ok = db.open();
        if (!ok)
            *error = db.lastError().text();
        QSqlQuery q(db);
        for (const QString &sql : statements) {
            if (!ok)
                break;
            ok = q.exec(sql);
            if (!ok)
                *error = sql + QStringLiteral(": ") + q.lastError().text();
        }
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

} // namespace

bool writeReleaseBeforeVersionsStore(const QString &path, QString *error) {
    const qint64 t0 = kOldStoreT0, t1 = kOldStoreT0 + 5000, minute = kOldStoreT0 - kOldStoreT0 % 60000;
    const qint64 f0 = kOldStoreFlowFromS;
    // clang-format off
    const QStringList release = {
        // The release's sqlite::open: its pragmas, then each store's CREATE statements as it
        // passed them (HistoryStore's three, then FlowStore's two), word for word.
        "PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=2000",
        "CREATE TABLE IF NOT EXISTS series (id INTEGER PRIMARY KEY, conn TEXT NOT NULL, profile TEXT NOT NULL,"
        " metric TEXT NOT NULL, UNIQUE (conn, profile, metric))",
        "CREATE TABLE IF NOT EXISTS sample (series INTEGER NOT NULL, t INTEGER NOT NULL, v REAL NOT NULL,"
        " PRIMARY KEY (series, t)) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS sample_minute (series INTEGER NOT NULL, t INTEGER NOT NULL,"
        " vmin REAL NOT NULL, vmax REAL NOT NULL, vsum REAL NOT NULL, n INTEGER NOT NULL, first_t INTEGER NOT NULL,"
        " PRIMARY KEY (series, t)) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS flow_bucket (conn TEXT NOT NULL, profile TEXT NOT NULL, width INTEGER NOT NULL,"
        " t INTEGER NOT NULL, created INTEGER NOT NULL, finished INTEGER NOT NULL, failed INTEGER NOT NULL,"
        " PRIMARY KEY (conn, profile, width, t)) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS flow_span (conn TEXT NOT NULL, profile TEXT NOT NULL, width INTEGER NOT NULL,"
        " from_t INTEGER NOT NULL, to_t INTEGER NOT NULL, PRIMARY KEY (conn, profile, width)) WITHOUT ROWID",
        // What that release had recorded.
        "INSERT INTO series (id, conn, profile, metric) VALUES (1, 'conn-A', 'app_outbox', 'state:PENDING'),"
        " (2, 'conn-A', 'app_outbox', 'waiting')",
        QStringLiteral("INSERT INTO sample (series, t, v) VALUES (1, %1, 10), (1, %2, 11), (2, %1, 3), (2, %2, 4)").arg(t0).arg(t1),
        QStringLiteral("INSERT INTO sample_minute (series, t, vmin, vmax, vsum, n, first_t) VALUES"
                       " (1, %1, 10, 11, 21, 2, %2), (2, %1, 3, 4, 7, 2, %2)").arg(minute).arg(t0),
        QStringLiteral("INSERT INTO flow_bucket (conn, profile, width, t, created, finished, failed) VALUES"
                       " ('conn-A', 'app_outbox', 60, %1, 5, 4, 1), ('conn-A', 'app_outbox', 60, %2, 7, 6, 0)").arg(f0).arg(f0 + 60),
        QStringLiteral("INSERT INTO flow_span (conn, profile, width, from_t, to_t) VALUES ('conn-A', 'app_outbox', 60, %1, %2)")
            .arg(f0).arg(f0 + 180),
    };
    // clang-format on
    return runOnFile(path, release, error);
}

QStringList dumpStore(const QString &path) {
    const QString name = QStringLiteral("dump-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    QStringList out;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (db.open()) {
            // Each table by its key.
            for (const char *table : {"series ORDER BY id", "sample ORDER BY series, t", "sample_minute ORDER BY series, t",
                                      "flow_bucket ORDER BY conn, profile, width, t", "flow_span ORDER BY conn, profile, width"}) {
                QSqlQuery q(db);
                if (!q.exec(QStringLiteral("SELECT * FROM %1").arg(QLatin1String(table)))) {
                    out << QStringLiteral("%1: %2").arg(QLatin1String(table), q.lastError().text());
                    continue;
                }
                while (q.next()) {
                    QStringList values{QString::fromLatin1(table).section(QLatin1Char(' '), 0, 0)};
                    for (int i = 0; i < q.record().count(); ++i)
                        values << q.value(i).toString();
                    out << values.join(QLatin1Char('|'));
                }
            }
            db.close();
        } else {
            out << db.lastError().text();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return out;
}

bool markWrittenByNewerRelease(const QString &path, int version, QString *error) {
    return runOnFile(path,
                     {QStringLiteral("CREATE TABLE IF NOT EXISTS later_release_table (x INTEGER)"),
                      QStringLiteral("PRAGMA user_version = %1").arg(version)},
                     error);
}

QByteArray fileBytes(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace om::test
