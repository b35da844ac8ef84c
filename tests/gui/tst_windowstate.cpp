// SPDX-License-Identifier: GPL-3.0-or-later
// Where the window stood, its size, its tab and its splitters come back per connection
// (workstation manners): one connection's window never takes another's place or tab.
#include "isolatedsettings.h"
#include "testmain.h"
#include "workstation/windowstate.h"

#include <QMainWindow>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {
/// A window like MainWindow: tabs as its central widget; the third hidden (a profile without it).
struct Window {
    QMainWindow window;
    QTabWidget *tabs = new QTabWidget;
    QSplitter *split = new QSplitter; ///< named, as the dashboard's
    Window() {
        split->setObjectName(QStringLiteral("dashboardSplit"));
        split->addWidget(new QWidget);
        split->addWidget(new QWidget);
        split->setSizes({600, 400});
        tabs->addTab(split, QStringLiteral("Dashboard"));
        for (const char *name : {"Triage", "Blocked keys", "Table"})
            tabs->addTab(new QWidget, QString::fromLatin1(name));
        tabs->setTabVisible(2, false);
        window.setCentralWidget(tabs);
        window.resize(1100, 720);
    }
};
/// The first pane's share of the splitter: sizes scale with the splitter's own size, the share
/// does not.
double share(const QSplitter *split) {
    const QList<int> sizes = split->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    return total > 0 ? double(sizes.value(0)) / total : -1;
}
} // namespace

class TestWindowState : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        isolateSettings(m_dir.path());
    }

    void comesBackPerConnection() {
        {
            Window w;
            WindowState state(&w.window, w.tabs, QStringLiteral("server:1/orders/app_outbox"));
            QVERIFY(!state.restored());
            w.window.resize(1234, 777);
            w.split->setSizes({300, 700});
            w.tabs->setCurrentIndex(3); // saved at once
            state.save();
        }
        {
            Window w;
            WindowState state(&w.window, w.tabs, QStringLiteral("server:1/orders/app_outbox"));
            QVERIFY(state.restored());
            QCOMPARE(w.tabs->currentIndex(), 3);
            QCOMPARE(w.window.size(), QSize(1234, 777));
            QVERIFY2(qAbs(share(w.split) - 0.3) < 0.02, qPrintable(QString::number(share(w.split))));
        }
        { // Another database: its own, nothing of the first.
            Window w;
            WindowState state(&w.window, w.tabs, QStringLiteral("server:1/billing/app_outbox"));
            QVERIFY(!state.restored());
            QCOMPARE(w.tabs->currentIndex(), 0);
            QCOMPARE(w.window.size(), QSize(1100, 720));
            QVERIFY2(qAbs(share(w.split) - 0.6) < 0.02, qPrintable(QString::number(share(w.split))));
        }
    }

    // What the settings file holds may be from another version or edited by hand.
    void unusableValuesChangeNothing() {
        const QString key = QStringLiteral("server:1/garbage/app_outbox");
        {
            Window w;
            WindowState state(&w.window, w.tabs, key);
            QSettings().setValue(state.group() + QStringLiteral("/geometry"), QByteArray("not a geometry"));
            QSettings().setValue(state.group() + QStringLiteral("/tab"), 2); // hidden here
            QSettings().setValue(state.group() + QStringLiteral("/splitters/dashboardSplit"), QByteArray("not a splitter"));
        }
        Window w;
        WindowState state(&w.window, w.tabs, key);
        QVERIFY(!state.restored());
        QCOMPARE(w.tabs->currentIndex(), 0);
        QCOMPARE(w.window.size(), QSize(1100, 720));
        QVERIFY2(qAbs(share(w.split) - 0.6) < 0.02, qPrintable(QString::number(share(w.split))));
        QSettings().setValue(state.group() + QStringLiteral("/tab"), QStringLiteral("x"));
        Window w2;
        WindowState state2(&w2.window, w2.tabs, key);
        QCOMPARE(w2.tabs->currentIndex(), 0);
    }
};

OM_TEST_MAIN(TestWindowState)
#include "tst_windowstate.moc"
