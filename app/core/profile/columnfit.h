// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>
#include <QStringList>

namespace om {

/// One column of the live table, as the catalog describes it.
struct LiveColumn {
    QString name;
    QString type; ///< format_type(): "timestamp with time zone", "character varying(64)"
    QString base; ///< the type's name, or its base type's for a domain: timestamptz, int8, uuid
    bool isEnum = false;
    QStringList labels; ///< an enum's labels, in order
};

/// Whether a live column can play the part a profile gives its logical column: ids are integers,
/// uuids or text; times carry a time zone; retry counts are integers; a status is text or an enum;
/// the error message and the payload are of the text type "types" says (text by default).
/// Returns why not, for the operator ("" when it fits). Columns the program only shows as text
/// (key, type, destination, error code, …) fit whatever their type.
QString columnMisfit(const SchemaProfile &profile, const QString &logical, const LiveColumn &column);

/// The logical columns the program reads as times (ages, "since", keyset order by time).
QStringList timeColumns(const SchemaProfile &profile);

} // namespace om
