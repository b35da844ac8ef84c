// SPDX-License-Identifier: GPL-3.0-or-later
// Everything reachable from the keyboard (workstation manners). In each view of the
// main window, the fleet overview, the connection manager, the start dialog and the reason
// dialog, pressing Tab
// from the first control visits every control there is (a button, box, list or tab that Tab
// never reaches is named) and comes back round: no table or text box keeps the focus. The menus
// open with Alt and a letter, no two of a window's shortcuts are the same key, and F5 refreshes.
#include "actions/reasondialog.h"
#include "connection/connectiondialog.h"
#include "connection/connectionmanager.h"
#include "core/dashboard/snapshotpoller.h"
#include "fleet/fleetwindow.h"
#include "mainwindow.h"
#include "testdatabase.h"
#include "isolatedsettings.h"
#include "testmain.h"
#include "windowcontext.h"
#include "workstation/keyboardmanners.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSet>
#include <QSettings>
#include <QShortcut>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QWidgetAction>

using namespace om;
using namespace om::test;

namespace {

std::optional<SchemaProfile> resolve(const QString &id, QString *) { return SchemaProfile::builtIn(id); }

/// What Tab should reach: shown, enabled, taking focus by Tab, not the inner editor of a combo
/// or spin box (Tab reaches the box), not a tool bar's button (reached by its shortcut and menu).
bool shouldReach(QWidget *w) {
    if (!w->isVisible() || !w->isEnabled() || !(w->focusPolicy() & Qt::TabFocus) || w->focusProxy())
        return false;
    for (QWidget *p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<QComboBox *>(p) || qobject_cast<QAbstractSpinBox *>(p) || qobject_cast<QToolBar *>(p))
            return false;
    return true;
}

QString describe(const QWidget *w) {
    QString text = w->property("text").toString();
    if (text.isEmpty())
        text = w->accessibleName();
    return QStringLiteral("%1 \"%2\" (%3)").arg(QString::fromLatin1(w->metaObject()->className()), text, w->objectName());
}

/// Presses Tab from `start` until the focus comes back to it (at most `limit` times); returns the
/// widgets the focus visited, each with its ancestors (a combo box's editor stands for the box).
QSet<QWidget *> tabRound(QWidget *window, QWidget *start, int limit, int *presses) {
    start->setFocus(Qt::TabFocusReason);
    QSet<QWidget *> visited;
    *presses = 0;
    for (int i = 0; i < limit; ++i) {
        QWidget *now = QApplication::focusWidget();
        if (!now)
            break;
        for (QWidget *w = now; w && w != window; w = w->parentWidget())
            visited.insert(w);
        QTest::keyClick(now, Qt::Key_Tab);
        ++*presses;
        if (QApplication::focusWidget() == start)
            break;
    }
    return visited;
}

/// The controls under `root` that Tab did not reach going round `window`, named.
QStringList unreachedByTab(QWidget *window, QWidget *root) {
    QList<QWidget *> wanted;
    for (QWidget *w : root->findChildren<QWidget *>())
        if (shouldReach(w))
            wanted << w;
    if (wanted.isEmpty())
        return {QStringLiteral("nothing to reach under %1").arg(describe(root))};
    int presses = 0;
    const QSet<QWidget *> visited = tabRound(window, wanted.first(), 400, &presses);
    QStringList missed;
    for (QWidget *w : std::as_const(wanted))
        if (!visited.contains(w))
            missed << describe(w);
    if (QApplication::focusWidget() != wanted.first())
        missed << QStringLiteral("the focus did not come back round after %1 presses of Tab (it is on %2)")
                      .arg(presses)
                      .arg(QApplication::focusWidget() ? describe(QApplication::focusWidget()) : QStringLiteral("nothing"));
    return missed;
}

/// Each key bound twice in one window: Qt runs neither ("Ambiguous shortcut").
QStringList sameShortcutTwice(QWidget *window) {
    QHash<QString, QStringList> owners;
    for (QAction *a : window->findChildren<QAction *>())
        for (const QKeySequence &k : a->shortcuts())
            owners[k.toString()] << a->text();
    for (QShortcut *s : window->findChildren<QShortcut *>())
        if (s->context() != Qt::WidgetShortcut && s->context() != Qt::WidgetWithChildrenShortcut)
            owners[s->key().toString()] << QStringLiteral("shortcut %1").arg(s->key().toString());
    QStringList twice;
    for (auto it = owners.cbegin(); it != owners.cend(); ++it)
        if (it.value().size() > 1)
            twice << QStringLiteral("%1: %2").arg(it.key(), it.value().join(QStringLiteral(", ")));
    return twice;
}

/// Tool bar actions that no menu of the menu bar offers (a tool bar's buttons take no focus).
QStringList toolBarOnly(QMainWindow *window) {
    QSet<QAction *> inMenus;
    for (QAction *top : window->menuBar()->actions())
        if (top->menu())
            for (QAction *a : top->menu()->actions())
                inMenus.insert(a);
    QStringList only;
    for (QToolBar *bar : window->findChildren<QToolBar *>())
        for (QAction *a : bar->actions())
            if (!a->isSeparator() && !qobject_cast<QWidgetAction *>(a) && !inMenus.contains(a))
                only << a->text();
    return only;
}

QStringList menusWithoutAccessKey(QMainWindow *window) {
    QStringList missing;
    for (QAction *menu : window->menuBar()->actions())
        if (!menu->text().contains(QLatin1Char('&')))
            missing << menu->text();
    return missing;
}

} // namespace

class TestKeyboard : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    static void activate(QWidget *w) {
        w->show();
        QApplication::setActiveWindow(w);
        QVERIFY(QTest::qWaitForWindowActive(w));
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path());
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        m_db->exec(R"(INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, last_error_msg)
                      SELECT 'order-' || g, 'OrderPlaced', 'billing', '{"order": 1}', CASE WHEN g <= 5 THEN 'FAILED' ELSE 'PENDING' END,
                             CASE WHEN g <= 5 THEN '503 Service Unavailable' END
                      FROM generate_series(1, 20) g)");
    }

    // Every view of the main window, from its first control round to it again.
    void everyViewOfTheMainWindowGoesRoundByTab() {
        MainWindow w(windowContext(m_db->connectionString(), "app_outbox", QStringLiteral("orders")));
        w.resize(1280, 800);
        activate(&w);
        QSignalSpy snaps(w.poller(), &SnapshotPoller::snapshotReady);
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() >= 1, 10000);
        auto *tabs = w.findChild<QTabWidget *>();
        QVERIFY(tabs);
        for (int i = 0; i < tabs->count(); ++i) {
            if (!tabs->isTabVisible(i))
                continue;
            tabs->setCurrentIndex(i);
            // Controls come on as the view's first list arrives: wait for the round to close.
            QStringList missed;
            QTRY_VERIFY2_WITH_TIMEOUT((missed = unreachedByTab(&w, tabs->currentWidget())).isEmpty(),
                                      qPrintable(tabs->tabText(i) + QStringLiteral(": ") + missed.join(QStringLiteral("; "))), 10000);
        }
        QVERIFY2(menusWithoutAccessKey(&w).isEmpty(), qPrintable(menusWithoutAccessKey(&w).join(QStringLiteral(", "))));
        QVERIFY2(sameShortcutTwice(&w).isEmpty(), qPrintable(sameShortcutTwice(&w).join(QStringLiteral("; "))));
        QVERIFY(w.findChild<QAction *>(QStringLiteral("retry"))); // the actions are there to be found
        auto *actionsMenu = w.findChild<QMenu *>(QStringLiteral("actionsMenu"));
        QVERIFY(actionsMenu);
        QTRY_VERIFY(actionsMenu->menuAction()->isVisible()); // the role may change messages here
        QVERIFY2(toolBarOnly(&w).isEmpty(), qPrintable(toolBarOnly(&w).join(QStringLiteral(", "))));

        // F5 refreshes now, whatever has the focus.
        const int before = snaps.count();
        tabs->setCurrentIndex(0);
        QTest::keyClick(&w, Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() > before, 10000);
    }

    /// Ctrl+Tab and Ctrl+PgDown go to the next tab from any tab, the Dashboard too (where nothing
    /// holds the focus and QTabWidget never saw the key); Ctrl+Shift+Tab and Ctrl+PgUp go back.
    void ctrlTabGoesRoundTheTabs() {
        MainWindow w(windowContext(m_db->connectionString(), "app_outbox", QStringLiteral("orders")));
        w.resize(1280, 800);
        activate(&w);
        auto *tabs = w.tabs();
        tabs->setCurrentIndex(0);
        if (QWidget *focused = QApplication::focusWidget())
            focused->clearFocus(); // as on the Dashboard, where nothing holds it
        QList<int> visible;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->isTabVisible(i))
                visible << i;
        QVERIFY(visible.size() >= 3);
        for (int k = 1; k <= visible.size(); ++k) {
            QTest::keyClick(&w, Qt::Key_Tab, Qt::ControlModifier);
            QCOMPARE(tabs->currentIndex(), visible.at(k % visible.size()));
        }
        QTest::keyClick(&w, Qt::Key_PageDown, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), visible.at(1));
        QTest::keyClick(&w, Qt::Key_PageUp, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), visible.at(0));
        QTest::keyClick(&w, Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(tabs->currentIndex(), visible.last());
    }

    void theFleetOverviewGoesRoundByTab() {
        FleetWindow w(QList<FleetMember::Setup>{});
        w.resize(900, 500);
        activate(&w);
        const QStringList missed = unreachedByTab(&w, w.centralWidget());
        QVERIFY2(missed.isEmpty(), qPrintable(missed.join(QStringLiteral("; "))));
        QVERIFY2(menusWithoutAccessKey(&w).isEmpty(), qPrintable(menusWithoutAccessKey(&w).join(QStringLiteral(", "))));
        QVERIFY2(sameShortcutTwice(&w).isEmpty(), qPrintable(sameShortcutTwice(&w).join(QStringLiteral("; "))));
    }

    void theConnectionManagerGoesRoundByTab() {
        QSettings settings(m_dir.filePath(QStringLiteral("connections.ini")), QSettings::IniFormat);
        KeyboardManners::install(); // as every window does: the manager is opened from one
        ConnectionManager m(QStringList{"app_outbox", "outbox"}, resolve, &settings);
        m.resize(1100, 620);
        activate(&m);
        const QStringList missed = unreachedByTab(&m, &m);
        QVERIFY2(missed.isEmpty(), qPrintable(missed.join(QStringLiteral("; "))));
    }

    // The start dialog with saved connections: the list first, then the fields.
    void theStartDialogGoesRoundByTab() {
        SavedConnection prod;
        prod.name = QStringLiteral("orders-eu-prod");
        prod.connInfo = QStringLiteral("host=db-eu dbname=orders");
        ConnectionDialog d({QStringLiteral("app_outbox")});
        d.setSavedConnections({prod});
        activate(&d);
        const QStringList missed = unreachedByTab(&d, &d);
        QVERIFY2(missed.isEmpty(), qPrintable(missed.join(QStringLiteral("; "))));
    }

    void theReasonDialogGoesRoundByTab() {
        // clang-format off
        ReasonDialog::Info info{QStringLiteral("Retry"), QStringLiteral("RETRY_FAILED"), QStringLiteral("app_outbox"), 12,
                                {QStringLiteral("order-1")}, QStringLiteral("the 12 messages selected"), QString()};
        // clang-format on
        ReasonDialog d(info, ReasonRules{});
        activate(&d);
        // The reason is where typing goes first.
        QCOMPARE(QApplication::focusWidget(), d.reasonEdit());
        const QStringList missed = unreachedByTab(&d, &d);
        QVERIFY2(missed.isEmpty(), qPrintable(missed.join(QStringLiteral("; "))));
    }
};

OM_TEST_MAIN(TestKeyboard)
#include "tst_keyboard.moc"
