// SPDX-License-Identifier: GPL-3.0-or-later
#include "scopewords.h"
#include "core/model/failuregrouptext.h"

#include <QLocale>

namespace om {

QString ScopeWords::idsText(const QList<MessageId> &ids) {
    // The first ten in words, the rest counted: the dialog names a ticket's list without a wall of numbers.
    constexpr int kNamed = 10;
    QStringList named;
    for (const MessageId &id : ids.mid(0, kNamed))
        named << id.text();
    const int more = int(ids.size()) - int(named.size());
    return more > 0 ? tr("id = %1 and %n more", nullptr, more).arg(named.join(QLatin1String(" / ")))
                    : tr("id = %1").arg(named.join(QLatin1String(" / ")));
}

QString ScopeWords::conditions(const ListFilter &f) {
    QStringList parts;
    auto list = [&parts](const QString &label, const QStringList &values) {
        if (!values.isEmpty())
            parts << QStringLiteral("%1 = %2").arg(label, values.join(QLatin1String(" / ")));
    };
    list(tr("state"), f.states);
    list(tr("type"), f.types);
    list(tr("destination"), f.destinations);
    list(tr("error code"), f.errorCodes);
    if (!f.keyText.isEmpty()) {
        const QString how = f.keyMode == ListFilter::TextMode::Exact    ? tr("key is \"%1\"")
                            : f.keyMode == ListFilter::TextMode::Prefix ? tr("key starts with \"%1\"")
                                                                        : tr("key contains \"%1\"");
        parts << how.arg(f.keyText);
    }
    if (!f.ids.isEmpty())
        parts << idsText(f.ids);
    if (f.failureGroup)
        parts << FailureGroupText::name(*f.failureGroup, 60); // named as the Triage chip names it
    if (f.minAgeMinutes > 0)
        parts << tr("older than %n min", nullptr, f.minAgeMinutes);
    const QLocale loc;
    auto range = [&](const QString &label, const QDateTime &from, const QDateTime &to) {
        // clang-format off
        if (from.isValid() || to.isValid())
            parts << tr("%1 %2 … %3").arg(label, from.isValid() ? loc.toString(from.toLocalTime(), QLocale::ShortFormat) : QString(),
                                          to.isValid() ? loc.toString(to.toLocalTime(), QLocale::ShortFormat) : QString());
        // clang-format on
    };
    range(tr("created"), f.createdFrom, f.createdTo);
    range(tr("updated"), f.updatedFrom, f.updatedTo);
    return parts.join(QLatin1String(", "));
}

QString ScopeWords::filter(const QString &viewName, const ListFilter &f) {
    const QString cond = conditions(f);
    const QString view = viewName.isEmpty() ? tr("the current view") : viewName;
    return cond.isEmpty() ? tr("every message matching %1 (no further filter)").arg(view)
                          : tr("every message matching %1, %2").arg(view, cond);
}

} // namespace om
