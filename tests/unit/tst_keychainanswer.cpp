// SPDX-License-Identifier: GPL-3.0-or-later
// What the operator reads when the system keychain could not be used: one kind per situation,
// told from qtkeychain's error code and the machine (a session bus that answers, libsecret), never
// from libsecret's words, which are untranslated and differ from machine to machine; those are kept
// for a details line only. tests/keychain runs the same against real keychains.
#include "core/connection/passwordkeychainanswer.h"
#include "testmain.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <utility>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace om;
using Kind = KeychainAnswer::Kind;
using Error = KeychainAnswer::BackendError;

class TestKeychainAnswer : public QObject {
    Q_OBJECT

    static KeychainAnswer::Environment machine(bool bus, bool libsecret) {
        KeychainAnswer::Environment e;
        e.sessionBus = bus;
        e.libsecret = libsecret;
        return e;
    }

private slots:
    void eachSituationHasItsKind_data() {
        QTest::addColumn<int>("error");
        QTest::addColumn<QString>("said");
        QTest::addColumn<bool>("bus");
        QTest::addColumn<bool>("libsecret");
        QTest::addColumn<int>("kind");
        // libsecret's words as seen on real machines: none of them decides the kind.
        QTest::newRow("no bus, dbus-launch missing")
            << int(Error::Other) << QStringLiteral("Failed to execute child process “dbus-launch” (No such file or directory)") << false
            << true << int(Kind::NoSessionBus);
        QTest::newRow("no bus, socket gone") << int(Error::Other) << QStringLiteral("Could not connect: No such file or directory")
                                             << false << true << int(Kind::NoSessionBus);
        QTest::newRow("no bus, no libsecret either") << int(Error::Other) << QStringLiteral("Unknown error") << false << false
                                                     << int(Kind::NoSessionBus);
        QTest::newRow("bus, no libsecret") << int(Error::Other) << QStringLiteral("Unknown error") << true << false << int(Kind::NoLibsecret);
        QTest::newRow("bus, no secret service")
            << int(Error::Other) << QStringLiteral("The name org.freedesktop.secrets was not provided by any .service files") << true
            << true << int(Kind::NoSecretService);
        QTest::newRow("bus, no secret service, translated by gettext")
            << int(Error::Other) << QStringLiteral("名前 org.freedesktop.secrets はどの .service ファイルからも提供されていません") << true
            << true << int(Kind::NoSecretService);
        QTest::newRow("bus, no daemon (KWallet)") << int(Error::NoBackendAvailable) << QStringLiteral("No keychain service available")
                                                  << true << true << int(Kind::NoSecretService);
        QTest::newRow("no bus, no daemon") << int(Error::NoBackendAvailable) << QString() << false << true << int(Kind::NoSessionBus);
        QTest::newRow("locked, unlock refused") << int(Error::AccessDenied) << QStringLiteral("Cannot create an item in a locked collection")
                                                << true << true << int(Kind::Locked);
        QTest::newRow("denied by the user") << int(Error::AccessDeniedByUser) << QString() << true << true << int(Kind::Denied);
        QTest::newRow("anything else") << int(Error::Other)
                                       << QStringLiteral("Object does not exist at path “/org/freedesktop/secrets/collection/login”")
                                       << true << true << int(Kind::Failed);
    }
    void eachSituationHasItsKind() {
        QFETCH(int, error);
        QFETCH(QString, said);
        QFETCH(bool, bus);
        QFETCH(bool, libsecret);
        QFETCH(int, kind);
        const KeychainAnswer a = KeychainAnswer::failure(Error(error), said, machine(bus, libsecret));
        QCOMPARE(int(a.kind), kind);
        QVERIFY(!a.ok());
        // Our sentence first, libpq's sources after it; the backend's words only on the details line.
        QVERIFY(a.message().startsWith(KeychainAnswer::sentence(Kind(kind))));
        QVERIFY(a.message().contains(QLatin1String(".pgpass")));
        if (!said.isEmpty()) {
            QVERIFY(!a.message().contains(said));
            QCOMPARE(a.messageWithDetails(), a.message() + QLatin1Char('\n') + a.detailsLine());
            QVERIFY(a.detailsLine().endsWith(said));
        } else {
            QCOMPARE(a.messageWithDetails(), a.message());
        }
    }

    void everyKindHasASentenceOfItsOwn() {
        QSet<QString> seen;
        for (Kind k : {Kind::NotInThisBuild, Kind::NoSessionBus, Kind::NoLibsecret, Kind::NoSecretService, Kind::Locked, Kind::Denied,
                       Kind::NoAnswer, Kind::Failed}) {
            const QString s = KeychainAnswer::sentence(k, 20);
            QVERIFY(!s.isEmpty());
            QVERIFY2(!seen.contains(s), qPrintable(s));
            seen << s;
        }
        QVERIFY(KeychainAnswer::sentence(Kind::NoAnswer, 20).contains(QLatin1String("20")));
        QCOMPARE(KeychainAnswer().message(), QString());
    }

    // The session bus is looked for where GLib and libdbus look, and only a socket that
    // something listens on counts (a bus that is gone leaves its socket file behind).
    void aSessionBusIsOneThatListens() {
        QTemporaryDir dir(QStringLiteral("/tmp/om-bus.XXXXXX"));
        QVERIFY(dir.isValid());
        const QByteArray path = QFile::encodeName(dir.filePath(QStringLiteral("bus")));
        const QByteArray savedAddress = qgetenv("DBUS_SESSION_BUS_ADDRESS"), savedRuntime = qgetenv("XDG_RUNTIME_DIR");

        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        qunsetenv("XDG_RUNTIME_DIR");
        QVERIFY(!sessionBusAnswers());
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir.path()));
        QVERIFY(!sessionBusAnswers()); // no socket there
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/om-test-bus");
        QVERIFY(!sessionBusAnswers());

        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        qstrncpy(addr.sun_path, path.constData(), sizeof addr.sun_path);
        QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
        QCOMPARE(::listen(fd, 4), 0);
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + path + ",guid=0123");
        QVERIFY(sessionBusAnswers());
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        QVERIFY(sessionBusAnswers()); // $XDG_RUNTIME_DIR/bus, as dbus-user-session places it
        qputenv("DBUS_SESSION_BUS_ADDRESS", "tcp:host=127.0.0.1,port=1");
        QVERIFY(sessionBusAnswers()); // only a D-Bus client could tell: not said to be missing
        ::close(fd);
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + path);
        QVERIFY(!sessionBusAnswers()); // the socket file stays; nothing listens

        for (const auto &[name, value] : {std::pair{"DBUS_SESSION_BUS_ADDRESS", savedAddress}, std::pair{"XDG_RUNTIME_DIR", savedRuntime}})
            value.isEmpty() ? qunsetenv(name) : qputenv(name, value);
    }
};

OM_TEST_GUILESS_MAIN(TestKeychainAnswer)
#include "tst_keychainanswer.moc"
