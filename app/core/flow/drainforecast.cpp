// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/flow/drainforecast.h"
#include "core/common/timeformat.h"

#include <QDateTime>
#include <QLocale>
#include <cmath>

namespace om {
namespace {

constexpr int kMinMinutes = 15;
constexpr int kTrailing = 5;
/// Complete minutes in a row with nothing finished before the forecast says so: a quiet minute or
/// two is an ordinary gap between batches, five is longer than any worker's poll interval.
constexpr int kIdleMinutes = 5;

/// Net (finished − created) per minute of the last `n` of `complete` buckets; NaN when fewer.
double netPerMinute(const QList<FlowBucket> &complete, int n) {
    if (complete.size() < n)
        return qQNaN();
    qint64 sum = 0;
    for (int i = complete.size() - n; i < complete.size(); ++i)
        sum += complete.at(i).finished - complete.at(i).created;
    return double(sum) / n;
}

QString signedRate(double v) {
    const QString n = QLocale().toString(qRound64(std::abs(v)));
    return v > 0.5 ? QStringLiteral("+") + n : v < -0.5 ? QStringLiteral("−") + n
                                                        : QStringLiteral("0");
}

/// The growth run (see the class comment): index into `complete` of its first minute, -1 when
/// the newest minute is not growing.
int growthStart(const QList<FlowBucket> &complete) {
    int start = -1;
    for (int i = complete.size() - 1; i >= kTrailing - 1; --i) {
        qint64 net = 0;
        for (int j = i - kTrailing + 1; j <= i; ++j)
            net += complete.at(j).finished - complete.at(j).created;
        if (net >= 0)
            break;
        start = i;
    }
    return start;
}

/// How many of the newest complete minutes in a row finished nothing, and how many were created
/// in them.
QPair<int, qint64> idleRun(const QList<FlowBucket> &complete) {
    int n = 0;
    qint64 created = 0;
    for (int i = complete.size() - 1; i >= 0 && complete.at(i).finished == 0; --i, ++n)
        created += complete.at(i).created;
    return {n, created};
}

} // namespace

DrainForecast DrainForecast::compute(const FlowSeries &minutes, qint64 backlog, qint64 nowS) {
    DrainForecast f;
    f.backlog = backlog;
    QList<FlowBucket> complete;
    for (const FlowBucket &b : minutes.buckets)
        if (b.startS + 60 <= nowS && b.startS + 60 > nowS - 3600 - 60)
            complete << b;
    f.net5 = netPerMinute(complete, 5);
    f.net15 = netPerMinute(complete, 15);
    f.net60 = netPerMinute(complete, 60);
    if (!minutes.hasFinished || minutes.bucketS != 60 || backlog < 0)
        return f;
    if (const auto [idle, created] = idleRun(complete); idle >= kIdleMinutes && backlog > 0) {
        f.kind = Kind::NoProgress;
        f.idleMinutes = idle;
        f.idleSinceS = complete.at(complete.size() - idle).startS;
        f.idleBeganEarlier = idle == complete.size();
        f.arrivingPerMinute = double(created) / idle;
        return f;
    }
    if (complete.size() < kMinMinutes)
        return f;
    if (std::abs(f.net15) < qMax(1.0, double(backlog) / 1500.0)) {
        f.kind = Kind::Steady;
        return f;
    }
    if (f.net15 > 0) {
        f.horizonMinutes = !std::isnan(f.net60) && f.net60 > 0 ? 60 : kMinMinutes;
        f.minutesToEmpty = double(backlog) / f.net15;
        f.kind = f.minutesToEmpty <= f.horizonMinutes ? Kind::Draining : Kind::DrainingBeyondData;
        return f;
    }
    f.kind = Kind::Growing;
    const int start = growthStart(complete);
    if (start >= 0) {
        f.growthSinceS = complete.at(start).startS;
        f.growthBeganEarlier = start == kTrailing - 1;
    }
    return f;
}

QString DrainForecast::text() const {
    const QString n = QLocale().toString(backlog);
    switch (kind) {
    case Kind::NotEnoughHistory:
        return tr("Forecast: not enough history (needs 15 minutes of finished times from the table)");
    case Kind::Steady:
        return tr("Steady: %1 open, as many finish as arrive").arg(n);
    case Kind::Draining:
        return tr("Draining: empty in ~%1 min (%2 open, %3/min)")
            .arg(qMax<qint64>(1, qRound64(minutesToEmpty)))
            .arg(n, signedRate(net15));
    case Kind::DrainingBeyondData:
        return tr("Draining by %1/min: not empty within the %2 min the trend covers (%3 open)")
            .arg(QLocale().toString(qRound64(net15)))
            .arg(horizonMinutes)
            .arg(n);
    case Kind::Growing: {
        const QString rate = QLocale().toString(qRound64(-net15));
        if (growthSinceS <= 0)
            return tr("Growing by %1/min over the last 15 min (%2 open)").arg(rate, n);
        if (growthBeganEarlier)
            return tr("Growing by %1/min since before %2 (%3 open)").arg(rate, formatLocalClock(growthSinceS), n);
        return tr("Growing by %1/min since %2 (%3 open)").arg(rate, formatLocalClock(growthSinceS), n);
    }
    case Kind::NoProgress: {
        const QString arriving = QLocale().toString(qRound64(arrivingPerMinute));
        if (idleBeganEarlier)
            return tr("No progress: nothing finished in the %1 min the data covers (%2 open, %3/min arriving)")
                .arg(idleMinutes)
                .arg(n, arriving);
        return tr("No progress: nothing finished for %1 min (%2 open, %3/min arriving)").arg(idleMinutes).arg(n, arriving);
    }
    }
    return {};
}

QString DrainForecast::netText() const {
    auto one = [](double v) { return std::isnan(v) ? QStringLiteral("–") : signedRate(v); };
    return tr("net flow (finished − created) per minute: 5 min %1 · 15 min %2 · 60 min %3")
        .arg(one(net5), one(net15), one(net60));
}

} // namespace om
