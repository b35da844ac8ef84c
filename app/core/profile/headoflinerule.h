// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/quotedidentifier.h"
#include "core/profile/statecondition.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace om {

/// Where a key's lock lives when it is not on the message rows: a row per key in another table
/// ("ordering": {"lock": {...}}), e.g. a queue table whose row a worker marks while it works the
/// key's messages one at a time. The names are the real columns of that table (it has no logical
/// mapping); they are quoted like every identifier from a profile.
struct KeyLockTable {
    QString schema; ///< "public" unless the profile says
    QString table;
    QString key;       ///< the column holding the key's value (compared with the ordering key)
    QString lockedAt;  ///< time the lock was taken; NULL when free ("" when the table has none)
    QString holderPid; ///< the holder's server process id ("" when the table has none)

    bool isEmpty() const { return table.isEmpty(); }
    /// "schema"."table", quoted.
    QString qualifiedTable() const { return sql::quoteIdentifier(schema) + QLatin1Char('.') + sql::quoteIdentifier(table); }
};

/// How the library picks the rows of one ordering key, so that the head the monitor shows is the
/// row the library would take next for that key. Every part is optional: an empty rule is the
/// plain one (every open row with a key is in its key's line, failing, stuck and retrying heads
/// block).
struct HeadOfLineRule {
    /// States a head blocks its key in. Empty: every open state, each judged by its kind (a failed
    /// state always, a stuck state past the stuck timeout, a waiting state while it retries later).
    QStringList blocking;
    /// States the poller passes over: their rows are in no line, neither head nor behind one (a
    /// library that leaves abandoned rows where they are and takes the next).
    QStringList skipped;
    /// Rows that carry no ordering when all of these hold (e.g. a flag for parallel delivery):
    /// in no line. Empty: every row with a key is ordered.
    QList<StateCondition> unordered;
    /// A key's lock held in another table, possibly by a worker that is gone.
    KeyLockTable lock;
};

} // namespace om
