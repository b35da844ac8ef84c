// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

namespace om::sql {

/// Head-of-line statements for a profile with an ordering key (core/triage/
/// BlockedKeysQuery and the dashboard snapshot run them). In an ordered outbox the rows of one key
/// are delivered by (created time, id). A key's line is its open rows that the library orders: a
/// key (NULL is no key), not marked unordered, not in a state the poller skips (the profile's
/// HeadOfLineRule). Every row of the line waits behind the key's head (its earliest row). A head
/// blocks its key when it is failing (a failed state), stuck (a stuck state past the timeout) or,
/// where the table counts retries, retrying (waiting with retries > 0 and, where the table has a
/// next-run time, not due yet), each only in the rule's blocking states where it names them. A
/// key whose lock lives in another table is also blocked while that lock is held by a process that
/// is gone, by a holder whose heartbeat is too old, or for longer than the library's lock timeout
/// (else the stuck timeout). Where the rule gives the key its own order (HeadOfLineRule::
/// hasOwnOrder: NULL as one key, a row that runs alone in its key first, a pick order), the head
/// is the first row by that order and every other row of the line waits behind it.
///
/// Why not DISTINCT ON (key) over the table: that reads every open row to find a few bad heads.
/// Here the candidates come from the small failing / stuck / retrying sets (their partial indexes),
/// each key's earliest one is checked to be its head by one probe of the ordering index (orderingIndex()), and
/// the rows behind it are counted in the same index.

/// The CTEs hol_cand, hol_heads (id, key, created time, why: 1 failed, 2 stuck, 3 retrying, 4 locked
/// by a process that is gone, 5 locked longer than the timeout, 6 locked by a holder whose
/// heartbeat is too old) and
/// hol_behind (the heads' columns, rows behind, oldest created time behind). `$1` is the stuck timeout in
/// minutes, as in the snapshot.
QString blockedCtes(const SchemaProfile &profile);
/// The blocked heads, worst first (most rows behind, then the oldest waiting), at most `limit`:
/// the 15 columns of messageColumns (ages from the created time), then om_key (the ordering key as text), om_why (as in
/// blockedCtes), om_behind and om_oldest_age (seconds; NULL when nothing waits behind).
Statement blockedHeads(const SchemaProfile &profile, int stuckTimeoutMinutes, int limit);
/// The snapshot's columns hol_indexed (whether orderingIndexPresent), hol_heads and hol_behind
/// (the blocked heads and the rows behind them; NULL without the index) over blockedCtes().
QString blockedTotalsColumns(const SchemaProfile &profile);
/// A boolean SQL expression: a valid index of the table starts with (ordering key, created time).
QString orderingIndexPresent(const SchemaProfile &profile);
/// The index on (key, created time, id) over the open rows that the head checks and counts use,
/// as the kit writes it.
QString orderingIndex(const SchemaProfile &profile);

} // namespace om::sql
