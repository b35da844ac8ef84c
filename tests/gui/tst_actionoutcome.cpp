// SPDX-License-Identifier: GPL-3.0-or-later
// The operator's side of an action against the real server: the reason dialog names
// the target in words (selection or filter, and the stuck rule), the progress dialog is gone before
// the result dialog opens, and a lost COMMIT acknowledgement is reported as unknown, re-checked on a
// new connection and then reported as what the database holds. All three built-in profiles.
// OM_SCREENSHOT_DIR=dir saves the dialogs as PNGs (OM_LANG=ja: in Japanese).
#include "messageids.h"
#include "actionfixture.h"
#include "dialogoperator.h"
#include "actions/actioncontroller.h"
#include "commitdropproxy.h"
#include "pg/gateway.h"
#include "profilerows.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "testserver.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

/// Screenshots of each dialog `op` answers: OM_SCREENSHOT_DIR/<kind>-dialog-<suffix>-<lang>.png
/// ("outcome-message" for a message box).
void screenshotDialogs(DialogOperator &op, const QString &suffix) {
    op.onDialog = [suffix](QWidget *dialog, const QString &kind) {
        const QString name = kind == QLatin1String("message") ? QStringLiteral("outcome-message") : kind + QStringLiteral("-dialog");
        saveScreenshot(dialog, name + QLatin1Char('-') + suffix);
    };
}

} // namespace

class TestActionOutcome : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<CommitDropProxy> m_proxy;

    AppContext context(const QString &profileId, bool viaProxy) {
        AppContext ctx;
        ctx.profile = *SchemaProfile::builtIn(profileId);
        GatewayConfig c;
        c.connInfo = viaProxy ? loopbackConnectionString(m_proxy->port(), m_db->name(), QStringLiteral("sslmode=disable gssencmode=disable"))
                              : m_db->connectionString();
        ctx.gateway = new Gateway(c, this);
        return ctx;
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        m_proxy = std::make_unique<CommitDropProxy>();
        QVERIFY(m_proxy->port() > 0);
    }

    void selectionAndFilterScope_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<QString>("action");
        QTest::addColumn<bool>("byFilter");
        for (const char *p : {"app_outbox", "batch_work_item", "outbox"})
            for (const QString &a : SchemaProfile::builtIn(QLatin1String(p))->actions.keys())
                for (bool f : {false, true})
                    QTest::addRow("%s/%s/%s", p, qPrintable(a), f ? "filter" : "selection") << QString::fromLatin1(p) << a << f;
    }

    void selectionAndFilterScope() {
        QFETCH(QString, profileId);
        QFETCH(QString, action);
        QFETCH(bool, byFilter);
        QWidget window;
        window.resize(1440, 900);
        AppContext ctx = context(profileId, false);
        const ActionDef a = ctx.profile.actions.value(action);
        const QString tag = QStringLiteral("g%1").arg(QTest::currentDataTag()).remove(QLatin1Char('/'));
        const QList<qint64> ids = insertMessages(*m_db, ctx.profile, a.from.first(), 3, a.pastStuckTimeout ? 200 : 0, tag);
        ActionController c(ctx, &window);
        c.setStuckTimeoutMinutes(90);
        c.setScopeName(QStringLiteral("Triage › Failed"));
        QSignalSpy finished(&c, &ActionController::actionFinished);
        DialogOperator op;
        if (profileId == QLatin1String("app_outbox") && action == QLatin1String("retry"))
            screenshotDialogs(op, byFilter ? QStringLiteral("filter") : QStringLiteral("selection"));
        if (byFilter) {
            ListFilter f;
            f.keyText = QStringLiteral("k-%1-").arg(tag);
            f.keyMode = ListFilter::TextMode::Prefix;
            c.startOnFilter(action, f);
        } else {
            c.startOnIds(action, messageIds(ids));
        }
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QTRY_VERIFY(!op.results.isEmpty());
        // The target in words, the stuck rule where it applies.
        if (byFilter)
            QVERIFY2(op.reasonScopes.last().contains(QStringLiteral("matching Triage › Failed, key starts with \"k-%1-\"").arg(tag)),
                     qPrintable(op.reasonScopes.last()));
        else
            QVERIFY2(op.reasonScopes.last().contains(QStringLiteral("the 3 message")) && op.reasonScopes.last().contains(QStringLiteral("selected in Triage › Failed")),
                     qPrintable(op.reasonScopes.last()));
        QCOMPARE(op.reasonRules.last().contains(QStringLiteral("for more than 90 min, server clock")), a.pastStuckTimeout);
        // No progress dialog over the result, then or later.
        QVERIFY(!op.progressVisibleAtResult);
        QTest::qWait(400);
        QVERIFY(!DialogOperator::anyProgressVisible());
        // What the dialog said is what the database holds.
        const ActionResult res = finished.first().first().value<ActionResult>();
        QCOMPARE(res.changed(), qint64(3));
        QCOMPARE(auditCount(*m_db, ctx.profile, ids, a.auditName), qint64(3));
        QVERIFY2(op.results.last().startsWith(QStringLiteral("3 message")), qPrintable(op.results.last()));
        QVERIFY(op.results.last().contains(res.actionId.toString(QUuid::WithoutBraces)));
        for (qint64 id : ids) {
            const StateDef *to = ctx.profile.state(a.to);
            QCOMPARE(stateOf(*m_db, ctx.profile, id), to->statusValue().isEmpty() ? to->name : to->statusValue());
        }
    }

    void lostCommitAcknowledgementIsRechecked_data() { addProfileRows(); }

    void lostCommitAcknowledgementIsRechecked() {
        QFETCH(QString, profileId);
        QWidget window;
        AppContext ctx = context(profileId, true);
        const ActionDef a = ctx.profile.actions.value(QStringLiteral("retry"));
        QList<qint64> ids = insertMessages(*m_db, ctx.profile, a.from.first(), 4);
        ActionController c(ctx, &window);
        QSignalSpy finished(&c, &ActionController::actionFinished);
        DialogOperator op;
        if (profileId == QLatin1String("app_outbox"))
            screenshotDialogs(op, QStringLiteral("in-doubt"));
        m_proxy->arm(); // the server commits, the client never hears it
        const int droppedBefore = m_proxy->dropped();
        c.startOnIds(QStringLiteral("retry"), messageIds(ids));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QTRY_VERIFY(!op.results.isEmpty());
        QCOMPARE(m_proxy->dropped(), droppedBefore + 1);
        const ActionResult res = finished.first().first().value<ActionResult>();
        QVERIFY(res.rechecked);
        // Reported: unknown at first, then committed, with the changed ids from the audit rows.
        QVERIFY2(op.results.last().contains(QStringLiteral("Re-checked on a new connection: the transaction committed")),
                 qPrintable(op.results.last()));
        QVERIFY(!op.progressVisibleAtResult);
        std::sort(ids.begin(), ids.end());
        QCOMPARE(idNumbers(res.changedIds), ids);
        QCOMPARE(auditCount(*m_db, ctx.profile, ids, a.auditName), qint64(ids.size()));
        QVERIFY(op.messages.isEmpty());
    }
};

OM_TEST_MAIN(TestActionOutcome)
#include "tst_actionoutcome.moc"
