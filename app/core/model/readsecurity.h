// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/rowsecurity.h"
#include "core/profile/schemaprofile.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace om {

/// Row-level security on every table the profile reads (SchemaProfile::readTables): the
/// profile's table, and beside it the archive, the lock table, the lookups, a view's base table
/// and the audit table. Rows hidden in any of them change what the window says (a count drops,
/// a blocked key looks free, an archived message looks gone), so every view that shows a number
/// or an absence asks this, not the profile's table alone.
struct ReadSecurity {
    Q_DECLARE_TR_FUNCTIONS(om::ReadSecurity)
public:
    struct Table {
        QString name;
        ReadTable::Use use = ReadTable::Use::Table;
        RowSecurity facts;
    };
    QList<Table> tables; ///< the profile's table first

    /// The policies hide rows of at least one table from the role.
    bool hidesRows() const;
    /// The tables whose policies hide rows from the role, in the profile's order.
    QStringList hidingTables() const;
    /// The role the facts were read as ("" before the first read).
    QString role() const;
    /// One paragraph for the banner and the report: each table that hides rows, what the
    /// window reads it for, and why the role is subject to it; "" when none hides rows.
    QString hiddenRowsText() const;
    /// One line for a list's empty text, a count or a summary: "The role X sees only some rows
    /// (row-level security on A, B): this may not be all." "" when none hides rows.
    QString fewerRowsNote() const;
    /// A few words after a count: "(row-level security: the role sees only some rows)"; "" when
    /// none hides rows.
    QString shortNote() const;
    /// What the window reads a table for ("the archive", "the lock table", …).
    static QString useText(ReadTable::Use use);

    /// From the snapshot's JSON: the profile's table's object and the array of the others
    /// ({"table", "facts"}), as sql::rowSecurityColumns() builds them.
    static ReadSecurity fromJson(const SchemaProfile &profile, const QVariant &mainJson, const QVariant &othersJson);
};

} // namespace om
