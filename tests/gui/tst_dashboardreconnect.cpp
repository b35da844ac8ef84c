// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard when its server really goes away and comes back: a private cluster (the commands
// of scripts/lib/pgcluster.sh, run through bash) is stopped and started again inside the test.
// While it is down the health line says the connection is down and how old the data is, the
// poller backs off; when it is back the dashboard recovers by itself.
#include "core/dashboard/snapshotpoller.h"
#include "core/profile/schemaprofile.h"
#include "dashboard/dashboardview.h"
#include "pg/gateway.h"
#include "testmain.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace om;

class TestDashboardReconnect : public QObject {
    Q_OBJECT
    QString m_dir;
    QString m_port;
    QTemporaryDir m_tmp;

    // Runs bash with pgcluster.sh sourced; *ok is false on a non-zero exit. Returns stderr, to be
    // shown on failure only: values never come out of the output (tools may print warnings there,
    // e.g. "could not change directory" when the checkout is closed to the postgres user).
    static QString shell(const QString &script, bool *ok) {
        QProcess p;
        p.start("bash", {"-c", QStringLiteral("set -e; source '%1/scripts/lib/pgcluster.sh'; %2").arg(OM_SOURCE_DIR, script)});
        *ok = p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        if (!*ok)
            qWarning().noquote() << err << QString::fromLocal8Bit(p.readAllStandardOutput());
        return err;
    }
    // Same server options as pg_cluster_start (the port must stay the same across the restart).
    QString startCommand() const {
        return QStringLiteral("_pg_as_owner \"$PG_BIN/pg_ctl\" -D '%1/data' -l '%1/server.log' -w -t 60 "
                              "-o \"-k %1 -p %2 -c listen_addresses=127.0.0.1 -c fsync=off\" start >/dev/null")
            .arg(m_dir, m_port);
    }

private slots:
    void initTestCase() {
        bool ok = false;
        // The cluster's directory and port come back through a file of their own.
        const QString where = m_tmp.filePath("cluster");
        const QString err = shell(QStringLiteral("pg_cluster_start >/dev/null; printf '%s\\n%s\\n' \"$OM_PG_DIR\" \"$PGPORT\" >'%1'")
                                      .arg(where),
                                  &ok);
        QVERIFY2(ok, qPrintable(err));
        QFile file(where);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        m_dir = lines.at(0);
        m_port = lines.at(1);
        QVERIFY2(m_port.toInt() > 0, qPrintable(m_port));
        shell(QStringLiteral("psql -X -q -v ON_ERROR_STOP=1 -h '%1' -p %2 -U postgres -d postgres -f '%3/resources/sql/seed000_app_outbox.sql' "
                             "-c \"INSERT INTO app_outbox (message_key, event_type, destination, payload_json) "
                             "SELECT 'K' || g, 'E', 'D', '{}' FROM generate_series(1, 5) g\"")
                  .arg(m_dir, m_port, OM_SOURCE_DIR),
              &ok);
        QVERIFY(ok);
    }

    void cleanupTestCase() {
        if (m_dir.isEmpty())
            return;
        bool ok = false;
        shell(QStringLiteral("OM_PG_DIR='%1' pg_cluster_stop").arg(m_dir), &ok);
    }

    void staleWhileDownAndRecoversByItself() {
        GatewayConfig config;
        config.connInfo = QStringLiteral("host=%1 port=%2 user=postgres dbname=postgres connect_timeout=2").arg(m_dir, m_port);
        config.statementTimeoutMs = 5000;
        auto owner = std::make_unique<Gateway>(config); // outlives the poller and the view
        Gateway *gateway = owner.get();
        AppContext ctx;
        ctx.gateway = gateway;
        ctx.profile = *SchemaProfile::builtIn("app_outbox");
        ctx.connectionKey = "reconnect-test";
        ctx.connectionLabel = "private cluster";
        SnapshotPoller poller(gateway, ctx.profile);
        DashboardView view(ctx, &poller, m_tmp.filePath("h.sqlite"));
        poller.setIntervalMs(500); // after the view applied the stored (default 5 s) interval
        view.show();
        QSignalSpy snaps(&poller, &SnapshotPoller::snapshotReady);
        QSignalSpy failures(&poller, &SnapshotPoller::refreshFailed);
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() >= 2, 15000);
        QTRY_VERIFY(view.healthText().contains("Connection up"));
        QCOMPARE(failures.count(), 0);

        bool ok = false;
        shell(QStringLiteral("_pg_as_owner \"$PG_BIN/pg_ctl\" -D '%1/data' -m fast -w stop >/dev/null").arg(m_dir), &ok);
        QVERIFY2(ok, "pg_ctl stop failed");
        QTRY_VERIFY_WITH_TIMEOUT(failures.count() >= 3, 20000);
        QVERIFY(!poller.isHealthy());
        QTRY_VERIFY_WITH_TIMEOUT(view.healthText().contains("Connection down"), 5000);
        QVERIFY2(view.healthText().contains("data is"), qPrintable(view.healthText()));
        QVERIFY(poller.msSinceLastSnapshot() >= 1000);
        // Backoff: the announced retry delays grow.
        QVERIFY(failures.last().at(1).toInt() > failures.first().at(1).toInt());
        const int snapsWhileDown = int(snaps.count());

        shell(startCommand(), &ok);
        QVERIFY2(ok, "pg_ctl start failed");
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() > snapsWhileDown, 40000);
        QTRY_VERIFY(view.healthText().contains("Connection up"));
        QVERIFY(poller.isHealthy());
        QCOMPARE(poller.consecutiveFailures(), 0);
        // The history kept what came before and after the outage.
        QVERIFY(view.store()->rawCount("reconnect-test", "app_outbox", "state:PENDING") >= 3);
        poller.stop();
    }
};

OM_TEST_MAIN(TestDashboardReconnect)
#include "tst_dashboardreconnect.moc"
