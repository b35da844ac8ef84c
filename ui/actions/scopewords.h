// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/listfilter.h"

#include <QCoreApplication>
#include <QString>

namespace om {

/// An action's "everything matching" target in words, for the reason dialog: the named view
/// and every part of the filter that narrows it ("Triage › Failed, destination = ORDER_API,
/// key starts with "ord-""), so that the operator reads what will be changed, not just a count.
class ScopeWords {
    Q_DECLARE_TR_FUNCTIONS(om::ScopeWords)
public:
    static QString filter(const QString &viewName, const ListFilter &filter);
    /// Only the filter's narrowing parts, "" when it has none.
    static QString conditions(const ListFilter &filter);
    /// "id = 1042 / 1043 and 3 more".
    static QString idsText(const QList<MessageId> &ids);
};

} // namespace om
