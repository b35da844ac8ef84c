// SPDX-License-Identifier: GPL-3.0-or-later
// The triage tab against a real database, offscreen: the list model under QAbstractItemModelTester
// while keyset pages arrive and filters change, and the detail pane (fields, last error, audit
// history, a huge and an invalid payload), for every built-in profile; CSV export read back by an
// RFC 4180 parser, saved filters restored with the window. Every function starts from the same
// rows and no saved settings (init()), whatever ran before it.
#include "messageids.h"
#include "core/sql/statesql.h"
#include "actionfixture.h"
#include "appcontext.h"
#include "core/common/countformat.h"
#include "csvparser.h"
#include "pg/gateway.h"
#include "link/limits.h"
#include "profilerows.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "triage/csvexport.h"
#include "triage/detailpane.h"
#include "triage/filterbar.h"
#include "triage/messagelistmodel.h"
#include "triage/triagecolumns.h"
#include "triage/triageview.h"
#include "screenshots.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QSettings>
#include <QScrollBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QHeaderView>
#include <QComboBox>
#include <QInputDialog>
#include <QMessageBox>
#include <QToolButton>
#include <QPlainTextEdit>
#include <QTableWidget>
#include <QSplitter>
#include <QMenu>
#include <QTest>

using namespace om;
using namespace om::test;

class TestTriage : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    AppContext context(const QString &profileId = QStringLiteral("app_outbox")) {
        AppContext ctx;
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        ctx.gateway = new Gateway(c, this);
        ctx.profile = *SchemaProfile::builtIn(profileId);
        ctx.connectionLabel = QStringLiteral("test");
        ctx.connectionKey = QStringLiteral("test:%1").arg(m_db->name());
        return ctx;
    }

    /// Shows `view` with every message of `which` loaded (a failed wait fails the caller: check
    /// QTest::currentTestFailed()).
    static void openView(TriageView &view, ListFilter::View which) {
        if (!view.isVisible()) {
            view.resize(1440, 800);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
        }
        ListFilter f;
        f.view = which;
        view.applyFilter(f);
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() > 0, 15000);
    }

    /// Reads `view`'s list to its end, as scrolling down would (a failed wait fails the caller).
    static void readToEnd(TriageView &view) {
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading(), 15000);
        while (view.model()->canFetchMore({})) {
            view.model()->fetchMore({});
            QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading(), 15000);
        }
    }

    /// Rows in every state of every profile's table, most past the profile's stuck timeout: each
    /// table holds more rows than the list model's cap of 650, its stuck ones fewer.
    void fillEveryProfile() {
        for (const QString &id : builtInProfileIds()) {
            const SchemaProfile p = *SchemaProfile::builtIn(id);
            for (const StateDef &state : p.states) {
                insertMessages(*m_db, p, state.name, 300, p.stuckTimeoutMinutes + 60);
                insertMessages(*m_db, p, state.name, 100, 1);
            }
        }
    }

private slots:
    void initTestCase() {
        installTestTranslations(); // English plural forms; OM_LANG=ja: Japanese, for screenshots
        QCoreApplication::setOrganizationName(QStringLiteral("outbox-monitor-tests"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
    }

    // The same rows for every function, and no filter saved by an earlier one.
    void init() {
        QSettings().clear();
        for (const QString &id : builtInProfileIds())
            m_db->exec(QStringLiteral("TRUNCATE %1, %2").arg(SchemaProfile::builtIn(id)->qualifiedTable(), SchemaProfile::builtIn(id)->qualifiedAuditTable()));
        // Keys and error messages with what CSV must quote: commas, quotes, line breaks, Japanese.
        m_db->exec(R"(INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, retry_count,
                                              locked_by, locked_at, last_error_code, last_error_msg, created_at, updated_at)
                      SELECT 'K' || g || (ARRAY['', ',comma', '"quote"', E'line\nbreak', '日本'])[1 + g % 5],
                             'E' || (g % 3), 'D' || (g % 2), '{"n":' || g || '}',
                             (ARRAY['PENDING','PROCESSING','FAILED','SENT'])[1 + g % 4], g % 6,
                             'w1', now() - make_interval(mins => g % 120), 'E_' || (g % 4), E'failed, "badly"\r\nsecond line',
                             now() - make_interval(mins => g), now() - make_interval(secs => g)
                      FROM generate_series(1, 1500) g)");
        fillEveryProfile();
    }

    void modelUnderTesterWhilePagesArrive_data() { addProfileRows(); }
    void modelUnderTesterWhilePagesArrive() {
        QFETCH(QString, profileId);
        AppContext ctx = context(profileId);
        const SchemaProfile &p = ctx.profile;
        MessageListModel model(ctx.gateway, ctx.profile);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPageSize(100);
        model.setMaxRows(650);
        QSignalSpy pages(&model, &MessageListModel::pageLoaded);
        QSignalSpy capped(&model, &MessageListModel::capReached);
        ListFilter all;
        model.setQuery(all, ListSort::defaultFor(all.view));
        // A second query at once: the first one's pages must never show up.
        ListFilter stuck;
        stuck.view = ListFilter::View::Stuck;
        model.setQuery(stuck, ListSort::defaultFor(stuck.view));
        QTRY_VERIFY(!model.isLoading());
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QTRY_VERIFY(!model.isLoading());
        }
        const qint64 stuckCount = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 AND %3 < now() - make_interval(mins => $1::int)")
                                                   .arg(p.qualifiedTable(), sql::statesPredicate(p, p.stuckStates), p.col(p.stuckSince)),
                                               {p.stuckTimeoutMinutes})
                                      .toLongLong();
        QVERIFY(stuckCount > 0);
        QCOMPARE(model.rowCount(), int(stuckCount));
        for (int r = 0; r < model.rowCount(); ++r)
            QVERIFY2(p.stuckStates.contains(model.message(r).state), qPrintable(model.message(r).state));
        QVERIFY(capped.isEmpty());

        // Everything: stops at the cap and says so.
        model.setQuery(all, ListSort::defaultFor(all.view));
        QTRY_VERIFY(!model.isLoading());
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QTRY_VERIFY(!model.isLoading());
        }
        QCOMPARE(model.rowCount(), 650);
        QVERIFY(model.isCapped());
        QCOMPARE(capped.size(), 1);
        // Sorting by a header goes to the server: ascending ids start at the smallest.
        model.sort(MessageListModel::Id, Qt::AscendingOrder);
        QTRY_VERIFY(model.rowCount() > 0 && !model.isLoading());
        QCOMPARE(model.message(0).id, m_db->scalar(QStringLiteral("SELECT min(%1) FROM %2").arg(p.col("id"), p.qualifiedTable())).toLongLong());
    }

    void detailPaneWithHugeAndInvalidPayloads_data() { addProfileRows(); }
    void detailPaneWithHugeAndInvalidPayloads() {
        QFETCH(QString, profileId);
        AppContext ctx = context(profileId);
        const SchemaProfile &p = ctx.profile;
        const bool hasPayload = p.has(QStringLiteral("payload"));
        // Two messages in the first state; the first gets an error, an audit history and, where
        // the table has a payload, 3 MB of valid JSON.
        const QList<qint64> ids = insertMessages(*m_db, p, p.states.first().name, 2);
        const qint64 huge = ids.at(0), plain = ids.at(1);
        const auto set = [&](const QString &logical, const QString &value) {
            m_db->exec(QStringLiteral("UPDATE %1 SET %2 = $1 WHERE %3 = $2").arg(p.qualifiedTable(), p.col(logical), p.col("id")), {value, huge});
        };
        if (hasPayload)
            set(QStringLiteral("payload"), QStringLiteral("{\"blob\":\"%1\"}").arg(QString(3000000, QLatin1Char('x'))));
        if (p.has(QStringLiteral("errorCode"))) {
            set(QStringLiteral("errorCode"), QStringLiteral("E_BIG"));
            set(QStringLiteral("errorMessage"), QStringLiteral("too big"));
        }
        AuditRowValues first;
        first.messageId = huge;
        first.action = QStringLiteral("RETRY_FAILED");
        first.reason = QStringLiteral("first");
        first.newStatus = QStringLiteral("PENDING");
        first.changedAt = QDateTime::currentDateTimeUtc().addSecs(-3600);
        insertAuditRow(*m_db, p, first);
        AuditRowValues second = first;
        second.action = QStringLiteral("CANCEL_MESSAGE");
        second.reason = QStringLiteral("second");
        second.changedAt = QDateTime();
        insertAuditRow(*m_db, p, second);

        DetailPane pane(ctx.gateway, ctx.profile);
        pane.show();
        QSignalSpy shown(&pane, &DetailPane::detailShown);
        pane.showMessage(MessageId(huge));
        QTRY_COMPARE(shown.size(), 1);
        QCOMPARE(pane.historyRowCount(), 2);
        QCOMPARE(pane.detail().history.first().at(pane.detail().historyColumns.indexOf(QStringLiteral("action"))).toString(), QStringLiteral("CANCEL_MESSAGE"));
        // The History tab's headers are the operator's words, never the profile's logical names,
        // and its times are shown whole.
        auto *history = pane.findChild<QTableWidget *>(QStringLiteral("history"));
        QVERIFY(history);
        QCOMPARE(history->columnCount(), int(pane.detail().historyColumns.size()));
        for (int c = 0; c < history->columnCount(); ++c) {
            const QString header = history->horizontalHeaderItem(c)->text();
            QVERIFY2(header != pane.detail().historyColumns.at(c), qPrintable(header));
            QCOMPARE(header, DetailPane::historyHeader(pane.detail().historyColumns.at(c)));
        }
        const int when = int(pane.detail().historyColumns.indexOf(QStringLiteral("changedAt")));
        QVERIFY(history->columnWidth(when) >= history->fontMetrics().horizontalAdvance(history->item(1, when)->text()));
        if (p.has(QStringLiteral("errorCode")))
            QCOMPARE(pane.lastErrorText(), QStringLiteral("E_BIG: too big"));
        // Every column of the table but the payload.
        const int columns = m_db->scalar(QStringLiteral("SELECT count(*) FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1"),
                                         {p.table})
                                .toInt();
        QCOMPARE(pane.fieldRowCount(), columns - (hasPayload ? 1 : 0));
        if (!hasPayload) {
            QVERIFY(pane.payloadText().isEmpty());
            QVERIFY(!pane.isPayloadTruncated());
            QVERIFY2(pane.payloadNote().contains(QStringLiteral("no payload column")), qPrintable(pane.payloadNote()));
            return;
        }

        // The payload as the server prints it (jsonb adds a space after the colon).
        const QString stored = m_db->scalar(QStringLiteral("SELECT %1::text FROM %2 WHERE %3 = $1").arg(p.col("payload"), p.qualifiedTable(), p.col("id")),
                                            {huge})
                                   .toString();
        QVERIFY(pane.isPayloadTruncated());
        QCOMPARE(pane.payloadText().size(), limits::kPayloadPrefixChars);
        QVERIFY(pane.payloadNote().contains(formatCount(stored.size())));

        QSignalSpy all(&pane, &DetailPane::wholePayloadShown);
        pane.showWholePayload();
        QTRY_COMPARE_WITH_TIMEOUT(all.size(), 1, 20000);
        QVERIFY(!pane.isPayloadTruncated());
        QVERIFY(pane.payloadText().startsWith(QStringLiteral("{\n    \"blob\": \"xxx")));
        QCOMPARE(pane.payloadText().count(QLatin1Char('x')), 3000000);

        const QString path = m_dir.filePath(profileId + QStringLiteral("-payload.json"));
        QSignalSpy saved(&pane, &DetailPane::payloadSaved);
        pane.savePayloadTo(path);
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 20000);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), stored.toUtf8());

        // A payload that is not JSON: only a text column can hold one (jsonb refuses it).
        if (m_db->scalar(QStringLiteral("SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = $1::regclass AND attname = $2"),
                         {p.table, p.column(QStringLiteral("payload"))})
                .toString()
            == QLatin1String("text")) {
            set(QStringLiteral("payload"), QStringLiteral("{not json,"));
            pane.showMessage(MessageId(huge));
            QTRY_COMPARE(shown.size(), 2);
            QCOMPARE(pane.payloadText(), QStringLiteral("{not json,"));
            QVERIFY(pane.payloadNote().contains(QStringLiteral("Not valid JSON")));
            QVERIFY(!pane.isPayloadTruncated());
        }

        pane.showMessage(MessageId(plain));
        QTRY_VERIFY(shown.size() >= 2 && shown.last().at(0).value<MessageId>() == MessageId(plain));
        QCOMPARE(pane.historyRowCount(), 0);
        QVERIFY(pane.payloadNote().isEmpty());
        QVERIFY(!pane.isPayloadTruncated());
        // "No error recorded" is said of a message shown, never of an empty pane.
        auto *error = pane.findChild<QPlainTextEdit *>(QStringLiteral("lastError"));
        QVERIFY(error);
        if (pane.lastErrorText().isEmpty())
            QCOMPARE(error->placeholderText(), QStringLiteral("No error recorded"));
        pane.clear();
        QCOMPARE(error->placeholderText(), QString());
        QCOMPARE(pane.lastErrorText(), QString());
    }

    void csvExportRoundTrips() {
        AppContext ctx = context();
        TriageView view(ctx);
        ListFilter f;
        f.view = ListFilter::View::All;
        f.types = {QStringLiteral("E1")};
        view.applyFilter(f);
        QTRY_VERIFY(view.model()->rowCount() > 0 && !view.model()->isLoading());
        const QString path = m_dir.filePath(QStringLiteral("export.csv"));
        QString error;
        CsvExport *exporter = view.exportFilteredTo(path, &error);
        QVERIFY2(exporter, qPrintable(error));
        QSignalSpy done(exporter, &CsvExport::finished);
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 20000);
        QVERIFY2(done.first().at(0).toBool(), qPrintable(done.first().at(2).toString()));
        // How many, and when they were read: a live table's count beside the list is of another moment.
        if (english())
            QVERIFY2(QRegularExpression(QStringLiteral("^[0-9,]+ messages exported to .*, as read from \\d\\d:\\d\\d:\\d\\d to \\d\\d:\\d\\d:\\d\\d; the table may have changed since\\.$"))
                         .match(done.first().at(2).toString())
                         .hasMatch(),
                     qPrintable(done.first().at(2).toString()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QString parseError;
        const QList<QStringList> records = parseCsv(QString::fromUtf8(file.readAll()), &parseError);
        QVERIFY2(parseError.isEmpty(), qPrintable(parseError));
        QCOMPARE(records.first(), CsvExport::header());
        const auto db = m_db->rows(QStringLiteral("SELECT outbox_id::text, message_key, last_error_msg FROM app_outbox WHERE event_type = 'E1' ORDER BY app_outbox.outbox_id DESC"));
        QCOMPARE(records.size() - 1, db.size());
        for (int i = 0; i < db.size(); ++i) {
            QCOMPARE(records[i + 1].size(), CsvExport::header().size());
            QCOMPARE(records[i + 1][0], db[i][0].toString());
            QCOMPARE(records[i + 1][1], db[i][1].toString());
            QCOMPARE(records[i + 1][13], db[i][2].toString());
        }
        // The selection, and the same rows as TSV.
        view.table()->selectRow(0);
        view.table()->selectionModel()->select(view.model()->index(2, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QCOMPARE(view.selectedIds(), (QList<MessageId>{view.model()->message(0).id, view.model()->message(2).id}));
        const QString selPath = m_dir.filePath(QStringLiteral("selection.csv"));
        QVERIFY(view.exportSelectionTo(selPath, &error));
        QFile sel(selPath);
        QVERIFY(sel.open(QIODevice::ReadOnly));
        const QList<QStringList> selRecords = parseCsv(QString::fromUtf8(sel.readAll()), &parseError);
        QCOMPARE(selRecords.size(), 3);
        QCOMPARE(selRecords[2][0], view.model()->message(2).id.text());
        const QStringList tsv = view.selectionAsTsv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(tsv.size(), 3);
        QVERIFY(!tsv[1].contains(QLatin1Char('\r')));
    }

    void filterTextIsDebouncedAndTheFilterComesBack() {
        AppContext ctx = context();
        {
            TriageView view(ctx);
            QSignalSpy changed(&view, &TriageView::filterChanged);
            view.setView(ListFilter::View::All);
            QTRY_VERIFY(!view.model()->isLoading());
            changed.clear();
            QTest::keyClicks(view.filterBar()->keyEdit(), QStringLiteral("K1"));
            QCOMPARE(changed.size(), 0); // debounced: nothing per keystroke
            QTRY_COMPARE(changed.size(), 1);
            QCOMPARE(view.currentFilter().keyText, QStringLiteral("K1"));
            QTRY_VERIFY(view.model()->rowCount() > 0 && !view.model()->isLoading());
            for (int r = 0; r < view.model()->rowCount(); ++r)
                QVERIFY(view.model()->message(r).key.contains(QStringLiteral("K1")));
            QTRY_VERIFY(view.countText().contains(QStringLiteral("matching")));
        }
        TriageView again(ctx);
        QCOMPARE(again.currentFilter().keyText, QStringLiteral("K1"));
        QCOMPARE(again.currentFilter().view, ListFilter::View::All);
        QCOMPARE(again.filterBar()->keyEdit()->text(), QStringLiteral("K1"));
    }

    // The detail pane has room only while a message is chosen: with nothing selected the list
    // takes the whole width (Destination, Key and Last error were cut beside an empty pane). The
    // split the operator sets is kept for the next window.
    void detailPaneOnlyWhenAMessageIsChosen() {
        AppContext ctx = context();
        QSettings().remove(QStringLiteral("triage/split"));
        std::unique_ptr<TriageView> view = std::make_unique<TriageView>(ctx);
        view->resize(1440, 800);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        ListFilter f;
        f.view = ListFilter::View::All;
        view->applyFilter(f);
        QTRY_VERIFY(view->model()->rowCount() > 1 && !view->model()->isLoading());
        auto *split = view->findChild<QSplitter *>(QStringLiteral("triageSplit"));
        QVERIFY(split);
        QVERIFY(!view->detailPane()->isVisible());
        QVERIFY(view->table()->width() > split->width() - 10); // the list has it all

        view->table()->selectRow(0);
        QTRY_VERIFY(view->detailPane()->isVisible() && view->detailPane()->messageId() == view->model()->message(0).id);
        QTRY_VERIFY(view->detailPane()->width() > 100);
        split->setSizes({1000, split->width() - 1000});
        emit split->splitterMoved(1000, 1); // as a drag of the handle reports it
        const int paneWidth = view->detailPane()->width();

        view->table()->clearSelection();
        QTRY_VERIFY(!view->detailPane()->isVisible());
        QVERIFY(view->detailPane()->messageId().isNull());

        // A new window: the operator's split, once a message is chosen.
        view.reset();
        TriageView again(ctx);
        again.resize(1440, 800);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        again.applyFilter(f);
        QTRY_VERIFY(again.model()->rowCount() > 1 && !again.model()->isLoading());
        QVERIFY(!again.detailPane()->isVisible());
        again.table()->selectRow(1);
        QTRY_VERIFY(again.detailPane()->isVisible());
        QTRY_VERIFY2(qAbs(again.detailPane()->width() - paneWidth) <= 10,
                     qPrintable(QStringLiteral("%1 vs %2").arg(again.detailPane()->width()).arg(paneWidth)));
    }

    // At 1440 px with nothing selected, every view of every profile shows first what decides an
    // action (state, age, destination, type, retries, error code, as the profile has them), the
    // column it is sorted by on screen and marked, no destination cut, and no column that is
    // always empty in the view (who holds a message, outside Stuck and All).
    void columnsPutWhatDecidesFirst_data() { addProfileRows(); }
    void columnsPutWhatDecidesFirst() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        if (p.has(QStringLiteral("destination"))) // the demo's destinations, longest included
            m_db->exec(QStringLiteral("UPDATE %1 SET %2 = (ARRAY['INVENTORY_API','SHIPPING_API','MAIL_GATEWAY','CRM_API'])[1 + (%3 % 4)::int]")
                           .arg(p.qualifiedTable(), p.col(QStringLiteral("destination")), p.col(QStringLiteral("id"))));
        AppContext ctx = context(profileId);
        TriageView view(ctx);
        view.resize(1440, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableView *table = view.table();
        QHeaderView *header = table->horizontalHeader();
        const auto *columns = view.findChild<TriageColumns *>();
        QVERIFY(columns);
        using M = MessageListModel;
        const QList<int> decides = {M::State, M::Age, M::Destination, M::Type, M::Retries, M::ErrorCode};
        int viewsSeen = 0, cellsChecked = 0;
        for (ListFilter::View v : {ListFilter::View::All, ListFilter::View::Stuck, ListFilter::View::NearMaxRetry, ListFilter::View::Failed}) {
            ListFilter f;
            f.view = v;
            view.applyFilter(f);
            if (view.currentFilter().view != v)
                continue; // a view this profile does not have (no retries: no Near max retry)
            ++viewsSeen;
            QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading(), 15000);
            const QString where = QStringLiteral("%1 / %2").arg(profileId, view.viewTitle());
            QVERIFY2(!view.detailPane()->isVisible(), qPrintable(where));
            // Shown columns, left to right.
            QList<int> shown;
            for (int visual = 0; visual < header->count(); ++visual)
                if (!header->isSectionHidden(header->logicalIndex(visual)))
                    shown << header->logicalIndex(visual);
            QList<int> expected;
            for (int c : decides)
                if (shown.contains(c))
                    expected << c;
            QVERIFY2(expected.size() >= 3, qPrintable(where));
            QList<int> leading;
            for (int c : shown)
                if (decides.contains(c))
                    leading << c;
            QCOMPARE(leading, expected);
            // ...and they come before everything else but the sort column and, in Stuck, who holds it.
            const int sortColumn = header->sortIndicatorSection();
            for (int i = 0; i < shown.indexOf(expected.last()); ++i)
                QVERIFY2(decides.contains(shown[i]) || shown[i] == sortColumn || (v == ListFilter::View::Stuck && shown[i] == M::LockedBy),
                         qPrintable(QStringLiteral("%1: %2 at %3").arg(where).arg(shown[i]).arg(i)));
            // Sort: marked in the header, on screen, said in words.
            QVERIFY(header->isSortIndicatorShown());
            QVERIFY2(!header->isSectionHidden(sortColumn), qPrintable(where));
            QVERIFY2(header->sectionViewportPosition(sortColumn) + header->sectionSize(sortColumn) <= table->viewport()->width(),
                     qPrintable(where));
            QVERIFY2(view.sortText().contains(view.model()->headerData(sortColumn, Qt::Horizontal).toString()), qPrintable(view.sortText()));
            // Every deciding column on screen without scrolling; no destination or state cut.
            for (int c : expected)
                QVERIFY2(header->sectionViewportPosition(c) + header->sectionSize(c) <= table->viewport()->width(),
                         qPrintable(QStringLiteral("%1: column %2 off screen").arg(where).arg(c)));
            // The rows on screen, then those at the bottom once scrolled there (measured as they
            // come into view, not all in advance: that cost ~110 ms per page in the benchmark).
            const QFontMetrics fm(table->font());
            for (int pass = 0; pass < 2; ++pass) {
                if (pass == 1) {
                    table->scrollToBottom(); // the rows that come into view are measured once it stops
                    QTRY_VERIFY_WITH_TIMEOUT(!columns->isMeasurePending() && !view.model()->isLoading(), 15000);
                }
                for (int c : {int(M::Destination), int(M::State), int(M::ErrorCode)}) {
                    if (header->isSectionHidden(c))
                        continue;
                    for (int r = 0; r < view.model()->rowCount(); ++r) {
                        const int y = table->rowViewportPosition(r);
                        if (y < 0 || y >= table->viewport()->height())
                            continue;
                        const QString text = view.model()->index(r, c).data().toString();
                        ++cellsChecked;
                        QVERIFY2(fm.horizontalAdvance(text) + 6 <= table->columnWidth(c),
                                 qPrintable(QStringLiteral("%1: \"%2\" cut in a %3 px column").arg(where, text).arg(table->columnWidth(c))));
                    }
                }
            }
            table->scrollToTop();
            QCOMPARE(header->isSectionHidden(M::LockedBy), !p.has(QStringLiteral("lockedBy")) || (v != ListFilter::View::All && v != ListFilter::View::Stuck));
            const char *viewName = v == ListFilter::View::All ? "all" : v == ListFilter::View::Stuck ? "stuck"
                                                                    : v == ListFilter::View::Failed  ? "failed"
                                                                                                     : "nearmax";
            saveScreenshot(&view, QStringLiteral("triage-%1-%2").arg(profileId, QLatin1String(viewName)));
        }
        QVERIFY(cellsChecked > 100); // the widths were checked against real rows
        QVERIFY(viewsSeen >= 2);     // All and at least one other (outbox has no in-flight or retry states)
    }

    // Rows that arrive later in the same view and sort (a new filter, a refresh) widen a column
    // whose text no longer fits (PROCESSING after SENT) but never narrow one, and a width the
    // operator dragged stays until the view changes.
    void laterRowsWidenButTheOperatorsWidthsStay() {
        AppContext ctx = context();
        TriageView view(ctx);
        view.resize(1440, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableView *table = view.table();
        using M = MessageListModel;
        ListFilter f;
        f.view = ListFilter::View::All;
        f.states = {QStringLiteral("SENT")};
        view.applyFilter(f);
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() > 0, 15000);
        const int sentWidth = table->columnWidth(M::State);
        f.states = {QStringLiteral("PROCESSING")};
        view.applyFilter(f);
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() > 0, 15000);
        const QFontMetrics fm(table->font());
        QVERIFY2(fm.horizontalAdvance(QStringLiteral("PROCESSING")) + 6 <= table->columnWidth(M::State),
                 qPrintable(QStringLiteral("%1 px").arg(table->columnWidth(M::State))));
        QVERIFY(table->columnWidth(M::State) > sentWidth);
        // The operator narrows Destination by hand: a reload keeps it, a new view fits again.
        table->horizontalHeader()->resizeSection(M::Destination, 40);
        f.states = {QStringLiteral("PENDING")};
        view.applyFilter(f);
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() > 0, 15000);
        QCOMPARE(table->columnWidth(M::Destination), 40);
        f.states.clear();
        f.view = ListFilter::View::Failed;
        view.applyFilter(f);
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() > 0, 15000);
        QVERIFY(table->columnWidth(M::Destination) > 40);
    }

    // The widths the operator chose come back with their view, and with the next window of the
    // same connection; another connection's window fits its own.
    void chosenWidthsComeBackPerViewAndConnection() {
        using M = MessageListModel;
        AppContext ctx = context();
        ctx.connectionKey += QStringLiteral("/widths");
        {
            TriageView view(ctx);
            openView(view, ListFilter::View::All);
            if (QTest::currentTestFailed())
                return;
            view.table()->horizontalHeader()->resizeSection(M::Destination, 41); // the operator drags
            openView(view, ListFilter::View::Failed);
            QVERIFY(view.table()->columnWidth(M::Destination) != 41); // another view: fitted
            openView(view, ListFilter::View::All);
            QCOMPARE(view.table()->columnWidth(M::Destination), 41); // back with its view
        }                                                            // closed within the half second before the widths are written: written as it goes
        {
            TriageView again(ctx);
            openView(again, ListFilter::View::All);
            QCOMPARE(again.table()->columnWidth(M::Destination), 41);
        }
        AppContext other = context();
        other.connectionKey += QStringLiteral("/widths-other");
        TriageView elsewhere(other);
        openView(elsewhere, ListFilter::View::All);
        QVERIFY(elsewhere.table()->columnWidth(M::Destination) != 41);
    }

    // Save filter… asks for a name in a dialog opened over the list, not exec()'d (the click
    // returns while it is up); a name already taken asks "Replace …?" first, and only Yes replaces.
    void savingAFilterAsksForAName() {
        TriageView view(context());
        openView(view, ListFilter::View::Failed);
        if (QTest::currentTestFailed())
            return;
        auto *save = view.findChild<QToolButton *>(QStringLiteral("saveFilter"));
        auto *saved = view.findChild<QComboBox *>(QStringLiteral("savedFilters"));
        QVERIFY(save && saved);
        auto giveName = [&](const QString &name) {
            save->click();
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QCOMPARE(dialog->windowModality(), Qt::WindowModal);
            dialog->setTextValue(name);
            dialog->accept();
        };
        // The view of the saved filter "mine", as loading it from the box applies it.
        auto savedView = [&] {
            emit saved->activated(saved->findText(QStringLiteral("mine")));
            return view.currentFilter().view;
        };
        giveName(QStringLiteral("  mine  "));
        QCOMPARE(saved->findText(QStringLiteral("mine")), 1); // trimmed, after "Saved filters…"
        QCOMPARE(saved->currentText(), QStringLiteral("mine"));

        // The same name for another view: asked first; No keeps the saved one, Yes replaces it.
        for (const bool replace : {false, true}) {
            openView(view, ListFilter::View::All);
            if (QTest::currentTestFailed())
                return;
            giveName(QStringLiteral("mine"));
            QMessageBox *box = nullptr;
            QTRY_VERIFY((box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())));
            if (testLanguage() == QLatin1String("en"))
                QCOMPARE(box->text(), QStringLiteral("Replace the saved filter \"mine\"?"));
            box->button(replace ? QMessageBox::Yes : QMessageBox::No)->click();
            QTRY_VERIFY(!QApplication::activeModalWidget());
            QCOMPARE(saved->count(), 2);
            QCOMPARE(savedView(), replace ? ListFilter::View::All : ListFilter::View::Failed);
        }
    }

    /// A click on a header re-sorts on the server, and the words beside the list follow it; a click
    /// on a column the server cannot sort by leaves the arrow and the words on the real order.
    void headerClicksKeepTheSortSaidTrue() {
        AppContext ctx = context();
        TriageView view(ctx);
        view.resize(1600, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        ListFilter f;
        f.view = ListFilter::View::All;
        view.applyFilter(f);
        QTRY_VERIFY(view.model()->rowCount() > 0 && !view.model()->isLoading());
        QHeaderView *header = view.table()->horizontalHeader();
        const auto clickHeader = [&](int column) {
            view.table()->scrollTo(view.model()->index(0, column));
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                              QPoint(header->sectionViewportPosition(column) + header->sectionSize(column) / 2, header->height() / 2));
        };
        const QString age = view.model()->headerData(MessageListModel::Age, Qt::Horizontal).toString();
        clickHeader(MessageListModel::Age);
        QTRY_COMPARE(header->sortIndicatorSection(), int(MessageListModel::Age));
        QTRY_VERIFY2(view.sortText().contains(age), qPrintable(view.sortText()));
        const QString said = view.sortText();
        QTRY_VERIFY(!view.model()->isLoading());
        clickHeader(MessageListModel::State);
        QCOMPARE(header->sortIndicatorSection(), int(MessageListModel::Age));
        QCOMPARE(view.sortText(), said);
    }

    /// Selected rows that an action moved out of the list leave the selection too, once every page
    /// is read: the next action never targets rows the operator can no longer see, and the line
    /// under the list says what happened.
    void rowsThatLeaveTheListLeaveTheSelection() {
        AppContext ctx = context();
        const SchemaProfile p = ctx.profile;
        insertMessages(*m_db, p, QStringLiteral("FAILED"), 5, 0, QStringLiteral("leaving"));
        TriageView view(ctx);
        openView(view, ListFilter::View::Failed);
        ListFilter f = view.currentFilter();
        f.keyText = QStringLiteral("leaving");
        view.applyFilter(f);
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() == 5, 15000);
        QItemSelection chosen;
        QList<MessageId> three;
        for (int r = 0; r < view.model()->rowCount() && three.size() < 3; ++r) {
            chosen.select(view.model()->index(r, 0), view.model()->index(r, 0));
            three << view.model()->message(r).id;
        }
        // The pane shows the third (the current row), which stays in the list the longest.
        int third = 0;
        while (view.model()->message(third).id != three.at(2))
            ++third;
        view.table()->selectionModel()->setCurrentIndex(view.model()->index(third, 0), QItemSelectionModel::NoUpdate);
        view.table()->selectionModel()->select(chosen, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(view.selectedIds().size(), 3);
        QTRY_COMPARE_WITH_TIMEOUT(view.detailPane()->messageId(), three.at(2), 15000);
        QSignalSpy selection(&view, &TriageView::selectionChanged);

        // Two of them retried elsewhere: the one still shown stays selected, the two are dropped.
        auto retry = [&](const QList<MessageId> &which) {
            QStringList list;
            for (const MessageId &id : which)
                list << id.text();
            m_db->exec(QStringLiteral("UPDATE %1 SET %2 = 'PENDING' WHERE %3 = ANY($1::bigint[])").arg(p.qualifiedTable(), p.col(QStringLiteral("status")), p.col(QStringLiteral("id"))),
                       {QStringLiteral("{%1}").arg(list.join(QLatin1Char(',')))});
            view.refresh();
        };
        retry(three.mid(0, 2));
        QTRY_VERIFY_WITH_TIMEOUT(!selection.isEmpty() && selection.last().at(0).value<QList<MessageId>>() == three.mid(2), 15000);
        QCOMPARE(view.selectedIds(), three.mid(2));
        QCOMPARE(view.model()->rowCount(), 3);
        if (english())
            QCOMPARE(view.statusText(), QStringLiteral("2 selected messages changed and left this list; still selected: 1."));
        QVERIFY(!view.detailPane()->leftTheList()); // its message is still listed

        // The last one too: nothing is selected, and the actions hear so.
        selection.clear();
        retry(three.mid(2));
        QTRY_VERIFY_WITH_TIMEOUT(!selection.isEmpty() && selection.last().at(0).value<QList<MessageId>>().isEmpty(), 15000);
        QVERIFY(view.selectedIds().isEmpty());
        if (english())
            QCOMPARE(view.statusText(), QStringLiteral("Your 1 selected message changed and left this list; nothing is selected now."));
        // The pane keeps it, re-read, and says that it left the list.
        QCOMPARE(view.detailPane()->messageId(), three.at(2));
        QVERIFY(view.detailPane()->leftTheList());
        if (english())
            QTRY_VERIFY2(view.detailPane()->titleText().endsWith(QStringLiteral("no longer in this list")), qPrintable(view.detailPane()->titleText()));
    }

    /// An empty list says so in its place, and a new view starts at its first column (a scroll
    /// kept from the last view hid State and Age off the left edge).
    void anEmptyListSaysSoAndANewViewStartsAtTheLeft() {
        AppContext ctx = context();
        TriageView view(ctx);
        view.resize(900, 700); // narrower than the columns: the list scrolls sideways
        openView(view, ListFilter::View::All);
        QCOMPARE(view.emptyText(), QString());
        QScrollBar *sideways = view.table()->horizontalScrollBar();
        QTRY_VERIFY(sideways->maximum() > 0);
        sideways->setValue(sideways->maximum());
        ListFilter f = view.currentFilter();
        f.view = ListFilter::View::Failed;
        view.applyFilter(f);
        QCOMPARE(sideways->value(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() > 0, 15000);

        f.keyText = QStringLiteral("no message has this key");
        view.applyFilter(f);
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && !view.emptyText().isEmpty(), 15000);
        QCOMPARE(view.model()->rowCount(), 0);
        if (english())
            QCOMPARE(view.emptyText(), QStringLiteral("No message of Failed matches the filter above. Clear the filter to see the whole view."));
        f.keyText.clear();
        view.applyFilter(f);
        QCOMPARE(view.emptyText(), QString()); // gone while the next list loads, and with its rows
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() > 0, 15000);
        QCOMPARE(view.emptyText(), QString());
    }

    /// Ticking values in a filter's menu leaves the menu open for the next tick (it closed after
    /// each one); the filter then holds every ticked value.
    void aValueMenuStaysOpenWhileTicking() {
        AppContext ctx = context();
        TriageView view(ctx);
        openView(view, ListFilter::View::Failed);
        FilterChoices choices;
        choices.errorCodes = {QStringLiteral("E_1"), QStringLiteral("E_2"), QStringLiteral("E_3")};
        view.filterBar()->setChoices(choices);
        QMenu *menu = nullptr;
        for (QToolButton *b : view.filterBar()->findChildren<QToolButton *>())
            if (b->menu() && b->menu()->actions().size() == 3 && b->menu()->actions().first()->text() == QLatin1String("E_1"))
                menu = b->menu();
        QVERIFY(menu);
        menu->popup(view.mapToGlobal(QPoint(10, 10)));
        QVERIFY(QTest::qWaitForWindowExposed(menu));
        const QList<QAction *> items = menu->actions();
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(items.at(0)).center());
        QVERIFY(menu->isVisible());
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(items.at(2)).center());
        QVERIFY(menu->isVisible());
        menu->setActiveAction(items.at(1));
        QTest::keyClick(menu, Qt::Key_Space);
        QVERIFY(menu->isVisible());
        QTest::keyClick(menu, Qt::Key_Escape);
        QTRY_VERIFY(!menu->isVisible());
        QCOMPARE(view.filterBar()->filter().errorCodes, choices.errorCodes);
    }

    /// A filter set in one view stays with that view and is named above its list: an error-code
    /// filter from Failed once made Stuck say "0 matching" beside a tile of 89 stuck.
    void eachViewKeepsItsOwnFilterAndNamesIt() {
        AppContext ctx = context();
        TriageView view(ctx);
        openView(view, ListFilter::View::Failed);
        QCOMPARE(view.activeFilterText(), QString());
        ListFilter failed = view.currentFilter();
        failed.errorCodes = {QStringLiteral("E_2")};
        view.applyFilter(failed);
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() > 0, 15000);
        if (english())
            QCOMPARE(view.activeFilterText(), QStringLiteral("Only messages of Failed matching: error code = E_2"));
        else
            QVERIFY(!view.activeFilterText().isEmpty());
        QVERIFY(view.findChild<QWidget *>(QStringLiteral("activeFilter"))->isVisible());
        saveScreenshot(&view, QStringLiteral("triage-view-filter"));

        // Stuck shows every stuck message, as the database counts them, and no filter line.
        QSignalSpy nothing(&view, &TriageView::matchesNothingChanged);
        view.setView(ListFilter::View::Stuck);
        QVERIFY(view.currentFilter().errorCodes.isEmpty());
        QVERIFY(view.filterBar()->filter().errorCodes.isEmpty());
        QCOMPARE(view.activeFilterText(), QString());
        readToEnd(view);
        const int stuck = m_db->scalar(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'PROCESSING' "
                                                      "AND locked_at < now() - make_interval(mins => %1)")
                                           .arg(effectiveStuckTimeout(ctx.profile, view.currentFilter())))
                              .toInt();
        QVERIFY(stuck > 0);
        QCOMPARE(view.model()->rowCount(), stuck);
        QVERIFY(!nothing.isEmpty());
        QCOMPARE(nothing.last().at(0).toBool(), false);

        // Back in Failed: its filter is there again, in the inputs and in words.
        view.setView(ListFilter::View::Failed);
        QCOMPARE(view.currentFilter().errorCodes, QStringList{QStringLiteral("E_2")});
        QCOMPARE(view.filterBar()->filter().errorCodes, QStringList{QStringLiteral("E_2")});
        QVERIFY(!view.activeFilterText().isEmpty());
        readToEnd(view);
        QCOMPARE(view.model()->rowCount(), m_db->scalar(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'FAILED' AND last_error_code = 'E_2'")).toInt());
        // The count beside a list read to its end is that list's length, whatever the server's
        // count said (a key with LIKE's own characters once read "about 30 (estimated)" beside none).
        if (english())
            QTRY_COMPARE_WITH_TIMEOUT(view.countText(), QStringLiteral("%1 matching").arg(view.model()->rowCount()), 15000);

        // A filter nothing matches says so, and the list reports it for the actions.
        ListFilter none = view.currentFilter();
        none.keyText = QStringLiteral("no message has this key");
        view.applyFilter(none);
        QTRY_VERIFY_WITH_TIMEOUT(!nothing.isEmpty() && nothing.last().at(0).toBool(), 15000);

        // Its button drops the view's filter and keeps the view.
        auto *clear = view.findChild<QPushButton *>(QStringLiteral("clearViewFilter"));
        QVERIFY(clear && clear->isVisible());
        clear->click();
        QCOMPARE(view.currentFilter().view, ListFilter::View::Failed);
        QVERIFY(view.currentFilter().errorCodes.isEmpty());
        QVERIFY(view.currentFilter().keyText.isEmpty());
        QCOMPARE(view.activeFilterText(), QString());
        readToEnd(view);
        QCOMPARE(view.model()->rowCount(), m_db->scalar(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'FAILED'")).toInt());
    }

    void aNewListDropsTheSelectionAndTheKeyboardReachesIt() {
        AppContext ctx = context();
        TriageView view(ctx);
        view.resize(1200, 700);
        view.show();
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        ListFilter f;
        f.view = ListFilter::View::All;
        view.applyFilter(f);
        QTRY_VERIFY(view.model()->rowCount() > 0 && !view.model()->isLoading());
        QSignalSpy selection(&view, &TriageView::selectionChanged);
        // Find goes to the key filter; Down from there to the list, selecting its first row.
        QTest::keyClick(view.table(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(view.filterBar()->keyEdit()->hasFocus());
        QTest::keyClick(view.filterBar()->keyEdit(), Qt::Key_Down);
        QTRY_VERIFY(view.table()->hasFocus());
        QCOMPARE(view.selectedIds(), QList<MessageId>{view.model()->message(0).id});
        QVERIFY(!selection.isEmpty());
        QCOMPARE(selection.last().at(0).value<QList<MessageId>>(), view.selectedIds());
        // Alt+3 is the third view (Failed). The new list has no selection and says so: the actions
        // must not go on targeting messages that are no longer shown.
        selection.clear();
        QTest::keyClick(view.table(), Qt::Key_3, Qt::AltModifier);
        QTRY_COMPARE(view.currentFilter().view, ListFilter::View::Failed);
        QTRY_VERIFY(!selection.isEmpty());
        QVERIFY(selection.last().at(0).value<QList<MessageId>>().isEmpty());
        QVERIFY(view.selectedIds().isEmpty());
        QTRY_VERIFY(view.model()->rowCount() > 0 && !view.model()->isLoading());
        for (int r = 0; r < view.model()->rowCount(); ++r)
            QCOMPARE(view.model()->message(r).state, QStringLiteral("FAILED"));
        // Failed sorts by Updated, a column far to the right: the sort is said in words too, and
        // the header's indicator marks that column.
        QVERIFY2(view.sortText().startsWith(QStringLiteral("sorted by Updated")) && view.sortText().endsWith(QStringLiteral(", descending")),
                 qPrintable(view.sortText()));
        QCOMPARE(view.table()->horizontalHeader()->sortIndicatorSection(), int(MessageListModel::Updated));
        QTest::keyClick(view.table(), Qt::Key_4, Qt::AltModifier); // All: newest id first
        QTRY_VERIFY2(view.sortText().startsWith(QStringLiteral("sorted by Id")), qPrintable(view.sortText()));
    }
};

OM_TEST_MAIN(TestTriage)
#include "tst_triage.moc"
