// SPDX-License-Identifier: GPL-3.0-or-later
// What TlsFacts claims from what libpq reported (tlsFactsFrom), and which files libpq would
// load (libpqCertificatePath). The same facts from a real TLS server: db/tst_tls.
#include "link/tlsfacts.h"
#include "testmain.h"

#include <QTest>

using namespace om;

Q_DECLARE_METATYPE(om::TlsReadings)

class TestTlsFacts : public QObject {
    Q_OBJECT

    static TlsReadings inUse(const QString &sslMode, bool rootFound = false, bool clientFound = false) {
        TlsReadings r;
        r.inUse = true;
        r.protocol = QStringLiteral("TLSv1.3");
        r.cipher = QStringLiteral("TLS_AES_256_GCM_SHA384");
        r.keyBits = QStringLiteral("256");
        r.sslMode = sslMode;
        r.rootCertificateFound = rootFound;
        r.clientCertificateFound = clientFound;
        return r;
    }

private slots:
    void facts_data() {
        QTest::addColumn<TlsReadings>("readings");
        QTest::addColumn<bool>("serverVerified");
        QTest::addColumn<bool>("hostVerified");
        QTest::addColumn<bool>("clientCertificate");
        QTest::newRow("verify-full") << inUse(QStringLiteral("verify-full"), true, true) << true << true << true;
        QTest::newRow("verify-ca") << inUse(QStringLiteral("verify-ca"), true) << true << false << false;
        QTest::newRow("require, no root certificate") << inUse(QStringLiteral("require")) << false << false << false;
        // libpq checks the chain whenever it found a root certificate, whatever the sslmode.
        QTest::newRow("require, root certificate") << inUse(QStringLiteral("require"), true) << true << false << false;
        QTest::newRow("prefer, root certificate") << inUse(QStringLiteral("prefer"), true) << true << false << false;
        QTest::newRow("prefer, client certificate") << inUse(QStringLiteral("prefer"), false, true) << false << false << true;
    }

    void facts() {
        QFETCH(TlsReadings, readings);
        QFETCH(bool, serverVerified);
        QFETCH(bool, hostVerified);
        QFETCH(bool, clientCertificate);
        const TlsFacts f = tlsFactsFrom(readings);
        QVERIFY(f.inUse);
        QCOMPARE(f.protocol, readings.protocol);
        QCOMPARE(f.cipher, readings.cipher);
        QCOMPARE(f.keyBits, 256);
        QCOMPARE(f.sslMode, readings.sslMode);
        QCOMPARE(f.serverVerified, serverVerified);
        QCOMPARE(f.hostVerified, hostVerified);
        QCOMPARE(f.clientCertificate, clientCertificate);
    }

    // Not encrypted: nothing was verified or offered, whatever files exist and whatever the mode.
    void notInUseClaimsNothing() {
        TlsReadings r = inUse(QStringLiteral("prefer"), true, true);
        r.inUse = false;
        const TlsFacts f = tlsFactsFrom(r);
        QVERIFY(!f.inUse && !f.serverVerified && !f.hostVerified && !f.clientCertificate);
        QCOMPARE(f.sslMode, QStringLiteral("prefer"));
        QCOMPARE(f.protocol, QString());
        QCOMPARE(f.keyBits, 0);
    }

    void unreadableKeyBitsAreZero() {
        TlsReadings r = inUse(QStringLiteral("require"));
        r.keyBits = QString();
        QCOMPARE(tlsFactsFrom(r).keyBits, 0);
    }

    void certificatePaths() {
        QCOMPARE(libpqCertificatePath(QStringLiteral("/etc/ca.pem"), QStringLiteral("/home/ops"), QStringLiteral("root.crt")),
                 QStringLiteral("/etc/ca.pem"));
        QCOMPARE(libpqCertificatePath(QString(), QStringLiteral("/home/ops"), QStringLiteral("root.crt")),
                 QStringLiteral("/home/ops/.postgresql/root.crt"));
        QCOMPARE(libpqCertificatePath(QString(), QString(), QStringLiteral("postgresql.crt")), QString());
    }

    // A session that never connected reads as not encrypted.
    void nullConnection() {
        const TlsFacts f = readTlsFacts(nullptr);
        QVERIFY(!f.inUse);
        QCOMPARE(f.sslMode, QString());
    }
};

OM_TEST_GUILESS_MAIN(TestTlsFacts)
#include "tst_tlsfacts.moc"
