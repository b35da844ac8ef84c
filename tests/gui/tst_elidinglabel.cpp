// SPDX-License-Identifier: GPL-3.0-or-later
// ElidingLabel in a status bar: in a narrow window a long connection text ends in "…" (whole in its
// tooltip) instead of being cut mid-word, and the privileges summary beside it stays whole.
#include "common/elidinglabel.h"
#include "testmain.h"

#include <QApplication>
#include <QLabel>
#include <QMainWindow>
#include <QStatusBar>
#include <QTest>

using namespace om;

class TestElidingLabel : public QObject {
    Q_OBJECT
private slots:
    void narrowWindowKeepsThePermanentTextWhole() {
        QMainWindow w;
        auto *connection = new ElidingLabel;
        const QString full = QStringLiteral("Connected to outbox_demo@/tmp/ompg.LP53nQ:25335 (demo_operator) · updated 0 s ago · ")
                                 .repeated(3);
        connection->setFullText(full);
        auto *mode = new QLabel(QStringLiteral("read-only: this role cannot change messages"));
        w.statusBar()->addWidget(connection, 1);
        w.statusBar()->addPermanentWidget(mode);
        w.resize(700, 300);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        QCOMPARE(connection->fullText(), full);
        QCOMPARE(connection->toolTip(), full);
        QVERIFY(connection->width() < connection->fontMetrics().horizontalAdvance(full)); // squeezed...
        QVERIFY(connection->width() >= connection->minimumSizeHint().width());
        const QRect modeInBar(mode->mapTo(w.statusBar(), QPoint(0, 0)), mode->size());
        QVERIFY(w.statusBar()->rect().contains(modeInBar)); // ...so that the summary fits
        QVERIFY(mode->width() >= mode->sizeHint().width());

        const QString shown = connection->shownText();
        QVERIFY2(shown.endsWith(QChar(0x2026)) && full.startsWith(shown.chopped(1)), qPrintable(shown));
        QVERIFY(connection->fontMetrics().horizontalAdvance(shown) <= connection->contentsRect().width());
        w.resize(3000, 300); // wide enough: nothing elided
        QTRY_COMPARE(connection->shownText(), full);
    }
};

OM_TEST_MAIN(TestElidingLabel)
#include "tst_elidinglabel.moc"
