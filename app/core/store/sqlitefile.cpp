// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/sqlitefile.h"
#include "core/store/storeschema.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QUrl>
#include <QUuid>

Q_LOGGING_CATEGORY(lcStoreFile, "om.store")

namespace om::sqlite {

namespace {

// The context lupdate gives these sentences (tr() inside namespace om::sqlite).
QString tr(const char *text) { return QCoreApplication::translate("om::sqlite", text); }

/// How long a write waits for another connection's (another window's) write to end. Writes are
/// a few milliseconds each; the wait happens on the thread that writes (the GUI thread).
constexpr int kBusyTimeoutMs = 2000;

QString cannotOpen(const QString &path, const QString &why) {
    return tr("The local history file %1 could not be opened: %2").arg(QDir::toNativeSeparators(path), why);
}

QString newerRelease(const QString &path, int version) {
    return tr("The local history file %1 was written by a newer version of Outbox Monitor (store version %2; this version "
              "reads up to %3). It was left as it is: use the newer version on this computer to keep its history, or move "
              "the file away to start a new one.")
        .arg(QDir::toNativeSeparators(path))
        .arg(version)
        .arg(storeschema::kVersion);
}

bool run(QSqlQuery &q, const QString &sql, QString *why) {
    if (q.exec(sql))
        return true;
    *why = q.lastError().text();
    qCWarning(lcStoreFile) << *why << sql;
    return false;
}

/// SQLite's "busy" and "locked" answers, extended codes included.
bool isBusy(const QSqlError &e) {
    const int code = e.nativeErrorCode().toInt() & 0xff;
    return code == 5 /* SQLITE_BUSY */ || code == 6 /* SQLITE_LOCKED */;
}

/// Puts the file in WAL mode. Switching a new file to WAL upgrades the pragma's own read
/// transaction to a write, and for that SQLite does not call the busy handler (waiting there
/// could deadlock): a second window opening the same new file at that moment got "database is
/// locked" at once. Tried again until the busy timeout has passed. A file already in WAL mode
/// answers at once; a file system that cannot hold WAL answers with the mode it keeps, which is
/// used as before.
bool switchToWal(QSqlQuery &q, QString *why) {
    QElapsedTimer waited;
    waited.start();
    for (;;) {
        if (q.exec(QStringLiteral("PRAGMA journal_mode=WAL"))) {
            q.finish();
            return true;
        }
        if (!isBusy(q.lastError())) {
            *why = q.lastError().text();
            qCWarning(lcStoreFile) << *why << "PRAGMA journal_mode=WAL";
            return false;
        }
        *why = q.lastError().text();
        if (waited.elapsed() > kBusyTimeoutMs) {
            qCWarning(lcStoreFile) << *why << "PRAGMA journal_mode=WAL";
            return false;
        }
        QThread::msleep(5);
    }
}

/// PRAGMA user_version as the connection sees it (through the WAL, unlike headerVersion()).
int userVersion(QSqlQuery &q, QString *why) {
    if (!run(q, QStringLiteral("PRAGMA user_version"), why))
        return -1;
    if (!q.next()) {
        *why = QStringLiteral("PRAGMA user_version returned no row");
        return -1;
    }
    const int v = q.value(0).toInt();
    q.finish();
    return v;
}

/// Takes an open file from its version to storeschema::kVersion. `refusedVersion` is set when the
/// file turns out to be newer than this build (another process may have upgraded it meanwhile).
bool upgrade(QSqlDatabase &db, QString *why, int *refusedVersion) {
    QSqlQuery q(db);
    int version = userVersion(q, why);
    if (version < 0)
        return false;
    if (version > storeschema::kVersion) {
        *refusedVersion = version;
        return false;
    }
    if (version == storeschema::kVersion)
        return true;
    // Two windows opening an old file at once: one upgrades, the other waits for the write lock
    // and then finds the version it would have set.
    if (!run(q, QStringLiteral("BEGIN IMMEDIATE"), why))
        return false;
    version = userVersion(q, why);
    bool ok = version >= 0;
    if (ok && version > storeschema::kVersion) {
        *refusedVersion = version;
        ok = false;
    }
    // A file without tables is new: it is created, not upgraded (and the log says only upgrades).
    const bool isNew = ok && run(q, QStringLiteral("SELECT count(*) FROM sqlite_master"), why) && q.next() && q.value(0).toInt() == 0;
    q.finish();
    for (int v = qMax(version, 0); ok && v < storeschema::kVersion; ++v) {
        for (const QString &sql : storeschema::upgradeFrom(v))
            if (!(ok = run(q, sql, why)))
                break;
        if (ok && !isNew)
            qCInfo(lcStoreFile) << "store" << db.databaseName() << "upgraded from version" << v << "to" << v + 1;
    }
    // The version in the same transaction as the tables it describes (a pragma cannot take a
    // bound parameter; the number is ours).
    ok = ok && run(q, QStringLiteral("PRAGMA user_version = %1").arg(storeschema::kVersion), why);
    QString ignored;
    if (!ok || !run(q, QStringLiteral("COMMIT"), why)) {
        run(q, QStringLiteral("ROLLBACK"), &ignored);
        return false;
    }
    return true;
}

} // namespace

int headerVersion(const QString &path) {
    if (!QFileInfo::exists(path))
        return -1;
    // Through SQLite with the file opened immutable (no lock, no WAL read, nothing created or
    // written), never with a QFile of our own: closing any descriptor of the file drops every
    // POSIX lock this process holds on it, so another window would take this process's open
    // connections for gone, checkpoint and delete the WAL they still write into, and their
    // samples would be lost (https://www.sqlite.org/howtocorrupt.html, section 2.2; the
    // two-process test lost a window's rows that way). SQLite's own descriptors are closed only
    // when the process holds no lock on the file any more.
    const QString name = QStringLiteral("om-store-version-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    int version = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI"));
        db.setDatabaseName(QUrl::fromLocalFile(path).toString(QUrl::FullyEncoded) + QStringLiteral("?immutable=1"));
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("PRAGMA user_version")) && q.next())
                version = q.value(0).toInt();
            q.finish();
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return version;
}

bool open(const QString &path, const QString &connectionName, QString *error) {
    QString why;
    const auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        if (QSqlDatabase::contains(connectionName))
            QSqlDatabase::database(connectionName, false).close(); // the file is not held open
        return false;
    };
    // A newer release's file is refused before a connection that could write opens it: such a
    // connection alone may write (a WAL file beside it, a checkpoint into it when it closes).
    if (const int v = headerVersion(path); v > storeschema::kVersion)
        return fail(newerRelease(path, v));

    QDir().mkpath(QFileInfo(path).absolutePath());
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connectionName);
    db.setDatabaseName(path);
    if (!db.open())
        return fail(cannotOpen(path, db.lastError().text()));
    QSqlQuery q(db);
    // The busy timeout first: switching a file to WAL takes a lock that another window may hold.
    if (!run(q, QStringLiteral("PRAGMA busy_timeout=%1").arg(kBusyTimeoutMs), &why))
        return fail(cannotOpen(path, why));
    // A newer release still running (or stopped before its checkpoint) has its version in the WAL,
    // not yet in the header: read as SQLite sees it, before anything is written.
    const int seen = userVersion(q, &why);
    if (seen < 0)
        return fail(cannotOpen(path, why));
    if (seen > storeschema::kVersion)
        return fail(newerRelease(path, seen));
    if (!switchToWal(q, &why) || !run(q, QStringLiteral("PRAGMA synchronous=NORMAL"), &why))
        return fail(cannotOpen(path, why));
    int refused = 0;
    if (!upgrade(db, &why, &refused))
        return fail(refused > 0 ? newerRelease(path, refused) : cannotOpen(path, why));
    return true;
}

void close(const QString &connectionName) {
    if (!QSqlDatabase::contains(connectionName))
        return;
    QSqlDatabase::database(connectionName, false).close();
    QSqlDatabase::removeDatabase(connectionName);
}

WriteTransaction::WriteTransaction(const QString &connectionName) : m_db(QSqlDatabase::database(connectionName, false)) {
    QSqlQuery q(m_db);
    m_open = run(q, QStringLiteral("BEGIN IMMEDIATE"), &m_error);
}

WriteTransaction::~WriteTransaction() { rollback(); }

bool WriteTransaction::commit() {
    if (!m_open)
        return false;
    QSqlQuery q(m_db);
    if (run(q, QStringLiteral("COMMIT"), &m_error)) {
        m_open = false;
        return true;
    }
    rollback();
    return false;
}

void WriteTransaction::rollback() {
    if (!m_open)
        return;
    m_open = false;
    QSqlQuery q(m_db);
    QString ignored;
    run(q, QStringLiteral("ROLLBACK"), &ignored);
}

} // namespace om::sqlite
