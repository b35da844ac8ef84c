// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Timing helpers shared by the benchmark programs (scripts/bench.d/*): one place for the median
// and the timer, so that every benchmark reports its numbers the same way.
#include <QElapsedTimer>
#include <QList>
#include <algorithm>
#include <functional>

namespace om::bench {

/// The middle value (the upper one of an even count); 0 for none.
inline double median(QList<double> v) {
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v.at(v.size() / 2);
}

/// Wall-clock milliseconds `f` took.
inline double timeMs(const std::function<void()> &f) {
    QElapsedTimer t;
    t.start();
    f();
    return t.nsecsElapsed() / 1e6;
}

/// `f` once to warm up (plans, caches), then `runs` timed runs.
inline QList<double> repeat(int runs, const std::function<void()> &f) {
    f();
    QList<double> ms;
    for (int i = 0; i < runs; ++i)
        ms << timeMs(f);
    return ms;
}

/// As repeat() for a step that times its own statement (returns its ms) or asks to be timed
/// whole (returns < 0).
inline QList<double> repeatTimed(int runs, const std::function<double()> &f) {
    f();
    QList<double> ms;
    for (int i = 0; i < runs; ++i) {
        double own = -1;
        const double whole = timeMs([&] { own = f(); });
        ms << (own >= 0 ? own : whole);
    }
    return ms;
}

} // namespace om::bench
