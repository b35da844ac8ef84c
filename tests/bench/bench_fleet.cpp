// SPDX-License-Identifier: GPL-3.0-or-later
// Fleet benchmark (scripts/bench fleet; not a timed test): the fleet overview offscreen over many
// databases with live workloads, each polled every 5 s by its own member, for a few minutes.
// Measures what the program costs the workstation while it watches them: CPU time of the whole
// process (all its threads) over wall time, the GUI thread's worst stall (a 5 ms timer's
// lateness, also less the time it waited for a CPU), each refresh's round trip (p95), and RSS.
// Prints one `fleet:` line.
#include "core/fleet/fleetmember.h"
#include "fleet/fleetwindow.h"
#include "processmemory.h"
#include "stallmonitor.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>

using namespace om;

namespace {

/// CPU time this process has used (user + system, all threads), in ms.
double cpuMs() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000.0 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000.0;
}

double p95(std::vector<double> v) {
    if (v.empty())
        return -1;
    const size_t k = std::min(v.size() - 1, size_t(double(v.size()) * 0.95));
    std::nth_element(v.begin(), v.begin() + qsizetype(k), v.end());
    return v[k];
}

/// How often waitFor() looks at its condition.
constexpr int kPollMs = 100;

/// Runs the event loop until `done` holds or `ms` pass; false on the timeout. The loop sleeps
/// while no event is due. Not processEvents(flags, maxtime) in a loop: that overload never waits
/// for an event, so the loop spun the GUI thread at up to a whole core, and the benchmark counted
/// that as the program's CPU (25-86 % of a core, depending on what else the machine ran).
bool waitFor(const std::function<bool()> &done, int ms) {
    if (done())
        return true;
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&loop, &done] {
        if (done())
            loop.quit();
    });
    poll.start(kPollMs);
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
    return done();
}

} // namespace

int main(int argc, char **argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser p;
    QCommandLineOption databases("databases", "Comma-separated database names (PGHOST/PGPORT/PGUSER apply).", "names");
    QCommandLineOption seconds("seconds", "How long to measure.", "s", "300");
    QCommandLineOption interval("interval-ms", "Each database's refresh interval.", "ms", "5000");
    QCommandLineOption profile("profile", "The built-in profile of every database.", "id", "app_outbox");
    QCommandLineOption noProbe("no-stall-probe",
                               "Without the GUI stall probe: its 5 ms timer alone costs about 2 % of a core, "
                               "a large part of what is measured (the stalls print -1).");
    p.addOptions({databases, seconds, interval, profile, noProbe});
    p.addHelpOption();
    p.process(app);
    const QStringList names = p.value(databases).split(',', Qt::SkipEmptyParts);
    if (names.isEmpty()) {
        std::fprintf(stderr, "bench_fleet: --databases is required\n");
        return 2;
    }
    QList<FleetMember::Setup> setups;
    for (const QString &name : names) {
        FleetMember::Setup s;
        s.connection.name = name;
        s.connection.connInfo = QStringLiteral("dbname=%1").arg(name);
        s.connection.profile = p.value(profile);
        s.connection.environment = Environment::Production;
        s.profile = SchemaProfile::builtIn(p.value(profile));
        s.intervalMs = p.value(interval).toInt();
        setups << s;
    }

    FleetWindow window(setups);
    window.show();
    std::vector<double> roundTrips;
    bool measuring = false;
    for (FleetMember *m : window.members())
        QObject::connect(m, &FleetMember::changed, &window, [m, &roundTrips, &measuring] {
            if (measuring && m->reading().health == FleetReading::Health::Up && m->msSinceSnapshot() < 100)
                roundTrips.push_back(double(m->reading().roundTripMs));
        });
    const auto allUp = [&window] {
        for (FleetMember *m : window.members())
            if (m->reading().health != FleetReading::Health::Up)
                return false;
        return true;
    };
    if (!waitFor(allUp, 60000)) {
        std::fprintf(stderr, "bench_fleet: not every database answered within 60 s: %s\n", qPrintable(window.summaryText()));
        return 1;
    }

    // Measured from here: every member connected, its first (rare-count) check done.
    bench::StallMonitor stalls;
    const bool probing = !p.isSet(noProbe);
    if (probing)
        stalls.start();
    measuring = true;
    const double cpuStart = cpuMs();
    QElapsedTimer wall;
    wall.start();
    qint64 rssMaxKb = test::rssKb();
    QTimer rssProbe;
    QObject::connect(&rssProbe, &QTimer::timeout, [&rssMaxKb] { rssMaxKb = qMax(rssMaxKb, test::rssKb()); });
    rssProbe.start(1000);
    const qint64 measureMs = qint64(p.value(seconds).toDouble() * 1000);
    waitFor([&wall, measureMs] { return wall.elapsed() >= measureMs; }, int(measureMs) + 1000);
    measuring = false;
    stalls.stop();
    const double cpuPct = (cpuMs() - cpuStart) / double(wall.elapsed()) * 100.0;
    std::printf("fleet: dbs=%d seconds=%.0f app_cpu_pct=%.2f gui_stall_max_ms=%.1f gui_stall_own_max_ms=%.1f "
                "gui_stall_p99_ms=%.1f refresh_p95_ms=%.1f refreshes=%zu rss_mb=%.1f load=%.2f state=\"%s\"\n",
                int(names.size()), wall.elapsed() / 1000.0, cpuPct, probing ? stalls.maxMs() : -1,
                probing ? stalls.ownMaxMs() : -1, probing ? stalls.p99Ms() : -1,
                p95(roundTrips), roundTrips.size(), rssMaxKb / 1024.0, bench::loadAverage(), qPrintable(window.summaryText()));
    std::fflush(stdout);
    return 0;
}
