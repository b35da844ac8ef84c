// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"
#include "core/profile/schemaprofile.h"
#include "core/triage/payloadformat.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVariantList>

namespace om {

class PgSession;

/// One column of one message, as the database holds it.
struct DetailField {
    QString name; ///< real column name
    QString type; ///< format_type(), e.g. "timestamp with time zone"
    QString text; ///< the value as text (empty when null)
    bool isNull = false;
    QDateTime time; ///< set for time columns (UTC; sql::detailIsTime)
};

/// Everything the detail pane shows about one message.
struct MessageDetail {
    bool found = false;
    MessageId id;
    QString key;
    QList<DetailField> fields;      ///< every column of the row except the payload, in table order
    QString payloadPrefix;          ///< at most the requested number of units, as text (a hex dump for binary bytes)
    qint64 payloadPrefixLength = 0; ///< units in payloadPrefix as fetched
    qint64 payloadLength = 0;       ///< units in the whole payload (-1: the table has no payload)
    bool payloadInBytes = false;    ///< the units are bytes (a bytea payload), not characters
    bool payloadIsBinary = false;   ///< the bytes are not UTF-8 text: payloadPrefix is a hex dump
    bool payloadIsNull = false;     ///< the payload column is NULL for this message (nothing was stored)
    QString lastError;              ///< error code and message in full
    QStringList historyColumns;     ///< logical audit column names, in display order
    QList<QVariantList> history;    ///< newest first; QString or null, times as epoch text
};

/// Reads one message by id for the detail pane (Browse lane; core/sql/detailsql builds the
/// statements). The payload is cut in SQL so that
/// a multi-megabyte payload never crosses the wire unless the operator asks for all of it.
class DetailQuery {
public:
    explicit DetailQuery(SchemaProfile profile);

    MessageDetail fetch(PgSession &session, const MessageId &id, int payloadPrefixChars) const;
    /// The whole payload as text (for "show all"; a hex dump for binary bytes); empty when the row is gone.
    QString fetchPayload(PgSession &session, const MessageId &id) const;
    /// The whole payload made ready for display: indented JSON, text as stored, or a hex dump.
    FormattedPayload fetchFormattedPayload(PgSession &session, const MessageId &id) const;
    /// Writes the whole payload to `path` in chunks, UTF-8 (a bytea payload: its own bytes);
    /// returns the bytes written.
    /// Throws PgError; a file error is reported as PgError(Query) with the file's message.
    qint64 savePayload(PgSession &session, const MessageId &id, const QString &path, int chunkChars = 1 << 20) const;

private:
    /// The row's columns (as names/types said) and payload into `d`, and the last error from them.
    void readFields(const QVariantList &row, const QStringList &names, const QStringList &types, MessageDetail &d) const;
    /// The whole payload as the server sends it (hex of the bytes for bytea); "" without one.
    QString readWholePayload(PgSession &session, const MessageId &id) const;
    /// The payload's first units into `d`: text as stored, a bytea payload decoded from hex.
    void readPayloadPrefix(const QVariant &value, MessageDetail &d) const;
    /// The message's audit rows, when the profile's audit table can be read per message.
    void readHistory(PgSession &session, MessageDetail &d) const;

    SchemaProfile m_profile;
};

} // namespace om

Q_DECLARE_METATYPE(om::MessageDetail)
