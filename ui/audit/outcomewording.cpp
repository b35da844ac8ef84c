// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/outcomewording.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"

#include <QStringList>
#include <cmath>

namespace om {

namespace {
const QString kRoles[] = {QStringLiteral("done"), QStringLiteral("failed"), QStringLiteral("waiting"),
                          QStringLiteral("inFlight"), QStringLiteral("cancelled")};

QString kindOf(const SchemaProfile &p, const QString &action) {
    for (auto it = p.actions.cbegin(); it != p.actions.cend(); ++it)
        if (it->auditName == action)
            return it.key();
    return {};
}

/// Messages of `role` that are not stuck (the stuck ones have their own item).
qint64 settled(const SchemaProfile &p, const ActionOutcome &o, const QString &role) {
    return o.inRole(p, role) - o.stuckInRole(p, role);
}
} // namespace

bool OutcomeWording::isRetryLike(const SchemaProfile &p, const QString &action) {
    const QString kind = kindOf(p, action);
    return kind == QLatin1String("retry") || kind == QLatin1String("recoverStuck");
}

QString OutcomeWording::withArchived(const QString &item, qint64 n, qint64 archived) {
    // Moved to the archive by the library's maintenance: in their state all the same, not "gone".
    if (archived > 0 && archived >= n)
        return tr("%1, archived").arg(item);
    if (archived > 0)
        return tr("%1 (%2 archived)").arg(item, formatCount(archived));
    return item;
}

QString OutcomeWording::finished(qint64 n, qint64 archived) {
    return withArchived(tr("%1 finished").arg(formatCount(n)), n, archived);
}

QString OutcomeWording::summary(const SchemaProfile &p, const QString &action, const ActionOutcome &o) {
    const bool again = isRetryLike(p, action);
    QStringList items;
    for (const QString &role : kRoles) {
        const qint64 n = settled(p, o, role);
        if (n == 0 && role != QLatin1String("waiting"))
            continue;
        const QString c = formatCount(n);
        const qint64 archived = o.archivedInRole(p, role);
        if (role == QLatin1String("done"))
            items << finished(n, archived);
        else if (role == QLatin1String("failed"))
            items << withArchived(again ? tr("%1 failed again").arg(c) : tr("%1 failed").arg(c), n, archived);
        else if (role == QLatin1String("waiting"))
            items << tr("%1 waiting").arg(c);
        else if (role == QLatin1String("inFlight"))
            items << tr("%1 in flight").arg(c);
        else
            items << withArchived(tr("%1 cancelled").arg(c), n, archived);
    }
    if (o.stuck > 0)
        items << tr("%1 still stuck").arg(formatCount(o.stuck));
    if (o.noState > 0)
        items << tr("%1 in no state").arg(formatCount(o.noState));
    if (o.gone > 0)
        items << tr("%1 gone").arg(formatCount(o.gone));
    return items.join(QStringLiteral(" · "));
}

QString OutcomeWording::byState(const SchemaProfile &p, const ActionOutcome &o) {
    QStringList items;
    for (const StateDef &s : p.states) {
        const qint64 n = o.byState.value(s.name);
        if (n == 0)
            continue;
        const qint64 stuck = o.stuckByState.value(s.name);
        QString item = stuck > 0 ? tr("%1 %2 (%3 stuck)").arg(s.name, formatCount(n), formatCount(stuck)) : tr("%1 %2").arg(s.name, formatCount(n));
        if (const qint64 archived = o.archivedByState.value(s.name); archived > 0)
            item += QLatin1Char(' ') + tr("(%1 archived)").arg(formatCount(archived));
        items << item;
    }
    if (o.gone > 0)
        items << tr("gone %1").arg(formatCount(o.gone));
    return items.join(QStringLiteral(" · "));
}

QString OutcomeWording::didWhat(const SchemaProfile &p, const QString &action, qint64 messages) {
    const QString kind = kindOf(p, action);
    const QString n = formatCount(messages);
    if (kind == QLatin1String("retry"))
        return tr("retried %1").arg(n);
    if (kind == QLatin1String("cancel"))
        return tr("cancelled %1").arg(n);
    if (kind == QLatin1String("recoverStuck"))
        return tr("recovered %1 stuck").arg(n);
    return tr("%1 on %2 messages").arg(action, n);
}

QString OutcomeWording::reportLine(const SchemaProfile &p, const ActionSummary &a) {
    const ActionOutcome &o = a.outcome;
    const bool again = isRetryLike(p, a.action);
    QStringList items;
    const qint64 done = settled(p, o, QStringLiteral("done"));
    if (done > 0) {
        // "Within" is an upper bound: rounded up to the unit it is said in (121 s is "within 3 min").
        const double w = o.finishedWithinS;
        const double within = w < 60 ? std::ceil(w) : std::ceil(w / 60) * 60;
        items << (w >= 0 ? tr("%1 finished within %2").arg(formatCount(done), formatAge(within)) : finished(done, 0));
        if (const qint64 archived = o.archivedInRole(p, QStringLiteral("done")); archived > 0)
            items.last() += QLatin1Char(' ') + tr("(%1 archived)").arg(formatCount(archived));
    }
    const qint64 failed = settled(p, o, QStringLiteral("failed"));
    if (failed > 0) {
        const QString c = formatCount(failed);
        QString item = again ? tr("%1 failed again").arg(c) : tr("%1 failed").arg(c);
        // Name the error only as far as it is known: all of them, or how many of them.
        if (!o.topFailure.isEmpty() && o.topFailureCount >= failed)
            item = again ? tr("%1 failed again with %2").arg(c, o.topFailure) : tr("%1 failed with %2").arg(c, o.topFailure);
        else if (!o.topFailure.isEmpty())
            item += QLatin1Char(' ') + tr("(%1 with %2)").arg(formatCount(o.topFailureCount), o.topFailure);
        items << withArchived(item, failed, o.archivedInRole(p, QStringLiteral("failed")));
    }
    // The rest as the Outcome column says it (waiting always, then in flight, stuck, ...).
    items << tr("%1 waiting").arg(formatCount(settled(p, o, QStringLiteral("waiting"))));
    if (const qint64 n = settled(p, o, QStringLiteral("inFlight")))
        items << tr("%1 in flight").arg(formatCount(n));
    if (o.stuck > 0)
        items << tr("%1 still stuck").arg(formatCount(o.stuck));
    if (const qint64 n = settled(p, o, QStringLiteral("cancelled")))
        items << withArchived(tr("%1 cancelled").arg(formatCount(n)), n, o.archivedInRole(p, QStringLiteral("cancelled")));
    if (o.noState > 0)
        items << tr("%1 in no state").arg(formatCount(o.noState));
    if (o.gone > 0)
        items << tr("%1 gone").arg(formatCount(o.gone));

    QString who = a.dbUser;
    if (!a.osUser.isEmpty() && a.osUser != a.dbUser)
        who = tr("%1 (%2)").arg(a.dbUser, a.osUser);
    const QString head = a.ticket.isEmpty()
                             ? tr("%1 at %2 by %3").arg(didWhat(p, a.action, a.messages), formatLocalMinutes(a.at), who)
                             : tr("%1 at %2 by %3, %4").arg(didWhat(p, a.action, a.messages), formatLocalMinutes(a.at), who, a.ticket);
    return tr("%1: %2").arg(head, items.join(QStringLiteral(", ")));
}

} // namespace om
