// SPDX-License-Identifier: GPL-3.0-or-later
// The system keychain for real, through the start dialog and the connection manager, in the
// environment tests/keychain/keychain-environment.sh made around this program and names in
// OM_KEYCHAIN_ENVIRONMENT: "unlocked" (a private GNOME Keyring: passwords are stored, read,
// replaced and removed, and secret-tool finds them there), "nobus", "noservice", "refused" (the
// operator reads our sentence for that kind, never libsecret's words, which differ by machine),
// and "locked" (an unlock that never answers: closing the dialog and the manager while their job
// waits must not crash, and the wait ends in our sentence for no answer).
#include "connection/connectiondialog.h"
#include "connection/connectionmanager.h"
#include "connection/savedconnectioneditor.h"
#include "core/connection/passwordkeychain.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QApplication>
#include <QCheckBox>
#include <QDeadlineTimer>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace om;
using namespace om::test;

namespace {

using Kind = KeychainAnswer::Kind;

std::optional<SchemaProfile> resolve(const QString &idOrFile, QString *error) {
    if (auto p = SchemaProfile::builtIn(idOrFile))
        return p;
    *error = QStringLiteral("Unknown profile \"%1\"").arg(idOrFile);
    return std::nullopt;
}

/// What secret-tool, a client of its own, finds in the keychain under `key` (qtkeychain's
/// libsecret schema: user = the key, server = the service name, type = plaintext); nullopt when
/// nothing is stored.
std::optional<QString> storedPassword(const QString &key) {
    QProcess p;
    p.start(QStringLiteral("secret-tool"), {QStringLiteral("lookup"), QStringLiteral("user"), key, QStringLiteral("server"),
                                            PasswordKeychain::serviceName(), QStringLiteral("type"), QStringLiteral("plaintext")});
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit)
        return QStringLiteral("(secret-tool did not finish)");
    if (p.exitCode() != 0)
        return std::nullopt;
    return QString::fromUtf8(p.readAllStandardOutput());
}

/// The keychain jobs still waiting for their backend: qtkeychain's, owned by the application.
int outstandingJobs() {
    int n = 0;
    for (const QObject *o : qApp->children())
        n += QByteArray(o->metaObject()->className()).startsWith("QKeychain::");
    return n;
}

QString firstLine(const QString &text) { return text.section(QLatin1Char('\n'), 0, 0); }

} // namespace

class TestKeychain : public QObject {
    Q_OBJECT
    QString m_env;
    QTemporaryDir m_dir;
    std::unique_ptr<QSettings> m_settings;

    bool keychainWorks() const { return m_env == QLatin1String("unlocked"); }
    /// A keychain answers reads of entries that do not exist (no unlock is needed for them).
    bool keychainAnswersProbes() const {
        return m_env == QLatin1String("unlocked") || m_env == QLatin1String("locked") || m_env == QLatin1String("refused");
    }
    /// The kind every operation ends in where no keychain can be used at all.
    Kind unusableKind() const { return m_env == QLatin1String("nobus") ? Kind::NoSessionBus : Kind::NoSecretService; }

    std::unique_ptr<ConnectionDialog> dialog(const QString &connection) {
        auto d = std::make_unique<ConnectionDialog>(QStringList{QStringLiteral("app_outbox")});
        d->findChild<QLineEdit *>(QStringLiteral("connection"))->setText(connection);
        d->show();
        return d;
    }
    std::unique_ptr<ConnectionManager> manager() {
        auto m = std::make_unique<ConnectionManager>(QStringList{QStringLiteral("app_outbox")}, resolve, m_settings.get());
        m->show();
        return m;
    }
    static void typePassword(QWidget *w, const QString &password) {
        auto *edit = w->findChild<QLineEdit *>(QStringLiteral("password"));
        edit->clear();
        QTest::keyClicks(edit, password);
    }
    /// A new saved connection in the manager, its password typed, ready for Remember.
    static void newConnection(ConnectionManager &m, const QString &connection, const QString &password) {
        m.newConnection();
        auto *edit = m.editor()->findChild<QLineEdit *>(QStringLiteral("connection"));
        edit->clear();
        QTest::keyClicks(edit, connection);
        QVERIFY(m.saveConnection());
        typePassword(m.editor(), password);
    }

private slots:
    void initTestCase() {
        m_env = qEnvironmentVariable("OM_KEYCHAIN_ENVIRONMENT");
        QVERIFY2(!m_env.isEmpty(), "run through tests/keychain/keychain-environment.sh (ctest -R tst_keychain)");
        QVERIFY(m_dir.isValid());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
        QStandardPaths::setTestModeEnabled(true);
        installTestTranslations();
        m_settings = std::make_unique<QSettings>(m_dir.filePath(QStringLiteral("connections.conf")), QSettings::IniFormat);
        if (!PasswordKeychain::compiledIn())
            OM_SKIP("built without qtkeychain: there is no keychain to test");
        qInfo("keychain environment: %s", qPrintable(m_env));
    }

    // The start dialog asks when it opens: where a keychain answers, Remember is offered and
    // nothing is said; where none can be used, our sentence for the kind, whatever libsecret said.
    void theStartDialogSaysWhichKeychainThereIs() {
        auto d = dialog(QStringLiteral("host=db.keychain.example dbname=orders user=ops"));
        QTRY_VERIFY_WITH_TIMEOUT(d->keychainChecked(), 60000);
        auto *remember = d->findChild<QCheckBox *>(QStringLiteral("rememberPassword"));
        if (keychainAnswersProbes()) {
            QVERIFY(d->keychainAvailable());
            QCOMPARE(d->keychainStatus(), QString());
            QVERIFY(remember->isEnabled());
            return;
        }
        QVERIFY(!d->keychainAvailable());
        QVERIFY(!remember->isEnabled());
        QVERIFY2(d->keychainStatus().startsWith(KeychainAnswer::sentence(unusableKind())), qPrintable(d->keychainStatus()));
        // Where the passwords come from instead, on the same line; the keychain's own words at
        // most on the details line after it.
        QVERIFY2(firstLine(d->keychainStatus()).contains(QLatin1String(".pgpass")), qPrintable(d->keychainStatus()));
        QVERIFY(d->keychainStatus().count(QLatin1Char('\n')) <= 1);
        if (english())
            QVERIFY2(d->keychainStatus().count(QLatin1Char('\n')) == 0 || d->keychainStatus().section(QLatin1Char('\n'), 1).startsWith("Details: "),
                     qPrintable(d->keychainStatus()));
    }

    // Remember password and OK store it; OK with the field empty reads it back for the session;
    // Remember with another password replaces it. secret-tool, another client of the same
    // keychain, sees each step.
    void theStartDialogStoresReadsAndReplacesAPassword() {
        const QString connection = QStringLiteral("host=db.keychain.example port=5433 dbname=orders user=dialog_ops");
        const QString key = PasswordKeychain::keyFor(connection);
        if (m_env == QLatin1String("locked"))
            return; // a store waits for an unlock that never comes: see closingWhileTheKeychainWaitsIsSafe
        auto d = dialog(connection);
        QTRY_VERIFY_WITH_TIMEOUT(d->keychainChecked(), 60000);
        auto *remember = d->findChild<QCheckBox *>(QStringLiteral("rememberPassword"));
        typePassword(d.get(), QStringLiteral("first-Secret 1"));
        if (!keychainAnswersProbes()) {
            QVERIFY(!remember->isEnabled()); // nothing to remember it in: OK connects with it
            d->accept();
            QCOMPARE(d->result(), int(QDialog::Accepted));
            QCOMPARE(d->password(), QStringLiteral("first-Secret 1"));
            return;
        }
        remember->setChecked(true);
        d->accept();
        if (m_env == QLatin1String("refused")) {
            // The store needs the keyring unlocked, and the unlock failed: the dialog stays open
            // and says so; OK again connects without remembering.
            QTRY_VERIFY_WITH_TIMEOUT(!d->keychainAvailable(), 60000);
            QVERIFY2(firstLine(d->keychainStatus()).contains(KeychainAnswer::sentence(Kind::Locked)), qPrintable(d->keychainStatus()));
            QVERIFY(d->result() != int(QDialog::Accepted));
            QVERIFY(!remember->isChecked());
            d->accept();
            QCOMPARE(d->result(), int(QDialog::Accepted));
            QCOMPARE(d->password(), QStringLiteral("first-Secret 1"));
            return;
        }
        QTRY_COMPARE_WITH_TIMEOUT(d->result(), int(QDialog::Accepted), 60000);
        QCOMPARE(storedPassword(key).value_or(QStringLiteral("(nothing stored)")), QStringLiteral("first-Secret 1"));

        // Read: the field left empty, the keychain's password is the session's.
        auto read = dialog(connection);
        QTRY_VERIFY_WITH_TIMEOUT(read->keychainChecked(), 60000);
        read->accept();
        QTRY_COMPARE_WITH_TIMEOUT(read->result(), int(QDialog::Accepted), 60000);
        QCOMPARE(read->password(), QStringLiteral("first-Secret 1"));

        // Replace.
        auto replace = dialog(connection);
        QTRY_VERIFY_WITH_TIMEOUT(replace->keychainChecked(), 60000);
        typePassword(replace.get(), QStringLiteral("second-Secret 2"));
        replace->findChild<QCheckBox *>(QStringLiteral("rememberPassword"))->setChecked(true);
        replace->accept();
        QTRY_COMPARE_WITH_TIMEOUT(replace->result(), int(QDialog::Accepted), 60000);
        QCOMPARE(storedPassword(key).value_or(QStringLiteral("(nothing stored)")), QStringLiteral("second-Secret 2"));

        auto again = dialog(connection);
        QTRY_VERIFY_WITH_TIMEOUT(again->keychainChecked(), 60000);
        again->accept();
        QTRY_COMPARE_WITH_TIMEOUT(again->result(), int(QDialog::Accepted), 60000);
        QCOMPARE(again->password(), QStringLiteral("second-Secret 2"));
    }

    // The manager: Remember password stores the typed one, Test connection with the field empty
    // reads it, Remember again replaces it, Forget password removes it. Where no keychain can
    // be used, each says our sentence for the kind in the status line.
    void theManagerStoresReadsReplacesAndRemovesAPassword() {
        if (m_env == QLatin1String("locked"))
            return; // see closingWhileTheKeychainWaitsIsSafe
        // Port 1: the test after the read fails at once; only the keychain's part is looked at.
        const QString connection = QStringLiteral("host=127.0.0.1 port=1 dbname=orders user=manager_ops connect_timeout=2");
        const QString key = PasswordKeychain::keyFor(connection);
        auto m = manager();
        newConnection(*m, connection, QStringLiteral("manager-Secret 1"));
        auto *remember = m->findChild<QPushButton *>(QStringLiteral("rememberPassword"));
        auto *forget = m->findChild<QPushButton *>(QStringLiteral("forgetPassword"));
        QVERIFY(remember->isEnabled());
        remember->click();
        QVERIFY(m->keychainBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!m->keychainBusy(), 60000);
        const QString status = m->statusText();
        if (!keychainWorks()) {
            const Kind kind = m_env == QLatin1String("refused") ? Kind::Locked : unusableKind();
            QVERIFY2(firstLine(status).contains(KeychainAnswer::sentence(kind)), qPrintable(status));
            QVERIFY(!m->editor()->password().isEmpty()); // still typed: another try is possible
            if (m_env == QLatin1String("refused"))
                return; // reads and removals of what is not stored need no unlock: nothing more to see
            forget->click();
            QTRY_VERIFY_WITH_TIMEOUT(!m->keychainBusy(), 60000);
            QVERIFY2(firstLine(m->statusText()).contains(KeychainAnswer::sentence(kind)), qPrintable(m->statusText()));
            typePassword(m->editor(), QString());
            m->testConnection();
            QTRY_VERIFY_WITH_TIMEOUT(!m->keychainBusy(), 60000);
            QVERIFY2(firstLine(m->statusText()).contains(KeychainAnswer::sentence(kind)), qPrintable(m->statusText()));
            return;
        }
        QCOMPARE(storedPassword(key).value_or(QStringLiteral("(nothing stored)")), QStringLiteral("manager-Secret 1"));
        QVERIFY(m->editor()->password().isEmpty()); // kept by the keychain, not left on screen

        // Read for Test connection: the status says the password came from the keychain.
        m->testConnection();
        QTRY_VERIFY_WITH_TIMEOUT(!m->keychainBusy(), 60000);
        QCOMPARE(m->statusText(), QCoreApplication::translate("om::ConnectionManager", "Password for %1 read from the system keychain.").arg(key));
        m->cancelTest();

        // Replace.
        typePassword(m->editor(), QStringLiteral("manager-Secret 2"));
        remember->click();
        QTRY_VERIFY_WITH_TIMEOUT(!m->keychainBusy(), 60000);
        QCOMPARE(storedPassword(key).value_or(QStringLiteral("(nothing stored)")), QStringLiteral("manager-Secret 2"));

        // Remove.
        QVERIFY(forget->isEnabled());
        forget->click();
        QTRY_VERIFY_WITH_TIMEOUT(!m->keychainBusy(), 60000);
        QVERIFY(!storedPassword(key));
        QCOMPARE(m->statusText(),
                 QCoreApplication::translate("om::ConnectionManager", "No password for %1 is kept in the system keychain any more.").arg(key));
        // And a read now finds none: libpq's own sources apply.
        m->testConnection();
        QTRY_VERIFY_WITH_TIMEOUT(!m->keychainBusy(), 60000);
        QVERIFY2(m->statusText().contains(key) && !m->statusText().contains(QLatin1String("read from")), qPrintable(m->statusText()));
        m->cancelTest();
    }

    // A reader that gave up (the command line's keychainPassword waits a bounded time, then its
    // PasswordKeychain goes): the job stays the application's until its answer comes, and that
    // late answer is dropped, not delivered to freed memory (the sanitizer build would say).
    void aLateAnswerFindsTheAskerGoneAndIsDropped() {
        if (m_env == QLatin1String("locked"))
            return; // the answer never comes there: see closingWhileTheKeychainWaitsIsSafe
        QTRY_COMPARE_WITH_TIMEOUT(outstandingJobs(), 0, 60000);
        auto keychain = std::make_unique<PasswordKeychain>();
        keychain->setAnswerBoundMs(0); // gives up before any backend can answer
        QSignalSpy spy(keychain.get(), &PasswordKeychain::finished);
        keychain->read(PasswordKeychain::keyFor(QStringLiteral("host=late.example dbname=orders user=ops")));
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 60000);
        const auto answer = spy.at(0).at(2).value<KeychainAnswer>();
        if (answer.kind == Kind::NoAnswer) // (a backend that fails at once may still win the race)
            QVERIFY2(answer.message().startsWith(KeychainAnswer::sentence(Kind::NoAnswer, 0)), qPrintable(answer.message()));
        QTest::qWait(10); // not the assertion: only a chance for a second finished() to come
        QCOMPARE(spy.count(), 1);
        keychain.reset();
        // The job answers later (at once here: every environment but "locked" answers), finds no
        // one to tell, and frees itself.
        QTRY_COMPARE_WITH_TIMEOUT(outstandingJobs(), 0, 60000);
    }

    // Closing the start dialog while it still asks (the crash of a desktop with no bus), and
    // closing the dialog and the manager while their store waits: the jobs outlive them, nothing
    // calls into what was freed (the sanitizer build would say), and, where the keyring's unlock
    // never answers, the wait of a dialog still open ends in our sentence for no answer.
    void closingWhileTheKeychainWaitsIsSafe() {
        // Asked, and closed after 0 to 9 passes of the event loop: before the request left, and
        // after it left but before the keychain's answer came back.
        for (int passes = 0; passes < 10; ++passes) {
            auto d = dialog(QStringLiteral("host=db dbname=app user=ops"));
            for (int i = 0; i < passes; ++i)
                QCoreApplication::processEvents();
        }
        QTRY_COMPARE_WITH_TIMEOUT(outstandingJobs(), 0, 60000);    // answered after all, to no one

        const bool locked = m_env == QLatin1String("locked");
        if (keychainAnswersProbes()) {
            // The dialog's store: OK with Remember ticked, then closed before the answer.
            auto d = dialog(QStringLiteral("host=db.keychain.example dbname=orders user=closing_ops"));
            QTRY_VERIFY_WITH_TIMEOUT(d->keychainChecked(), 60000);
            QVERIFY(d->keychainAvailable());
            typePassword(d.get(), QStringLiteral("closing-Secret"));
            d->findChild<QCheckBox *>(QStringLiteral("rememberPassword"))->setChecked(true);
            d->accept();
            QVERIFY(outstandingJobs() >= 1);
            if (locked) { // it waits for the unlock, and goes on waiting
                QTest::qWait(500);
                QVERIFY(d->result() != int(QDialog::Accepted));
                QVERIFY(outstandingJobs() >= 1);
            }
        }
        {
            auto m = manager();
            newConnection(*m, QStringLiteral("host=db.example dbname=app user=closing_ops"), QStringLiteral("closing-Secret"));
            m->findChild<QPushButton *>(QStringLiteral("rememberPassword"))->click();
            QVERIFY(m->keychainBusy());
        } // closed while its store waits
        if (!locked) {
            QTRY_COMPARE_WITH_TIMEOUT(outstandingJobs(), 0, 60000);
            return;
        }

        // Locked: a new dialog's probe waits behind the stores above (qtkeychain runs one job at a
        // time), so the keychain's own bound ends it, in our sentence for no answer.
        auto d = dialog(QStringLiteral("host=db.keychain.example dbname=orders user=locked_ops"));
        QTRY_VERIFY_WITH_TIMEOUT(d->keychainChecked(), PasswordKeychain::kDefaultAnswerBoundMs + 60000);
        QVERIFY(!d->keychainAvailable());
        const int boundSeconds = PasswordKeychain::kDefaultAnswerBoundMs / 1000;
        QVERIFY2(d->keychainStatus().startsWith(KeychainAnswer::sentence(Kind::NoAnswer, boundSeconds)), qPrintable(d->keychainStatus()));
        d.reset();
        // Every asker is gone; the jobs are not. GNOME Keyring may give up on a prompter that
        // never answers (under the sanitizers the stores failed as locked before the bound ended),
        // so their answers may come now, and must find no one to call into (the sanitizer build
        // would say). How long the keyring waits is its own and not asserted: the loop only gives
        // late answers their chance.
        QDeadlineTimer lateAnswers(30000);
        while (outstandingJobs() > 0 && !lateAnswers.hasExpired())
            QTest::qWait(100);
    }
};

int main(int argc, char **argv) {
    std::atexit(om::test::settleExitingThreads);
    QApplication app(argc, argv);
    TestKeychain t;
    return om::test::exitCode(QTest::qExec(&t, argc, argv));
}
#include "tst_keychain.moc"
