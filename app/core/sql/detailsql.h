// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/common/messageid.h"
#include "core/sql/statement.h"

namespace om::sql {

/// The statements of the message detail pane (core/triage/DetailQuery).

/// Every column of the profile's table in table order: name, format_type() text.
Statement tableColumns(const SchemaProfile &profile);
/// Whether the detail pane reads column `name` (of format_type `type`) as a time: a timestamptz,
/// a timestamp in the profile's zone, or a time column the profile types as epoch numbers.
bool detailIsTime(const SchemaProfile &profile, const QString &name, const QString &type);
/// One message by id: the columns `names` (of types `types`, as tableColumns gave them; the
/// payload left out) as text — timestamps as epoch seconds — then, when the profile has a payload,
/// its first `payloadPrefixChars` characters and its length in characters.
Statement detailRow(const SchemaProfile &profile, const QStringList &names, const QStringList &types, const MessageId &id,
                    int payloadPrefixChars);
/// The audit rows of one message, newest first, at most limits::kDetailHistoryRows. `columns`
/// receives the logical audit columns it selects, in order (changedAt as epoch text). Empty text
/// when the profile's audit table cannot be read per message.
Statement detailHistory(const SchemaProfile &profile, const MessageId &id, QStringList *columns);
/// The whole payload as text. Needs the payload column.
Statement payload(const SchemaProfile &profile, const MessageId &id);
/// Makes the rest of the transaction read one snapshot (the chunks of one payload belong together).
Statement repeatableRead();
/// `chars` characters of the payload from 1-based character `start`. Needs the payload column.
Statement payloadChunk(const SchemaProfile &profile, const MessageId &id, qint64 start, int chars);

} // namespace om::sql
