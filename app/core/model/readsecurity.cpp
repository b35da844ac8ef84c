// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/readsecurity.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace om {

bool ReadSecurity::hidesRows() const {
    for (const Table &t : tables)
        if (t.facts.hidesRows())
            return true;
    return false;
}

QStringList ReadSecurity::hidingTables() const {
    QStringList out;
    for (const Table &t : tables)
        if (t.facts.hidesRows())
            out << t.name;
    return out;
}

QString ReadSecurity::role() const {
    // The facts of one read share the role; a table that hides rows surely has it.
    for (const Table &t : tables)
        if (t.facts.hidesRows())
            return t.facts.role;
    for (const Table &t : tables)
        if (t.facts.known && !t.facts.role.isEmpty())
            return t.facts.role;
    return {};
}

QString ReadSecurity::useText(ReadTable::Use use) {
    switch (use) {
    case ReadTable::Use::Table: return tr("the profile's table");
    case ReadTable::Use::Base: return tr("the table the view reads");
    case ReadTable::Use::Archive: return tr("the archive, where finished rows are moved");
    case ReadTable::Use::Lock: return tr("the lock table that says which key is blocked");
    case ReadTable::Use::Lookup: return tr("a lookup table of names");
    case ReadTable::Use::Audit: return tr("the audit table of the actions");
    }
    return {};
}

QString ReadSecurity::hiddenRowsText() const {
    QStringList parts;
    for (const Table &t : tables) {
        if (!t.facts.hidesRows())
            continue;
        // The profile's own table keeps the sentence it always had; the others say what they are.
        parts << (t.use == ReadTable::Use::Table ? t.facts.hiddenRowsText(t.name)
                                                 : tr("Row-level security on %1 (%2) applies to the role %3: the window sees only "
                                                      "the rows its policies allow there, and cannot say how many are hidden. %4")
                                                       .arg(t.name, useText(t.use), t.facts.role, t.facts.reasonText()));
    }
    return parts.join(QLatin1Char(' '));
}

QString ReadSecurity::fewerRowsNote() const {
    const QStringList hiding = hidingTables();
    if (hiding.isEmpty())
        return {};
    return tr("The role %1 sees only some rows (row-level security on %2): this may not be all.").arg(role(), hiding.join(QLatin1String(", ")));
}

QString ReadSecurity::shortNote() const {
    return hidesRows() ? tr("(row-level security: the role sees only some rows)") : QString();
}

ReadSecurity ReadSecurity::fromJson(const SchemaProfile &profile, const QVariant &mainJson, const QVariant &othersJson) {
    ReadSecurity out;
    const QList<ReadTable> read = profile.readTables();
    out.tables << Table{read.first().name, ReadTable::Use::Table, RowSecurity::fromJson(mainJson)};
    const QJsonArray others = othersJson.isNull() ? QJsonArray() : QJsonDocument::fromJson(othersJson.toString().toUtf8()).array();
    for (const ReadTable &t : read.mid(1)) {
        Table row{t.name, t.use, {}};
        for (const QJsonValue &v : others)
            if (v.toObject().value(QLatin1String("table")).toString() == t.name)
                row.facts = RowSecurity::fromJson(QString::fromUtf8(QJsonDocument(v.toObject().value(QLatin1String("facts")).toObject()).toJson(QJsonDocument::Compact)));
        out.tables << row;
    }
    return out;
}

} // namespace om
