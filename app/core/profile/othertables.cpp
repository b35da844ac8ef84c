// SPDX-License-Identifier: GPL-3.0-or-later
// The profile's other tables (ProfileParser's sections for them): where finished rows are
// archived, where ids get their names, and the table a view reads.
#include "core/profile/profileparser.h"

namespace om {

// A library's maintenance (a pruner, an archiver) moves finished rows to another table: without
// it the finished count falls and an action's rows look deleted when they were only moved.
void ProfileParser::archive(const QJsonObject &o) {
    const QString path = QStringLiteral("archive");
    if (!o.contains(path))
        return;
    const QJsonObject ao = object(o, path, {});
    knownKeys(ao, path, {QStringLiteral("schema"), QStringLiteral("table"), QStringLiteral("state")});
    prof.archive.schema = text(ao, QStringLiteral("schema"), path, prof.schema);
    prof.archive.table = text(ao, QStringLiteral("table"), path);
    if (prof.archive.table.isEmpty()) {
        fail(path, tr("\"archive\" must name its \"table\"; leave \"archive\" out when finished rows stay in the table"));
        return;
    }
    identifier(prof.archive.table, QStringLiteral("archive.table"));
    identifier(prof.archive.schema, QStringLiteral("archive.schema"));
    if (prof.archive.schema == prof.schema && prof.archive.table == prof.table)
        fail(QStringLiteral("archive.table"), tr("the archive is the profile's own table: name the table finished rows are moved to"));
    // Without "state" the archive keeps the table's state columns (a library that moves done,
    // failed and cancelled rows alike): its rows are classified by the same state rules. "state"
    // is for an archive without them: all its rows count as that one terminal state.
    if (!ao.contains(QStringLiteral("state")))
        return;
    prof.archive.state = text(ao, QStringLiteral("state"), path);
    const StateDef *s = prof.state(prof.archive.state);
    if (!s)
        fail(QStringLiteral("archive.state"), prof.archive.state.isEmpty() ? tr("name the finished state the archived rows count as (\"state\"), or leave \"state\" out when the archive keeps the state columns")
                                                                           : tr("no state is named \"%1\"").arg(prof.archive.state));
    else if (!s->terminal)
        fail(QStringLiteral("archive.state"), tr("state %1 is not terminal: archived rows never change again").arg(prof.archive.state));
}

// Where the table stores a type's or a destination's id, the operator should read its name.
void ProfileParser::lookups(const QJsonObject &o) {
    const QString path = QStringLiteral("lookups");
    const QJsonObject all = object(o, path, {});
    static const QStringList named{QStringLiteral("type"), QStringLiteral("destination")};
    for (auto it = all.begin(); it != all.end(); ++it) {
        const QString where = jsonChild(path, it.key());
        if (!named.contains(it.key())) {
            fail(where, tr("names can be looked up for %1, not \"%2\"").arg(named.join(QLatin1String(", ")), it.key()));
            continue;
        }
        checkColumn(it.key(), where);
        const QJsonObject lo = object(all, it.key(), path);
        knownKeys(lo, where, {QStringLiteral("schema"), QStringLiteral("table"), QStringLiteral("id"), QStringLiteral("name")});
        LookupDef l;
        l.schema = text(lo, QStringLiteral("schema"), where, prof.schema);
        l.table = text(lo, QStringLiteral("table"), where);
        l.idColumn = text(lo, QStringLiteral("id"), where, QStringLiteral("id"));
        l.nameColumn = text(lo, QStringLiteral("name"), where, QStringLiteral("name"));
        if (l.table.isEmpty())
            fail(where, tr("a lookup must name its \"table\""));
        for (const QString &name : {l.schema, l.table, l.idColumn, l.nameColumn})
            if (!name.isEmpty())
                identifier(name, where);
        prof.lookups.insert(it.key(), l);
    }
}

// A view as the source: its rows live in one table (with the same column names), which the
// actions change and the kit indexes; without it a view's profile cannot get its kit.
void ProfileParser::base(const QJsonObject &o) {
    const QString path = QStringLiteral("base");
    if (!o.contains(path))
        return;
    const QJsonObject bo = object(o, path, {});
    knownKeys(bo, path, {QStringLiteral("schema"), QStringLiteral("table")});
    prof.baseSchema = text(bo, QStringLiteral("schema"), path, prof.schema);
    prof.baseTable = text(bo, QStringLiteral("table"), path);
    if (prof.baseTable.isEmpty()) {
        fail(path, tr("\"base\" must name the \"table\" the view reads; leave \"base\" out when \"table\" is a table"));
        return;
    }
    identifier(prof.baseTable, QStringLiteral("base.table"));
    identifier(prof.baseSchema, QStringLiteral("base.schema"));
    if (prof.baseSchema == prof.schema && prof.baseTable == prof.table)
        fail(QStringLiteral("base.table"), tr("\"base\" names the profile's own table: name the table the view reads"));
}

} // namespace om
