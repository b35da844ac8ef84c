// SPDX-License-Identifier: GPL-3.0-or-later
// The incident report's PDF read back as an operator's manager reads it (pdftotext -layout), for
// every built-in profile against a real database: the range printed, the failed list holding
// exactly the messages that failed within the range (compared with the database), ages in days
// past 48 hours, counts with thousands separators, every state named in the state section and no
// heading left alone at a page foot. Also: estimated counts marked, every state's bar visible on
// the log scale, and the history charts' legends in the dashboard's order.
// OM_SCREENSHOT_DIR: every page of the app_outbox report as report-page-N-<en|ja>.png, and the
// state chart of a big table (estimates) as report-states-estimated-<en|ja>.png.
#include "actionfixture.h"
#include "core/sql/statesql.h"
#include "audit/incidentflowsection.h"
#include "audit/incidentreport.h"
#include "audit/reportmaker.h"
#include "audit/reportprinter.h"
#include "audit/statebarchart.h"
#include "core/common/countformat.h"
#include "core/common/timeconv.h"
#include "core/common/timeformat.h"
#include "core/sql/flowsql.h"
#include "core/sql/sqltext.h"
#include "core/store/historystore.h"
#include "dashboard/historychart.h"
#include "dashboard/historycharts.h"
#include "pdftools.h"
#include "pg/gateway.h"
#include "profilerows.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using namespace om;
using namespace om::test;

namespace {
QString trReport(const char *s) { return QCoreApplication::translate("om::IncidentReport", s); }
/// A heading with numbers in it, up to its first placeholder: "Failed within the range (".
QString headingPrefix(const char *s) {
    const QString t = trReport(s);
    return t.left(t.indexOf(QLatin1Char('%'))).trimmed();
}
/// pdftotext -layout keeps columns apart with runs of spaces: one space is enough to compare.
QString simplified(const QString &s) { return QString(s).replace(QRegularExpression(QStringLiteral("[ \\t]+")), QStringLiteral(" ")); }
/// The text from the line starting with `heading` to the next line starting with one of `next`.
QString section(const QString &text, const QString &heading, const QStringList &next) {
    const int start = text.indexOf(QRegularExpression(QStringLiteral("^\\s*") + QRegularExpression::escape(heading), QRegularExpression::MultilineOption));
    if (start < 0)
        return QString();
    int end = text.size();
    for (const QString &n : next) {
        const int i = text.indexOf(QRegularExpression(QStringLiteral("^\\s*") + QRegularExpression::escape(n), QRegularExpression::MultilineOption), start + 1);
        if (i > 0)
            end = qMin(end, i);
    }
    return text.mid(start, end - start);
}
QString firstFailedState(const SchemaProfile &p) { return p.failedStates.value(0); }
QString doneState(const SchemaProfile &p) {
    for (const StateDef &s : p.states)
        if (s.terminal)
            return s.name;
    return QString();
}
} // namespace

class TestIncidentReportPdf : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;
    QDateTime m_from, m_to; ///< the range every report here covers: the last 7 days

    /// Failed messages in three groups (keys F-IN-n: failed 3 days ago, inside the range; F-OUT-n:
    /// 20 days ago; F-NEW-n: 2 hours ago), 4 stuck, 1,500 finished, audit rows over 5 days.
    void fill(const SchemaProfile &p) {
        if (!p.failedStates.isEmpty()) {
            const QList<QPair<QString, int>> groups = {{"F-IN", 3 * 24 * 60}, {"F-OUT", 20 * 24 * 60}, {"F-NEW", 120}};
            for (const auto &[tag, ageMinutes] : groups) {
                // The last failed state too (batch_work_item: FAILED and RETRY_WAIT both count).
                QList<qint64> ids = insertMessages(*m_db, p, firstFailedState(p), 4, 1);
                ids += insertMessages(*m_db, p, p.failedStates.last(), 1, 1);
                for (int i = 0; i < ids.size(); ++i) {
                    setMessageKey(*m_db, p, ids.at(i), QStringLiteral("%1-%2").arg(tag).arg(i + 1));
                    m_db->exec(QStringLiteral("UPDATE %1 SET %2 = now() - make_interval(mins => $1::int) - make_interval(secs => $2::int) WHERE %3 = $3")
                                   .arg(p.qualifiedTable(), p.col("updatedAt"), p.col("id")),
                               {ageMinutes, i * 60, ids.at(i)});
                }
            }
        }
        const QList<qint64> stuck = insertMessages(*m_db, p, p.stuckStates.first(), 4, p.stuckTimeoutMinutes + 60);
        insertMessages(*m_db, p, doneState(p), 1500, 1);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        for (int g = 1; g <= 12; ++g) {
            AuditRowValues v;
            v.messageId = stuck.first();
            v.action = p.actions.first().auditName;
            v.reason = QStringLiteral("replayed after the outage, step %1").arg(g);
            v.changedBy = QStringLiteral("alice");
            v.changedAt = now.addSecs(-g * 10 * 3600);
            v.ticket = QStringLiteral("INC-7");
            v.oldStatus = p.failedStates.value(0, p.states.first().name);
            v.newStatus = p.states.first().name;
            insertAuditRow(*m_db, p, v);
        }
        m_db->exec(QStringLiteral("ANALYZE %1").arg(p.qualifiedTable()));
    }

    /// A day of dashboard samples in the local store, so that the report has its history charts.
    void fillHistory(HistoryStore &store, const SchemaProfile &p) {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        QList<HistoryStore::Sample> samples;
        for (int i = 24 * 60; i > 0; i -= 5) {
            QList<QPair<QString, double>> values{{"stuck", 4}, {"oldest", 60.0 + (i % 300) * 20}};
            for (const StateDef &s : p.states)
                values << qMakePair("state:" + s.name, s.terminal ? 1500.0 + 24 * 60 - i : 10.0 + i % 40);
            samples << HistoryStore::Sample{now - i * 60000LL, values};
        }
        QVERIFY(store.appendSamples("report-test", p.id, samples));
    }

    QString makeReport(const SchemaProfile &p, const HistoryStore *history) {
        Gateway gw([this] { GatewayConfig c; c.connInfo = m_db->connectionString(); c.readOnly = true; return c; }());
        ReportMaker maker(&gw, p);
        maker.setHistory(history, "report-test");
        QSignalSpy done(&maker, &ReportMaker::finished);
        const QString pdf = m_dir.filePath(p.id + "-" + testLanguage() + ".pdf");
        maker.make(pdf, m_from, m_to, QString());
        [&] { QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000); }();
        if (done.count() != 1 || !done.first().at(0).toBool())
            return QString();
        return pdf;
    }

    void checkFailedList(const SchemaProfile &p, const QString &text) {
        const QString heading = headingPrefix("Failed within the range (%1)");
        if (p.failedStates.isEmpty()) {
            QVERIFY2(!text.contains(heading), qPrintable(text));
            return;
        }
        const QString failed = section(text, heading, {});
        QVERIFY2(!failed.isEmpty(), qPrintable(text));
        const QVariantList range = {isoUtc(m_from), isoUtc(m_to)};
        const QString where = QStringLiteral("FROM %1 WHERE %2 AND %3 >= $1::timestamptz AND %3 < $2::timestamptz").arg(p.qualifiedTable(), sql::statesPredicate(p, p.failedStates), p.col("updatedAt"));
        const qint64 inRange = m_db->scalar("SELECT count(*) " + where, range).toLongLong();
        QCOMPARE(inRange, 10); // F-IN and F-NEW
        QVERIFY2(simplified(failed).contains(trReport("Failed within the range (%1)").arg(formatCount(inRange))), qPrintable(failed));
        for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT %1 ").arg(p.col("key")) + where, range))
            QVERIFY2(failed.contains(r.at(0).toString()), qPrintable(r.at(0).toString() + "\n" + failed));
        const QString outside = QStringLiteral("SELECT %1 FROM %2 WHERE %3 AND NOT (%4 >= $1::timestamptz AND %4 < $2::timestamptz)")
                                    .arg(p.col("key"), p.qualifiedTable(), sql::statesPredicate(p, p.failedStates), p.col("updatedAt"));
        const QList<QVariantList> out = m_db->rows(outside, range);
        QCOMPARE(out.size(), 5);
        for (const QVariantList &r : out)
            QVERIFY2(!failed.contains(r.at(0).toString()), qPrintable(r.at(0).toString() + "\n" + failed));
        // Failed three days ago: in days, never "72 h".
        for (const QString &line : failed.split(QLatin1Char('\n')))
            if (line.contains("F-IN-"))
                QVERIFY2(line.contains(QRegularExpression(QStringLiteral("\\b3 (d|日) 00 "))), qPrintable(line));
    }

    /// The flow section's totals against counts of the database's rows in the report's range
    /// (whole seconds): created; finished in a done state by the finished time; failed by the
    /// failed time, or from the audit's status changes where the profile counts them there.
    void checkFlowTotals(const SchemaProfile &p, const QString &text) {
        const sql::FlowSources src = sql::flowSources(p);
        const qint64 fromS = m_from.toSecsSinceEpoch(), toS = m_to.toSecsSinceEpoch();
        auto count = [&](const QString &table, const QString &column, const QString &where) {
            return m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 >= to_timestamp($1::bigint) AND %2 < to_timestamp($2::bigint)%3")
                                    .arg(table, sql::quoteIdentifier(column), where.isEmpty() ? QString() : QStringLiteral(" AND ") + where),
                                {fromS, toS})
                .toLongLong();
        };
        QStringList done, failedValues;
        for (const StateDef &s : p.states)
            if (s.role == QLatin1String("done"))
                done << s.name;
        for (const QString &s : p.failedStates)
            failedValues << sql::quoteLiteral(p.state(s)->statusValue());
        IncidentFlow want;
        want.series.hasFinished = !src.finishedAt.isEmpty();
        want.series.hasFailed = src.hasFailed();
        want.created = count(p.qualifiedTable(), p.column(QStringLiteral("createdAt")), {});
        if (want.series.hasFinished)
            want.finished = count(p.qualifiedTable(), p.column(src.finishedAt), sql::statesPredicate(p, done));
        if (!src.failedAt.isEmpty())
            want.failed = count(p.qualifiedTable(), p.column(src.failedAt), sql::statesPredicate(p, p.failedStates));
        else if (src.failedFromAudit)
            want.failed = count(p.qualifiedAuditTable(), p.audit.column(QStringLiteral("changedAt")),
                                QStringLiteral("%1 IN (%2)").arg(sql::quoteIdentifier(p.audit.column(QStringLiteral("newStatus"))), failedValues.join(QLatin1Char(','))));
        QVERIFY2(want.created >= 1500, qPrintable(QString::number(want.created))); // the fill's rows are in the range
        const QString flow = section(text, QCoreApplication::translate("om::IncidentFlowSection", "Flow from the table"),
                                     {trReport("Actions over time")});
        QVERIFY2(!flow.isEmpty(), qPrintable(text));
        // NFKC: the PDF's text has the "fi" ligature of its font ("ﬁnished").
        QVERIFY2(simplified(flow).normalized(QString::NormalizationForm_KC).contains(IncidentFlowSection::totalsText(want)),
                 qPrintable(IncidentFlowSection::totalsText(want) + "\n" + flow));
    }

    void checkHeadingsKeptWithContent(const QString &text) {
        // Headings whose next block is text or a table. A heading followed by a chart ("Actions
        // over time", "State at the end") is the last *text* of a page whenever its chart fits
        // below it and what follows the chart does not (seen once the flow section moved "State
        // at the end" down: heading and chart on page 2, its table on page 3): pdftotext shows no
        // image, so those are left to ReportPrinter::keepHeadingsWithContent, which keeps a
        // heading with its chart.
        const QStringList headings = {trReport("Summary"), trReport("Dashboard charts"), trReport("Actions taken"),
                                      headingPrefix("Stuck now, past %1 min (%2)"),
                                      headingPrefix("Failed within the range (%1)")};
        const QStringList pages = text.split(QLatin1Char('\f'), Qt::SkipEmptyParts);
        QVERIFY2(pages.size() >= 2, qPrintable(QString::number(pages.size())));
        for (int i = 0; i + 1 < pages.size(); ++i) {
            QStringList lines = pages.at(i).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            while (!lines.isEmpty() && lines.last().trimmed().isEmpty())
                lines.removeLast();
            // The page's last lines: the footer ("… Page n of m"), and above it the last text.
            QVERIFY(lines.size() >= 2);
            const QString last = lines.at(lines.size() - 2).trimmed();
            for (const QString &h : headings)
                QVERIFY2(!last.startsWith(h), qPrintable(QStringLiteral("page %1 ends with the heading \"%2\"").arg(i + 1).arg(last)));
        }
    }

private slots:
    void initTestCase() {
        for (const char *tool : {"pdftotext", "pdftoppm"})
            if (const QString problem = pdfToolProblem(QLatin1String(tool)); !problem.isEmpty())
                QFAIL(qPrintable(problem));
        installTestTranslations();
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        for (const QString &id : builtInProfileIds())
            fill(*SchemaProfile::builtIn(id));
        m_to = QDateTime::currentDateTime().addSecs(60);
        m_from = m_to.addDays(-7);
    }

    void reportReadsBack_data() { addProfileRows(); }
    void reportReadsBack() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        HistoryStore store(m_dir.filePath(profileId + "-history.sqlite"));
        QVERIFY(store.open());
        fillHistory(store, p);
        const QString pdf = makeReport(p, &store);
        QVERIFY(!pdf.isEmpty());
        if (qEnvironmentVariableIsSet("OM_KEEP_REPORT")) // a folder to keep the PDFs in, to look at them
            QFile::copy(pdf, QDir(qEnvironmentVariable("OM_KEEP_REPORT")).filePath(QFileInfo(pdf).fileName()));
        const QString text = pdfLayoutText(pdf);
        QVERIFY2(text.contains(trReport("Incident report: %1").arg(p.table)), qPrintable(text.left(800)));
        // The range, in local time with its zone, and its length in days.
        const QString range = trReport("Range: %1 – %2 (%3)").arg(formatLocalMinutes(m_from), formatLocalMinutes(m_to), formatSpan(m_from.secsTo(m_to)));
        QVERIFY2(simplified(text).contains(range), qPrintable(range + "\n" + text.left(800)));
        QVERIFY(range.contains(QRegularExpression(QStringLiteral("\\(7 (d|日)\\)"))));
        // Every state named in the state section, with its count; 1,500 finished with its separator.
        const QString states = section(text, trReport("State at the end"), {headingPrefix("Stuck now, past %1 min (%2)")});
        QVERIFY2(!states.isEmpty(), qPrintable(text));
        for (const StateDef &s : p.states)
            QVERIFY2(states.contains(s.name), qPrintable(s.name + "\n" + states));
        QVERIFY2(states.contains(formatCount(1500)) && formatCount(1500) == QStringLiteral("1,500"), qPrintable(states));
        QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("\\b1500\\b"))), qPrintable(text));
        // No age or duration in hours past 48: those are days.
        const QRegularExpression hours(QStringLiteral("(?<!(d|日) )\\b(\\d+) (h|時間)\\b"));
        for (auto it = hours.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            QVERIFY2(m.captured(2).toInt() <= 48, qPrintable(m.captured(0)));
        }
        // The paragraph a manager reads first stands above the summary, on the first page.
        const QString first = text.section(QLatin1Char('\f'), 0, 0);
        QVERIFY2(first.contains(trReport("In brief:")) && first.indexOf(trReport("In brief:")) < first.indexOf(trReport("Summary")), qPrintable(first));
        checkFailedList(p, text);
        checkFlowTotals(p, text);
        checkHeadingsKeptWithContent(text);

        if (screenshotsWanted() && profileId == QLatin1String("app_outbox")) {
            const QStringList pages = pdfPagesToPng(pdf, m_dir.filePath("page-" + testLanguage()));
            QVERIFY(!pages.isEmpty());
            for (int i = 0; i < pages.size(); ++i) {
                const QString target = QStringLiteral("%1/report-page-%2-%3.png").arg(qEnvironmentVariable("OM_SCREENSHOT_DIR")).arg(i + 1).arg(testLanguage());
                QFile::remove(target);
                QVERIFY(QFile::copy(pages.at(i), target));
            }
        }
    }

    /// "In brief": the range, what the table did, what was done and by whom, the state now; in
    /// one paragraph, from the report's own numbers.
    void theVerdictSaysWhatHappenedWhatWasDoneAndTheStateNow() {
        IncidentData d;
        d.to = QDateTime::currentDateTimeUtc();
        d.from = d.to.addSecs(-90 * 60);
        d.serverNow = d.end.serverTime = d.to;
        d.failedSince = QStringLiteral("updatedAt");
        d.failedInRange = 212;
        d.failedTotal = 230;
        d.end.waiting = 1040;
        d.end.stuck = 3;
        d.end.oldestWaitingAgeS = 47 * 60;
        d.flow.series.buckets = {FlowBucket{0, 1, 1, 1}};
        d.flow.created = 5200;
        d.flow.finished = 4100;
        d.flow.failed = 260;
        d.groups = {ActionGroup{QStringLiteral("RETRY_FAILED"), QStringLiteral("ops"), QStringLiteral("alice@pc-1"), QStringLiteral("INC-7"), 120, 120, d.from, d.to, {}},
                    ActionGroup{QStringLiteral("CANCEL"), QStringLiteral("ops"), QStringLiteral("bob@pc-2"), QStringLiteral("INC-7"), 5, 5, d.from, d.to, {}},
                    ActionGroup{QStringLiteral("RETRY_FAILED"), QStringLiteral("ops"), QStringLiteral("bob@pc-2"), QStringLiteral("INC-7"), 30, 30, d.from, d.to, {}}};
        const QString verdict = IncidentReport(d, *SchemaProfile::builtIn("app_outbox")).verdictText();
        for (const QString &part : {formatSpan(90 * 60), formatCount(5200), formatCount(4100), formatCount(212), formatCount(150),
                                    QStringLiteral("alice@pc-1"), QStringLiteral("bob@pc-2"), formatCount(1040), formatAge(47 * 60)})
            QVERIFY2(verdict.contains(part), qPrintable(part + QStringLiteral(" in: ") + verdict));
        if (testLanguage() == QLatin1String("en")) {
            QVERIFY2(verdict.contains(QStringLiteral("Done: RETRY_FAILED (messages: 150), CANCEL (messages: 5), by alice@pc-1, bob@pc-2.")), qPrintable(verdict));
            QVERIFY2(verdict.contains(QStringLiteral("At the end: 1,040 waiting, 3 stuck, 230 failed.")), qPrintable(verdict));
        }
        d.groups.clear();
        QVERIFY(!IncidentReport(d, *SchemaProfile::builtIn("app_outbox")).verdictText().contains(QStringLiteral("alice")));
    }

    /// Row-level security on a table the report read beside its own (here the audit table): "In
    /// brief" says first that the role sees only some rows, naming the table.
    void theVerdictSaysTheRoleSeesFewerRows() {
        IncidentData d;
        d.to = QDateTime::currentDateTimeUtc();
        d.from = d.to.addSecs(-60 * 60);
        d.serverNow = d.end.serverTime = d.to;
        const SchemaProfile p = *SchemaProfile::builtIn("app_outbox");
        QVERIFY(IncidentReport(d, p).verdictText().startsWith(QStringLiteral("From ")) || testLanguage() != QLatin1String("en"));
        RowSecurity open;
        open.known = true;
        RowSecurity hiding = open;
        hiding.enabled = hiding.active = true;
        hiding.role = QStringLiteral("report_reader");
        d.end.readSecurity.tables = {{p.qualifiedTable(), ReadTable::Use::Table, open},
                                     {p.qualifiedAuditTable(), ReadTable::Use::Audit, hiding}};
        const IncidentReport report(d, p);
        const QString note = d.end.readSecurity.fewerRowsNote();
        QVERIFY(note.contains(QStringLiteral("report_reader")) && note.contains(p.qualifiedAuditTable()));
        QVERIFY2(report.verdictText().startsWith(note), qPrintable(report.verdictText()));
    }

    /// The actions chart counts in round steps (once 30, 61, 92 …).
    void countAxisStepsAreRound_data() {
        QTest::addColumn<qint64>("peak");
        QTest::addColumn<qint64>("top");
        QTest::addColumn<int>("ticks");
        QTest::newRow("1") << qint64(1) << qint64(1) << 2;
        QTest::newRow("5") << qint64(5) << qint64(5) << 6;
        QTest::newRow("7") << qint64(7) << qint64(8) << 5;
        QTest::newRow("153") << qint64(153) << qint64(200) << 5;
        QTest::newRow("1000") << qint64(1000) << qint64(1000) << 6;
        QTest::newRow("2603") << qint64(2603) << qint64(3000) << 4;
    }
    void countAxisStepsAreRound() {
        QFETCH(qint64, peak);
        QFETCH(qint64, top);
        QFETCH(int, ticks);
        QCOMPARE(IncidentReport::countAxis(peak), qMakePair(top, ticks));
    }

    /// No paragraph is read across two pages: one a page end would cut starts the next page.
    void paragraphsAreNotCutByAPageEnd() {
        QTextDocument doc;
        doc.setPageSize(QSizeF(400, 300));
        QString html;
        for (int i = 0; i < 16; ++i)
            html += QStringLiteral("<h3>Part %1</h3><p>%2</p>").arg(i).arg(QStringLiteral("A sentence that runs over a few lines of this narrow page. ").repeated(2 + i % 3));
        doc.setHtml(html);
        doc.pageCount();
        const auto cut = [&doc] {
            int n = 0;
            for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
                if (b.layout() && b.layout()->lineCount() > 1)
                    n += ReportPrinter::pageOfLine(doc, b, b.layout()->lineCount() - 1) != ReportPrinter::pageOf(doc, b);
            return n;
        };
        QVERIFY(cut() > 0); // the text does meet page ends mid-paragraph
        QVERIFY(ReportPrinter::keepParagraphsWhole(doc) > 0);
        ReportPrinter::keepHeadingsWithContent(doc);
        QCOMPARE(cut(), 0);
    }

    /// A long key or state name is not cut inside a word in the report's tables.
    void keysAreNotCutInsideAWord() {
        IncidentData d;
        d.to = QDateTime::currentDateTimeUtc();
        d.from = d.to.addSecs(-3600);
        d.serverNow = d.end.serverTime = d.to;
        const QString key = QStringLiteral("SHIPMENT_REQUESTED_FOR_ORDER_20261206_0001");
        for (int i = 0; i < 3; ++i)
            d.stuck << OpenMessage{MessageId::fromText(QString::number(i + 1)), key, QStringLiteral("PROCESSING"), QStringLiteral("timeout talking to the carrier's API after three attempts, each of thirty seconds, "
                                                                                                                                  "while the carrier's status page said all systems were operational"),
                                   3600,
                                   {}};
        d.end.stuck = 3;
        const std::unique_ptr<QTextDocument> doc = IncidentReport(d, *SchemaProfile::builtIn("app_outbox")).document();
        doc->setPageSize(QSizeF(600, 1000)); // a narrow page: the error text wants the room
        doc->pageCount();
        int found = 0;
        for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
            if (b.text() == key) {
                ++found;
                QCOMPARE(b.layout()->lineCount(), 1);
            }
        QCOMPARE(found, 3);
    }

    // A big table's finished states are estimates: marked in words and drawn hatched; a dozen
    // FAILED beside ten million SENT still gets a bar of its own.
    void estimatesMarkedAndSmallStatesVisible() {
        IncidentData d;
        d.to = QDateTime::currentDateTimeUtc();
        d.from = d.to.addSecs(-3600);
        d.serverNow = d.end.serverTime = d.to;
        // clang-format off
        d.end.states = {{"PENDING", "waiting", 42, false}, {"PROCESSING", "inFlight", 3, false}, {"SENT", "done", 9930000, true},
                        {"FAILED", "failed", 12, false}, {"CANCELLED", "cancelled", 1, true}};
        // clang-format on
        const IncidentReport report(d, *SchemaProfile::builtIn("app_outbox"));
        const QString pdf = m_dir.filePath("estimates.pdf");
        QString error;
        QVERIFY2(report.writePdf(pdf, &error), qPrintable(error));
        const QString text = simplified(pdfLayoutText(pdf));
        QVERIFY2(text.contains(QCoreApplication::translate("om::StateBarChart", "≈ %1 (estimated)").arg("9,930,000")), qPrintable(text));
        QVERIFY(text.contains(trReport("estimated from the planner's statistics")));

        // Each state's bar shows: its row differs from the same chart with that state at zero by
        // more than the digits of its number (a bar at least ~10 px long, at twice the resolution).
        const QImage chart = report.endStateChart(800);
        if (screenshotsWanted())
            QVERIFY(chart.save(QStringLiteral("%1/report-states-estimated-%2.png").arg(qEnvironmentVariable("OM_SCREENSHOT_DIR"), testLanguage())));
        for (int i = 0; i < d.end.states.size(); ++i) {
            IncidentData without = d;
            without.end.states[i].count = 0;
            const QImage other = IncidentReport(without, *SchemaProfile::builtIn("app_outbox")).endStateChart(800);
            QCOMPARE(other.size(), chart.size());
            int differing = 0;
            for (int y = (34 + i * 30 + 8) * 2; y < (34 + i * 30 + 22) * 2; ++y)
                for (int x = 0; x < chart.width() / 2; ++x) // the bars' side; value labels sit right of them
                    differing += chart.pixel(x, y) != other.pixel(x, y);
            QVERIFY2(differing > 400, qPrintable(QStringLiteral("%1: %2 pixels of bar").arg(d.end.states.at(i).name).arg(differing)));
        }
    }

    // The report draws the dashboard's charts after filling them, the dashboard sets its
    // threshold lines first: the legend reads the same either way.
    void legendOrderAsOnTheDashboard() {
        const QList<HistoryPoint> points = {HistoryPoint{1000, 5, 5, 5, 1}, HistoryPoint{2000, 6, 6, 6, 1}};
        const QList<QPair<QString, double>> lines = {{"warning", 5}, {"critical", 30}};
        std::unique_ptr<HistoryChart> dashboard(HistoryCharts::createOldest());
        dashboard->setThresholdLines(lines);
        dashboard->setSeries("oldest", "oldest waiting", points, 60.0);
        std::unique_ptr<HistoryChart> report(HistoryCharts::createOldest());
        report->setSeries("oldest", "oldest waiting", points, 60.0);
        report->setThresholdLines(lines);
        QCOMPARE(report->legendNames(), dashboard->legendNames());
        QCOMPARE(dashboard->legendNames(), (QStringList{"oldest waiting", "warning", "critical"}));
    }
};

OM_TEST_MAIN(TestIncidentReportPdf)
#include "tst_incidentreportpdf.moc"
