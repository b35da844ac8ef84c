// SPDX-License-Identifier: GPL-3.0-or-later
// The reason dialog's validation (empty, spaces, too short, too long, control characters,
// Japanese through an input method), the result dialog's model, and the controller's actions:
// present only where they make sense, absent in read-only mode.
#include "messageids.h"
#include "actions/actioncontroller.h"
#include "actions/reasondialog.h"
#include "actions/resultdialog.h"
#include "actions/scopewords.h"
#include "actions/skippedmodel.h"
#include "core/model/idlist.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QInputMethodEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace om;

class TestActionDialogs : public QObject {
    Q_OBJECT

    static ReasonDialog::Info info() {
        // clang-format off
        return {QStringLiteral("Retry"), QStringLiteral("RETRY_FAILED"), QStringLiteral("app_outbox"), 1234,
                {QStringLiteral("order-1"), QStringLiteral("order-2")},
                QStringLiteral("the 1,234 messages selected in Triage › Failed"),
                QStringLiteral("stuck = in PROCESSING for more than 90 min, server clock")};
        // clang-format on
    }
    static ReasonRules rules() {
        ReasonRules r;
        r.minLength = 10;
        r.maxLength = 40;
        return r;
    }

private slots:
    void reasonValidation_data() {
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("ticket");
        QTest::addColumn<bool>("ok");
        QTest::newRow("empty") << QString() << QString() << false;
        QTest::newRow("spaces only") << QStringLiteral("              ") << QString() << false;
        QTest::newRow("too short") << QStringLiteral("  fixed   ") << QString() << false;
        QTest::newRow("just long enough") << QStringLiteral("  fixed it  ") << QString() << false; // 8 after trim
        QTest::newRow("ten") << QStringLiteral("fixed it!!") << QString() << true;
        QTest::newRow("too long") << QString(41, QLatin1Char('a')) << QString() << false;
        QTest::newRow("at the limit") << QString(40, QLatin1Char('a')) << QString() << true;
        QTest::newRow("tab") << QStringLiteral("downstream\tfixed") << QString() << false;
        QTest::newRow("bell") << QStringLiteral("downstream fixed\a") << QString() << false;
        QTest::newRow("bidi override") << QStringLiteral("downstream \u202efixed") << QString() << false;
        QTest::newRow("japanese") << QStringLiteral("送信先の障害が復旧したため再送") << QString() << true;
        QTest::newRow("japanese too short") << QStringLiteral("障害復旧のため") << QString() << false;
        QTest::newRow("emoji count once") << QStringLiteral("ok 🙂🙂🙂🙂🙂🙂🙂") << QString() << true;
        QTest::newRow("ticket too long") << QStringLiteral("downstream fixed") << QString(101, QLatin1Char('T')) << false;
        QTest::newRow("ticket ok") << QStringLiteral("downstream fixed") << QStringLiteral("INC-42") << true;
    }

    void reasonValidation() {
        QFETCH(QString, reason);
        QFETCH(QString, ticket);
        QFETCH(bool, ok);
        ReasonRules r = rules();
        ReasonDialog d(info(), r);
        QVERIFY(!d.okButton()->isEnabled()); // nothing typed yet
        d.reasonEdit()->setText(reason);
        d.ticketEdit()->setText(ticket);
        QCOMPARE(d.okButton()->isEnabled(), ok);
        QCOMPARE(d.problem().isEmpty(), ok);
        if (ok)
            QCOMPARE(d.reason(), reason.trimmed());
        // Enter with an invalid reason does not accept.
        d.show();
        QTest::keyClick(d.reasonEdit(), Qt::Key_Return);
        QCOMPARE(d.result() == QDialog::Accepted, ok);
    }

    void japaneseInputMethodPreeditDoesNotCount() {
        ReasonDialog d(info(), rules());
        d.show();
        QApplication::setActiveWindow(&d);
        d.reasonEdit()->setFocus();
        // Typing through an input method: the unconverted preedit is not text yet...
        QInputMethodEvent preedit(QStringLiteral("そうしんさきのしょうがいがふっきゅう"), {});
        QApplication::sendEvent(d.reasonEdit(), &preedit);
        QVERIFY(d.reasonEdit()->text().isEmpty());
        QVERIFY(!d.okButton()->isEnabled());
        // ...until the operator converts and commits it.
        QInputMethodEvent commit;
        commit.setCommitString(QStringLiteral("送信先の障害が復旧したため再送します"));
        QApplication::sendEvent(d.reasonEdit(), &commit);
        QCOMPARE(d.reasonEdit()->text(), QStringLiteral("送信先の障害が復旧したため再送します"));
        QVERIFY(d.okButton()->isEnabled());
    }

    void dialogNamesTheActionAndCount() {
        ReasonDialog d(info(), rules());
        QVERIFY(d.windowTitle().contains(QStringLiteral("Retry")));
        QVERIFY(d.okButton()->text().contains(QStringLiteral("1234")));
        bool sawKeys = false;
        for (QLabel *l : d.findChildren<QLabel *>())
            sawKeys = sawKeys || (l->text().contains(QStringLiteral("order-1")) && l->text().contains(QStringLiteral("1,232")));
        QVERIFY(sawKeys);
    }

    /// A Cancel action's dialog must not offer "Cancel 3 messages" beside "Cancel": the button
    /// that closes it says "Back", whatever the action, and rejects the dialog.
    void theClosingButtonDoesNotSayTheVerb() {
        ReasonDialog::Info i = info();
        i.actionTitle = QStringLiteral("Cancel");
        ReasonDialog d(i, rules());
        QVERIFY(d.backButton());
        QVERIFY2(d.okButton()->text().startsWith(QLatin1String("Cancel 1")), qPrintable(d.okButton()->text()));
        QCOMPARE(d.backButton()->text(), QStringLiteral("Back"));
        QVERIFY(!d.backButton()->text().contains(d.okButton()->text().section(QLatin1Char(' '), 0, 0)));
        QSignalSpy rejected(&d, &QDialog::rejected);
        d.show();
        d.backButton()->click();
        QCOMPARE(rejected.count(), 1);
    }

    void scopeIsNamedInWords() {
        ListFilter f;
        f.destinations = {QStringLiteral("ORDER_API")};
        f.keyText = QStringLiteral("ord-");
        f.keyMode = ListFilter::TextMode::Prefix;
        QCOMPARE(ScopeWords::filter(QStringLiteral("Triage › Failed"), f),
                 QStringLiteral("every message matching Triage › Failed, destination = ORDER_API, key starts with \"ord-\""));
        QCOMPARE(ScopeWords::filter(QStringLiteral("Triage › Stuck"), ListFilter{}),
                 QStringLiteral("every message matching Triage › Stuck (no further filter)"));
        ReasonDialog d(info(), rules());
        QLabel *scope = d.findChild<QLabel *>(QStringLiteral("scope"));
        QVERIFY(scope && scope->text().contains(QStringLiteral("selected in Triage › Failed")));
        QLabel *rule = d.findChild<QLabel *>(QStringLiteral("stuckRule"));
        QVERIFY(rule && rule->text().contains(QStringLiteral("90 min, server clock")));
    }

    void resultDialogListsSkipped() {
        ActionResult r;
        r.auditName = QStringLiteral("RETRY_FAILED");
        r.changedIds = messageIds({1, 2, 3});
        r.skipped = {{MessageId(4), SkipReason::Locked, QStringLiteral("FAILED")},
                     {MessageId(5), SkipReason::StateChanged, QStringLiteral("SENT")},
                     {MessageId(6), SkipReason::Gone, QString()}};
        r.skippedTotal = 3;
        ResultDialog d(QStringLiteral("Retry"), r);
        QAbstractItemModelTester tester(d.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(d.model()->rowCount(), 3);
        QCOMPARE(d.model()->index(0, 0).data().toLongLong(), 4);
        QCOMPARE(d.model()->index(0, 1).data().toString(), SkippedModel::describe(SkipReason::Locked));
        QCOMPARE(d.model()->index(1, 2).data().toString(), QStringLiteral("SENT"));
        QVERIFY(d.summary().startsWith(QStringLiteral("3 message")));
        QVERIFY(d.summary().contains(SkippedModel::describe(SkipReason::Gone)));
        // A sentence, then the time: "…; 1 gone (no such message). Took 3 ms."
        QVERIFY2(d.summary().contains(SkippedModel::describe(SkipReason::Gone) + QStringLiteral(". ")), qPrintable(d.summary()));
        // The reason column is read in full, not elided (it was squeezed by a stretched last column).
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        const QAbstractItemView *view = d.table(); // sizeHintForColumn is public there
        QTRY_VERIFY(d.table()->columnWidth(1) >= view->sizeHintForColumn(1));
        QVERIFY(d.table()->columnWidth(0) >= view->sizeHintForColumn(0));
    }

    // The result names what changed in the operator's terms: the message (one) or the ids (a
    // few), and the state they now have; plural forms in English ("1 message", "3 messages").
    void resultNamesTheMessagesAndTheirNewState() {
        om::test::installTestTranslations();
        ActionResult one;
        one.auditName = QStringLiteral("RETRY_FAILED");
        one.toState = QStringLiteral("PENDING");
        one.changedIds = messageIds({4711});
        const QString single = ResultDialog(QStringLiteral("Retry"), one).summary();
        ActionResult three = one;
        three.changedIds = messageIds({1, 2, 3});
        const QString several = ResultDialog(QStringLiteral("Retry"), three).summary();
        ActionResult many = one;
        for (qint64 id = 100; id < 150; ++id)
            many.changedIds << MessageId(id);
        const QString fifty = ResultDialog(QStringLiteral("Retry"), many).summary();
        for (const QString &text : {single, several, fifty})
            QVERIFY2(text.contains(QStringLiteral("PENDING")) && text.contains(QStringLiteral("RETRY_FAILED")) && !text.contains(QStringLiteral("(s)")),
                     qPrintable(text));
        QVERIFY2(single.contains(QStringLiteral("4711")), qPrintable(single));
        QVERIFY2(several.contains(QStringLiteral("1, 2, 3")), qPrintable(several));
        QVERIFY2(!fifty.contains(QStringLiteral("100, 101")), qPrintable(fifty)); // fifty ids are not read: the audit tab has them
        if (om::test::testLanguage() == QLatin1String("en")) {
            QVERIFY2(single.startsWith(QStringLiteral("Message 4711 changed to PENDING")), qPrintable(single));
            QVERIFY2(several.startsWith(QStringLiteral("3 messages changed to PENDING")), qPrintable(several));
        }
    }

    // After a failover between the count and the run (the same data at another address), the
    // result says so first, naming both addresses; without a move it says nothing of servers.
    void resultSaysTheServerChangedFirst() {
        ActionResult r;
        r.auditName = QStringLiteral("RETRY_FAILED");
        r.toState = QStringLiteral("PENDING");
        r.changedIds = messageIds({1, 2});
        r.confirmedOn = {QStringLiteral("7311"), QStringLiteral("orders"), QStringLiteral("10.0.0.1:5432")};
        r.ranOn = r.confirmedOn;
        QVERIFY(!ResultDialog(QStringLiteral("Retry"), r).summary().contains(QStringLiteral("10.0.0.1")));
        r.ranOn.address = QStringLiteral("10.0.0.2:5432");
        const QString moved = ResultDialog(QStringLiteral("Retry"), r).summary();
        const qsizetype from = moved.indexOf(QStringLiteral("10.0.0.1:5432")), to = moved.indexOf(QStringLiteral("10.0.0.2:5432"));
        QVERIFY2(from >= 0 && to > from, qPrintable(moved));
        QVERIFY2(to < moved.indexOf(QStringLiteral("PENDING")), qPrintable(moved)); // before what changed
        QVERIFY2(moved.contains(QStringLiteral("7311")), qPrintable(moved));
    }

    void controllerActionsFollowProfileSelectionAndMode() {
        QWidget window;
        AppContext ctx;
        ctx.profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        ActionController c(ctx, &window);
        QCOMPARE(c.actions().size(), 3);
        for (QAction *a : c.actions())
            QVERIFY(!a->isEnabled()); // nothing chosen
        c.setSelection(messageIds({1, 2}), {QStringLiteral("FAILED")});
        QVERIFY(c.action("retry")->isEnabled());
        QVERIFY(c.action("cancel")->isEnabled());
        QVERIFY(!c.action("recoverStuck")->isEnabled());
        c.setSelection(messageIds({1}), {QStringLiteral("PROCESSING")});
        QVERIFY(!c.action("retry")->isEnabled());
        QVERIFY(c.action("recoverStuck")->isEnabled());
        c.setSelection({});
        c.setFilter(ListFilter{});
        QVERIFY(c.action("retry")->isEnabled());

        // No action where its scope is not on screen (e.g. the Dashboard tab).
        c.setScopeVisible(false);
        for (QAction *a : c.actions())
            QVERIFY(!a->isEnabled());
        c.setScopeVisible(true);
        QVERIFY(c.action("retry")->isEnabled());

        // Ids pasted from a ticket (Triage's id filter): a mistake or too many chooses nothing.
        IdList bad = IdList::parse(QStringLiteral("7, 8 x"), 10);
        QVERIFY(bad.ids.isEmpty());
        QCOMPARE(bad.problem, QStringLiteral("\"x\" is not a message id (a positive whole number)."));
        QCOMPARE(IdList::parse(QStringLiteral("7, 8;9 7\n10"), 10).ids, (QList<qint64>{7, 8, 9, 10}));
        QVERIFY(IdList::parse(QStringLiteral("1 2 3"), 2).ids.isEmpty());
        QVERIFY(!IdList::parse(QStringLiteral("1 2 3"), 2).problem.isEmpty());
        QVERIFY(IdList::parse(QStringLiteral("0"), 10).ids.isEmpty()); // ids are positive
        QVERIFY(IdList::parse(QStringLiteral("  "), 10).problem.isEmpty());
        ListFilter byIds;
        byIds.ids = messageIds({1042, 1043});
        QCOMPARE(ScopeWords::conditions(byIds), QStringLiteral("id = 1042 / 1043"));
        for (qint64 id = 1; id <= 12; ++id)
            byIds.ids << MessageId(id);
        QCOMPARE(ScopeWords::conditions(byIds), QStringLiteral("id = 1042 / 1043 / 1 / 2 / 3 / 4 / 5 / 6 / 7 / 8 and 4 more"));
        QCOMPARE(ListFilter::fromJson(byIds.toJson()), byIds);

        // The outbox table has no recoverStuck; read-only mode has no actions at all.
        AppContext outbox = ctx;
        outbox.profile = *SchemaProfile::builtIn(QStringLiteral("outbox"));
        QCOMPARE(ActionController(outbox, &window).actions().size(), 2);
        AppContext ro = ctx;
        ro.readOnly = true;
        ActionController roc(ro, &window);
        QVERIFY(roc.actions().isEmpty());
        QVERIFY(!roc.action("retry"));
    }
};

OM_TEST_MAIN(TestActionDialogs)
#include "tst_actiondialogs.moc"
