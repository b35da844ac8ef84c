// SPDX-License-Identifier: GPL-3.0-or-later
// The incident-report dialog offscreen, against a real database: it shows the range it will
// report (local time, zone named) and lets it be set; it offers the last folder used or the
// user's Documents folder, never the working directory; a range that ends before it starts and a
// folder that cannot be written are refused in the dialog with nothing made or remembered; and
// the Audit tab's button writes the report where the dialog said.
// OM_SCREENSHOT_DIR: the dialog as report-dialog-<en|ja>.png.
#include "actionfixture.h"
#include "common/savefolder.h"
#include "audit/auditview.h"
#include "audit/reportdialog.h"
#include "core/common/timeformat.h"
#include "pg/gateway.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {
QPushButton *buttonWithText(QWidget *parent, const QString &text) {
    for (QPushButton *b : parent->findChildren<QPushButton *>())
        if (b->text() == text)
            return b;
    return nullptr;
}
QString trDialog(const char *s) { return QCoreApplication::translate("om::ReportDialog", s); }
} // namespace

class TestReportDialog : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_home, m_cwd;

    AuditFilter filterWithRange() const {
        AuditFilter f;
        f.from = QDateTime(QDate(2026, 11, 30), QTime(9, 0));
        f.to = QDateTime(QDate(2026, 11, 30), QTime(17, 30));
        f.ticket = QStringLiteral("  INC-7 ");
        return f;
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        QVERIFY(m_home.isValid() && m_cwd.isValid());
        // A home of our own with a Documents folder; the process works in another folder, which
        // the dialog must never offer.
        qputenv("HOME", m_home.path().toUtf8());
        qputenv("XDG_CONFIG_HOME", m_home.filePath(".config").toUtf8());
        qunsetenv("XDG_DOCUMENTS_DIR");
        QVERIFY(QDir(m_home.path()).mkpath("Documents"));
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(QDir::setCurrent(m_cwd.path()));
        QSettings().remove(QLatin1String(ReportDialog::kLastFolderKey));
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
    }

    void showsAndSetsTheRange() {
        ReportDialog d(filterWithRange());
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        // The Audit filter's range is what it starts with, and it is on screen.
        QCOMPARE(d.from(), filterWithRange().from);
        QCOMPARE(d.to(), filterWithRange().to);
        auto *from = d.findChild<QDateTimeEdit *>("from");
        QVERIFY(from);
        QCOMPARE(from->text(), QStringLiteral("2026-11-30 09:00"));
        QCOMPARE(d.findChild<QDateTimeEdit *>("to")->text(), QStringLiteral("2026-11-30 17:30"));
        QVERIFY(d.findChild<QLabel *>("span")->text().contains(formatSpan(8 * 3600 + 1800)));
        bool zoneShown = false;
        for (QLabel *l : d.findChildren<QLabel *>())
            zoneShown |= l->text().contains(localZoneName());
        QVERIFY(zoneShown);
        QCOMPARE(d.ticket(), QStringLiteral("INC-7"));
        QVERIFY2(d.fileName() == QStringLiteral("incident-report_20261130-0900_20261130-1730_INC-7.pdf"), qPrintable(d.fileName()));

        // Quick choice: the last 7 days up to the next minute.
        QPushButton *week = buttonWithText(&d, trDialog("Last 7 days"));
        QVERIFY(week);
        week->click();
        QCOMPARE(d.from().secsTo(d.to()), 7 * 86400);
        QVERIFY(qAbs(d.to().secsTo(QDateTime::currentDateTime())) <= 61);
        QVERIFY(d.findChild<QLabel *>("span")->text().contains(formatSpan(7 * 86400)));
        QVERIFY(d.fileName().startsWith("incident-report_" + d.from().toString("yyyyMMdd-HHmm")));
        // ... and back to the filter's.
        d.findChild<QPushButton *>("filterRange")->click();
        QCOMPARE(d.from(), filterWithRange().from);

        // Without a range in the filter the button says so and the last 24 hours are offered.
        ReportDialog plain(AuditFilter{});
        QVERIFY(!plain.findChild<QPushButton *>("filterRange")->isEnabled());
        QCOMPARE(plain.from().secsTo(plain.to()), 86400);
        saveScreenshot(&d, QStringLiteral("report-dialog"));
    }

    void offersDocumentsOrTheLastFolderNeverTheWorkingDirectory() {
        QSettings().remove(QLatin1String(ReportDialog::kLastFolderKey));
        ReportDialog d(AuditFilter{});
        QCOMPARE(QDir(d.folder()).canonicalPath(), QDir(m_home.filePath("Documents")).canonicalPath());
        QVERIFY(QDir(d.folder()).canonicalPath() != QDir::current().canonicalPath());
        QVERIFY(d.findChild<QLabel *>("path")->text().contains(QDir::toNativeSeparators(d.path())));

        QTemporaryDir other;
        QSettings().setValue(QLatin1String(ReportDialog::kLastFolderKey), other.path());
        QCOMPARE(ReportDialog(AuditFilter{}).folder(), other.path());
        // A remembered folder that is gone is not offered.
        QSettings().setValue(QLatin1String(ReportDialog::kLastFolderKey), other.filePath("gone"));
        QCOMPARE(QDir(ReportDialog(AuditFilter{}).folder()).canonicalPath(), QDir(m_home.filePath("Documents")).canonicalPath());
        QSettings().remove(QLatin1String(ReportDialog::kLastFolderKey));
    }

    /// Exports (CSV, payloads, chart images) open in Documents, then where the last one was
    /// saved; never in the working directory, which from a desktop menu is "/" or anywhere.
    void exportsOpenInDocumentsThenTheLastExportFolder() {
        QSettings().remove(QLatin1String(SaveFolder::kExportsKey));
        QVERIFY(QDir::setCurrent(m_cwd.path()));
        const QString first = SaveFolder::proposal(SaveFolder::kExportsKey, SaveFolder::stampedName(QStringLiteral("messages"), QStringLiteral("csv")));
        QVERIFY(QFileInfo(first).isAbsolute());
        QCOMPARE(QFileInfo(first).absoluteDir().canonicalPath(), QDir(m_home.filePath("Documents")).canonicalPath());
        QVERIFY(QFileInfo(first).fileName().startsWith(QLatin1String("messages-")));
        QTemporaryDir other;
        SaveFolder::remember(SaveFolder::kExportsKey, QDir(other.path()).filePath(QStringLiteral("x.csv")));
        QCOMPARE(QFileInfo(SaveFolder::proposal(SaveFolder::kExportsKey, QStringLiteral("y.csv"))).absolutePath(), other.path());
        // The report keeps its own folder: a CSV saved elsewhere does not move it.
        QSettings().remove(QLatin1String(ReportDialog::kLastFolderKey));
        QCOMPARE(QDir(ReportDialog(AuditFilter{}).folder()).canonicalPath(), QDir(m_home.filePath("Documents")).canonicalPath());
        QSettings().remove(QLatin1String(SaveFolder::kExportsKey));
    }

    void chooseSetsFolderAndName() {
        QTemporaryDir out;
        ReportDialog d(AuditFilter{});
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QPushButton *choose = buttonWithText(&d, trDialog("Choose…"));
        QVERIFY(choose);
        choose->click();
        QFileDialog *files = nullptr;
        QTRY_VERIFY((files = d.findChild<QFileDialog *>()) && files->isVisible());
        files->selectFile(out.filePath("picked"));
        static_cast<QDialog *>(files)->accept(); // QFileDialog::accept, protected there, public in QDialog
        QCOMPARE(d.folder(), out.path());
        QCOMPARE(d.fileName(), QStringLiteral("picked.pdf")); // the suffix added
        QVERIFY(d.findChild<QLabel *>("path")->text().contains(QDir::toNativeSeparators(out.filePath("picked.pdf"))));
        // A name chosen no longer follows the range.
        buttonWithText(&d, trDialog("Last hour"))->click();
        QCOMPARE(d.fileName(), QStringLiteral("picked.pdf"));
    }

    void refusesAndChangesNothing() {
        QTemporaryDir out;
        QSettings().setValue(QLatin1String(ReportDialog::kLastFolderKey), out.path());
        ReportDialog d(filterWithRange());
        QSignalSpy accepted(&d, &QDialog::accepted);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QPushButton *ok = d.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);

        // The start after the end: said at once, OK disabled, and OK's path refuses too.
        d.setRange(filterWithRange().to, filterWithRange().from);
        QVERIFY(!ok->isEnabled());
        QCOMPARE(d.problemText(), trDialog("The start of the range must be before its end."));
        QVERIFY(!d.tryAccept());
        QVERIFY(d.isVisible());

        // A ticket over the limit: said, with how long it is.
        d.setRange(filterWithRange().from, filterWithRange().to);
        QVERIFY(ok->isEnabled());
        d.setTicket(QString(101, QLatin1Char('x')));
        QVERIFY2(d.problemText().contains("100") && d.problemText().contains("101"), qPrintable(d.problemText()));
        QVERIFY(!d.tryAccept());
        d.setTicket("INC-7");

        // A folder nobody may write to (even root: /proc takes no files), and one that is missing.
        for (const QString &folder : {QStringLiteral("/proc"), out.filePath("missing")}) {
            d.setDestination(folder, "report.pdf");
            QVERIFY(!d.tryAccept());
            QVERIFY2(d.problemText().contains(QDir::toNativeSeparators(folder)), qPrintable(d.problemText()));
            QVERIFY(d.isVisible());
        }
        QCOMPARE(accepted.count(), 0);
        QCOMPARE(QSettings().value(QLatin1String(ReportDialog::kLastFolderKey)).toString(), out.path());
        QVERIFY(!QFile::exists("/proc/report.pdf"));
        QCOMPARE(QDir(out.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());
        QCOMPARE(QDir(m_cwd.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());
        QSettings().remove(QLatin1String(ReportDialog::kLastFolderKey));
    }

    void auditButtonWritesWhereTheDialogSays() {
        Gateway gw([this] { GatewayConfig c; c.connInfo = m_db->connectionString(); return c; }());
        AuditView view(&gw, *SchemaProfile::builtIn("app_outbox"));
        view.resize(1200, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QPushButton *button = buttonWithText(&view, QCoreApplication::translate("om::AuditView", "Incident report…"));
        QVERIFY(button);
        button->click();
        QTRY_VERIFY(view.reportDialog() && view.reportDialog()->isVisible());
        ReportDialog *d = view.reportDialog();
        QTemporaryDir out;
        d->setDestination(out.path(), "chosen-name.pdf");
        QPushButton *day = buttonWithText(d, trDialog("Last 24 hours"));
        day->click();
        const QString said = d->findChild<QLabel *>("path")->text();
        QVERIFY2(said.contains(QDir::toNativeSeparators(out.filePath("chosen-name.pdf"))), qPrintable(said));
        QSignalSpy done(&view, &AuditView::reportFinished);
        d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
        QVERIFY2(done.first().at(0).toBool(), qPrintable(done.first().at(1).toString()));
        QCOMPARE(done.first().at(1).toString(), out.filePath("chosen-name.pdf"));
        QFile pdf(out.filePath("chosen-name.pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QCOMPARE(pdf.read(5), QByteArray("%PDF-"));
        QCOMPARE(QSettings().value(QLatin1String(ReportDialog::kLastFolderKey)).toString(), out.path());
        QCOMPARE(QDir(m_cwd.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());
        QVERIFY(view.statusText().contains(QDir::toNativeSeparators(out.filePath("chosen-name.pdf"))));
        QSettings().remove(QLatin1String(ReportDialog::kLastFolderKey));
    }
};

OM_TEST_MAIN(TestReportDialog)
#include "tst_reportdialog.moc"
