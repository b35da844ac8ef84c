// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/schemaprofile.h"
#include "core/profile/profileparser.h"
#include "core/common/quotedidentifier.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace om {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("om::SchemaProfile", s); }

/// A profile file is a few kB; anything this large is not one.
constexpr qint64 kMaxProfileFileBytes = 1024 * 1024;

} // namespace

QString SchemaProfile::col(const QString &logical) const {
    Q_ASSERT_X(m_columns.contains(logical), "SchemaProfile::col", qPrintable(logical));
    return sql::quoteIdentifier(m_columns.value(logical));
}

QString SchemaProfile::qualifiedTable() const {
    return sql::quoteIdentifier(schema) + QLatin1Char('.') + sql::quoteIdentifier(table);
}

QString SchemaProfile::qualifiedAuditTable() const {
    return sql::quoteIdentifier(audit.schema) + QLatin1Char('.') + sql::quoteIdentifier(audit.table);
}

QString LookupDef::qualifiedTable() const { return sql::quoteIdentifier(schema) + QLatin1Char('.') + sql::quoteIdentifier(table); }

QString SchemaProfile::qualifiedStorageTable() const {
    return sql::quoteIdentifier(storageSchema()) + QLatin1Char('.') + sql::quoteIdentifier(storageTable());
}

QList<ReadTable> SchemaProfile::readTables() const {
    QList<ReadTable> out{{qualifiedTable(), ReadTable::Use::Table}};
    auto add = [&out](const QString &name, ReadTable::Use use) {
        for (const ReadTable &t : std::as_const(out))
            if (t.name == name)
                return;
        out << ReadTable{name, use};
    };
    if (!baseTable.isEmpty())
        add(qualifiedStorageTable(), ReadTable::Use::Base);
    if (hasArchive())
        add(qualifiedArchiveTable(), ReadTable::Use::Archive);
    if (!headOfLine.lock.isEmpty())
        add(headOfLine.lock.qualifiedTable(), ReadTable::Use::Lock);
    for (const LookupDef &l : lookups)
        add(l.qualifiedTable(), ReadTable::Use::Lookup);
    if (hasAudit())
        add(qualifiedAuditTable(), ReadTable::Use::Audit);
    return out;
}

QString SchemaProfile::qualifiedArchiveTable() const {
    return sql::quoteIdentifier(archive.schema) + QLatin1Char('.') + sql::quoteIdentifier(archive.table);
}

const StateDef *SchemaProfile::state(const QString &name) const {
    for (const StateDef &s : states)
        if (s.name == name)
            return &s;
    return nullptr;
}

const SchemaProfile::StuckClock *SchemaProfile::stuckClock(const QString &state) const {
    for (const StuckClock &c : stuckClocks)
        if (c.states.contains(state))
            return &c;
    return nullptr;
}

QString StateDef::statusValue() const {
    if (when.size() == 1 && when.first().column == QLatin1String("status") && when.first().op == StateCondition::Op::Equals
        && when.first().values.size() == 1 && when.first().values.first().typeId() == QMetaType::QString)
        return when.first().values.first().toString();
    return {};
}

bool StateDef::reachedImplicitly() const {
    return !statusValue().isEmpty()
           || (when.size() == 1 && (when.first().op == StateCondition::Op::IsNull || when.first().op == StateCondition::Op::NotNull));
}

QStringList SchemaProfile::openStates() const {
    QStringList out;
    for (const StateDef &s : states)
        if (!s.terminal)
            out << s.name;
    return out;
}

bool SchemaProfile::statesAreStatusValues() const {
    if (!has(QStringLiteral("status")))
        return false;
    // The value must also be the name: a state "QUEUED" of the value "queued" is shown, compared
    // with actions' "from" lists and written to audit rows by its name, never the raw value.
    for (const StateDef &s : states)
        if (s.statusValue().isEmpty() || s.statusValue() != s.name)
            return false;
    return true;
}

std::optional<SchemaProfile> SchemaProfile::fromJson(const QByteArray &json, ProfileError *error, const QString &fileName) {
    ProfileParser p(json, fileName);
    if (p.parse())
        return p.prof;
    if (error)
        *error = p.error;
    return std::nullopt;
}

std::optional<SchemaProfile> SchemaProfile::fromJson(const QByteArray &json, QString *error) {
    ProfileError e;
    auto p = fromJson(json, &e);
    if (!p && error)
        *error = e.format();
    return p;
}

std::optional<SchemaProfile> SchemaProfile::fromFile(const QString &path, QString *error) {
    ProfileError e;
    auto p = fromFile(path, &e);
    if (!p && error)
        *error = e.format();
    return p;
}

std::optional<SchemaProfile> SchemaProfile::fromFile(const QString &path, ProfileError *error) {
    QFile f(path);
    ProfileError e;
    e.file = path;
    if (f.size() > kMaxProfileFileBytes)
        e.message = tr("the profile file is larger than 1 MiB");
    else if (!f.open(QIODevice::ReadOnly))
        e.message = tr("cannot read the profile file: %1").arg(f.errorString());
    else
        return fromJson(f.readAll(), error, path);
    if (error)
        *error = e;
    return std::nullopt;
}

QList<SchemaProfile> SchemaProfile::builtIns() {
    QList<SchemaProfile> out;
    const QDir dir(QStringLiteral(":/profiles"));
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QString err;
        if (auto p = fromFile(dir.filePath(name), &err))
            out << *p;
        else
            qWarning("built-in profile %s is invalid: %s", qPrintable(name), qPrintable(err));
    }
    return out;
}

std::optional<SchemaProfile> SchemaProfile::builtIn(const QString &id) {
    for (const SchemaProfile &p : builtIns())
        if (p.id == id)
            return p;
    return std::nullopt;
}

} // namespace om
