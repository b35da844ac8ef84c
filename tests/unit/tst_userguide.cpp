// SPDX-License-Identifier: GPL-3.0-or-later
// Where Help → User guide finds the guide: the installed copy beside the program's prefix first,
// else the source tree's docs/ (a build run in place), else nothing.
#include "core/common/userguide.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace om;

namespace {

bool touch(const QString &path) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write("# User guide\n") > 0;
}

} // namespace

class TestUserGuide : public QObject {
    Q_OBJECT
private slots:
    void installedGuideComesFirst() {
        QTemporaryDir prefix, source;
        const QString installed = prefix.filePath(QStringLiteral("share/doc/outbox-monitor/user-guide.md"));
        QVERIFY(touch(installed));
        QVERIFY(touch(source.filePath(QStringLiteral("docs/user-guide.md"))));
        QVERIFY(QDir(prefix.path()).mkpath(QStringLiteral("bin")));
        QCOMPARE(userGuideFile(prefix.filePath(QStringLiteral("bin")), source.filePath(QStringLiteral("docs"))),
                 QDir::cleanPath(installed));
    }

    void aBuildRunInPlaceTakesTheSourceTreesGuide() {
        QTemporaryDir build, source;
        const QString guide = source.filePath(QStringLiteral("docs/user-guide.md"));
        QVERIFY(touch(guide));
        QCOMPARE(userGuideFile(build.path(), source.filePath(QStringLiteral("docs"))), QDir::cleanPath(guide));
    }

    void noGuideIsEmpty() {
        QTemporaryDir build, source;
        QCOMPARE(userGuideFile(build.path(), source.filePath(QStringLiteral("docs"))), QString());
        QCOMPARE(userGuideFile(build.path(), QString()), QString());
    }

    void thisSourceTreeHasItsGuide() {
        // The guide the window opens from a build: docs/user-guide.md of this checkout.
        const QString found = userGuideFile(QStringLiteral(OM_BUILD_DIR), QStringLiteral(OM_SOURCE_DIR "/docs"));
        QCOMPARE(found, QDir::cleanPath(QStringLiteral(OM_SOURCE_DIR "/docs/user-guide.md")));
    }
};

OM_TEST_GUILESS_MAIN(TestUserGuide)
#include "tst_userguide.moc"
