// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How late the GUI thread's event loop runs (scripts/bench gui and fleet): a 5 ms precise timer's
// lateness, as measured and less the time the thread waited for a CPU, and the machine's load to
// read it against.
#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QList>
#include <QObject>
#include <QTimer>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace om::bench {

/// Time a thread has spent runnable but waiting for a CPU (Linux schedstat, second field), in ns.
/// On a shared machine most of a tick's lateness can be that: another process had the core, not
/// our event loop being busy or blocked. The file is opened once, by the thread it describes, and
/// read again from its start: opening and reading it with QFile at every 5 ms tick cost about 2 %
/// of a core, more than the fleet overview that the probe measures.
class RunQueueClock {
public:
    /// For the calling thread.
    RunQueueClock() : m_fd(::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)) {}
    ~RunQueueClock() {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    RunQueueClock(const RunQueueClock &) = delete;
    RunQueueClock &operator=(const RunQueueClock &) = delete;

    /// -1 when the kernel does not keep it.
    qint64 waitedNs() const {
        char buf[128];
        const ssize_t n = m_fd >= 0 ? ::pread(m_fd, buf, sizeof buf - 1, 0) : -1;
        if (n <= 0)
            return -1;
        buf[n] = '\0';
        const char *second = std::strchr(buf, ' ');
        char *end = nullptr;
        const long long ns = second ? std::strtoll(second + 1, &end, 10) : -1;
        return second && end != second + 1 ? qint64(ns) : -1;
    }

private:
    int m_fd;
};

/// The machine's one-minute load average (Linux), to read the stalls against; -1 when unknown.
inline double loadAverage() {
    QFile f(QStringLiteral("/proc/loadavg"));
    bool ok = false;
    const double v = f.open(QIODevice::ReadOnly) ? f.readAll().split(' ').value(0).toDouble(&ok) : -1;
    return ok ? v : -1;
}

/// How late a 5 ms timer on the GUI thread fires: the event loop's stalls. Each tick's lateness is
/// kept twice: as measured (wall clock), and "own": less the time the thread waited for a CPU in
/// the same interval, which is the machine's load, not the program (the stall that the program's
/// own work or a blocking wait on the GUI thread causes stays in full).
class StallMonitor : public QObject {
public:
    static constexpr int kTickMs = 5;

    StallMonitor() {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(kTickMs);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            const qint64 waited = m_runQueue ? m_runQueue->waitedNs() : -1;
            const double late = std::max<double>(0, (now - m_last) / 1e6 - kTickMs);
            const double queued = (waited >= 0 && m_lastWaited >= 0) ? (waited - m_lastWaited) / 1e6 : 0;
            m_lateMs.push_back(late);
            m_ownLateMs.push_back(std::max<double>(0, late - queued));
            if (late > m_worstMs) {
                m_worstMs = late;
                m_worstEndMs = now / 1e6;
            }
            m_last = now;
            m_lastWaited = waited;
        });
    }
    void start() {
        m_lateMs.clear();
        m_ownLateMs.clear();
        m_worstMs = m_worstEndMs = 0;
        m_clock.start();
        m_last = 0;
        if (!m_runQueue) // opened by the thread that runs the timer
            m_runQueue = std::make_unique<RunQueueClock>();
        m_lastWaited = m_runQueue->waitedNs();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    double maxMs() const { return maxOf(m_lateMs); }
    double p99Ms() const { return p99Of(m_lateMs); }
    /// The same, less the time spent waiting for a CPU (equal to maxMs() where the kernel keeps no schedstat).
    double ownMaxMs() const { return maxOf(m_ownLateMs); }
    double ownP99Ms() const { return p99Of(m_ownLateMs); }

    /// When the worst stall ended, in ms since start(), on the clock of sinceStartMs().
    double worstEndMs() const { return m_worstEndMs; }
    double sinceStartMs() const { return m_clock.nsecsElapsed() / 1e6; }

private:
    static double maxOf(const std::vector<double> &v) { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }
    static double p99Of(std::vector<double> v) {
        if (v.empty())
            return 0;
        const size_t k = std::min(v.size() - 1, size_t(double(v.size()) * 0.99));
        std::nth_element(v.begin(), v.begin() + qsizetype(k), v.end());
        return v[k];
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    std::unique_ptr<RunQueueClock> m_runQueue;
    double m_worstMs = 0, m_worstEndMs = 0;
    qint64 m_last = 0, m_lastWaited = -1;
    std::vector<double> m_lateMs, m_ownLateMs;
};

} // namespace om::bench
