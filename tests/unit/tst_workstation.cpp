// SPDX-License-Identifier: GPL-3.0-or-later
// Who ran an action, as the audit row records it: the OS account and host, also when the
// environment does not name the user (services, containers).
#include "core/model/actionrequest.h"
#include "testmain.h"

#include <QCoreApplication>
#include <QTest>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

using namespace om;

class TestWorkstation : public QObject {
    Q_OBJECT
private slots:
    void environmentUserComesFirst() {
        qputenv("USER", "ops_tanaka");
        ActionRequest r;
        r.fillWorkstation();
        QCOMPARE(r.osUser, QStringLiteral("ops_tanaka"));
        QVERIFY(!r.host.isEmpty());
    }

    void withoutUserInTheEnvironmentTheAccountIsNamed() {
#ifndef Q_OS_UNIX
        OM_SKIP("the account lookup is for Unix");
#else
        for (const char *name : {"USER", "LOGNAME", "USERNAME"})
            qunsetenv(name);
        ActionRequest r;
        r.fillWorkstation();
        const passwd *pw = getpwuid(geteuid());
        QVERIFY(pw);
        QCOMPARE(r.osUser, QString::fromLocal8Bit(pw->pw_name));
#endif
    }
};

OM_TEST_GUILESS_MAIN(TestWorkstation)
#include "tst_workstation.moc"
