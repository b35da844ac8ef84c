// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QtGlobal>

/// Every timeout and size limit of the program, in one place, each with why it is what it is.
/// Lives in the lowest layer (om_pg) so that pg, core and ui can all name them.
/// (ActionController's settings defaults stay next to the settings they are defaults of.)
namespace om::limits {

// --- Sessions (pg) ---------------------------------------------------------------------------
/// Default statement_timeout of every lane: a query that runs longer is cancelled by the server.
constexpr int kStatementTimeoutMs = 15000;
/// lock_timeout of the Action lane: a worker's row lock never hangs an action.
constexpr int kActionLockTimeoutMs = 2000;
/// libpq's connect_timeout when the connection string gives none.
constexpr int kConnectTimeoutS = 5;
/// How long all lanes together (and the listener) are given to end at shutdown; one still busy
/// (inside a connect to a server that does not answer) ends on its own later. Closing the window
/// must never wait for the network.
constexpr int kShutdownWaitMs = 300;
/// The watchdog's bound on a job without an answer: twice the statement timeout, at least
/// kWatchdogMinMs; kWatchdogNoTimeoutMs when the lanes have no statement timeout. It looks
/// ten times per bound, but never more often than every kWatchdogTickMinMs nor less often than
/// every kWatchdogTickMaxMs.
constexpr int kWatchdogMinMs = 5000;
constexpr int kWatchdogNoTimeoutMs = 60000;
constexpr int kWatchdogTickMinMs = 100;
constexpr int kWatchdogTickMaxMs = 1000;
/// PostgreSQL cancels whatever a backend runs when a cancel request arrives, not the statement it
/// was sent for: a cancel still on its way when its job ends would end the lane's next job (seen:
/// a count's cancel ended the incident report that followed it). Before the next job a lane waits
/// this long for its cancels to be delivered; past it, the next job gets a new connection, whose
/// backend a late cancel cannot reach. A cancel on a working network takes about a millisecond.
constexpr int kCancelSettleMs = 1000;
/// Reading from a standby (GatewayConfig::standbyConnInfo): after a change on the primary, the
/// standby's lanes wait at most this long for it to be replayed before their next job (a standby
/// that stopped replaying must not stop the window; its lag is on the dashboard).
constexpr int kReplayWaitMs = 3000;
/// Numbers from a standby whose replay is further behind than this are shown as stale, unless the
/// connection sets its own bound.
constexpr int kStandbyMaxLagS = 30;
/// The NOTIFY listener reconnects after this, doubling up to kListenRetryMaxMs.
constexpr int kListenRetryFirstMs = 1000;
constexpr int kListenRetryMaxMs = 30000;

// --- Dashboard (core/dashboard) --------------------------------------------------------------
/// The monitor never keeps a server backend busy more than 1/kMaxDutyDivisor of the time: when a
/// refresh took `roundTripMs`, the next one waits at least that times this (a huge backlog makes
/// exact counting slow exactly when the server is already struggling).
constexpr int kMaxDutyDivisor = 20;
/// ... but never longer than this between refreshes (unless the operator chose a longer interval).
constexpr int kMaxRefreshIntervalMs = 120000;
/// After reads the server refused or ended in a row (a lock held past the statement timeout), the
/// next refresh comes at most this long after the last (unless the interval itself is longer).
constexpr int kRefusedReadRetryMaxMs = 30000;
/// The breakdown by destination / type reads every waiting row. While fewer than this many wait
/// it comes with every refresh; above it, at most every kBreakdownEveryMs (and on refreshNow()).
constexpr qint64 kLiveBreakdownMaxWaiting = 10000;
constexpr int kBreakdownEveryMs = 30000;
/// The profile check runs again this often while the window is open (and on every new session,
/// and when the operator asks): a kit a DBA applied meanwhile is noticed without a restart.
constexpr int kProfileRecheckMs = 5 * 60 * 1000;
/// A terminal state is counted exactly through its index (the kit's partial index on a rare
/// state) while the statistics estimate at most this many rows of it: an index-only count of
/// 50,000 entries takes a few milliseconds, so the refresh stays cheap even where an index on
/// the status column would serve a state that is not rare at all. Above it: estimated.
constexpr qint64 kRareCountMaxRows = 50000;

// --- Triage lists and details (core/triage, ui/triage) ----------------------------------------
/// The most rows one list page fetches, whatever page size is asked for.
constexpr int kMaxPageRows = 5000;
/// Characters of the last error shown in a list row (the detail pane shows it whole).
constexpr int kErrorPreviewChars = 300;
/// The match count is exact up to this many rows when that takes under kExactCountTimeoutMs,
/// else the planner's estimate.
constexpr qint64 kExactCountCap = 10000;
constexpr int kExactCountTimeoutMs = 1000;
/// statement_timeout of a "key contains" search without a trigram index (a whole-table scan).
constexpr int kContainsTimeoutMs = 5000;
/// Distinct types, destinations and error codes offered in the filter lists, each; and the
/// statement_timeout of reading them.
constexpr int kChoicesLimit = 200;
constexpr int kChoicesTimeoutMs = 3000;
/// Above this many rows to sort per page, the view says the order has no index behind it.
constexpr qint64 kSlowSortRows = 100000;
/// Every value of a list filter is one bound parameter: a saved filter or a pasted list should not
/// produce a statement with thousands of them. The filter bar offers at most this many.
constexpr int kMaxValuesPerList = 200;
/// Ids an operator may paste into Triage's id filter: one bound bigint[] parameter, so the
/// bound is the statement's size, not the number of parameters. A ticket's list fits easily.
constexpr int kMaxIdsPerFilter = 5000;
/// Rows a list (Triage, Audit) holds at most: a window left open for weeks, scrolled by
/// accident to the end of a ten-million-row table, keeps its memory bounded. Beyond it the
/// operator narrows the filter or exports to CSV (which streams to the file).
constexpr int kMaxListRows = 20000;
/// Blocked keys (head of line) one refresh lists at most, worst first; the dashboard tile counts
/// them all.
constexpr int kMaxBlockedKeys = 1000;
/// Triage waits this long after the selection moved before loading the detail pane.
constexpr int kDetailDebounceMs = 120;
/// Audit/status history rows shown for one message.
constexpr int kDetailHistoryRows = 500;
/// The detail pane fetches this much of a payload; "show all" fetches the rest.
constexpr int kPayloadPrefixChars = 256 * 1024;
/// Above this many characters "Show all" is not offered: a text editor holding tens of megabytes
/// stalls the window while it lays them out; "Save to file…" streams the whole payload instead.
constexpr qint64 kShowAllMaxChars = 4 * 1024 * 1024;
/// Above this size the JSON highlighter is switched off: colouring megabytes would freeze the window.
constexpr int kHighlightLimitChars = 1024 * 1024;
/// Typing in the filter bar is applied this long after the last key.
constexpr int kFilterDebounceMs = 400;

// --- Actions (core/actions) -------------------------------------------------------------------
/// Skipped messages an action's result lists one by one (its total is always exact).
constexpr int kSkippedListCap = 1000;
/// Eligible ids an action's preview returns (the count is always exact).
constexpr int kPreviewIdsCap = 100000;
/// After a lost COMMIT answer, how long a new session waits while the server still runs the
/// transaction, and how often it asks.
constexpr int kRecheckWaitMs = 5000;
constexpr int kRecheckPollMs = 200;

// --- Audit (core/audit, ui/audit) -------------------------------------------------------------
/// Longest text an audit filter field accepts.
constexpr int kMaxAuditFilterText = 1000;
/// Groups (action, operator, ticket) listed in the incident report, most audit rows first.
constexpr int kReportActionGroups = 100;
/// Points per series of the incident report's charts (min/max/avg buckets from the local store).
constexpr int kReportChartPoints = 400;

} // namespace om::limits
