#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

namespace om::sql {

/// The statements of the message detail pane (core/triage/DetailQuery).

/// Every column of the profile's table in table order: name, format_type() text.
Statement tableColumns(const SchemaProfile &profile);
/// One message by id: the columns `names` (of types `types`, as tableColumns gave them; the
/// payload left out) as text — timestamps as epoch seconds — then, when the profile has a payload,
/// its first `payloadPrefixChars` characters and its length in characters.
Statement detailRow(const SchemaProfile &profile, const QStringList &names, const QStringList &types, qint64 id,
                    int payloadPrefixChars);
/// The audit rows of one message, newest first, at most limits::kDetailHistoryRows. `columns`
/// receives the logical audit columns it selects, in order (changedAt as epoch text). Empty text
/// when the profile's audit table cannot be read per message.
Statement detailHistory(const SchemaProfile &profile, qint64 id, QStringList *columns);
/// The whole payload as text. Needs the payload column.
Statement payload(const SchemaProfile &profile, qint64 id);
/// Makes the rest of the transaction read one snapshot (the chunks of one payload belong together).
Statement repeatableRead();
/// `chars` characters of the payload from 1-based character `start`. Needs the payload column.
Statement payloadChunk(const SchemaProfile &profile, qint64 id, qint64 start, int chars);

} // namespace om::sql
