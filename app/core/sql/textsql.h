// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>

namespace om::sql {

/// Every expression over a profile's error message and payload, in one place, whatever the
/// column stores (text, json, jsonb, an array of JSON errors, bytea).

/// The error message as text, or NULL::text without the column. Immutable: the failure groups'
/// index is built over it and the queries must spell the same expression for the planner to
/// match them. Text is the column itself; JSON is the text at "errorMessagePath" (#>>), or the
/// whole document; an array's last element is the latest error; bytea is its escape form
/// (ASCII as is, other bytes as \ooo), never a conversion that can fail on a row.
QString errorText(const SchemaProfile &profile);

/// What to store in the error message column so that errorText() reads `text` (an SQL text
/// expression, e.g. a quoted literal): the text itself; for JSON a string at "errorMessagePath"
/// (objects built along the path), in a one-element array for json[] / jsonb[]; its UTF-8 bytes
/// for bytea.
QString errorValue(const SchemaProfile &profile, const QString &text);
/// Whether the payload leaves the server as hex of its bytes (bytea): the client decodes it.
bool payloadIsBinary(const SchemaProfile &profile);
/// The first `countParam` units of the payload (characters; bytes, as hex, for bytea).
QString payloadPrefix(const SchemaProfile &profile, const QString &countParam);
/// The payload's length in the same units.
QString payloadLength(const SchemaProfile &profile);
/// The whole payload (as hex of its bytes for bytea).
QString payloadWhole(const SchemaProfile &profile);
/// The payload from unit `startParam` (1-based), `countParam` units long.
QString payloadPart(const SchemaProfile &profile, const QString &startParam, const QString &countParam);

} // namespace om::sql
