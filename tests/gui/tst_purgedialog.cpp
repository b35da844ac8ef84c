// SPDX-License-Identifier: GPL-3.0-or-later
// The purge dialog and the Table tab against the real server: every input error (empty reason,
// retention empty, 0, negative or not a number) said in words with nothing deleted; the count
// shown (estimate, then exact); a valid purge deleting the old finished rows with its progress;
// and the Purge button enabled only for an operator's writable window.
#include "actionfixture.h"
#include "core/sql/sqltext.h"
#include "health/purgedialog.h"
#include "health/tablehealthview.h"
#include "pg/gateway.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace om;
using namespace om::test;

class TestPurgeDialog : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    SchemaProfile m_profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
    QList<qint64> m_old, m_open;

    std::unique_ptr<Gateway> gateway(const QString &login) {
        GatewayConfig c;
        c.connInfo = m_db->connectionStringAs(login);
        return std::make_unique<Gateway>(c);
    }
    AppContext context(Gateway *gw, bool readOnly = false) {
        AppContext c;
        c.gateway = gw;
        c.profile = m_profile;
        c.readOnly = readOnly;
        return c;
    }
    qint64 present(const QList<qint64> &ids) {
        return m_db->scalar("SELECT count(*) FROM app_outbox WHERE outbox_id = ANY($1::bigint[])", {idArray(ids)}).toLongLong();
    }
    static void type(PurgeDialog &d, const char *name, const QString &text) {
        auto *edit = d.findChild<QLineEdit *>(QLatin1String(name));
        QVERIFY(edit);
        edit->setText(text);
    }
    static QString problemText(PurgeDialog &d) { return d.findChild<QLabel *>(QStringLiteral("problem"))->text(); }

private slots:
    void initTestCase() {
        installTestTranslations(); // English plural forms; OM_LANG=ja: Japanese, for screenshots
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << "demo/logins.sql");
    }
    void init() {
        m_db->exec("DELETE FROM app_outbox");
        m_old = insertMessages(*m_db, m_profile, QStringLiteral("SENT"), 12);
        m_open = insertMessages(*m_db, m_profile, QStringLiteral("FAILED"), 4);
        m_db->exec("UPDATE app_outbox SET updated_at = now() - interval '45 days'");
    }

    void inputErrorsAreSaidAndNothingIsDeleted_data() {
        QTest::addColumn<QString>("retention");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("says");
        // clang-format off
        QTest::newRow("empty reason") << "30" << "" << "reason";
        QTest::newRow("short reason") << "30" << "old" << "reason";
        QTest::newRow("retention empty") << "" << "Retention clean-up INC-1" << "Type the retention";
        QTest::newRow("retention zero") << "0" << "Retention clean-up INC-1" << "at least 1 day";
        QTest::newRow("retention negative") << "-5" << "Retention clean-up INC-1" << "at least 1 day";
        QTest::newRow("retention not a number") << "thirty" << "Retention clean-up INC-1" << "whole number of days";
        QTest::newRow("retention fraction") << "1.5" << "Retention clean-up INC-1" << "whole number of days";
        // clang-format on
    }
    void inputErrorsAreSaidAndNothingIsDeleted() {
        QFETCH(QString, retention);
        QFETCH(QString, reason);
        QFETCH(QString, says);
        auto gw = gateway(QStringLiteral("demo_operator"));
        PurgeDialog d(context(gw.get()));
        type(d, "retention", retention);
        type(d, "reason", reason);
        QVERIFY(!d.problem().isEmpty());
        if (testLanguage() == QLatin1String("en")) // the words are the English ones
            QVERIFY2(d.problem().contains(says, Qt::CaseInsensitive), qPrintable(d.problem()));
        QSignalSpy finished(d.job(), &PurgeJob::finished);
        QTest::mouseClick(d.findChild<QPushButton *>(QStringLiteral("delete")), Qt::LeftButton);
        QCOMPARE(problemText(d), d.problem());
        QVERIFY(!d.job()->isRunning());
        QTest::qWait(200); // nothing starts late either
        QCOMPARE(finished.count(), 0);
        QCOMPARE(present(m_old), qint64(m_old.size()));
        QCOMPARE(present(m_open), qint64(m_open.size()));
    }

    void aValidPurgeCountsThenDeletesWithProgress() {
        auto gw = gateway(QStringLiteral("demo_operator"));
        PurgeDialog d(context(gw.get()));
        d.setBatchSize(5);
        QSignalSpy counts(&d, &PurgeDialog::countShown);
        type(d, "retention", QStringLiteral("30"));
        type(d, "reason", QStringLiteral("Retention 30 days, INC-7 clean-up"));
        // The exact count arrives (after the estimate, unless the count overtook it).
        QTRY_VERIFY_WITH_TIMEOUT(!counts.isEmpty() && counts.last().at(1).toBool(), 10000);
        QCOMPARE(counts.last().at(0).toLongLong(), qint64(m_old.size()));
        QVERIFY(d.findChild<QLabel *>(QStringLiteral("count"))->text().contains(QStringLiteral("12")));
        QVERIFY(d.problem().isEmpty());
        QSignalSpy batches(d.job(), &PurgeJob::batchCommitted);
        QSignalSpy finished(d.job(), &PurgeJob::finished);
        QTest::mouseClick(d.findChild<QPushButton *>(QStringLiteral("delete")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(batches.count(), 3); // 5 + 5 + 2
        const PurgeProgress end = finished.first().first().value<PurgeProgress>();
        QCOMPARE(end.deleted, qint64(12));
        QCOMPARE(end.expected, qint64(12));
        QVERIFY(d.findChild<QLabel *>(QStringLiteral("status"))->text().contains(QStringLiteral("12")));
        QCOMPARE(present(m_old), qint64(0));
        QCOMPARE(present(m_open), qint64(m_open.size()));
        QCOMPARE(auditCount(*m_db, m_profile, m_old, QStringLiteral("PURGE")), qint64(12));
        saveScreenshot(&d, QStringLiteral("purge-dialog"));
    }

    // The Table tab opens the purge dialog window-modal and returns (no nested event loop): a
    // purge run in it and the dialog closed, the tab reads the catalog again; the tab closed while
    // the dialog is up takes the dialog along, and nothing runs on.
    void theTableTabOpensThePurgeDialog() {
        auto gw = gateway(QStringLiteral("demo_operator"));
        QWidget window;
        auto *view = new TableHealthView(context(gw.get()), &window);
        QSignalSpy shown(view, &TableHealthView::reportShown);
        window.resize(800, 600);
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(view->purgeButton()->isEnabled(), 10000);
        view->purgeButton()->click();
        QPointer<PurgeDialog> d = qobject_cast<PurgeDialog *>(QApplication::activeModalWidget());
        QVERIFY(d);
        QCOMPARE(d->windowModality(), Qt::WindowModal);
        d->setBatchSize(5);
        QSignalSpy counts(d.data(), &PurgeDialog::countShown);
        type(*d, "retention", QStringLiteral("30"));
        type(*d, "reason", QStringLiteral("Retention 30 days, INC-8 clean-up"));
        QTRY_VERIFY_WITH_TIMEOUT(!counts.isEmpty() && counts.last().at(1).toBool(), 10000);
        QSignalSpy finished(d->job(), &PurgeJob::finished);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("delete")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(present(m_old), qint64(0));
        QCOMPARE(present(m_open), qint64(m_open.size()));
        QCOMPARE(auditCount(*m_db, m_profile, m_old, QStringLiteral("PURGE")), qint64(12));
        const qint64 readsBefore = shown.count();
        d->reject();             // Close
        QTRY_VERIFY(d.isNull()); // deleted once closed
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() > readsBefore, 10000);

        // Open again, and the tab goes while the dialog is up.
        view->purgeButton()->click();
        QPointer<PurgeDialog> again = qobject_cast<PurgeDialog *>(QApplication::activeModalWidget());
        QVERIFY(again);
        delete view;
        QVERIFY(again.isNull());
        QVERIFY(!QApplication::activeModalWidget());
    }

    void thePurgeButtonIsAnOperatorsOnly_data() {
        QTest::addColumn<QString>("login");
        QTest::addColumn<bool>("readOnly");
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<bool>("enabled");
        QTest::newRow("operator") << "demo_operator" << false << "app_outbox" << true;
        QTest::newRow("operator, read-only window") << "demo_operator" << true << "app_outbox" << false;
        QTest::newRow("auditor") << "demo_auditor" << true << "app_outbox" << false;
        QTest::newRow("auditor, not marked read-only") << "demo_auditor" << false << "app_outbox" << false;
        QTest::newRow("operator, profile without purge") << "demo_operator" << false << "debezium_outbox" << false;
    }
    void thePurgeButtonIsAnOperatorsOnly() {
        QFETCH(QString, login);
        QFETCH(bool, readOnly);
        QFETCH(QString, profileId);
        QFETCH(bool, enabled);
        auto gw = gateway(login);
        AppContext c = context(gw.get(), readOnly);
        c.profile = *SchemaProfile::builtIn(profileId);
        TableHealthView view(c);
        QSignalSpy shown(&view, &TableHealthView::reportShown);
        view.refresh();
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 10000);
        QCOMPARE(view.purgeButton()->isEnabled(), enabled);
        QVERIFY(view.report().readAt.isValid());
        QVERIFY(view.tree()->topLevelItemCount() >= 1);
        if (enabled) {
            view.resize(1600, 600);
            view.show();
            // A value stands beside its name, not at the far edge of a wide window.
            QTRY_VERIFY(view.tree()->header()->sectionSize(1) < view.tree()->viewport()->width() / 3);
            saveScreenshot(&view, QStringLiteral("table-health"));
        }
    }
};

OM_TEST_MAIN(TestPurgeDialog)
#include "tst_purgedialog.moc"
