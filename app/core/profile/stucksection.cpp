// SPDX-License-Identifier: GPL-3.0-or-later
// The profile's "stuck" section: one clock (states, sinceColumn, a timeout column), or several
// ("clocks"), each timing its own states from its own column against its own timeout.
#include "core/profile/profileparser.h"

#include <QMap>

namespace om {
namespace {

constexpr int kDefaultStuckTimeoutMinutes = 30;
constexpr int kMaxStuckTimeoutMinutes = 7 * 24 * 60;
constexpr int kMaxClockSeconds = 7 * 24 * 60 * 60;

} // namespace

void ProfileParser::stuck(const QJsonObject &o) {
    const QString path = QStringLiteral("stuck");
    const QJsonObject so = object(o, path, {});
    prof.stuckTimeoutMinutes = integer(so, QStringLiteral("defaultTimeoutMinutes"), path, kDefaultStuckTimeoutMinutes);
    if (prof.stuckTimeoutMinutes < 1 || prof.stuckTimeoutMinutes > kMaxStuckTimeoutMinutes)
        fail(QStringLiteral("stuck.defaultTimeoutMinutes"), tr("\"stuck.defaultTimeoutMinutes\" must be between 1 and 10080"));
    if (!so.contains(QLatin1String("clocks"))) {
        // The one-clock form, as it always was.
        knownKeys(so, path, {QStringLiteral("states"), QStringLiteral("sinceColumn"), QStringLiteral("defaultTimeoutMinutes"),
                             QStringLiteral("timeoutColumn"), QStringLiteral("timeoutUnit"), QStringLiteral("clocks")});
        prof.stuckClocks = {stuckClock(so, path, false)};
    } else {
        for (const char *k : {"states", "sinceColumn", "timeoutColumn", "timeoutUnit"})
            if (so.contains(QLatin1String(k)))
                fail(jsonChild(path, QLatin1String(k)), tr("with \"stuck.clocks\" each clock names its own states, sinceColumn and timeout: "
                                                           "move \"%1\" into a clock")
                                                            .arg(QLatin1String(k)));
        knownKeys(so, path, {QStringLiteral("clocks"), QStringLiteral("defaultTimeoutMinutes")});
        m_clocksListed = true;
        const QString cpath = QStringLiteral("stuck.clocks");
        const QJsonArray all = array(so, QStringLiteral("clocks"), path);
        if (all.isEmpty())
            fail(cpath, tr("\"stuck.clocks\" must list at least one clock: {\"states\": [...], \"sinceColumn\": \"...\", and a timeout}"));
        for (int i = 0; i < all.size(); ++i) {
            if (!all.at(i).isObject()) {
                fail(jsonIndex(cpath, i), tr("must be an object ({...}), not %1").arg(jsonTypeName(all.at(i))));
                continue;
            }
            const SchemaProfile::StuckClock c = stuckClock(all.at(i).toObject(), jsonIndex(cpath, i), true);
            for (const QString &s : c.states)
                if (prof.stuckClock(s))
                    fail(jsonChild(jsonIndex(cpath, i), QStringLiteral("states")),
                         tr("state %1 is timed by two clocks: a state has one clock").arg(s));
            prof.stuckClocks << c;
        }
    }
    // The first clock stands for them all where one column is needed (schemaprofile.h).
    prof.stuckStates.clear();
    for (const SchemaProfile::StuckClock &c : std::as_const(prof.stuckClocks))
        prof.stuckStates << c.states;
    const SchemaProfile::StuckClock first = prof.stuckClocks.value(0);
    prof.stuckSince = first.since.isEmpty() ? QStringLiteral("createdAt") : first.since;
    prof.stuckTimeoutColumn = first.timeoutColumn;
    prof.stuckTimeoutUnit = first.timeoutUnit;
}

SchemaProfile::StuckClock ProfileParser::stuckClock(const QJsonObject &co, const QString &path, bool inList) {
    SchemaProfile::StuckClock c;
    if (inList)
        knownKeys(co, path, {QStringLiteral("states"), QStringLiteral("sinceColumn"), QStringLiteral("timeoutSeconds"),
                             QStringLiteral("timeoutColumn"), QStringLiteral("timeoutUnit")});
    c.states = texts(co, QStringLiteral("states"), path);
    c.since = text(co, QStringLiteral("sinceColumn"), path, QStringLiteral("createdAt"));
    checkStates(c.states, jsonChild(path, QStringLiteral("states")));
    checkColumn(c.since, jsonChild(path, QStringLiteral("sinceColumn")));
    if (inList) {
        if (c.states.isEmpty())
            fail(jsonChild(path, QStringLiteral("states")), tr("a stuck clock must name the states it times"));
        c.timeoutSeconds = integer(co, QStringLiteral("timeoutSeconds"), path, 0);
        if (co.contains(QLatin1String("timeoutSeconds")) && (c.timeoutSeconds < 1 || c.timeoutSeconds > kMaxClockSeconds))
            fail(jsonChild(path, QStringLiteral("timeoutSeconds")), tr("\"timeoutSeconds\" must be between 1 and 604800 (7 days)"));
    }
    stuckTimeoutColumn(co, path, c);
    return c;
}

// A library that gives each job its own expiry (a visibility timeout, a lease) keeps it on the
// row: a row is stuck when in flight longer than its own timeout, whatever its queue.
void ProfileParser::stuckTimeoutColumn(const QJsonObject &co, const QString &path, SchemaProfile::StuckClock &clock) {
    const QString unitPath = jsonChild(path, QStringLiteral("timeoutUnit"));
    clock.timeoutColumn = text(co, QStringLiteral("timeoutColumn"), path);
    const QString unit = text(co, QStringLiteral("timeoutUnit"), path, QStringLiteral("interval"));
    static const QMap<QString, SchemaProfile::TimeoutUnit> units{{QStringLiteral("interval"), SchemaProfile::TimeoutUnit::Interval},
                                                                 {QStringLiteral("seconds"), SchemaProfile::TimeoutUnit::Seconds},
                                                                 {QStringLiteral("milliseconds"), SchemaProfile::TimeoutUnit::Milliseconds}};
    if (!units.contains(unit))
        fail(unitPath, tr("\"%1\" must be interval, seconds or milliseconds, not \"%2\"").arg(unitPath, unit));
    clock.timeoutUnit = units.value(unit);
    if (clock.timeoutColumn.isEmpty()) {
        if (co.contains(QStringLiteral("timeoutUnit")))
            fail(unitPath, tr("\"%1\" says what \"%2\" holds: name that column too").arg(unitPath, jsonChild(path, QStringLiteral("timeoutColumn"))));
        return;
    }
    checkColumn(clock.timeoutColumn, jsonChild(path, QStringLiteral("timeoutColumn")));
}

} // namespace om
