// SPDX-License-Identifier: GPL-3.0-or-later
// GUI benchmark (scripts/bench gui; not a timed test): the real MainWindow, offscreen, against the
// demo database, measuring how late the GUI thread's event loop runs while
//   - the network stops answering (a loopback proxy that accepts but stops forwarding, like a
//     dropped VPN) and the operator types into Triage's key filter, every keystroke cancelling
//     the query before it;
//   - the window is closed while the network is still frozen;
//   - the operator scrolls Triage's "All messages" list 100,000 rows deep;
// and the window's memory over a compressed soak (a refresh every 200 ms, views switched all the
// time). Prints one `gui:` line; the per-minute RSS curve goes before it.
//
// Lateness is measured by a 5 ms precise timer on the GUI thread: every tick later than its due
// time by X ms means the event loop could not run for X ms (typing, painting and the clock stop).
#include "appcontext.h"
#include "core/common/heaptrimmer.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/profile/schemaprofile.h"
#include "dashboard/dashboardview.h"
#include "freezingproxy.h"
#include "mainwindow.h"
#include "processmemory.h"
#include "stallmonitor.h"
#include "pg/gateway.h"
#include "triage/filterbar.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <memory>

using namespace om;
using om::bench::loadAverage;
using om::bench::StallMonitor;
using om::test::rssKb;

namespace {

struct Options {
    QString database;
    QString profileId = QStringLiteral("app_outbox");
    int scrollRows = 100000;
    int soakMinutes = 30;
    int soakIntervalMs = 200;
    bool soakOnly = false;  ///< skip the frozen and scroll scenarios (a heap profile of the soak alone)
    bool keepAtEnd = false; ///< leave without destroying anything: a heap profiler's "leaked" is then the live heap
};

/// The window as the application builds it (windowcommand.cpp), on `connInfo`.
std::unique_ptr<MainWindow> openWindow(const QString &connInfo, const Options &o) {
    GatewayConfig config;
    config.connInfo = connInfo;
    AppContext ctx;
    ctx.gateway = new Gateway(config);
    ctx.profile = *SchemaProfile::builtIn(o.profileId);
    ctx.connectionLabel = QStringLiteral("bench");
    ctx.connectionKey = QStringLiteral("bench/") + o.profileId;
    auto window = std::make_unique<MainWindow>(ctx);
    window->resize(1440, 900);
    window->show();
    return window;
}

QString directConnInfo(const Options &o) {
    return QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=%3")
        .arg(qEnvironmentVariable("PGPORT"), qEnvironmentVariable("PGUSER", QStringLiteral("postgres")), o.database);
}

int triageTab(MainWindow &w) { return w.tabs()->indexOf(w.triageView()); }

/// Triage on "All messages" with no filter (a filter typed in an earlier scenario is restored
/// from the settings otherwise), until its first page is in.
bool waitForFirstPage(MainWindow &w) {
    w.setTabIndex(triageTab(w));
    w.triageView()->applyFilter(ListFilter{});
    return QTest::qWaitFor([&w] { return w.triageView()->model()->rowCount() > 0; }, 30000);
}

struct FrozenResult {
    double idleMaxMs = 0, idleP99Ms = 0; ///< the same window before the freeze: this machine's noise floor
    double stallMaxMs = 0, stallP99Ms = 0, detectS = -1, boundS = 0;
    double idleOwnMaxMs = 0, stallOwnMaxMs = 0, stallOwnP99Ms = 0; ///< less the waits for a CPU
    double worstStallAtS = 0;                                      ///< when the worst stall ended, seconds after the freeze
    qint64 closeMs = -1;
};

/// Freezes the proxy with Triage open, types 40 characters into the key filter (one each 150 ms),
/// waits until the dashboard declares the server not answering, then closes the window.
FrozenResult frozenTypingAndClose(const Options &o) {
    FrozenResult r;
    om::test::FreezingProxy proxy(QHostAddress::LocalHost, quint16(qEnvironmentVariableIntValue("PGPORT")));
    auto window = openWindow(proxy.connectionString(o.database), o);
    if (!waitForFirstPage(*window)) {
        std::fprintf(stderr, "bench gui: the first Triage page never came\n");
        return r;
    }
    auto *dashboard = window->findChild<DashboardView *>();
    r.boundS = Gateway::watchdogBoundMs(window->context().gateway->config()) / 1000.0;
    QLineEdit *key = window->triageView()->filterBar()->keyEdit();
    StallMonitor monitor;
    monitor.start();
    QTest::qWait(6000); // live: the dashboard refreshes, the list is there
    monitor.stop();
    r.idleMaxMs = monitor.maxMs();
    r.idleP99Ms = monitor.p99Ms();
    r.idleOwnMaxMs = monitor.ownMaxMs();
    QElapsedTimer sinceFreeze;
    auto declared = [&] {
        if (r.detectS < 0 && dashboard->healthText().contains(QLatin1String("not answering")))
            r.detectS = sinceFreeze.elapsed() / 1000.0;
        return r.detectS >= 0;
    };
    monitor.start();
    proxy.freeze();
    sinceFreeze.start();
    const QString typed = QStringLiteral("MSG-12345-order-shipping-retry-abcdefgh");
    for (QChar c : typed) {
        QTest::keyClick(key, c.toLatin1());
        QTest::qWait(150);
        declared();
    }
    if (!QTest::qWaitFor(declared, int(r.boundS * 1000) + 30000))
        std::fprintf(stderr, "bench gui: the frozen server was never declared not answering\n");
    monitor.stop();
    r.stallMaxMs = monitor.maxMs();
    r.stallP99Ms = monitor.p99Ms();
    r.stallOwnMaxMs = monitor.ownMaxMs();
    r.stallOwnP99Ms = monitor.ownP99Ms();
    r.worstStallAtS = monitor.worstEndMs() / 1000.0;

    QElapsedTimer closing;
    closing.start();
    window->close();
    window.reset();
    r.closeMs = closing.elapsed();
    proxy.release();
    return r;
}

struct ScrollResult {
    double stallMaxMs = 0, stallP99Ms = 0, seconds = 0;
    double stallOwnMaxMs = 0, stallOwnP99Ms = 0; ///< less the waits for a CPU
    int rows = 0;
    double insertMaxMs = 0;     ///< the longest page insertion (the model and the view's handling)
    double scrollCallMaxMs = 0; ///< the longest scrollToBottom()
    int trims = 0;              ///< heap trims during the scroll
    double trimMaxMs = 0;       ///< the longest of them (on its own thread)
    QString worstStallNear;     ///< what the GUI thread did in the worst stall's window
};

/// Scrolls "All messages" to the bottom again and again; every arrival at the bottom fetches the
/// next keyset page, until `scrollRows` rows are in the list.
ScrollResult scrollDeep(const Options &o) {
    ScrollResult r;
    auto window = openWindow(directConnInfo(o), o);
    TriageView *triage = window->triageView();
    if (!waitForFirstPage(*window))
        return r;
    QTableView *table = triage->table();
    MessageListModel *model = triage->model();
    // Triage stops at 20,000 rows ("refine the filter"); the benchmark lifts the cap to measure
    // the GUI thread with a list five times deeper than an operator can reach.
    model->setMaxRows(std::max(model->maxRows(), o.scrollRows));
    StallMonitor monitor;
    // What ran on the GUI thread, with when it started and how long it took, to name the worst
    // stall's cause: page insertions (the model and the view's handling of rowsInserted), the
    // scroll calls and the dashboard's snapshots.
    struct Event {
        double startMs, ms;
        QString what;
    };
    std::vector<Event> events;
    double insertStart = 0;
    QList<QMetaObject::Connection> watching; // cut before the locals they use are gone
    watching << QObject::connect(model, &QAbstractItemModel::rowsAboutToBeInserted, window.get(),
                                 [&] { insertStart = monitor.sinceStartMs(); });
    watching << QObject::connect(model, &QAbstractItemModel::rowsInserted, window.get(), [&] {
        events.push_back({insertStart, monitor.sinceStartMs() - insertStart, QStringLiteral("page insert at %1 rows").arg(model->rowCount())});
        r.insertMaxMs = std::max(r.insertMaxMs, events.back().ms);
    });
    watching << QObject::connect(window->poller(), &SnapshotPoller::snapshotReady, window.get(),
                                 [&] { events.push_back({monitor.sinceStartMs(), 0, QStringLiteral("snapshot handled")}); });
    // The heap trimmer runs on a pool thread, but holds each malloc arena's lock while it trims it,
    // the GUI thread's included: a trim that overlaps a stall is named with it.
    if (auto *trimmer = window->findChild<HeapTrimmer *>())
        watching << QObject::connect(trimmer, &HeapTrimmer::trimmed, window.get(), [&](bool, Qt::HANDLE, double ms) {
            events.push_back({monitor.sinceStartMs() - ms, ms, QStringLiteral("heap trim on its thread")});
            ++r.trims;
            r.trimMaxMs = std::max(r.trimMaxMs, ms);
        });
    QElapsedTimer t;
    t.start();
    monitor.start();
    while (model->rowCount() < o.scrollRows && t.elapsed() < 600000) {
        const int before = model->rowCount();
        const double callStart = monitor.sinceStartMs();
        table->scrollToBottom();
        events.push_back({callStart, monitor.sinceStartMs() - callStart, QStringLiteral("scrollToBottom at %1 rows").arg(before)});
        r.scrollCallMaxMs = std::max(r.scrollCallMaxMs, events.back().ms);
        if (!QTest::qWaitFor([&] { return model->rowCount() > before; }, 20000))
            break; // the list ended (fewer rows than asked) or a page failed
    }
    monitor.stop();
    for (const QMetaObject::Connection &c : watching)
        QObject::disconnect(c);
    const double worstStart = monitor.worstEndMs() - monitor.maxMs() - StallMonitor::kTickMs;
    QStringList near;
    for (const Event &e : events)
        if (e.startMs + e.ms >= worstStart - 1 && e.startMs <= monitor.worstEndMs() + 1)
            near << QStringLiteral("%1 (%2 ms)").arg(e.what).arg(e.ms, 0, 'f', 1);
    r.worstStallNear = near.isEmpty() ? QStringLiteral("no recorded event") : near.join(QLatin1String(", "));
    r.seconds = t.elapsed() / 1000.0;
    r.rows = model->rowCount();
    r.stallMaxMs = monitor.maxMs();
    r.stallP99Ms = monitor.p99Ms();
    r.stallOwnMaxMs = monitor.ownMaxMs();
    r.stallOwnP99Ms = monitor.ownP99Ms();
    return r;
}

struct SoakResult {
    double startMb = 0, endMb = 0;
    qint64 last10MinGrowthKb = 0;
};

/// Refresh every soakIntervalMs for soakMinutes, switching tab every 3 s and Triage's view every
/// third switch; RSS sampled every 10 s, printed once a minute.
SoakResult soak(const Options &o) {
    SoakResult r;
    auto window = openWindow(directConnInfo(o), o);
    if (!waitForFirstPage(*window))
        std::fprintf(stderr, "bench gui: the soak's first Triage page never came\n");
    window->poller()->setIntervalMs(o.soakIntervalMs);
    QList<QPair<qint64, qint64>> samples; // (ms since start, KiB)
    QElapsedTimer t;
    t.start();
    const qint64 endMs = qint64(o.soakMinutes) * 60000;
    int switches = 0;
    samples.append({0, rssKb()});
    // How long each trim holds the arenas (the GUI thread waits while the main arena is trimmed).
    double trimMaxMs = 0;
    int trims = 0;
    if (auto *trimmer = window->findChild<HeapTrimmer *>())
        QObject::connect(trimmer, &HeapTrimmer::trimmed, window.get(), [&](bool, Qt::HANDLE, double ms) {
            ++trims;
            trimMaxMs = std::max(trimMaxMs, ms);
        });
    while (t.elapsed() < endMs) {
        QTest::qWait(3000);
        window->setTabIndex(++switches % window->tabs()->count());
        if (switches % 3 == 0)
            window->triageView()->setView(ListFilter::View((switches / 3) % 4));
        if (t.elapsed() - samples.last().first >= 10000) {
            samples.append({t.elapsed(), rssKb()});
            if (samples.size() % 6 == 1)
                std::printf("soak: minute=%.0f rss_mb=%.1f heap_trims=%d longest_trim_ms=%.1f\n", t.elapsed() / 60000.0,
                            samples.last().second / 1024.0, trims, trimMaxMs);
            std::fflush(stdout);
        }
    }
    samples.append({t.elapsed(), rssKb()});
    r.startMb = samples.first().second / 1024.0;
    r.endMb = samples.last().second / 1024.0;
    const qint64 tenMinBefore = samples.last().first - 600000;
    auto from = std::find_if(samples.begin(), samples.end(), [&](const auto &s) { return s.first >= tenMinBefore; });
    r.last10MinGrowthKb = samples.last().second - from->second;
    if (o.keepAtEnd)
        (void)window.release(); // still live when main() leaves through _Exit
    return r;
}

Options parse(const QApplication &app) {
    QCommandLineParser p;
    p.addOptions({{"database", "database name (host, port, user from PG*)", "name"},
                  {"profile", "built-in profile id", "id", "app_outbox"},
                  {"scroll-rows", "rows to scroll through", "n", "100000"},
                  {"soak-minutes", "soak length", "min", "30"},
                  {"soak-interval-ms", "refresh interval during the soak", "ms", "200"},
                  {"soak-only", "run the soak alone (e.g. under heaptrack)"},
                  {"keep-at-end", "with --soak-only: exit at the soak's end without destroying the window, so that "
                                  "heaptrack's leaks are what was live then (compare a short and a long soak)"}});
    p.process(app);
    Options o;
    o.database = p.value("database");
    o.profileId = p.value("profile");
    o.scrollRows = p.value("scroll-rows").toInt();
    o.soakMinutes = p.value("soak-minutes").toInt();
    o.soakIntervalMs = p.value("soak-interval-ms").toInt();
    o.soakOnly = p.isSet("soak-only");
    o.keepAtEnd = p.isSet("keep-at-end");
    return o;
}

} // namespace

int main(int argc, char **argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const Options o = parse(app);
    if (o.database.isEmpty() || !SchemaProfile::builtIn(o.profileId)) {
        std::fprintf(stderr, "bench gui: --database NAME and a built-in --profile are needed\n");
        return 2;
    }
    if (o.soakOnly) {
        const SoakResult k = soak(o);
        std::printf("gui: soak_minutes=%d soak_rss_start_mb=%.1f soak_rss_end_mb=%.1f soak_rss_last10min_growth_kb=%lld\n",
                    o.soakMinutes, k.startMb, k.endMb, k.last10MinGrowthKb);
        std::fflush(stdout);
        if (o.keepAtEnd) {
            QThread::msleep(200); // heaptrack's writer flushes on its own timer
            std::_Exit(0);
        }
        return 0;
    }
    const FrozenResult f = frozenTypingAndClose(o);
    std::printf("idle: the same window live, before the freeze: stall max %.1f ms (%.1f ms less waits for a CPU), p99 %.1f ms\n",
                f.idleMaxMs, f.idleOwnMaxMs, f.idleP99Ms);
    std::printf("frozen: typing stall max %.1f ms (%.1f s after the freeze; %.1f ms less waits for a CPU), p99 %.1f ms; declared not "
                "answering after %.1f s (bound %.1f s); closed in %lld ms\n",
                f.stallMaxMs, f.worstStallAtS, f.stallOwnMaxMs, f.stallP99Ms,
                f.detectS, f.boundS, f.closeMs);
    const ScrollResult s = scrollDeep(o);
    std::printf("scroll: %d rows in %.1f s, stall max %.1f ms (%.1f ms less waits for a CPU), p99 %.1f ms; longest page insert %.1f ms, longest scroll call "
                "%.1f ms; %d heap trim(s), longest %.1f ms; during the worst stall: %s\n",
                s.rows, s.seconds, s.stallMaxMs, s.stallOwnMaxMs, s.stallP99Ms, s.insertMaxMs, s.scrollCallMaxMs,
                s.trims, s.trimMaxMs, qPrintable(s.worstStallNear));
    std::fflush(stdout);
    const SoakResult k = soak(o);
    std::printf("gui: idle_stall_max_ms=%.1f frozen_stall_max_ms=%.1f frozen_stall_p99_ms=%.1f close_ms=%lld scroll_stall_max_ms=%.1f "
                "scroll_stall_p99_ms=%.1f own_idle_stall_max_ms=%.1f own_frozen_stall_max_ms=%.1f own_scroll_stall_max_ms=%.1f "
                "load_avg=%.1f scroll_rows=%d detect_frozen_s=%.1f detect_bound_s=%.1f soak_minutes=%d "
                "soak_rss_start_mb=%.1f soak_rss_end_mb=%.1f soak_rss_last10min_growth_kb=%lld\n",
                f.idleMaxMs, f.stallMaxMs, f.stallP99Ms, f.closeMs, s.stallMaxMs, s.stallP99Ms, f.idleOwnMaxMs, f.stallOwnMaxMs,
                s.stallOwnMaxMs, loadAverage(), s.rows, f.detectS, f.boundS,
                o.soakMinutes, k.startMb, k.endMb, k.last10MinGrowthKb);
    return 0;
}
