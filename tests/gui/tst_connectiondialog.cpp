// SPDX-License-Identifier: GPL-3.0-or-later
// The connection dialog and the OS keychain's fallback path. No test here needs a running
// secret service: main() points D-Bus at a socket that does not exist, as on CI and offscreen.
#include "connection/connectiondialog.h"
#include "core/connection/passwordkeychain.h"
#include "screenshots.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDirIterator>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

static QLabel *labelContaining(QWidget *w, const QString &text) {
    for (QLabel *l : w->findChildren<QLabel *>())
        if (l->text().contains(text))
            return l;
    return nullptr;
}

class TestConnectionDialog : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        QStandardPaths::setTestModeEnabled(true);
        installTestTranslations(); // OM_LANG=ja: the start dialog's screenshot in Japanese
    }

    // Typed into the connection string, a password is used for the session and taken out of
    // what the program keeps; the dialog says so.
    void passwordInTheConnectionStringIsNeverKept() {
        ConnectionDialog d({QStringLiteral("app_outbox")});
        auto *conn = d.findChildren<QLineEdit *>().at(0);
        conn->setText(QStringLiteral("host=db dbname=app user=ops password='s3 cret' sslmode=require sslrootcert=/etc/ca.pem"));
        QLabel *notice = labelContaining(&d, QStringLiteral("never saved"));
        QVERIFY(notice);
        QVERIFY(!notice->isHidden());
        d.show();
        // Accept without a keychain answer pending: the probe may still run, accept() then skips it.
        d.accept();
        QTRY_COMPARE(d.result(), int(QDialog::Accepted));
        QCOMPARE(d.connectionString(), QStringLiteral("host=db dbname=app user=ops sslmode=require sslrootcert=/etc/ca.pem"));
        QVERIFY(!d.connectionString().contains(QLatin1String("s3 cret")));
        QCOMPARE(d.password(), QStringLiteral("s3 cret"));

        conn->setText(QStringLiteral("host=db dbname=app"));
        QVERIFY(notice->isHidden());
    }

    // Without a keychain daemon: the checkbox never becomes usable, the dialog says why and
    // names libpq's sources, and OK still connects (password empty: .pgpass etc. apply).
    void withoutKeychainTheDialogFallsBack() {
        ConnectionDialog d({QStringLiteral("app_outbox")});
        QCheckBox *remember = nullptr;
        for (QCheckBox *c : d.findChildren<QCheckBox *>())
            if (c->text().contains(QLatin1String("keychain")))
                remember = c;
        QVERIFY(remember);
        QCOMPARE(!remember->isHidden(), PasswordKeychain::compiledIn());
        QVERIFY(!remember->isEnabled());
        if (PasswordKeychain::compiledIn()) {
            // The probe's answer: no session bus (main() points D-Bus at a socket that does not
            // exist), in our sentence whatever libsecret said, and where passwords come from instead.
            QTRY_VERIFY_WITH_TIMEOUT(d.keychainStatus().contains(QLatin1String(".pgpass")), 30000);
            QVERIFY2(d.keychainStatus().startsWith(KeychainAnswer::sentence(KeychainAnswer::Kind::NoSessionBus)),
                     qPrintable(d.keychainStatus()));
        } else {
            // Nothing to probe: the checkbox is absent and the standing hint names libpq's sources.
            QTest::qWait(100);
            QCOMPARE(d.keychainStatus(), QString());
        }
        QVERIFY(labelContaining(&d, QStringLiteral(".pgpass (or PGPASSFILE)")));
        QVERIFY(!d.keychainAvailable());
        QVERIFY(!remember->isEnabled());

        d.findChildren<QLineEdit *>().at(0)->setText(QStringLiteral("host=db dbname=app user=ops"));
        d.show();
        // The sources are named once on screen (the note and a standing hint both said them), and
        // in words, not qtkeychain's "Unknown error" of a missing session bus.
        int naming = 0;
        for (const QLabel *l : d.findChildren<QLabel *>())
            naming += l->isVisible() && l->text().contains(QLatin1String("PGPASSFILE"));
        QCOMPARE(naming, 1);
        QVERIFY2(!d.keychainStatus().contains(QLatin1String("Unknown error")), qPrintable(d.keychainStatus()));
        d.accept();
        QCOMPARE(d.result(), int(QDialog::Accepted));
        QCOMPARE(d.password(), QString());
        QCOMPARE(d.connectionString(), QStringLiteral("host=db dbname=app user=ops"));
    }

    // The notes wrap and come after the dialog is shown (the keychain's answer, a password typed
    // into the string): the dialog grows, so no paragraph is clipped or drawn over another.
    void notesAreNeverClippedOrOverlapping() {
        ConnectionDialog d({QStringLiteral("app_outbox")});
        d.resize(560, 200); // as narrow and low as a window manager may open it
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        d.findChildren<QLineEdit *>().at(0)->setText(QStringLiteral("host=db dbname=app user=ops password=secret"));
        if (PasswordKeychain::compiledIn())
            QTRY_VERIFY_WITH_TIMEOUT(!d.keychainStatus().isEmpty() && !d.keychainStatus().contains(QLatin1String("Checking")), 30000);
        const auto laidOut = [&d] {
            QList<QRect> boxes;
            for (QLabel *l : d.findChildren<QLabel *>()) {
                if (!l->isVisible() || l->text().isEmpty() || !l->wordWrap())
                    continue;
                const QRect r(l->mapTo(&d, QPoint(0, 0)), l->size());
                if (!d.rect().contains(r) || r.height() < l->heightForWidth(r.width()))
                    return false; // outside the dialog, or shorter than its wrapped text
                for (const QRect &other : boxes)
                    if (other.intersects(r))
                        return false;
                boxes << r;
            }
            return boxes.size() >= 2;
        };
        QTRY_VERIFY2(laidOut(), qPrintable(QStringLiteral("%1x%2").arg(d.width()).arg(d.height())));
    }

    // Every operation ends in exactly one finished(ok = false) with a message naming the
    // fallback, and nothing of the password lands in the settings or the app-data folder.
    void keychainOperationsFailGracefully() {
        PasswordKeychain k;
        QSignalSpy spy(&k, &PasswordKeychain::finished);
        const QString key = PasswordKeychain::keyFor(QStringLiteral("host=db port=6543 dbname=app user=ops"));
        QCOMPARE(key, QStringLiteral("ops@db:6543/app"));
        k.write(key, QStringLiteral("pw-that-must-not-leak"));
        k.read(key);
        k.remove(key);
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 3, 30000);
        QTest::qWait(200); // and no fourth answer
        QCOMPARE(spy.count(), 3);
        // main() points D-Bus at a socket that does not exist: no session bus, said as such.
        const auto expected = PasswordKeychain::compiledIn() ? KeychainAnswer::Kind::NoSessionBus : KeychainAnswer::Kind::NotInThisBuild;
        for (const QList<QVariant> &args : spy) {
            QCOMPARE(args.at(1).toString(), key);
            const auto answer = args.at(2).value<KeychainAnswer>();
            QCOMPARE(int(answer.kind), int(expected));
            QCOMPARE(args.at(3).toString(), QString());
            QVERIFY2(answer.message().startsWith(KeychainAnswer::sentence(expected)), qPrintable(answer.message()));
            QVERIFY2(answer.message().contains(QLatin1String(".pgpass")), qPrintable(answer.message()));
            QVERIFY(!answer.messageWithDetails().contains(QLatin1String("pw-that-must-not-leak")));
        }
        QSettings().sync();
        for (const QString &root : {m_dir.path(), QStandardPaths::writableLocation(QStandardPaths::AppDataLocation),
                                    QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)}) {
            QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                QVERIFY2(!f.readAll().contains("pw-that-must-not-leak"), qPrintable(f.fileName()));
            }
        }
    }

    // Saved connections come first in the start dialog: one picked fills the fields and holds
    // them (it opens as saved, with its band and standby); read-only can only be added; None gives
    // the fields back. Without saved connections the row is not there.
    void savedConnectionsAreOfferedFirst() {
        SavedConnection prod;
        prod.name = QStringLiteral("orders-eu-prod");
        prod.connInfo = QStringLiteral("host=db-eu dbname=orders user=ops");
        prod.environment = Environment::Production;
        prod.readOnly = true;
        SavedConnection staging;
        staging.name = QStringLiteral("orders-staging");
        staging.connInfo = QStringLiteral("service=orders-staging");
        staging.profile = QStringLiteral("/etc/outbox-monitor/orders.json"); // a profile file, not built in
        staging.environment = Environment::Staging;

        ConnectionDialog none({QStringLiteral("app_outbox")});
        none.setSavedConnections({});
        none.show();
        auto *noneCombo = none.findChild<QComboBox *>(QStringLiteral("savedConnection"));
        QVERIFY(noneCombo && !noneCombo->isVisible());

        ConnectionDialog d({QStringLiteral("app_outbox"), QStringLiteral("outbox")});
        d.setSavedConnections({prod, staging});
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        auto *saved = d.findChild<QComboBox *>(QStringLiteral("savedConnection"));
        QVERIFY(saved && saved->isVisible());
        QCOMPARE(saved->count(), 3);
        if (screenshotsWanted()) {
            d.chooseSaved(prod.name);
            QTest::qWait(200);
            saveScreenshot(&d, QStringLiteral("start-dialog-saved"));
            saved->setCurrentIndex(0);
        }
        if (testLanguage() == QLatin1String("ja"))
            return; // OM_LANG=ja: only the picture; the words are checked in English
        QVERIFY2(saved->itemText(1).contains(QStringLiteral("[production] orders-eu-prod")), qPrintable(saved->itemText(1)));
        QVERIFY(!saved->itemIcon(1).isNull()); // the environment's colour
        auto *conn = d.findChildren<QLineEdit *>().at(0);
        QCheckBox *readOnly = nullptr;
        for (QCheckBox *box : d.findChildren<QCheckBox *>())
            if (box->text() == QStringLiteral("Read-only session"))
                readOnly = box;
        QVERIFY(readOnly);
        QVERIFY(!d.savedConnection());

        saved->setCurrentIndex(1);
        QCOMPARE(d.savedConnection()->name, prod.name);
        QCOMPARE(d.connectionString(), prod.connInfo);
        QCOMPARE(d.profileId(), QStringLiteral("app_outbox"));
        QVERIFY(d.readOnly());
        QVERIFY(!conn->isEnabled());
        QVERIFY(!readOnly->isEnabled()); // saved read-only: it cannot be unticked here

        QVERIFY(d.chooseSaved(staging.name));
        QCOMPARE(d.connectionString(), staging.connInfo);
        QCOMPARE(d.profileId(), staging.profile);
        QVERIFY(!d.readOnly());
        QVERIFY(readOnly->isEnabled()); // read-only may be added
        QVERIFY(!d.chooseSaved(QStringLiteral("no-such-connection")));

        saved->setCurrentIndex(0); // None: the fields are the operator's again
        QVERIFY(!d.savedConnection());
        QVERIFY(conn->isEnabled());
        QCOMPARE(d.connectionString(), staging.connInfo); // kept, to be edited
    }
};

int main(int argc, char **argv) {
    // No secret service, whatever the machine running the tests has: the fallback is what is tested.
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/om-test-bus");
    QApplication app(argc, argv);
    TestConnectionDialog t;
    return om::test::exitCode(QTest::qExec(&t, argc, argv));
}
#include "tst_connectiondialog.moc"
