// SPDX-License-Identifier: GPL-3.0-or-later
// The real main window against the real server, for every built-in profile:
// - an auditor's window offers no Retry / Cancel / Recover anywhere (toolbar, menus, buttons, the
//   list's context menu, shortcuts, every tab);
// - a NOTIFY from another session (a real change) while rows are selected does not change the
//   action's scope: the reason dialog names the same rows and exactly those change, audited;
// - the stuck timeout set in Dashboard → Settings reaches Triage's Stuck view, Recover stuck (the
//   rows it changes) and the incident report;
// - no progress dialog is visible when the result dialog opens;
// - after an action and after another session's NOTIFY, the Audit tab shows the new audit rows and
//   the detail pane the new state without the operator pressing anything, and every list and the
//   detail pane say how old their data is.
// OM_SCREENSHOT_DIR=dir saves the screen (run under Xvfb with QT_QPA_PLATFORM=xcb for the dialogs
// over the window) for app_outbox; OM_LANG=ja: in Japanese.
#include "messageids.h"
#include "actionfixture.h"
#include "dialogoperator.h"
#include "taggedrows.h"
#include "actions/actioncontroller.h"
#include "audit/auditmodel.h"
#include "audit/auditview.h"
#include "core/actions/actionrunner.h"
#include "dashboard/dashboardview.h"
#include "mainwindow.h"
#include "link/connectioninfo.h"
#include "pg/gateway.h"
#include "link/limits.h"
#include "pg/pgsession.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "triage/detailpane.h"
#include "triage/filterbar.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QScreen>

using namespace om;
using namespace om::test;

namespace {

const char *const kProfiles[] = {"app_outbox", "batch_work_item", "outbox"};

/// OM_SCREENSHOT_DIR/<name>-<lang>.png of the primary screen (nothing when the variable is unset).
void saveScreen(const QString &name) {
    const QString dir = qEnvironmentVariable("OM_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QGuiApplication::primaryScreen()->grabWindow(0).save(
        QStringLiteral("%1/%2-%3.png").arg(dir, name, testLanguage()));
}

/// Screenshots of the dialogs `op` answers, the whole screen with the dialog over the window, once
/// the dialog has painted: OM_SCREENSHOT_DIR/<prefix>-<reason|result>-<lang>.png.
void screenshotDialogs(DialogOperator &op, const QString &prefix) {
    op.onDialog = [prefix](QWidget *, const QString &kind) {
        QTest::qWait(400);
        saveScreen(prefix + QLatin1Char('-') + kind);
    };
}

/// The words checked below are the English ones; a Japanese run (OM_LANG=ja) is for screenshots
/// and checks the database outcomes only.

} // namespace

class TestWindowActions : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    AppContext context(const QString &profileId, const QString &role) {
        AppContext ctx;
        GatewayConfig c;
        c.connInfo = m_db->connectionStringAs(role);
        ctx.gateway = new Gateway(c);
        ctx.profile = *SchemaProfile::builtIn(profileId);
        ctx.connectionLabel = QStringLiteral("test");
        ctx.connectionKey = ConnectionInfo::storeKey(c.connInfo, profileId);
        return ctx;
    }

    /// The window of `role`, shown at 1440×900, once the server has said what the role may do.
    static void waitForAccess(MainWindow &w) {
        QSignalSpy access(&w, &MainWindow::accessChanged);
        w.resize(1440, 900);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(access.count() >= 1, 15000);
    }

    /// Selects `ids` in the list as a mouse would; the last of them is the current row (the detail pane's).
    static void selectIds(TriageView *view, const QList<qint64> &ids) {
        QItemSelection sel;
        int current = -1;
        for (int r = 0; r < view->model()->rowCount(); ++r)
            if (ids.contains(view->model()->message(r).id.number())) {
                sel.select(view->model()->index(r, 0), view->model()->index(r, MessageListModel::ColumnCount - 1));
                if (view->model()->message(r).id == ids.last())
                    current = r;
            }
        view->table()->selectionModel()->setCurrentIndex(view->model()->index(current, 0), QItemSelectionModel::NoUpdate);
        view->table()->selectionModel()->select(sel, QItemSelectionModel::ClearAndSelect);
    }
    static QList<qint64> sorted(const QList<MessageId> &ids) { return sorted(idNumbers(ids)); }
    static QList<qint64> sorted(QList<qint64> ids) {
        std::sort(ids.begin(), ids.end());
        return ids;
    }

    /// The state the detail pane shows, by the profile's own rules (a status value, or a column
    /// that is NULL / NOT NULL as in the outbox profile); "" while no message is shown.
    static QString detailState(const DetailPane *pane, const SchemaProfile &p) {
        auto field = [pane, &p](const QString &logical) -> const DetailField * {
            for (const DetailField &f : pane->detail().fields)
                if (f.name == p.column(logical))
                    return &f;
            return nullptr;
        };
        const DetailField *status = field(QStringLiteral("status"));
        for (const StateDef &st : p.states) {
            if (!st.statusValue().isEmpty() && status && status->text == st.statusValue())
                return st.statusValue();
            // The built-ins' null-based states are one condition on one column.
            const StateCondition *c = st.when.size() == 1 ? &st.when.first() : nullptr;
            const DetailField *f = c ? field(c->column) : nullptr;
            if (f && ((c->op == StateCondition::Op::IsNull && f->isNull) || (c->op == StateCondition::Op::NotNull && !f->isNull)))
                return st.name;
        }
        return {};
    }

    /// Audit rows the Audit tab shows for message `id` and audit action `auditName`.
    static int auditShown(const AuditView *view, qint64 id, const QString &auditName) {
        int n = 0;
        for (int r = 0; r < view->model()->rowCount(); ++r)
            n += view->model()->rowAt(r).messageId == id && view->model()->rowAt(r).action == auditName;
        return n;
    }

    /// Another window's action: its own session, a real change, audited, NOTIFY on commit.
    ActionResult foreignAction(const SchemaProfile &p, const QString &kind, const QList<qint64> &ids) {
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(QStringLiteral("demo_operator"));
        PgSession s(o);
        s.open();
        ActionRequest r;
        r.action = kind;
        r.ids = messageIds(ids);
        r.reason = QStringLiteral("Other window, INC-99 replay");
        r.ticket = QStringLiteral("INC-99");
        r.fillWorkstation();
        return ActionRunner(p).run(s, r);
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

    void profiles_data() {
        QTest::addColumn<QString>("profileId");
        for (const char *p : kProfiles)
            QTest::newRow(p) << QString::fromLatin1(p);
    }

    // (a) Walks the real window: every QAction (toolbar, menus, the list's context menu), every
    // button, every tab. Nothing that changes messages is visible or enabled; its shortcut does nothing.
    void auditorWindowOffersNoActionAnywhere_data() { profiles_data(); }
    void auditorWindowOffersNoActionAnywhere() {
        QFETCH(QString, profileId);
        AppContext ctx = context(profileId, QStringLiteral("demo_auditor"));
        const SchemaProfile p = ctx.profile;
        const QString tag = QStringLiteral("aud%1").arg(profileId).remove(QLatin1Char('_'));
        const QList<qint64> ids = insertMessages(*m_db, p, p.actions.value(QStringLiteral("retry")).from.first(), 2, 0, tag);
        MainWindow w(ctx);
        waitForAccess(w);
        QVERIFY(!w.canChangeMessages());
        showTagged(w, tag, 2);
        selectIds(w.triageView(), ids);

        QStringList words;
        for (const QString &kind : {QStringLiteral("retry"), QStringLiteral("cancel"), QStringLiteral("recoverStuck")})
            words << ActionController::title(kind);
        auto changes = [&words](const QString &text, const QString &name) {
            if (name == QLatin1String("retry") || name == QLatin1String("cancel") || name == QLatin1String("recoverStuck")
                || name == QLatin1String("purge")) // the Table tab's audited purge
                return true;
            for (const QString &word : words)
                if (QString(text).remove(QLatin1Char('&')).startsWith(word))
                    return true;
            return false;
        };
        int walked = 0;
        QList<QAction *> all = w.findChildren<QAction *>();
        for (QWidget *widget : w.findChildren<QWidget *>()) // context menus (ActionsContextMenu) and menus
            all += widget->actions();
        for (QAction *a : all) {
            ++walked;
            if (!changes(a->text(), a->objectName()))
                continue;
            QVERIFY2(!a->isEnabled(), qPrintable(a->text())); // no trigger, no shortcut
            QVERIFY2(!a->isVisible(), qPrintable(a->text())); // not offered in the toolbar or a menu
        }
        // Every tab as the auditor would see it: a button on a tab not shown is not visible, so
        // each tab is brought up in turn (the dashboard's "Retry group…" once passed unseen).
        for (int i = 0; i < w.tabs()->count(); ++i) {
            if (!w.tabs()->isTabVisible(i))
                continue;
            w.tabs()->setCurrentIndex(i);
            for (QAbstractButton *b : w.findChildren<QAbstractButton *>()) {
                ++walked;
                if (changes(b->text(), b->objectName()))
                    QVERIFY2(!b->isVisible() || !b->isEnabled(), qPrintable(w.tabs()->tabText(i) + QStringLiteral(": ") + b->text()));
            }
        }
        QVERIFY(walked > 20); // the walk saw the real window, not an empty one
        for (int i = 0; i < w.tabs()->count(); ++i)
            if (w.tabs()->isTabVisible(i))
                QVERIFY2(!changes(w.tabs()->tabText(i), {}) && w.tabs()->tabText(i).remove(QLatin1Char('&')) != QLatin1String("Actions"),
                         qPrintable(w.tabs()->tabText(i)));
        // The list's context menu, as the right mouse button builds it: no changing action in it.
        QTableView *table = w.triageView()->table();
        if (table->contextMenuPolicy() == Qt::ActionsContextMenu)
            for (QAction *a : table->actions())
                QVERIFY2(!(a->isVisible() && a->isEnabled() && changes(a->text(), a->objectName())), qPrintable(a->text()));
        // The keyboard: every action shortcut on the selected rows opens nothing and changes nothing.
        table->setFocus();
        DialogOperator op;
        for (const QString &kind : {QStringLiteral("retry"), QStringLiteral("cancel"), QStringLiteral("recoverStuck")})
            QTest::keySequence(&w, ActionController::shortcut(kind));
        QTest::qWait(300); // a dialog would open at once: none may
        QVERIFY(op.reasonScopes.isEmpty());
        QVERIFY(op.outcomes.isEmpty());
        for (qint64 id : ids)
            QCOMPARE(stateOf(*m_db, p, id), stateValue(p, p.actions.value(QStringLiteral("retry")).from.first()));
    }

    // (b) + (d) + refresh after change: rows selected, another session changes another row and
    // NOTIFYs; the list refreshes, the selection (and so the scope) stays; Retry changes exactly the
    // selected rows; no progress dialog over the result; the Audit tab and the detail pane follow.
    void foreignNotifyKeepsTheScope_data() { profiles_data(); }
    void foreignNotifyKeepsTheScope() {
        QFETCH(QString, profileId);
        AppContext ctx = context(profileId, QStringLiteral("demo_operator"));
        const SchemaProfile p = ctx.profile;
        const ActionDef retry = p.actions.value(QStringLiteral("retry"));
        const QString tag = QStringLiteral("scope%1").arg(profileId).remove(QLatin1Char('_'));
        const QList<qint64> ids = insertMessages(*m_db, p, retry.from.first(), 5, 0, tag);
        const QList<qint64> mine = {ids[0], ids[1]};
        const qint64 theirs = ids[2];
        MainWindow w(ctx);
        waitForAccess(w);
        QVERIFY(w.canChangeMessages());
        showTagged(w, tag, 5);
        TriageView *triage = w.triageView();
        selectIds(triage, mine);
        QCOMPARE(sorted(triage->selectedIds()), mine);
        QTRY_COMPARE_WITH_TIMEOUT(triage->detailPane()->messageId(), ids[1], 10000);
        // The Audit tab has its first page, and every list says how old it is.
        QTRY_VERIFY_WITH_TIMEOUT(!w.auditView()->model()->isLoading(), 10000);
        const QString asOf = english() ? QStringLiteral("as of ") : QString();
        QTRY_VERIFY_WITH_TIMEOUT(!triage->dataAgeText().isEmpty() && triage->dataAgeText().startsWith(asOf), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.auditView()->dataAgeText().isEmpty() && w.auditView()->dataAgeText().startsWith(asOf), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!triage->detailPane()->dataAgeText().isEmpty() && triage->detailPane()->dataAgeText().startsWith(asOf), 10000);

        // Another window retries one row that is not selected: a real change and a NOTIFY.
        QSignalSpy reset(triage->model(), &QAbstractItemModel::modelReset);
        const ActionResult other = foreignAction(p, QStringLiteral("retry"), {theirs});
        QCOMPARE(other.changed(), qint64(1));
        QTRY_VERIFY_WITH_TIMEOUT(reset.count() >= 1, 10000); // the NOTIFY reloaded the list...
        QTRY_VERIFY_WITH_TIMEOUT(!triage->model()->isLoading(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(sorted(triage->selectedIds()), mine, 10000); // ...and the selection stayed
        // ...the Audit tab shows their audit row without anyone pressing Apply.
        QTRY_COMPARE_WITH_TIMEOUT(auditShown(w.auditView(), theirs, retry.auditName), 1, 10000);

        // The operator now retries: the dialog names the two selected rows, not the filter.
        DialogOperator op;
        if (profileId == QLatin1String("app_outbox"))
            screenshotDialogs(op, QStringLiteral("window-selection"));
        QSignalSpy finished(w.actions(), &ActionController::actionFinished);
        QAction *retryAction = w.actions()->action(QStringLiteral("retry"));
        QVERIFY(retryAction && retryAction->isEnabled());
        retryAction->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QTRY_COMPARE(op.outcomes.size(), 1);
        QCOMPARE(op.reasonScopes.size(), 1);
        if (english())
            QVERIFY2(op.reasonScopes.first().contains(QStringLiteral("the 2 message")) && op.reasonScopes.first().contains(QStringLiteral("selected in Triage")),
                     qPrintable(op.reasonScopes.first()));
        const QString key0 = m_db->scalar(QStringLiteral("SELECT %1::text FROM %2 WHERE %3 = $1")
                                              .arg(p.col(QStringLiteral("key")), p.qualifiedTable(), p.col(QStringLiteral("id"))),
                                          {ids[0]})
                                 .toString();
        QVERIFY2(op.reasonTexts.first().contains(key0), qPrintable(op.reasonTexts.first()));
        QVERIFY(!op.progressVisibleAtResult); // (d) on the real window
        QVERIFY(!DialogOperator::anyProgressVisible());

        // Exactly the selected rows changed, each with one audit row; the others did not.
        const ActionResult res = finished.first().first().value<ActionResult>();
        QCOMPARE(sorted(res.changedIds), mine);
        for (qint64 id : mine)
            QCOMPARE(stateOf(*m_db, p, id), stateValue(p, retry.to));
        QCOMPARE(auditCount(*m_db, p, mine, retry.auditName), qint64(2));
        QCOMPARE(auditCount(*m_db, p, {ids[3], ids[4]}, retry.auditName), qint64(0));
        for (qint64 id : {ids[3], ids[4]})
            QCOMPARE(stateOf(*m_db, p, id), stateValue(p, retry.from.first()));
        QCOMPARE(auditCount(*m_db, p, {theirs}, retry.auditName), qint64(1));

        // Own action: the Audit tab and the detail pane show the new state without a click.
        QTRY_COMPARE_WITH_TIMEOUT(auditShown(w.auditView(), ids[0], retry.auditName), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(auditShown(w.auditView(), ids[1], retry.auditName), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(detailState(triage->detailPane(), p), stateValue(p, retry.to), 10000);
        QCOMPARE(triage->detailPane()->messageId(), ids[1]);

        // Foreign change of the message in the detail pane: it shows the new state by itself.
        selectIds(triage, {ids[3]});
        QTRY_COMPARE_WITH_TIMEOUT(triage->detailPane()->messageId(), ids[3], 10000);
        QTRY_COMPARE_WITH_TIMEOUT(detailState(triage->detailPane(), p), stateValue(p, retry.from.first()), 10000);
        QCOMPARE(foreignAction(p, QStringLiteral("retry"), {ids[3]}).changed(), qint64(1));
        QTRY_COMPARE_WITH_TIMEOUT(detailState(triage->detailPane(), p), stateValue(p, retry.to), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(auditShown(w.auditView(), ids[3], retry.auditName), 1, 10000);

        // The ages count on by themselves (text only: a one-second timer, no query).
        const QString before = w.auditView()->dataAgeText();
        QTRY_VERIFY_WITH_TIMEOUT(w.auditView()->dataAgeText() != before, 4000);
        if (english())
            QVERIFY2(w.auditView()->dataAgeText().endsWith(QStringLiteral(" ago")), qPrintable(w.auditView()->dataAgeText()));
        if (profileId == QLatin1String("app_outbox") && !qEnvironmentVariableIsEmpty("OM_SCREENSHOT_DIR")) {
            QTest::qWait(3000); // "a few seconds after the dialog closed"
            saveScreen(QStringLiteral("window-triage-as-of"));
            w.tabs()->setCurrentWidget(w.auditView());
            QTest::qWait(500);
            saveScreen(QStringLiteral("window-audit-as-of"));
        }
    }

    // Ids pasted from a ticket into Triage's id filter (what the Actions tab's id box did, with the
    // messages now on screen before acting): a mistake changes nothing and says so; the valid list
    // shows exactly those rows; with nothing selected the action's scope is that list, named by its
    // ids in the reason dialog, and exactly those rows change, each with its audit row.
    void idsFromATicketAreTheScope_data() { profiles_data(); }
    void idsFromATicketAreTheScope() {
        QFETCH(QString, profileId);
        AppContext ctx = context(profileId, QStringLiteral("demo_operator"));
        const SchemaProfile p = ctx.profile;
        const ActionDef retry = p.actions.value(QStringLiteral("retry"));
        const QString tag = QStringLiteral("ids%1").arg(profileId).remove(QLatin1Char('_'));
        const QList<qint64> ids = insertMessages(*m_db, p, retry.from.first(), 6, 0, tag);
        const QList<qint64> ticket = {ids[1], ids[3], ids[4]};
        MainWindow w(ctx);
        waitForAccess(w);
        showTagged(w, tag, 6);
        TriageView *triage = w.triageView();
        QLineEdit *idsEdit = triage->filterBar()->idsEdit();

        // A token that is not an id: said next to the box, and the list matches nothing (not
        // every message, which is what "no ids" would show while the box holds some).
        idsEdit->setText(QStringLiteral("%1, %2 x").arg(ticket[0]).arg(ticket[1])); // pasted
        QVERIFY(!triage->filterBar()->idsProblem().isEmpty());
        if (english())
            QCOMPARE(triage->filterBar()->idsProblem(), QStringLiteral("\"x\" is not a message id (a positive whole number)."));
        QTRY_VERIFY_WITH_TIMEOUT(triage->currentFilter().idsUnreadable, 5000);
        QVERIFY(triage->currentFilter().ids.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!triage->model()->isLoading() && triage->model()->rowCount() == 0, 15000);
        if (english())
            QCOMPARE(triage->countText(), QStringLiteral("0 matching: the Ids filter cannot be read"));
        // ...and nothing can act on "everything matching" the list, which is not what was typed.
        QVERIFY(triage->selectedIds().isEmpty());
        QVERIFY(!w.actions()->action(QStringLiteral("retry"))->isEnabled());

        // The ticket's three ids: exactly those rows.
        idsEdit->setText(QStringLiteral("%1, %2\n%3").arg(ticket[0]).arg(ticket[1]).arg(ticket[2]));
        QVERIFY(triage->filterBar()->idsProblem().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(triage->currentFilter().ids, ticket, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!triage->model()->isLoading() && triage->model()->rowCount() == 3, 15000);
        QList<qint64> shown;
        for (int r = 0; r < triage->model()->rowCount(); ++r)
            shown << triage->model()->message(r).id.number();
        QCOMPARE(sorted(shown), sorted(ticket));
        QVERIFY(triage->selectedIds().isEmpty());

        DialogOperator op;
        QSignalSpy finished(w.actions(), &ActionController::actionFinished);
        QAction *retryAction = w.actions()->action(QStringLiteral("retry"));
        QVERIFY(retryAction && retryAction->isEnabled());
        retryAction->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(op.reasonScopes.size(), 1);
        for (qint64 id : ticket) // the scope names the ids, in every language
            QVERIFY2(op.reasonScopes.first().contains(QString::number(id)), qPrintable(op.reasonScopes.first()));
        const ActionResult res = finished.first().first().value<ActionResult>();
        QCOMPARE(sorted(res.changedIds), sorted(ticket));
        for (qint64 id : ids)
            QCOMPARE(stateOf(*m_db, p, id), stateValue(p, ticket.contains(id) ? retry.to : retry.from.first()));
        QCOMPARE(auditCount(*m_db, p, ticket, retry.auditName), qint64(3));
        QCOMPARE(auditCount(*m_db, p, {ids[0], ids[2], ids[5]}, retry.auditName), qint64(0));
    }

    // (c) Dashboard → Settings: the stuck timeout an hour above the profile's default. Triage's
    // Stuck view lists only what is in flight for longer than that, Recover stuck changes only those, and the report counts them.
    void stuckTimeoutFromSettingsReachesEveryUse_data() {
        QTest::addColumn<QString>("profileId");
        for (const char *p : kProfiles)
            if (SchemaProfile::builtIn(QLatin1String(p))->actions.contains(QStringLiteral("recoverStuck")))
                QTest::newRow(p) << QString::fromLatin1(p);
    }
    void stuckTimeoutFromSettingsReachesEveryUse() {
        QFETCH(QString, profileId);
        AppContext ctx = context(profileId, QStringLiteral("demo_operator"));
        const SchemaProfile p = ctx.profile;
        // The operator raises the timeout by an hour: rows in flight for default + 30 min were stuck
        // by the profile's default and are not any more; rows in flight for default + 90 min still are.
        const int timeout = p.stuckTimeoutMinutes + 60;
        const ActionDef recover = p.actions.value(QStringLiteral("recoverStuck"));
        // Nothing else in flight in this table: the Stuck view and Recover stuck see only these.
        m_db->exec(QStringLiteral("UPDATE %1 SET %2 = now() WHERE %2 IS NOT NULL")
                       .arg(p.qualifiedTable(), p.col(QStringLiteral("lockedAt"))));
        const QString tag = QStringLiteral("stuck%1").arg(profileId).remove(QLatin1Char('_'));
        const QList<qint64> young = insertMessages(*m_db, p, recover.from.first(), 2, p.stuckTimeoutMinutes + 30, tag + QStringLiteral("y"));
        QList<qint64> old = insertMessages(*m_db, p, recover.from.first(), 3, p.stuckTimeoutMinutes + 90, tag + QStringLiteral("o"));
        std::sort(old.begin(), old.end());
        MainWindow w(ctx);
        waitForAccess(w);
        QVERIFY(w.canChangeMessages());

        DialogOperator op;
        op.stuckMinutes = timeout;
        auto *dashboard = w.findChild<DashboardView *>();
        QVERIFY(dashboard);
        QSignalSpy settings(dashboard, &DashboardView::settingsChanged);
        w.tabs()->setCurrentWidget(dashboard);
        auto *settingsButton = dashboard->findChild<QPushButton *>(QStringLiteral("dashboardSettings"));
        QVERIFY(settingsButton && settingsButton->isVisible());
        settingsButton->click();
        QTRY_COMPARE_WITH_TIMEOUT(settings.count(), 1, 10000);
        QCOMPARE(w.actions()->stuckTimeoutMinutes(), timeout);

        // Triage › Stuck: the three old rows, not the two 60-minute ones.
        TriageView *triage = w.triageView();
        w.tabs()->setCurrentWidget(triage);
        triage->clearFilter(); // the Stuck view, whatever filter this login left in an earlier test
        QTRY_VERIFY_WITH_TIMEOUT(triage->currentFilter().view == ListFilter::View::Stuck && !triage->model()->isLoading(), 15000);
        QCOMPARE(triage->currentFilter().stuckTimeoutMinutes, timeout);
        QList<qint64> listed;
        for (int r = 0; r < triage->model()->rowCount(); ++r)
            listed << triage->model()->message(r).id.number();
        std::sort(listed.begin(), listed.end());
        QCOMPARE(listed, old);

        // The incident report: stuck past the new timeout, three of them.
        const QString pdf = m_dir.filePath(QStringLiteral("report-%1.pdf").arg(profileId));
        QSignalSpy report(w.auditView(), &AuditView::reportFinished);
        w.auditView()->makeReport(pdf);
        QTRY_COMPARE_WITH_TIMEOUT(report.count(), 1, 30000);
        QVERIFY2(report.first().at(0).toBool(), qPrintable(report.first().at(1).toString()));
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(60000));
        const QString flat = QString::fromUtf8(text.readAllStandardOutput()).simplified();
        if (english())
            QVERIFY2(flat.contains(QStringLiteral("3 stuck past %1 min").arg(timeout)), qPrintable(flat.left(2000)));

        // Recover stuck on the Stuck view with nothing selected: the dialog states the new timeout
        // and exactly the three old rows change.
        triage->table()->clearSelection();
        QAction *recoverAction = w.actions()->action(QStringLiteral("recoverStuck"));
        QTRY_VERIFY(recoverAction->isEnabled());
        QSignalSpy finished(w.actions(), &ActionController::actionFinished);
        if (profileId == QLatin1String("app_outbox"))
            screenshotDialogs(op, QStringLiteral("window-filter"));
        recoverAction->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QTRY_COMPARE(op.outcomes.size(), 1);
        if (english()) {
            QVERIFY2(op.reasonRules.first().contains(QStringLiteral("more than %1 min, server clock").arg(timeout)), qPrintable(op.reasonRules.first()));
            QVERIFY2(op.reasonScopes.first().contains(QStringLiteral("matching Triage › Stuck")), qPrintable(op.reasonScopes.first()));
        }
        QVERIFY(!op.progressVisibleAtResult);
        for (qint64 id : old)
            QCOMPARE(stateOf(*m_db, p, id), stateValue(p, recover.to));
        for (qint64 id : young)
            QCOMPARE(stateOf(*m_db, p, id), stateValue(p, recover.from.first()));
        QCOMPARE(auditCount(*m_db, p, old, recover.auditName), qint64(3));
        QCOMPARE(auditCount(*m_db, p, young, recover.auditName), qint64(0));
        // The Stuck list, read again, holds nothing: Recover stuck offers to act on nothing no more.
        QTRY_VERIFY_WITH_TIMEOUT(!triage->model()->isLoading() && triage->model()->rowCount() == 0 && !triage->emptyText().isEmpty(), 15000);
        QTRY_VERIFY(!recoverAction->isEnabled());
        // Another view with rows in it: "everything matching" is offered again.
        triage->setView(ListFilter::View::All);
        QTRY_VERIFY_WITH_TIMEOUT(!triage->model()->isLoading() && triage->model()->rowCount() > 0, 15000);
        QVERIFY(recoverAction->isEnabled());
    }
};

OM_TEST_MAIN(TestWindowActions)
#include "tst_windowactions.moc"
