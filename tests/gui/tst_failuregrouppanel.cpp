// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard's failure groups: the model under QAbstractItemModelTester, the panel's
// "N distinct failures" title, its buttons and double-click asking for Triage and for a group
// action with the group chosen, and a profile without error text saying so instead of an empty
// table.
#include "audit/failuregroupsection.h"
#include "core/model/failuregrouptext.h"
#include "dashboard/failuregroupmodel.h"
#include "dashboard/failuregrouppanel.h"
#include "screenshots.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace om;

namespace {

QList<FailureGroup> sampleGroups() {
    FailureGroup a;
    a.code = QStringLiteral("HTTP_503");
    a.fingerprint = QStringLiteral("Service Unavailable from https://<host>/v1/orders/<n>");
    a.messages = 1418;
    a.destinations = {QStringLiteral("billing"), QStringLiteral("orders"), QStringLiteral("stock")};
    a.destinationCount = 5;
    a.firstSeenS = 1'790'000'000;
    a.lastSeenS = 1'790'003'600;
    FailureGroup b;
    b.fingerprint = QStringLiteral("在庫引当に失敗しました: 商品ID <n>");
    b.messages = 12;
    b.destinations = {QStringLiteral("stock")};
    b.destinationCount = 1;
    b.firstSeenS = b.lastSeenS = 1'790'000'100;
    FailureGroup c; // no code, no error text
    c.messages = 1;
    c.firstSeenS = c.lastSeenS = 1'790'001'800;
    return {a, b, c};
}

AppContext context(const QString &profileId) {
    AppContext c;
    c.profile = *SchemaProfile::builtIn(profileId);
    return c;
}

} // namespace

class TestFailureGroupPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { om::test::installTestTranslations(); } // the English plural forms

    void modelPassesTheTester() {
        FailureGroupModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGroups(sampleGroups());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(FailureGroupModel::ColumnCount));
        QCOMPARE(model.index(0, FailureGroupModel::Code).data().toString(), QStringLiteral("HTTP_503"));
        QCOMPARE(model.index(0, FailureGroupModel::Messages).data().toString(), QStringLiteral("1,418"));
        QCOMPARE(model.index(0, FailureGroupModel::Messages).data(Qt::UserRole).toLongLong(), qint64(1418));
        QCOMPARE(model.index(0, FailureGroupModel::Destinations).data().toString(), QStringLiteral("billing, orders, stock and 2 more"));
        QCOMPARE(model.index(2, FailureGroupModel::Code).data().toString(), QStringLiteral("(no code)"));
        QCOMPARE(model.index(2, FailureGroupModel::Error).data().toString(), QStringLiteral("(no error text)"));
        model.setGroups({});
        QCOMPARE(model.rowCount(), 0);
    }

    void titleCountsDistinctFailures() {
        FailureGroupPanel panel(context(QStringLiteral("app_outbox")));
        QVERIFY(panel.table()->isVisibleTo(&panel));
        QCOMPARE(panel.ageText(), QString()); // nothing read yet: nothing to date
        FailureGroups g;
        g.available = true;
        g.groups = sampleGroups();
        panel.showGroups(g);
        QCOMPARE(panel.titleText(), QStringLiteral("3 distinct failures (1,431 messages)"));
        // Read less often than the tiles: the groups say when they were read.
        QVERIFY2(panel.ageText().startsWith(QStringLiteral("as of ")), qPrintable(panel.ageText()));
        g.groups.clear();
        panel.showGroups(g);
        QCOMPARE(panel.titleText(), QStringLiteral("No failures"));
    }

    void openAndActOnTheChosenGroup() {
        FailureGroupPanel panel(context(QStringLiteral("app_outbox")));
        panel.resize(900, 300); // every row in sight: the double-click below aims at the third
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        FailureGroups g;
        g.available = true;
        g.groups = sampleGroups();
        panel.showGroups(g);
        QSignalSpy open(&panel, &FailureGroupPanel::openInTriageRequested);
        QSignalSpy act(&panel, &FailureGroupPanel::groupActionRequested);
        QVERIFY(!panel.actionButtonsShown()); // until the server has said the role may act
        panel.setActionsAllowed(true);
        QVERIFY(panel.actionButtonsShown());
        panel.table()->selectRow(1);
        auto button = [&panel](const QString &text) {
            for (QPushButton *b : panel.findChildren<QPushButton *>())
                if (b->text() == text)
                    return b;
            return static_cast<QPushButton *>(nullptr);
        };
        QVERIFY(button(QStringLiteral("Open in Triage"))->isEnabled());
        button(QStringLiteral("Open in Triage"))->click();
        QCOMPARE(open.size(), 1);
        QVERIFY(open.first().first().value<FailureGroup>().sameGroup(g.groups.at(1)));
        button(QStringLiteral("Retry group…"))->click();
        QCOMPARE(act.size(), 1);
        QCOMPARE(act.first().at(0).toString(), QStringLiteral("retry"));
        QVERIFY(act.first().at(1).value<FailureGroup>().sameGroup(g.groups.at(1)));
        // The selection follows its group through a refresh that reorders the groups.
        std::swap(g.groups[0], g.groups[1]);
        panel.showGroups(g);
        QCOMPARE(panel.currentGroup()->fingerprint, g.groups.at(0).fingerprint);
        // Double-click opens the row's group.
        const QModelIndex cell = panel.model()->index(2, FailureGroupModel::Error);
        const QPoint at = panel.table()->visualRect(cell).center();
        QTest::mouseClick(panel.table()->viewport(), Qt::LeftButton, {}, at); // the press a double-click follows
        QTest::mouseDClick(panel.table()->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(open.size(), 2);
        QVERIFY(open.last().first().value<FailureGroup>().sameGroup(g.groups.at(2)));
    }

    void readOnlyHasNoActionButtons() {
        AppContext c = context(QStringLiteral("batch_work_item"));
        c.readOnly = true;
        FailureGroupPanel panel(c);
        panel.setActionsAllowed(true); // a read-only session acts on nothing, whatever the role may
        QVERIFY(!panel.actionButtonsShown());
        for (QPushButton *b : panel.findChildren<QPushButton *>())
            QVERIFY2(b->isVisibleTo(&panel) == (b->text() == QStringLiteral("Open in Triage")), qPrintable(b->text()));
    }

    void profileWithoutErrorTextSaysSo() {
        for (const auto &[id, says] : {std::pair{"outbox", "has no failed state"}, std::pair{"spring_modulith_v2", "maps no error text"}}) {
            FailureGroupPanel panel(context(QString::fromLatin1(id)));
            QVERIFY2(panel.titleText().contains(QLatin1String(says)), qPrintable(panel.titleText()));
            QVERIFY(!panel.table());
        }
    }

    /// The panel as the dashboard shows it (OM_SCREENSHOT_DIR; OM_LANG=ja for the Japanese one).
    void screenshotOfTheGroups() {
        FailureGroupPanel panel(context(QStringLiteral("app_outbox")));
        FailureGroups g;
        g.available = true;
        g.groups = sampleGroups();
        panel.showGroups(g);
        panel.resize(980, 220);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.table()->selectRow(0);
        QCOMPARE(panel.model()->rowCount(), 3);
        om::test::saveScreenshot(&panel, QStringLiteral("failure-groups"));
    }

    /// The incident report's section: a row per group, escaped; nothing for a profile without groups.
    void reportSectionListsTheGroups() {
        FailureGroups g;
        g.available = true;
        g.groups = sampleGroups();
        const QDateTime from = QDateTime::fromSecsSinceEpoch(1'790'000'000, Qt::UTC);
        const QString html = failureGroupSectionHtml(g, from, from.addSecs(7200));
        QVERIFY(html.contains(QStringLiteral("3 distinct failures (1,431 messages)")));
        QVERIFY(html.contains(QStringLiteral("Service Unavailable from https://&lt;host&gt;/v1/orders/&lt;n&gt;")));
        QVERIFY(html.contains(QStringLiteral("billing, orders, stock and 2 more")));
        QCOMPARE(html.count(QStringLiteral("<tr>")), 1 + 3); // header and one row per group
        g.groups.clear();
        QVERIFY(failureGroupSectionHtml(g, from, from).contains(QStringLiteral("None.")));
        QVERIFY(failureGroupSectionHtml(FailureGroups{}, from, from).isEmpty());
    }

    void scopeNamesTheGroup() {
        QCOMPARE(FailureGroupText::scope(sampleGroups().first()),
                 QStringLiteral("failure group HTTP_503 · 'Service Unavailable from https://<host>/v1/orders/<n>' (1,418 messages)"));
    }
};

OM_TEST_MAIN(TestFailureGroupPanel)
#include "tst_failuregrouppanel.moc"
