// SPDX-License-Identifier: GPL-3.0-or-later
// Core's typed services, as the views use them: a call answers values in the GUI thread, a call
// cancelled before its turn never reaches the server, a running one is cancelled on the server,
// and a receiver that is gone hears nothing. Outcomes are read in the database and on disk.
#include "core/service/servicecall.h"
#include "core/triage/triageservice.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace om;
using namespace om::test;

namespace {
const QString kApp = QStringLiteral("om-services-test");
}

class TestServices : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    SchemaProfile m_profile;

    GatewayConfig config() const {
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        c.applicationName = kApp;
        return c;
    }

    /// Holds an ACCESS EXCLUSIVE lock on the table from a Gateway of its own until
    /// releaseTableLock(): every read of the table waits behind it. Returns when the lock is held.
    /// The test releases it, never a clock: a lane that was slow to connect on a loaded machine
    /// must still find the lock held when the test looks.
    void holdTableLock(Gateway &holder, bool *released) {
        holder.run<int>(
            Lane::Action, this,
            [](PgSession &s) {
                s.transact([](PgTx &tx) {
                    tx.exec(QStringLiteral("LOCK TABLE app_outbox IN ACCESS EXCLUSIVE MODE"));
                    tx.exec(QStringLiteral("SELECT pg_sleep(120)"));
                });
                return 0;
            },
            [released](const int &) { *released = true; }, [released](const PgError &) { *released = true; });
        QTRY_VERIFY_WITH_TIMEOUT(
            m_db->scalar("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                         "WHERE c.relname = 'app_outbox' AND l.mode = 'AccessExclusiveLock' AND l.granted")
                    .toInt()
                == 1,
            10000);
    }

    /// Ends the holder's sleep from another session; its transaction rolls back and the lock goes.
    void releaseTableLock() {
        m_db->scalar("SELECT count(pg_cancel_backend(pid)) FROM pg_stat_activity WHERE application_name = $1",
                     {kApp + QStringLiteral("/action")});
    }

    /// Sessions of the service's Browse lane waiting for a lock right now.
    int browseWaitingForLock() {
        return m_db->scalar("SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'",
                            {kApp + QStringLiteral("/browse")})
            .toInt();
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, {"seed000_app_outbox.sql"});
        m_profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
    }

    void aPageArrivesAsValuesInTheCallersThread() {
        Gateway gw(config());
        TriageService service(&gw, m_profile);
        PageRequest request;
        request.pageSize = 50;
        std::optional<MessagePage> page;
        QThread *answeredOn = nullptr;
        service.page(request, {this, [&](const MessagePage &p) { page = p; answeredOn = QThread::currentThread(); },
                               [](const PgError &e) { QFAIL(qPrintable(e.message)); }});
        QTRY_VERIFY_WITH_TIMEOUT(page.has_value(), 15000);
        QCOMPARE(answeredOn, QThread::currentThread());
        const int expected = qMin(50, m_db->scalar("SELECT count(*) FROM app_outbox").toInt());
        QCOMPARE(int(page->rows.size()), expected);
        QSet<QString> ids;
        for (const QVariantList &r : m_db->rows("SELECT outbox_id::text FROM app_outbox"))
            ids.insert(r.at(0).toString());
        for (const MessageRow &r : page->rows)
            QVERIFY2(ids.contains(r.id.text()), qPrintable(r.id.text()));
    }

    // The Browse lane is busy with a page waiting for a lock; a payload save queued behind it is
    // cancelled: when the lane is free it never runs (no file), and its Reply hears Cancelled.
    void aCallCancelledBeforeItsTurnNeverStarts() {
        // Read before the lock: behind it this read would wait too.
        const MessageId id = MessageId::fromVariant(m_db->scalar("SELECT min(outbox_id) FROM app_outbox"));
        Gateway holder(config());
        bool released = false;
        holdTableLock(holder, &released);

        Gateway gw(config());
        TriageService service(&gw, m_profile);
        bool pageDone = false;
        service.page(PageRequest(), {this, [&](const MessagePage &) { pageDone = true; },
                                     [](const PgError &e) { QFAIL(qPrintable(e.message)); }});
        QTRY_COMPARE_WITH_TIMEOUT(browseWaitingForLock(), 1, 10000);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("payload.json"));
        std::optional<PgError> saveError;
        bool saved = false;
        const auto onSaved = [&](const qint64 &) { saved = true; };
        const auto onFailed = [&](const PgError &e) { saveError = e; };
        PendingCall save = service.savePayload(id, path, {this, onSaved, onFailed});
        QCOMPARE(gw.queuedJobs(Lane::Browse), 1);
        save.cancel();

        releaseTableLock();
        QTRY_VERIFY_WITH_TIMEOUT(released, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(pageDone, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(saveError.has_value(), 15000);
        QCOMPARE(int(saveError->kind), int(PgError::Kind::Cancelled));
        QVERIFY(!saved);
        QVERIFY2(!QFile::exists(path), "the cancelled save wrote its file");
    }

    // A page waiting on the server for a lock is cancelled there: the Reply hears Cancelled long
    // before the lock is released, and the lane's session no longer waits.
    void aRunningCallIsCancelledOnTheServer() {
        Gateway holder(config());
        bool released = false;
        holdTableLock(holder, &released);

        Gateway gw(config());
        TriageService service(&gw, m_profile);
        std::optional<PgError> error;
        PendingCall call = service.page(PageRequest(), {this, [](const MessagePage &) { QFAIL("the page was not cancelled"); },
                                                        [&](const PgError &e) { error = e; }});
        QTRY_COMPARE_WITH_TIMEOUT(browseWaitingForLock(), 1, 10000);
        QElapsedTimer t;
        t.start();
        call.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(error.has_value(), 5000);
        QCOMPARE(int(error->kind), int(PgError::Kind::Cancelled));
        QVERIFY(!released);
        QCOMPARE(browseWaitingForLock(), 0);
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        releaseTableLock();
        QTRY_VERIFY_WITH_TIMEOUT(released, 15000);
    }

    // A view closed while its call is on its way hears nothing.
    void aReceiverThatIsGoneHearsNothing() {
        Gateway gw(config());
        TriageService service(&gw, m_profile);
        auto *receiver = new QObject;
        bool heard = false;
        service.choices({receiver, [&](const FilterChoices &) { heard = true; }, [&](const PgError &) { heard = true; }});
        delete receiver;
        // A second call on the same lane answers after the first: once it has, the first has too.
        bool second = false;
        service.choices({this, [&](const FilterChoices &) { second = true; },
                         [](const PgError &e) { QFAIL(qPrintable(e.message)); }});
        QTRY_VERIFY_WITH_TIMEOUT(second, 15000);
        QVERIFY(!heard);
    }
};

OM_TEST_GUILESS_MAIN(TestServices)
#include "tst_services.moc"
