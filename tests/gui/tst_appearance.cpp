// SPDX-License-Identifier: GPL-3.0-or-later
// Light and dark (workstation manners): View → Appearance switches every window at
// once and keeps the choice; "Follow the desktop" follows the XDG settings portal over D-Bus (a
// real D-Bus peer connection to a portal object in this test); the program's own colours (tiles,
// banners, problem text, JSON, charts) follow the palette and stay readable on both; a report's
// charts stay on white paper; icons are drawn sharp at a 200 % scale.
#include "alerts/levelicon.h"
#include "common/paintedicon.h"
#include "common/tones.h"
#include "core/model/snapshot.h"
#include "core/dashboard/snapshotpoller.h"
#include "dashboard/historychart.h"
#include "dashboard/historycharts.h"
#include "dashboard/statustiles.h"
#include "mainwindow.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "isolatedsettings.h"
#include "testmain.h"
#include "triage/detailpane.h"
#include "triage/jsonhighlighter.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"
#include "windowcontext.h"
#include "workstation/appearance.h"
#include "workstation/desktopcolourscheme.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QDBusConnection>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusServer>
#include <QFrame>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QTableView>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QVBoxLayout>

#include <cmath>

using namespace om;
using namespace om::test;

namespace {

const QString kPortalPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString kPortalInterface = QStringLiteral("org.freedesktop.portal.Settings");

/// The desktop's side: the settings portal's Read, answering as xdg-desktop-portal does (the
/// value in a variant in a variant), and its SettingChanged signal.
class PortalSettings : public QObject {
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.portal.Settings")
public:
    uint scheme = 0;
    int reads = 0;
public slots:
    QDBusVariant Read(const QString &group, const QString &key) {
        ++reads;
        if (group != QLatin1String("org.freedesktop.appearance") || key != QLatin1String("color-scheme"))
            return QDBusVariant(QVariant::fromValue(QDBusVariant(QString())));
        return QDBusVariant(QVariant::fromValue(QDBusVariant(scheme)));
    }
};

/// WCAG contrast ratio of two colours (1 to 21).
double contrast(const QColor &a, const QColor &b) {
    const auto luminance = [](const QColor &c) {
        const auto linear = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (qMax(la, lb) + 0.05) / (qMin(la, lb) + 0.05);
}

/// The colour of the first highlighted run of `doc` (a JSON key: each line starts with one).
QColor foregroundOfFirstFormat(const QTextDocument &doc) {
    for (QTextBlock b = doc.firstBlock(); b.isValid(); b = b.next())
        if (const QList<QTextLayout::FormatRange> formats = b.layout()->formats(); !formats.isEmpty())
            return formats.first().format.foreground().color();
    return QColor();
}

/// A pixel just inside a tile's frame (past its 2 px border and rounded corner): its fill;
/// invalid until the tile is there and laid out (a tile made by the first snapshot is laid out
/// an event later).
QColor tileFill(StatusTiles *tiles, const QString &key) {
    QFrame *frame = tiles->findChild<QFrame *>(QStringLiteral("tile_") + key);
    if (!frame || frame->width() < 12 || frame->height() < 12)
        return QColor();
    return frame->grab().toImage().pixelColor(6, 6);
}

Snapshot oldestSnapshot(double ageS) {
    Snapshot s;
    s.serverTime = QDateTime::currentDateTimeUtc();
    s.oldestWaitingAgeS = ageS;
    s.waiting = 1;
    return s;
}

} // namespace

class TestAppearance : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<TestDatabase> m_db;
    QPalette m_platform; ///< the palette before any choice: what Follow the desktop falls back to

    QAction *action(QWidget *window, const char *name) { return window->findChild<QAction *>(QLatin1String(name)); }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path());
        QSettings().remove(QStringLiteral("view/appearance"));
        m_platform = QGuiApplication::palette();
        installTestTranslations(); // OM_LANG=ja: the dark window's screenshot in Japanese
        QVERIFY2(!isDarkPalette(m_platform), "the offscreen platform's palette is light");
    }

    // Every colour the program chooses itself is readable on both palettes: text at 4.5:1 (WCAG
    // AA) against the ground it is drawn on, grey "not current" numbers at 3:1.
    void toneColoursAreReadableOnBothPalettes() {
        const QPalette light = QApplication::style()->standardPalette();
        const QPalette dark = Appearance::darkPalette();
        QVERIFY(!isDarkPalette(light));
        QVERIFY(isDarkPalette(dark));
        for (const QPalette &p : {light, dark}) {
            const QString which = isDarkPalette(p) ? QStringLiteral("dark") : QStringLiteral("light");
            const auto check = [&](Tone tone, QPalette::ColorRole ground, double least) {
                const double c = contrast(toneColour(tone, p), p.color(ground));
                QVERIFY2(c >= least, qPrintable(QStringLiteral("%1: tone %2 on role %3: %4").arg(which).arg(int(tone)).arg(int(ground)).arg(c)));
            };
            for (Tone t : {Tone::ProblemText, Tone::NotLiveText})
                check(t, QPalette::Window, 4.5);
            for (Tone t : {Tone::AttentionText, Tone::JsonKey, Tone::JsonString, Tone::JsonNumber, Tone::JsonLiteral})
                check(t, QPalette::Base, 4.5);
            check(Tone::MutedText, QPalette::Base, 3.0);
            // Banners and tiles: the palette's own text on the fill.
            for (Tone fill : {Tone::WarningFill, Tone::CriticalFill, Tone::StaleFill}) {
                const double c = contrast(p.color(QPalette::WindowText), toneColour(fill, p));
                QVERIFY2(c >= 4.5, qPrintable(QStringLiteral("%1: text on fill %2: %3").arg(which).arg(int(fill)).arg(c)));
            }
            QVERIFY(contrast(toneColour(Tone::NoteText, p), toneColour(Tone::NoteFill, p)) >= 4.5);
            QVERIFY(contrast(p.color(QPalette::Text), p.color(QPalette::Base)) >= 4.5);
        }
        // The program's own dark palette: every text role on its ground, enabled and disabled.
        const auto atLeast = [&dark](QPalette::ColorGroup g, QPalette::ColorRole text, QPalette::ColorRole ground, double least) {
            const double c = contrast(dark.color(g, text), dark.color(g, ground));
            QVERIFY2(c >= least, qPrintable(QStringLiteral("group %1 role %2 on %3: %4").arg(int(g)).arg(int(text)).arg(int(ground)).arg(c)));
        };
        for (QPalette::ColorGroup g : {QPalette::Active, QPalette::Inactive}) {
            atLeast(g, QPalette::WindowText, QPalette::Window, 7);
            atLeast(g, QPalette::Text, QPalette::Base, 7);
            atLeast(g, QPalette::ButtonText, QPalette::Button, 7);
            atLeast(g, QPalette::HighlightedText, QPalette::Highlight, 4.5);
            atLeast(g, QPalette::ToolTipText, QPalette::ToolTipBase, 7);
            atLeast(g, QPalette::Link, QPalette::Base, 4.5);
            atLeast(g, QPalette::PlaceholderText, QPalette::Base, 4.5);
        }
        // Disabled text is meant to recede, but must still be legible (3:1).
        atLeast(QPalette::Disabled, QPalette::Text, QPalette::Base, 3);
        atLeast(QPalette::Disabled, QPalette::WindowText, QPalette::Window, 3);
    }

    // The menu switches every window at once, the program's own colours follow (tiles, problem
    // text, JSON, charts), the choice is kept, and a report's chart stays on white paper.
    void theMenuSwitchesEveryWindowAndKeepsTheChoice() {
        QMainWindow window;
        Appearance::instance()->addMenuTo(window.menuBar()->addMenu(QStringLiteral("View")));
        QAction *follow = action(&window, "appearanceDesktop");
        QAction *dark = action(&window, "appearanceDark");
        QAction *light = action(&window, "appearanceLight");
        QVERIFY(follow && dark && light);
        QVERIFY(follow->isChecked());
        QVERIFY2(follow->text().contains(QStringLiteral("system palette")), qPrintable(follow->text()));

        auto *tiles = new StatusTiles;
        tiles->setThresholds({{QStringLiteral("oldest"), Threshold{300, 1800}}});
        tiles->showSnapshot(oldestSnapshot(3600)); // an hour: critical
        auto *problem = new QLabel(QStringLiteral("The reason is required."));
        setProblemLook(problem);
        auto *central = new QWidget;
        auto *layout = new QVBoxLayout(central);
        layout->addWidget(tiles);
        layout->addWidget(problem);
        auto *chart = new HistoryChart(QStringLiteral("Open messages"), [](double v) { return QString::number(v); });
        layout->addWidget(chart);
        window.setCentralWidget(central);
        QTextDocument json;
        json.setPlainText(QStringLiteral("\"key\": 1"));
        JsonHighlighter highlighter(&json);
        window.resize(800, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(tiles->tileLevel(QStringLiteral("oldest")), 2);
        QTRY_COMPARE(tileFill(tiles, QStringLiteral("oldest")), toneColour(Tone::CriticalFill, m_platform));

        QSignalSpy applied(Appearance::instance(), &Appearance::applied);
        dark->trigger();
        QCOMPARE(applied.count(), 1);
        QVERIFY(dark->isChecked() && !follow->isChecked());
        QVERIFY(Appearance::instance()->isDark());
        const QPalette darkNow = QGuiApplication::palette();
        // Windows take the application's palette as Qt delivers its change event to them.
        QTRY_COMPARE(window.palette().color(QPalette::Window), Appearance::darkPalette().color(QPalette::Window));
        QTRY_COMPARE(tileFill(tiles, QStringLiteral("oldest")), toneColour(Tone::CriticalFill, darkNow));
        QVERIFY2(problem->styleSheet().contains(toneColour(Tone::ProblemText, darkNow).name()), qPrintable(problem->styleSheet()));
        QCOMPARE(foregroundOfFirstFormat(json), toneColour(Tone::JsonKey, darkNow));
        QCOMPARE(chart->chart()->backgroundBrush().color(), darkNow.color(QPalette::Base));
        QCOMPARE(QSettings().value(QStringLiteral("view/appearance")).toString(), QStringLiteral("dark"));
        // The report's copy of a chart is drawn for paper, not for the screen.
        const QImage paper = HistoryCharts::toImage(chart, QSize(400, 200));
        QCOMPARE(paper.pixelColor(4, 4), QColor(Qt::white));
        // ... and the chart on screen is dark again after the report drew its copy.
        chart->setLook(QGuiApplication::palette());

        // A window opened later is dark from the start.
        QMainWindow later;
        Appearance::instance()->addMenuTo(later.menuBar()->addMenu(QStringLiteral("View")));
        QVERIFY(action(&later, "appearanceDark")->isChecked());

        light->trigger();
        QVERIFY(!Appearance::instance()->isDark());
        QVERIFY(action(&later, "appearanceLight")->isChecked()); // the other window's menu follows
        const QPalette lightNow = QGuiApplication::palette();
        QTRY_COMPARE(tileFill(tiles, QStringLiteral("oldest")), toneColour(Tone::CriticalFill, lightNow));
        QVERIFY(problem->styleSheet().contains(toneColour(Tone::ProblemText, lightNow).name()));
        QCOMPARE(foregroundOfFirstFormat(json), toneColour(Tone::JsonKey, lightNow));
        QCOMPARE(chart->chart()->backgroundBrush().color(), lightNow.color(QPalette::Base));
        QCOMPARE(QSettings().value(QStringLiteral("view/appearance")).toString(), QStringLiteral("light"));

        // Follow the desktop, with no desktop that says anything: the platform's own palette.
        follow->trigger();
        QCOMPARE(QGuiApplication::palette().color(QPalette::Window), m_platform.color(QPalette::Window));
        QCOMPARE(QGuiApplication::palette().color(QPalette::Text), m_platform.color(QPalette::Text));
        QCOMPARE(QSettings().value(QStringLiteral("view/appearance")).toString(), QStringLiteral("desktop"));
    }

    // A portal that is not there, or that does not know the key, changes nothing.
    void noPortalLeavesThePlatformPalette() {
        DesktopColourScheme none(QDBusConnection(QStringLiteral("om-test-no-bus")), QStringLiteral("org.freedesktop.portal.Desktop"));
        QSignalSpy changed(&none, &DesktopColourScheme::schemeChanged);
        none.start();
        QCOMPARE(none.scheme(), DesktopColourScheme::Scheme::Unknown);

        QDBusServer server(QStringLiteral("unix:tmpdir=") + m_dir.path());
        QVERIFY2(server.isConnected(), qPrintable(server.lastError().message()));
        QDBusConnection client = QDBusConnection::connectToPeer(server.address(), QStringLiteral("om-test-empty-peer"));
        QVERIFY(client.isConnected());
        DesktopColourScheme silent(client, QString()); // no portal object on the other side
        QSignalSpy silentChanged(&silent, &DesktopColourScheme::schemeChanged);
        silent.start();
        QTest::qWait(300); // the bus answers "no such object" quickly; no change may follow
        QCOMPARE(silent.scheme(), DesktopColourScheme::Scheme::Unknown);
        QCOMPARE(changed.count() + silentChanged.count(), 0);
        QVERIFY(!Appearance::instance()->isDark());
        QDBusConnection::disconnectFromPeer(QStringLiteral("om-test-empty-peer"));
    }

    // Follow the desktop: the portal's answer, and every change it announces, while the choice is
    // to follow; a fixed choice wins over the desktop; back to following takes the desktop's again.
    void followsTheDesktopsPortal() {
        PortalSettings portal;
        portal.scheme = 1; // prefer dark
        QDBusServer server(QStringLiteral("unix:tmpdir=") + m_dir.path());
        QVERIFY(server.isConnected());
        QDBusConnection desktopSide(QStringLiteral("unset"));
        connect(&server, &QDBusServer::newConnection, this, [&](const QDBusConnection &c) {
            desktopSide = c;
            desktopSide.registerObject(kPortalPath, &portal, QDBusConnection::ExportAllSlots);
        });
        QDBusConnection client = QDBusConnection::connectToPeer(server.address(), QStringLiteral("om-test-portal-peer"));
        QVERIFY(client.isConnected());
        QTRY_VERIFY(desktopSide.isConnected());

        QMainWindow window;
        Appearance::instance()->addMenuTo(window.menuBar()->addMenu(QStringLiteral("View")));
        QAction *follow = action(&window, "appearanceDesktop");
        QVERIFY(follow->isChecked());
        auto *desktop = new DesktopColourScheme(client, QString(), &window);
        Appearance::instance()->follow(desktop);
        QTRY_VERIFY(Appearance::instance()->isDark());
        QCOMPARE(portal.reads, 1);
        QCOMPARE(desktop->scheme(), DesktopColourScheme::Scheme::Dark);
        QVERIFY2(follow->text().contains(QStringLiteral("dark now")), qPrintable(follow->text()));

        const auto announce = [&](uint scheme) {
            QDBusMessage changed = QDBusMessage::createSignal(kPortalPath, kPortalInterface, QStringLiteral("SettingChanged"));
            changed << QStringLiteral("org.freedesktop.appearance") << QStringLiteral("color-scheme")
                    << QVariant::fromValue(QDBusVariant(scheme));
            QVERIFY(desktopSide.send(changed));
        };
        announce(2); // the desktop turned light
        QTRY_VERIFY(!Appearance::instance()->isDark());
        QVERIFY(follow->text().contains(QStringLiteral("light now")));

        announce(1);
        QTRY_VERIFY(Appearance::instance()->isDark());
        // Light chosen: the desktop's dark does not override it, and its next change neither.
        action(&window, "appearanceLight")->trigger();
        QVERIFY(!Appearance::instance()->isDark());
        announce(0);
        QTRY_COMPARE(desktop->scheme(), DesktopColourScheme::Scheme::NoPreference);
        announce(1);
        QTRY_COMPARE(desktop->scheme(), DesktopColourScheme::Scheme::Dark);
        QVERIFY(!Appearance::instance()->isDark());
        // Back to following: dark, as the desktop says now.
        follow->trigger();
        QVERIFY(Appearance::instance()->isDark());
        announce(2);
        QTRY_VERIFY(!Appearance::instance()->isDark());
        QDBusConnection::disconnectFromPeer(QStringLiteral("om-test-portal-peer"));
    }

    // The icons the program draws are drawn at the size and scale asked, not scaled up from a
    // small pixmap: at 200 % a 16 px swatch is a 32 px pixmap whose edge is one sharp line.
    void iconsAreSharpAtTwiceTheScale() {
        const QColor production(0xc8, 0x23, 0x33);
        for (const QIcon &icon : {swatchIcon(production), levelIcon(2), applicationIcon()}) {
            const QPixmap pm = icon.pixmap(QSize(16, 16), 2.0);
            QCOMPARE(pm.size(), QSize(32, 32));
            QCOMPARE(pm.devicePixelRatio(), 2.0);
            QVERIFY(pm.toImage().pixelColor(16, 16).alpha() > 0); // something drawn in the middle
        }
        // The swatch at 200 %: its middle is exactly the colour, its corner transparent or edge.
        const QImage swatch = swatchIcon(production).pixmap(QSize(16, 16), 2.0).toImage();
        QCOMPARE(swatch.pixelColor(16, 16), production);
        QCOMPARE(swatch.pixelColor(8, 16), production); // a scaled-up 14 px pixmap blurred here
        // The tray's level icon is the level's colour in the middle at any size.
        for (int size : {16, 22, 24, 48})
            QCOMPARE(levelIcon(2).pixmap(QSize(size, size), 2.0).toImage().pixelColor(size, size), levelColour(2));
    }

    // A window against a real database, dark: the critical tile in the dark critical fill, and
    // the screenshots of the dashboard (in English and Japanese, with OM_SCREENSHOT_DIR).
    void darkWindowAgainstADatabase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        m_db->exec("TRUNCATE app_outbox");
        m_db->exec(R"(INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, created_at)
                      SELECT 'order-' || g, 'OrderPlaced', 'billing', '{"order": ' || g || ', "total": 12.5, "paid": false}',
                             CASE WHEN g <= 40 THEN 'PENDING' WHEN g <= 52 THEN 'FAILED' ELSE 'SENT' END,
                             now() - make_interval(mins => g)
                      FROM generate_series(1, 200) g)");
        Appearance::instance()->setChoice(Appearance::Choice::Dark);
        MainWindow w(windowContext(m_db->connectionString(), "app_outbox", QStringLiteral("orders")));
        w.resize(1280, 800);
        w.show();
        QSignalSpy snaps(w.poller(), &SnapshotPoller::snapshotReady);
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() >= 1, 10000);
        QCOMPARE(w.tiles()->tileLevel(QStringLiteral("oldest")), 2); // 40 minutes: past 30
        QTRY_COMPARE(tileFill(w.tiles(), QStringLiteral("oldest")), toneColour(Tone::CriticalFill, Appearance::darkPalette()));
        QVERIFY(isDarkPalette(w.palette()));
        if (screenshotsWanted()) {
            QTest::qWait(1500); // the charts' first layout
            saveScreenshot(&w, QStringLiteral("dark-dashboard"));
        }
        // Triage, a failed message open: its payload's JSON in the dark palette's colours.
        w.tabs()->setCurrentWidget(w.triageView());
        ListFilter failed;
        failed.view = ListFilter::View::All;
        failed.states = {QStringLiteral("FAILED")};
        w.triageView()->applyFilter(failed);
        MessageListModel *list = w.triageView()->model();
        QTRY_VERIFY_WITH_TIMEOUT(!list->isLoading() && list->rowCount() > 0, 15000);
        w.triageView()->table()->selectRow(0);
        QTRY_VERIFY_WITH_TIMEOUT(w.triageView()->detailPane()->payloadText().contains(QStringLiteral("\"order\"")), 15000);
        auto *payload = w.triageView()->detailPane()->findChild<QPlainTextEdit *>(QStringLiteral("payload"));
        QVERIFY(payload);
        QTRY_COMPARE(foregroundOfFirstFormat(*payload->document()), toneColour(Tone::JsonKey, Appearance::darkPalette()));
        if (screenshotsWanted()) {
            QTest::qWait(500);
            saveScreenshot(&w, QStringLiteral("dark-triage"));
        }
        Appearance::instance()->setChoice(Appearance::Choice::FollowDesktop);
    }
};

OM_TEST_MAIN(TestAppearance)
#include "tst_appearance.moc"
