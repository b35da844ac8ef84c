// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

namespace om {

/// The SQL types a message id may have. Only these reach SQL (as fixed type names, never as
/// the profile's text): ids are sent as text and cast to the column's own type, so that the
/// primary key's index serves the lookup.
enum class IdType {
    BigInt,
    Integer,
    Uuid,
    Text,
    Varchar
};

/// How a time column stores its instant.
enum class TimeType {
    TimestampTz,  ///< timestamptz (the default)
    Timestamp,    ///< timestamp without time zone, wall time in the profile's "timeZone"
    EpochSeconds, ///< an integer (or numeric) column of seconds since 1970-01-01 UTC
    EpochMillis,  ///< an integer column of milliseconds since 1970-01-01 UTC
};

/// How a text the program shows (the error message, the payload) is stored. Each maps to one
/// immutable SQL expression of type text (core/sql/textsql), so that the failure groups' index
/// and the queries that use it spell the same expression.
enum class TextType {
    Text,       ///< text, varchar, char (the default)
    Json,       ///< json: the text at "errorMessagePath", or the whole document
    Jsonb,      ///< jsonb: as json
    JsonArray,  ///< json[]: the last element (the latest attempt's error), then as json
    JsonbArray, ///< jsonb[]: as json[]
    Bytea,      ///< bytea: bytes shown as UTF-8 where they are; never cast to text on the server
};

/// The types of a profile's id and time columns (the profile's "types", "timeZone" and
/// "audit.messageIdType"); see docs/profile-reference.md.
struct ColumnTypes {
    IdType id = IdType::BigInt;
    IdType auditMessageId = IdType::BigInt; ///< the audit table's message id column (default: as `id`)
    QMap<QString, TimeType> times;          ///< logical time column -> type; absent: timestamptz
    QString timeZone;                       ///< IANA zone of the `timestamp` columns
    TextType errorMessage = TextType::Text;
    TextType payload = TextType::Text;
    /// Keys (or array indexes) to the message inside a JSON error, one list per place a library
    /// writes it (an error under one key, a timeout under another): the first that holds text is
    /// the message; an action's own text is written at the first.
    QList<QStringList> errorMessagePaths;

    TimeType time(const QString &logical) const { return times.value(logical, TimeType::TimestampTz); }
    bool idIsInteger() const { return id == IdType::BigInt || id == IdType::Integer; }

    /// Reads "types", "timeZone", "errorMessagePath" and "audit.messageIdType" of a profile. `timeColumns` are the
    /// logical columns that may be typed as times. False with a message naming the field.
    static bool parse(const QJsonObject &profile, const QStringList &timeColumns, ColumnTypes *out, QString *error);
};

/// The profile's name of a text type ("jsonb[]", …), for messages and the check's advice.
QString textTypeName(TextType type);
/// Whether a text type is one of the JSON types (a path into it applies).
bool isJsonText(TextType type);

/// The SQL name of an id type ("bigint", "uuid", ...), from a fixed list.
QString sqlTypeName(IdType type);
/// The names a profile may give an id type, for messages.
QStringList idTypeNames();

} // namespace om
