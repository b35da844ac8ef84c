// SPDX-License-Identifier: GPL-3.0-or-later
// Exports never hand a spreadsheet a formula (OWASP's "CSV Injection"): messages and audit rows
// whose keys, error texts, reasons and tickets begin with =, +, -, @, a tab, CR or LF (and the
// full-width forms) are written to real files through the Triage and Audit views' own export
// paths and copied as TSV; the files are then read back as text. Every such cell carries one
// apostrophe in front, inside quotes; every other cell is as the database holds it; the
// program's integers (a negative id too) stay numbers.
#include "actionfixture.h"
#include "appcontext.h"
#include "audit/auditmodel.h"
#include "audit/auditview.h"
#include "core/common/csv.h"
#include "csvparser.h"
#include "isolatedsettings.h"
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"
#include "triage/csvexport.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"

#include <QFile>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

/// The texts the rows carry, and the cell each must become (written out here, not computed by
/// the code under test).
struct Case {
    QString stored;
    QString cell;
};
const QList<Case> kFormulaCases = {
    {QStringLiteral("=HYPERLINK(\"http://x\")"), QStringLiteral("'=HYPERLINK(\"http://x\")")},
    {QStringLiteral("+1"), QStringLiteral("'+1")},
    {QStringLiteral("-2+3"), QStringLiteral("'-2+3")},
    {QStringLiteral("@SUM(A1)"), QStringLiteral("'@SUM(A1)")},
    {QStringLiteral("\t=1+1"), QStringLiteral("'\t=1+1")},
    {QStringLiteral("\r=1+1"), QStringLiteral("'\r=1+1")},
    {QStringLiteral("\n=1+1"), QStringLiteral("'\n=1+1")},
    {QStringLiteral("\uFF1D1+1"), QStringLiteral("'\uFF1D1+1")},
    {QStringLiteral("-1"), QStringLiteral("'-1")}, // text that looks like a number is text
};
/// Texts that must come out exactly as stored.
const QStringList kPlainTexts = {QStringLiteral("plain-key"), QStringLiteral("timeout, retry later"), QStringLiteral("HTTP_500"),
                                 QStringLiteral("宛先の障害"), QStringLiteral("a=b+c")};

QString cellFor(const QString &stored) {
    for (const Case &c : kFormulaCases)
        if (c.stored == stored)
            return c.cell;
    return stored;
}

QString fileText(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class TestExportFormulas : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;
    const SchemaProfile m_profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));

    AppContext context() {
        AppContext ctx;
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        ctx.gateway = new Gateway(c, this);
        ctx.profile = m_profile;
        ctx.connectionLabel = QStringLiteral("test");
        ctx.connectionKey = QStringLiteral("test:%1").arg(m_db->name());
        return ctx;
    }

    /// The exported records of a Triage file (header first), each checked against the table:
    /// the text columns by cellFor(), the program's own columns as the database has them.
    void compareMessages(const QList<QStringList> &records) {
        QCOMPARE(records.first(), CsvExport::header());
        const auto db = m_db->rows(QStringLiteral("SELECT outbox_id::text, message_key, event_type, destination, status, retry_count::text,"
                                                  " max_retry_count::text, locked_by, last_error_code, last_error_msg"
                                                  " FROM app_outbox WHERE event_type = 'FORMULA' ORDER BY outbox_id DESC"));
        QCOMPARE(records.size() - 1, db.size());
        for (int i = 0; i < db.size(); ++i) {
            const QStringList &r = records.at(i + 1);
            const auto &row = db.at(i);
            QCOMPARE(r.size(), CsvExport::header().size());
            QCOMPARE(r[0], row[0].toString()); // the id: a number, "-7" included
            QCOMPARE(r[1], cellFor(row[1].toString()));
            QCOMPARE(r[2], row[2].toString());
            QCOMPARE(r[3], cellFor(row[3].toString()));
            QCOMPARE(r[4], row[4].toString());
            QCOMPARE(r[5], row[5].toString());
            QCOMPARE(r[6], row[6].toString());
            QCOMPARE(r[8], cellFor(row[7].toString()));
            QCOMPARE(r[12], cellFor(row[8].toString()));
            QCOMPARE(r[13], cellFor(row[9].toString()));
        }
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path());
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        // Each formula text in the key, the destination, the worker, the error code and the error
        // message of one row or another; a row with a negative id; rows of plain text.
        QStringList texts;
        for (const Case &c : kFormulaCases)
            texts << c.stored;
        texts << kPlainTexts;
        for (int i = 0; i < texts.size(); ++i) {
            m_db->exec(QStringLiteral("INSERT INTO app_outbox (outbox_id, message_key, event_type, destination, payload_json, status,"
                                      " retry_count, locked_by, last_error_code, last_error_msg)"
                                      " VALUES ($1, $2, 'FORMULA', $3, '{}', 'FAILED', 3, $4, $5, $6)"),
                       {i == 0 ? -7 : 100 + i, texts.at(i), texts.at((i + 1) % texts.size()), texts.at((i + 2) % texts.size()),
                        texts.at((i + 3) % texts.size()), texts.at((i + 4) % texts.size())});
        }
        // Audit rows whose reason, ticket, OS user and host are formula texts, about the message
        // with the negative id.
        for (int i = 0; i < texts.size(); ++i) {
            AuditRowValues v;
            v.messageId = -7;
            v.action = QStringLiteral("RETRY_FAILED");
            v.reason = texts.at(i);
            v.ticket = texts.at((i + 1) % texts.size());
            v.osUser = texts.at((i + 2) % texts.size());
            v.host = texts.at((i + 3) % texts.size());
            v.oldStatus = QStringLiteral("FAILED");
            v.newStatus = QStringLiteral("PENDING");
            v.appVersion = QStringLiteral("0.1.0");
            v.changedAt = QDateTime::currentDateTimeUtc().addSecs(-60 * (i + 1));
            insertAuditRow(*m_db, m_profile, v);
        }
    }

    void triageExportsAndCopy() {
        AppContext ctx = context();
        TriageView view(ctx);
        view.resize(1440, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        ListFilter f;
        f.view = ListFilter::View::All;
        f.types = {QStringLiteral("FORMULA")};
        view.applyFilter(f);
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowCount() > 0 && !view.model()->isLoading(), 20000);

        // The filtered list, streamed to a file.
        const QString path = m_dir.filePath(QStringLiteral("messages.csv"));
        QString error;
        CsvExport *exporter = view.exportFilteredTo(path, &error);
        QVERIFY2(exporter, qPrintable(error));
        QSignalSpy done(exporter, &CsvExport::finished);
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 30000);
        QVERIFY2(done.first().at(0).toBool(), qPrintable(done.first().at(2).toString()));
        const QString text = fileText(path);
        // As OWASP shows it: the apostrophe inside the quoted field, quotes doubled.
        QVERIFY2(text.contains(QStringLiteral("\"'=HYPERLINK(\"\"http://x\"\")\"")), qPrintable(text.left(2000)));
        QVERIFY(text.contains(QStringLiteral("\r\n-7,")));
        QString parseError;
        const QList<QStringList> records = parseCsv(text, &parseError);
        QVERIFY2(parseError.isEmpty(), qPrintable(parseError));
        compareMessages(records);
        if (QTest::currentTestFailed())
            return;

        // The selection, written at once.
        view.table()->selectAll();
        const QString selection = m_dir.filePath(QStringLiteral("selection.csv"));
        QVERIFY2(view.exportSelectionTo(selection, &error), qPrintable(error));
        const QList<QStringList> selected = parseCsv(fileText(selection), &parseError);
        QVERIFY2(parseError.isEmpty(), qPrintable(parseError));
        compareMessages(selected);
        if (QTest::currentTestFailed())
            return;

        // The clipboard's TSV: no cell starts a formula unless it is an integer id; the
        // neutralised texts are there (tabs and line breaks inside a value are spaces).
        const QStringList lines = view.selectionAsTsv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + view.model()->rowCount());
        QStringList cells;
        for (const QString &line : lines.mid(1))
            cells << line.split(QLatin1Char('\t'));
        for (const QString &cell : cells) {
            const bool formulaStart = !cell.isEmpty() && QStringLiteral("=+-@\r\n\uFF1D\uFF0B\uFF0D\uFF20").contains(cell.at(0));
            QVERIFY2(!formulaStart || isPlainInteger(cell), qPrintable(cell));
        }
        for (const QString &expected : {QStringLiteral("'=HYPERLINK(\"http://x\")"), QStringLiteral("'+1"), QStringLiteral("'-2+3"),
                                        QStringLiteral("'@SUM(A1)"), QStringLiteral("' =1+1"), QStringLiteral("'\uFF1D1+1"),
                                        QStringLiteral("'-1"), QStringLiteral("-7"), QStringLiteral("plain-key"),
                                        QStringLiteral("timeout, retry later"), QStringLiteral("a=b+c")})
            QVERIFY2(cells.contains(expected), qPrintable(expected));
    }

    void auditExport() {
        GatewayConfig config;
        config.connInfo = m_db->connectionString();
        Gateway gateway(config);
        AuditView view(&gateway, m_profile);
        view.setFilter(AuditFilter{});
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() > 0, 20000);
        const QString path = m_dir.filePath(QStringLiteral("audit.csv"));
        QSignalSpy exported(&view, &AuditView::exportFinished);
        QVERIFY(view.exportCsv(path));
        QTRY_COMPARE_WITH_TIMEOUT(exported.count(), 1, 30000);
        QVERIFY2(exported.first().at(0).toBool(), qPrintable(exported.first().at(2).toString()));
        QString parseError;
        const QList<QStringList> records = parseCsv(fileText(path), &parseError);
        QVERIFY2(parseError.isEmpty(), qPrintable(parseError));
        const auto db = m_db->rows(QStringLiteral("SELECT audit_id::text, reason, ticket, changed_by, os_user, client_host"
                                                  " FROM app_outbox_audit ORDER BY changed_at DESC, audit_id DESC"));
        QCOMPARE(records.size() - 1, db.size());
        for (int i = 0; i < db.size(); ++i) {
            const QStringList &r = records.at(i + 1);
            const auto &row = db.at(i);
            QCOMPARE(r[0], row[0].toString());
            QCOMPARE(r[2], QStringLiteral("RETRY_FAILED"));
            QCOMPARE(r[3], QStringLiteral("-7"));                                // the message id: a number
            QCOMPARE(r[4], cellFor(QStringLiteral("=HYPERLINK(\"http://x\")"))); // the key of message -7
            QCOMPARE(r[7], cellFor(row[1].toString()));
            QCOMPARE(r[8], cellFor(row[2].toString()));
            QCOMPARE(r[9], row[3].toString());
            QCOMPARE(r[10], cellFor(row[4].toString()));
            QCOMPARE(r[11], cellFor(row[5].toString()));
        }
    }
};

OM_TEST_MAIN(TestExportFormulas)
#include "tst_exportformulas.moc"
