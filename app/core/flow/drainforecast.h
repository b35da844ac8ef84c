// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/flowseries.h"

#include <QCoreApplication>
#include <QString>

namespace om {

/// "Is it draining or growing?" from the flow of the last hour (one-minute buckets from the
/// table) and the backlog now. Rules (docs/user-guide.md, "Flow from the table and drain forecast"):
/// - net flow over N minutes = (finished − created) of the last N *complete* minutes, per minute;
///   N = 5, 15, 60. The forecast follows the 15-minute net.
/// - not enough history: fewer than 15 complete minutes, or the profile has no finished time.
/// - steady: |net15| < max(1/min, backlog / 1500), i.e. the backlog moves by less than 1 % (or
///   by less than one message a minute) in 15 minutes.
/// - draining (net15 > 0): empty in backlog / net15 minutes, but only within the trend's reach:
///   60 min when the 60-minute net drains too, else 15 min; beyond it no number is given.
/// - growing (net15 < 0): by −net15 a minute, since the first minute of the current run of
///   growth: the longest run of consecutive complete minutes, ending with the newest, whose
///   trailing 5-minute net (that minute and the 4 before it) is negative. A run that reaches
///   the oldest minute with a full trailing window began earlier than the data shows ("since
///   before 02:14").
/// - no progress (before all of the above, from 5 complete minutes on): nothing finished in the
///   newest 5 or more complete minutes while messages are open. The 15-minute net still holds
///   the minutes before the workers stopped and would promise a drain (or blame the arrivals)
///   for up to a quarter of an hour; "nothing finished for 14 min" is what the operator must read.
class DrainForecast {
    Q_DECLARE_TR_FUNCTIONS(om::DrainForecast)
public:
    enum class Kind {
        NotEnoughHistory,
        Steady,
        Draining,
        DrainingBeyondData,
        Growing,
        NoProgress
    };

    /// `minutes`: dense one-minute buckets (FlowPoller's), `backlog`: open messages now (-1:
    /// unknown), `nowS`: the server's time of the counts.
    static DrainForecast compute(const FlowSeries &minutes, qint64 backlog, qint64 nowS);

    Kind kind = Kind::NotEnoughHistory;
    qint64 backlog = -1;
    /// Net flow per minute over the last 5/15/60 complete minutes; NaN when not covered.
    double net5 = qQNaN();
    double net15 = qQNaN();
    double net60 = qQNaN();
    double minutesToEmpty = -1;      ///< Draining
    int horizonMinutes = 0;          ///< how far ahead the trend reaches (15 or 60)
    qint64 growthSinceS = 0;         ///< Growing: first minute of the run (0: no run)
    bool growthBeganEarlier = false; ///< the run reaches the oldest minute the data covers
    int idleMinutes = 0;             ///< NoProgress: newest complete minutes in a row with nothing finished
    qint64 idleSinceS = 0;           ///< NoProgress: the first of those minutes
    bool idleBeganEarlier = false;   ///< NoProgress: every complete minute the data covers is idle
    double arrivingPerMinute = 0;    ///< NoProgress: messages created per minute over the idle minutes

    /// One line for the dashboard ("Draining: empty in ~25 min …"), times in local time.
    QString text() const;
    /// The three net flows ("net flow per minute: 5 min +12 · 15 min +10 · 60 min −3").
    QString netText() const;
};

} // namespace om
