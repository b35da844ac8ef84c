// SPDX-License-Identifier: GPL-3.0-or-later
#include "testdatabase.h"
#include "core/sql/sqltext.h"
#include "testserver.h"

#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>

namespace om::test {

namespace {

/// The harness's server, without dbname ("" when it gave none).
QString harnessServer() {
    const QString host = qEnvironmentVariable("PGHOST");
    if (host.isEmpty() || serverPort() == 0)
        return {};
    return QStringLiteral("host=%1 port=%2 user=%3").arg(host).arg(serverPort()).arg(serverUser());
}

QString onDatabase(const QString &server, const QString &database) {
    return server + QStringLiteral(" dbname=") + database;
}

} // namespace

QString TestDatabase::serverConnectionString(const QString &database) {
    const QString server = harnessServer();
    return server.isEmpty() ? QString() : onDatabase(server, database);
}

QStringList TestDatabase::allSeeds() {
    return {QStringLiteral("seed000_app_outbox.sql"), QStringLiteral("seed003_batch_work_item.sql"),
            QStringLiteral("seed004_outbox.sql")};
}

QStringList TestDatabase::seedsWithAdminKit() {
    // The order a DBA applies them in: roles.sql grants on the tables and functions before it.
    return allSeeds() << QStringLiteral("kit/append_only_audit.sql") << QStringLiteral("kit/action_functions.sql")
                      << QStringLiteral("kit/purge_functions.sql") << QStringLiteral("kit/roles.sql");
}

QString TestDatabase::sqlPath(const QString &relativePath) {
    return QStringLiteral(OM_SOURCE_DIR "/resources/sql/") + relativePath;
}

std::unique_ptr<TestDatabase> TestDatabase::create(const QStringList &sqlFiles, QString *error) {
    const QString server = harnessServer();
    if (server.isEmpty()) {
        if (error)
            *error = QStringLiteral("No test server: PGHOST/PGPORT are not set. Run the tests through scripts/test, "
                                    "which starts a throwaway PostgreSQL cluster.");
        return nullptr;
    }
    return createOn(server, sqlFiles, error);
}

std::unique_ptr<TestDatabase> TestDatabase::createOn(const QString &serverConnInfo, const QStringList &sqlFiles, QString *error) {
    std::unique_ptr<TestDatabase> db(new TestDatabase);
    db->m_server = serverConnInfo;
    db->m_name = QStringLiteral("om_test_%1").arg(QRandomGenerator::global()->generate64(), 0, 16);
    try {
        PgSession server({onDatabase(serverConnInfo, QStringLiteral("postgres"))});
        server.open();
        server.execScript(QStringLiteral("CREATE DATABASE %1").arg(sql::quoteIdentifier(db->m_name)));
        PgSession::Options o;
        o.connInfo = db->connectionString();
        o.statementTimeoutMs = 0;
        db->m_session = std::make_unique<PgSession>(o);
        db->m_session->open();
        for (const QString &f : sqlFiles)
            db->applyFile(f);
    } catch (const PgError &e) {
        if (error)
            *error = QStringLiteral("Test database set-up failed: %1").arg(e.message);
        return nullptr;
    }
    return db;
}

TestDatabase::~TestDatabase() {
    if (m_session)
        m_session->close();
    try {
        PgSession server({onDatabase(m_server, QStringLiteral("postgres"))});
        server.open();
        server.execScript(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(sql::quoteIdentifier(m_name)));
    } catch (const PgError &e) {
        qWarning("could not drop %s: %s", qPrintable(m_name), qPrintable(e.message));
    }
}

QString TestDatabase::connectionString() const { return onDatabase(m_server, m_name); }

QString TestDatabase::connectionStringAs(const QString &role) const {
    QString s = connectionString();
    s.replace(QRegularExpression(QStringLiteral("user=\\S+")), QStringLiteral("user=") + role);
    return s;
}

void TestDatabase::createLoginRole(const QString &role, const QString &memberOf) {
    // Identifiers cannot be bound: quoted here, from names the tests choose.
    exec(QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = %1) THEN "
                        "CREATE ROLE %2 LOGIN IN ROLE %3; END IF; END $$")
             .arg(sql::quoteLiteral(role), sql::quoteIdentifier(role), sql::quoteIdentifier(memberOf)));
}

void TestDatabase::applyFile(const QString &relativePath) {
    // Applied with psql, exactly as a DBA applies the kit (psql variables included).
    QProcess psql;
    psql.setProcessChannelMode(QProcess::MergedChannels);
    psql.start(QStringLiteral("psql"), {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"),
                                        QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-d"), connectionString(),
                                        QStringLiteral("-f"), sqlPath(relativePath)});
    if (!psql.waitForFinished(300000) || psql.exitStatus() != QProcess::NormalExit || psql.exitCode() != 0)
        throw PgError(PgError::Kind::Query, QStringLiteral("psql -f %1 failed: %2")
                                                .arg(relativePath, QString::fromUtf8(psql.readAll())));
}

namespace {

/// Runs `f`; a PgError is written out (statement and server message) before it goes on up, since
/// QTest reports an exception only as "Caught unhandled exception", without its text.
template <typename F>
auto sayingWhatFailed(const QString &sql, F &&f) {
    try {
        return f();
    } catch (const PgError &e) {
        qWarning("SQL failed: %s\n  in: %s", qPrintable(e.message), qPrintable(sql.left(400)));
        throw;
    }
}

} // namespace

void TestDatabase::exec(const QString &sql, const QVariantList &params) {
    sayingWhatFailed(sql, [&] {
        if (params.isEmpty())
            m_session->execScript(sql);
        else
            m_session->query(sql, params);
    });
}

QVariant TestDatabase::scalar(const QString &sql, const QVariantList &params) {
    return sayingWhatFailed(sql, [&] { return m_session->query(sql, params).scalar(); });
}

int TestDatabase::runningNow(const QString &statement) {
    return scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                 "AND pid <> pg_backend_pid() AND state = 'active' AND query = $1"),
                  {statement})
        .toInt();
}

QList<QVariantList> TestDatabase::rows(const QString &sql, const QVariantList &params) {
    return sayingWhatFailed(sql, [&] { return m_session->query(sql, params).rows; });
}

} // namespace om::test
