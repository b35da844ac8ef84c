// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "pg/pgsession.h"

#include <QString>
#include <QStringList>
#include <QVariant>
#include <memory>

namespace om::test {

/// A boolean as the server sends it (t / f, text like every value here): QVariant's toBool()
/// would call "f" true, and a QVERIFY on it could never fail.
inline bool isTrue(const QVariant &v) { return pgTrue(v); }

/// One fresh database on the throwaway server that scripts/test started (PGHOST/PGPORT), with
/// the given files of resources/sql/ applied in order. Dropped again when destroyed.
class TestDatabase {
public:
    /// nullptr and *error set when the harness gave no server: the test must QFAIL, not skip,
    /// so that a green run always means the database tests ran.
    static std::unique_ptr<TestDatabase> create(const QStringList &sqlFiles, QString *error);
    /// As create(), on another server than the harness's: `server` is a libpq string without a
    /// dbname (e.g. a host list); the database is created and dropped through it (dbname=postgres)
    /// and connectionString() is it plus dbname=.
    static std::unique_ptr<TestDatabase> createOn(const QString &server, const QStringList &sqlFiles, QString *error);

    /// Presets of sqlFiles, so that a set-up is named once. The three seed schemas (app_outbox,
    /// batch_work_item, outbox), each with its audit table.
    static QStringList allSeeds();
    /// allSeeds() and the admin kit an operator's window relies on: the append-only audit
    /// triggers, the action functions and the two group roles (kit/roles.sql).
    static QStringList seedsWithAdminKit();
    ~TestDatabase();

    QString name() const { return m_name; }
    /// libpq keyword/value string for this database.
    QString connectionString() const;
    /// The same, logged in as another role (e.g. demo_auditor).
    QString connectionStringAs(const QString &role) const;

    void exec(const QString &sql, const QVariantList &params = {});
    QVariant scalar(const QString &sql, const QVariantList &params = {});
    QList<QVariantList> rows(const QString &sql, const QVariantList &params = {});
    /// How many other sessions of this database are running `statement` (exactly this text) right
    /// now: the event a test waits for before it freezes, cancels or kills what it sent, where a
    /// fixed sleep would only guess that the statement has arrived.
    int runningNow(const QString &statement);
    /// A login role in the group role `memberOf` (e.g. outbox_auditor), created when missing: roles
    /// are the cluster's, so a role another test created is used as it is.
    void createLoginRole(const QString &role, const QString &memberOf);
    /// Applies one more file of resources/sql/.
    void applyFile(const QString &relativePath);
    /// The session the helpers above use (autocommit, not read-only).
    PgSession &session() { return *m_session; }

    /// Absolute path of a file under resources/sql/.
    static QString sqlPath(const QString &relativePath);
    /// Connection string of the server's maintenance database ("" when none).
    static QString serverConnectionString(const QString &database = QStringLiteral("postgres"));

private:
    TestDatabase() = default;
    QString m_name;
    QString m_server; ///< libpq string of the server, without dbname
    std::unique_ptr<PgSession> m_session;
};

} // namespace om::test

/// In a test function (initTestCase, init, ...): `db` = a new TestDatabase with the files given
/// (a braced list or a preset), or the function fails with the reason (never skips: a green run
/// means the database tests ran).
#define OM_CREATE_TEST_DATABASE(db, ...)                                          \
    do {                                                                          \
        const QStringList omCreateFiles_ = __VA_ARGS__;                           \
        QString omCreateError_;                                                   \
        (db) = ::om::test::TestDatabase::create(omCreateFiles_, &omCreateError_); \
        if (!(db))                                                                \
            QFAIL(qPrintable(omCreateError_));                                    \
    } while (false)
