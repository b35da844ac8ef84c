// SPDX-License-Identifier: GPL-3.0-or-later
// An action whose window closes under it, against the real server with the admin kit and an
// operator's login: closed while the reason dialog is up, nothing changes and nothing is audited;
// closed while the run waits for a lock, the window goes at once and the database holds all of the
// transaction (every changed row with its audit row) or none of it. The action's dialogs are opened,
// not exec()'d: no step of the action waits inside a nested event loop of a window that may be gone.
// And the ordinary path still works, the bulk confirmation included.
#include "actionfixture.h"
#include "actions/actioncontroller.h"
#include "actions/reasondialog.h"
#include "dialogoperator.h"
#include "link/limits.h"
#include "mainwindow.h"
#include "taggedrows.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "windowcontext.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <functional>

using namespace om;
using namespace om::test;

namespace {

/// Runs `step` every 10 ms until it returns true, from the event loop: also from inside a nested
/// one (a dialog's exec()), where the test function itself cannot run.
class Watch : public QObject {
public:
    explicit Watch(std::function<bool()> step) : m_step(std::move(step)) {
        m_timer.setInterval(10);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            if (m_step())
                m_timer.stop();
        });
        m_timer.start();
    }
    bool done() const { return !m_timer.isActive(); }

private:
    std::function<bool()> m_step;
    QTimer m_timer;
};

} // namespace

class TestActionWindowClose : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;
    const SchemaProfile m_profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
    const ActionDef m_retry = m_profile.actions.value(QStringLiteral("retry"));

    /// An operator's window on the database, deleted when closed, once the server has said what the
    /// role may do; Triage shows the `rows` rows tagged `tag` and nothing is selected, so Retry
    /// acts on every row matching (exactly those).
    /// `lockTimeoutMs`: the Action lane's, longer than the default where a run must wait on a lock.
    void openWindow(QPointer<MainWindow> &window, const QString &tag, int rows, int lockTimeoutMs = limits::kActionLockTimeoutMs) {
        AppContext ctx = windowContext(m_db->connectionStringAs(QStringLiteral("demo_operator")));
        if (lockTimeoutMs != limits::kActionLockTimeoutMs) {
            GatewayConfig config = ctx.gateway->config();
            config.lockTimeoutMs = lockTimeoutMs;
            delete ctx.gateway;
            ctx.gateway = new Gateway(config);
        }
        auto *w = new MainWindow(ctx);
        window = w;
        w->setAttribute(Qt::WA_DeleteOnClose);
        QSignalSpy access(w, &MainWindow::accessChanged);
        w->resize(1200, 800);
        w->show();
        QTRY_VERIFY_WITH_TIMEOUT(access.count() >= 1, 15000);
        QVERIFY(w->canChangeMessages());
        showTagged(*w, tag, rows);
        QTRY_VERIFY(w->actions()->action(QStringLiteral("retry"))->isEnabled());
    }

    /// Another session holds the audit table; the window's Retry (the reason given by a
    /// DialogOperator) then waits for it, its progress dialog up. The lock holder, for ROLLBACK.
    std::unique_ptr<PgSession> retryWaitingOnALock(const QPointer<MainWindow> &w) {
        auto locker = std::make_unique<PgSession>(PgSession::Options{m_db->connectionString()});
        locker->open();
        locker->execScript(QStringLiteral("BEGIN; LOCK TABLE app_outbox_audit IN SHARE MODE"));
        w->actions()->action(QStringLiteral("retry"))->trigger();
        [&] {
            QTRY_COMPARE_WITH_TIMEOUT(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                                                  "AND usename = 'demo_operator' AND wait_event_type = 'Lock'"))
                                          .toLongLong(),
                                      qint64(1), 10000);
        }();
        return locker;
    }

    qint64 changed(const QList<qint64> &ids) {
        return m_db->scalar(QStringLiteral("SELECT count(*) FROM app_outbox WHERE outbox_id = ANY($1::bigint[]) AND status = $2"),
                            {idArray(ids), stateValue(m_profile, m_retry.to)})
            .toLongLong();
    }
    qint64 audited(const QList<qint64> &ids) { return auditCount(*m_db, m_profile, ids, m_retry.auditName); }
    /// Sessions the operator's windows still have on the server (a closed window's end on their own).
    qint64 operatorSessions() {
        return m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                           "AND usename = 'demo_operator'"))
            .toLongLong();
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        QStandardPaths::setTestModeEnabled(true); // the history store stays out of the developer's folders
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("outbox-monitor-tests"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << QStringLiteral("demo/logins.sql"));
    }

    void init() { QSettings().remove(QLatin1String(ActionController::kBulkLimitKey)); }

    // (a) The window closes while the reason dialog asks: no crash, nothing changed, no audit row.
    void closedWhileTheReasonDialogAsks() {
        const QList<qint64> ids = insertMessages(*m_db, m_profile, m_retry.from.first(), 3, 0, QStringLiteral("reason"));
        QPointer<MainWindow> w;
        openWindow(w, QStringLiteral("reason"), 3);
        if (QTest::currentTestFailed())
            return;
        // Closed from the event loop as soon as the dialog is up: the test function would not run
        // while a dialog's exec() held the loop.
        bool sawReason = false;
        Watch closer([&] {
            if (!qobject_cast<ReasonDialog *>(QApplication::activeModalWidget()))
                return false;
            sawReason = true;
            w->close();
            return true;
        });
        w->actions()->action(QStringLiteral("retry"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w.isNull(), 15000);
        QVERIFY(sawReason);
        for (QWidget *top : QApplication::topLevelWidgets())
            QVERIFY2(!qobject_cast<ReasonDialog *>(top), "the reason dialog outlived its window");
        QTRY_COMPARE_WITH_TIMEOUT(operatorSessions(), qint64(0), 10000);
        QCOMPARE(changed(ids), qint64(0));
        QCOMPARE(audited(ids), qint64(0));
    }

    // (b) The reason given, the run waits for the audit table (another session holds it), the
    // progress dialog is up: the window closes at once, and the transaction rolls back with its
    // connection (or, had it committed, every changed row has its audit row).
    void closedWhileTheRunWaits() {
        const QList<qint64> ids = insertMessages(*m_db, m_profile, m_retry.from.first(), 3, 0, QStringLiteral("run"));
        QPointer<MainWindow> w;
        openWindow(w, QStringLiteral("run"), 3);
        if (QTest::currentTestFailed())
            return;
        DialogOperator op; // gives the reason
        const std::unique_ptr<PgSession> locker = retryWaitingOnALock(w);
        QTRY_VERIFY(w && w->findChild<QProgressDialog *>(QStringLiteral("actionProgress"))
                    && w->findChild<QProgressDialog *>(QStringLiteral("actionProgress"))->isVisible());
        QCOMPARE(op.reasonScopes.size(), 1);
        QElapsedTimer closing;
        qint64 closedMs = -1;
        connect(w.data(), &QObject::destroyed, this, [&] { closedMs = closing.elapsed(); });
        closing.start();
        w->close();
        QTRY_VERIFY_WITH_TIMEOUT(w.isNull(), 5000);
        qInfo("the window closed in %lld ms", closedMs);
        QVERIFY2(closedMs >= 0 && closedMs < 2000, qPrintable(QStringLiteral("closing took %1 ms").arg(closedMs)));
        QVERIFY(!DialogOperator::anyProgressVisible());
        locker->execScript(QStringLiteral("ROLLBACK"));
        QTRY_COMPARE_WITH_TIMEOUT(operatorSessions(), qint64(0), 10000);
        QCOMPARE(changed(ids), audited(ids));
        QVERIFY(changed(ids) == 0 || changed(ids) == ids.size());
        QVERIFY(op.results.isEmpty()); // nothing was shown after the window had gone
    }

    // (b2) A run without an answer (here: it waits for a lock; a frozen network looks the same
    // from the window) says after a few seconds that the server has not answered, for how long,
    // and what that means for the outcome; then the run finishes as usual.
    void aRunWithoutAnswerSaysSo() {
        const QList<qint64> ids = insertMessages(*m_db, m_profile, m_retry.from.first(), 3, 0, QStringLiteral("quiet"));
        QPointer<MainWindow> w;
        openWindow(w, QStringLiteral("quiet"), 3, 20000); // the run waits on the lock below, not 2 s
        if (QTest::currentTestFailed())
            return;
        DialogOperator op; // gives the reason
        QSignalSpy finished(w->actions(), &ActionController::actionFinished);
        const std::unique_ptr<PgSession> locker = retryWaitingOnALock(w);
        QPointer<QProgressDialog> progress;
        QTRY_VERIFY_WITH_TIMEOUT((progress = w->findChild<QProgressDialog *>(QStringLiteral("actionProgress"))) && progress->isVisible(), 10000);
        const QString first = progress->labelText();
        QTRY_VERIFY2_WITH_TIMEOUT(progress && progress->labelText() != first, qPrintable(op.outcomes.join(QLatin1Char('|'))), 6000); // a line is added after 3 s ...
        if (english()) {
            QVERIFY2(progress->labelText().contains(QStringLiteral("The server has not answered for 3 s.")), qPrintable(progress->labelText()));
            QVERIFY2(progress->labelText().contains(QStringLiteral("Nothing is committed yet")), qPrintable(progress->labelText()));
            // ... and counts on.
            QTRY_VERIFY_WITH_TIMEOUT(progress->labelText().contains(QStringLiteral("The server has not answered for 4 s.")), 3000);
        }
        locker->execScript(QStringLiteral("ROLLBACK"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 15000);
        QCOMPARE(changed(ids), qint64(ids.size()));
        QCOMPARE(audited(ids), qint64(ids.size()));
        delete w.data();
    }

    // (c) The ordinary path: above the bulk limit a second confirmation; "Yes" runs the action,
    // every row changed with its audit row; anything else changes nothing.
    void bulkConfirmation_data() {
        QTest::addColumn<bool>("confirm");
        QTest::newRow("yes") << true;
        QTest::newRow("no") << false;
    }
    void bulkConfirmation() {
        QFETCH(bool, confirm);
        const QString tag = confirm ? QStringLiteral("bulkyes") : QStringLiteral("bulkno");
        const QList<qint64> ids = insertMessages(*m_db, m_profile, m_retry.from.first(), 3, 0, tag);
        QSettings().setValue(QLatin1String(ActionController::kBulkLimitKey), 2);
        QPointer<MainWindow> w;
        openWindow(w, tag, 3);
        if (QTest::currentTestFailed())
            return;
        DialogOperator op;
        op.confirm = confirm;
        QSignalSpy finished(w->actions(), &ActionController::actionFinished);
        QAction *retry = w->actions()->action(QStringLiteral("retry"));
        retry->trigger();
        if (confirm) {
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
            QTRY_COMPARE(op.results.size(), 1);
            QVERIFY2(op.results.first().startsWith(QStringLiteral("3 message")) || testLanguage() != QLatin1String("en"),
                     qPrintable(op.results.first()));
        }
        // The confirmation was asked, with the count and the limit; the action is free again.
        QTRY_COMPARE_WITH_TIMEOUT(op.messages.size(), 1, 20000);
        if (testLanguage() == QLatin1String("en"))
            QVERIFY2(op.messages.first().contains(QStringLiteral("This changes 3 messages (more than the bulk limit of 2)")),
                     qPrintable(op.messages.first()));
        QTRY_VERIFY(retry->isEnabled());
        QCOMPARE(op.reasonScopes.size(), 1);
        QCOMPARE(finished.count(), confirm ? 1 : 0);
        QCOMPARE(changed(ids), confirm ? qint64(3) : qint64(0));
        QCOMPARE(audited(ids), confirm ? qint64(3) : qint64(0));
        w->close();
        QTRY_VERIFY(w.isNull());
    }
};

OM_TEST_MAIN(TestActionWindowClose)
#include "tst_actionwindowclose.moc"
