// SPDX-License-Identifier: GPL-3.0-or-later
// Row density (workstation manners): View → Row density sets every table of every
// window, also one opened later, and the choice is kept for the next start; Comfortable gives back
// the style's own height.
#include "isolatedsettings.h"
#include "testmain.h"
#include "workstation/tabledensity.h"

#include <QAction>
#include <QDialog>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>

using namespace om;
using namespace om::test;

namespace {

QTableView *tableIn(QWidget *parent, QStandardItemModel *model) {
    auto *view = new QTableView(parent);
    view->setModel(model);
    return view;
}

} // namespace

class TestTableDensity : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path());
        QSettings().remove(QStringLiteral("view/density"));
    }

    void everyTableFollowsTheMenuAndTheChoiceIsKept() {
        QStandardItemModel model(50, 3);
        for (int r = 0; r < 50; ++r)
            model.setItem(r, 0, new QStandardItem(QStringLiteral("row %1").arg(r)));
        QMainWindow window;
        QMenu *view = window.menuBar()->addMenu(QStringLiteral("View"));
        TableDensity *density = TableDensity::instance();
        QCOMPARE(density->density(), TableDensity::Density::Comfortable);
        density->addMenuTo(view);
        QTableView *table = tableIn(&window, &model);
        window.setCentralWidget(table);
        window.resize(600, 500);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const int comfortable = table->rowHeight(0);
        QVERIFY(comfortable > 0);

        // Compact, from the menu as the operator picks it.
        auto *compact = window.findChild<QAction *>(QStringLiteral("densityCompact"));
        auto *comfortableAction = window.findChild<QAction *>(QStringLiteral("densityComfortable"));
        QVERIFY(compact && comfortableAction && comfortableAction->isChecked());
        compact->trigger();
        QCOMPARE(density->density(), TableDensity::Density::Compact);
        QVERIFY(compact->isChecked() && !comfortableAction->isChecked());
        QVERIFY2(table->rowHeight(0) < comfortable, qPrintable(QStringLiteral("%1 vs %2").arg(table->rowHeight(0)).arg(comfortable)));
        QVERIFY(table->rowHeight(0) >= table->fontMetrics().height()); // the text still fits
        QCOMPARE(table->rowHeight(49), table->rowHeight(0));
        QCOMPARE(QSettings().value(QStringLiteral("view/density")).toString(), QStringLiteral("compact"));

        // A table opened later (a dialog's) is compact from its first paint.
        QDialog dialog;
        auto *layout = new QVBoxLayout(&dialog);
        QTableView *later = tableIn(&dialog, &model);
        layout->addWidget(later);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(later->rowHeight(0), table->rowHeight(0));

        // Back to Comfortable: the style's own height again, everywhere.
        comfortableAction->trigger();
        QCOMPARE(table->rowHeight(0), comfortable);
        QCOMPARE(later->rowHeight(0), comfortable);
        QCOMPARE(QSettings().value(QStringLiteral("view/density")).toString(), QStringLiteral("comfortable"));
    }
};

OM_TEST_MAIN(TestTableDensity)
#include "tst_tabledensity.moc"
