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
    /// The holder as any id that is not a server process (a worker pool's random id): the lock is
    /// held while it is not NULL ("" when the table has none, or names the holder by holderPid).
    QString holder;
    QString heartbeatAt; ///< the holder's last sign of life ("" when the table has none)
    /// Seconds after its last heartbeat at which the library takes a holder for dead (0: none).
    int heartbeatTimeoutSeconds = 0;
    /// Seconds after lockedAt at which the library frees the lock itself (0: the stuck timeout).
    int lockTimeoutSeconds = 0;

    bool isEmpty() const { return table.isEmpty(); }
    /// "schema"."table", quoted.
    QString qualifiedTable() const { return sql::quoteIdentifier(schema) + QLatin1Char('.') + sql::quoteIdentifier(table); }
};

/// One column of the order a worker picks a key's rows by ("ordering.pickOrder").
struct PickColumn {
    QString column; ///< logical column
    bool descending = false;
    bool operator==(const PickColumn &o) const { return column == o.column && descending == o.descending; }
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
    /// True when every row whose key is NULL is in one line, as if NULL were one more key (a
    /// library that coalesces the key); false: a row of no key is in no line.
    bool nullKeyIsOneLine = false;
    /// States in which a row is the only one of its key the library runs ("singleton" keys): while
    /// a row of the key is in one of them, it is the key's head and the rest of the key waits.
    QStringList atMostOneActive;
    /// The order the worker takes a key's rows in, ties by id. Empty: created time, then id.
    QList<PickColumn> pickOrder;
    /// True when the key's order is anything but (created time, id) over non-NULL keys.
    bool hasOwnOrder() const { return nullKeyIsOneLine || !atMostOneActive.isEmpty() || !pickOrder.isEmpty(); }
};

} // namespace om
