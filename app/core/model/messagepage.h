// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace om {

/// One message as the triage list shows it. Plain values, copied out on the Browse lane.
/// Columns a profile does not have stay empty / -1 / invalid.
struct MessageRow {
    MessageId id; ///< as the server prints it (any id type)
    QString key;
    QString type;
    QString destination;
    QString state;
    int retries = -1;
    int maxRetries = -1;
    QDateTime nextRun;
    QString lockedBy;
    double ageSeconds = -1; ///< now() - the view's "since" column, computed by the server
    QDateTime created;
    QDateTime updated;
    QString errorCode;
    QString errorMessage; ///< truncated to limits::kErrorPreviewChars
    QString sortKey;      ///< the sort column as text, exactly as the server printed it (keyset cursor)
};

} // namespace om

// Every member (integers, QString, QDateTime, MessageId) may be moved in memory as bytes. Without this, the
// list of 70,000 rows grew by moving each row into a new block: one page's append stalled the GUI
// thread 85 ms on a quiet machine (scripts/bench gui, scroll). Relocatable, QList grows by
// realloc() (for a block that size, a remap of its pages).
Q_DECLARE_TYPEINFO(om::MessageRow, Q_RELOCATABLE_TYPE);

namespace om {

/// One keyset page and where the next one starts.
struct MessagePage {
    QList<MessageRow> rows;
    bool atEnd = false; ///< fewer rows than asked for: nothing after this page
    qint64 elapsedMs = 0;
    /// First page only: how many rows the server's plan sorts for every page because no index
    /// follows the chosen order (the planner's estimate; 0 when an index does).
    qint64 unindexedSortRows = 0;
};

/// How many messages match a filter.
struct MatchCount {
    qint64 n = 0;
    bool estimated = false; ///< from the planner (EXPLAIN), not counted
    bool atLeast = false;   ///< exact counting stopped at the cap: "n or more"

    /// What may be said once a list of the same filter has read `listed` rows: a list read to its
    /// end is itself an exact count (an estimate said "about 30" beside an empty list), and no
    /// count is fewer than the rows on screen. The list's rows win: they are what is shown.
    MatchCount withListed(qint64 listed, bool listComplete) const {
        if (listComplete)
            return MatchCount{listed, false, false};
        if (listed > n && (estimated || atLeast))
            return MatchCount{listed, false, true};
        return *this;
    }
};

/// The values the filter bar offers, read from the data.
struct FilterChoices {
    QStringList types;
    QStringList destinations;
    QStringList errorCodes;
    /// Logical columns whose values come only from the open (non-terminal) messages, because no
    /// index allows a cheap scan of the whole table.
    QStringList fromOpenOnly;
};

} // namespace om

Q_DECLARE_METATYPE(om::MessageRow)
Q_DECLARE_METATYPE(om::MessagePage)
Q_DECLARE_METATYPE(om::MatchCount)
Q_DECLARE_METATYPE(om::FilterChoices)
