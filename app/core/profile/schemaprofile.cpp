#include "core/profile/schemaprofile.h"
#include "core/profile/profileparser.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"
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

const StateDef *SchemaProfile::state(const QString &name) const {
    for (const StateDef &s : states)
        if (s.name == name)
            return &s;
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

QString SchemaProfile::maxRetriesSql() const {
    return has(QStringLiteral("maxRetries")) ? col(QStringLiteral("maxRetries")) : QString::number(maxRetriesConstant);
}

QString SchemaProfile::conditionSql(const StateCondition &c) const {
    using Op = StateCondition::Op;
    const QString column = col(c.column);
    switch (c.op) {
    case Op::Equals: return column + QLatin1String(" = ") + StateCondition::constantSql(c.values.value(0));
    case Op::In: {
        QStringList items;
        for (const QVariant &v : c.values)
            items << StateCondition::constantSql(v);
        return column + QLatin1String(" IN (") + items.join(QLatin1String(", ")) + QLatin1Char(')');
    }
    case Op::IsNull: return column + QLatin1String(" IS NULL");
    case Op::NotNull: return column + QLatin1String(" IS NOT NULL");
    case Op::IsTrue: return column + QLatin1String(" IS TRUE");
    case Op::IsFalse: return column + QLatin1String(" IS FALSE");
    // Through timesql: an epoch or zoned column is compared in its own unit, left bare for indexes.
    case Op::Before: return sql::timeCompare(*this, c.column, QStringLiteral("<"), c.time.sql());
    case Op::After: return sql::timeCompare(*this, c.column, QStringLiteral(">"), c.time.sql());
    case Op::Compare: {
        const QString other = !c.withColumn.isEmpty()
            ? (c.withColumn == QLatin1String("maxRetries") ? maxRetriesSql() : col(c.withColumn))
            : StateCondition::constantSql(c.withValue);
        return column + QLatin1Char(' ') + c.compareOp + QLatin1Char(' ') + other;
    }
    }
    return QStringLiteral("false");
}

QString SchemaProfile::stateCondition(const StateDef &s) const {
    QStringList parts;
    for (const StateCondition &c : s.when)
        parts << conditionSql(c);
    if (parts.isEmpty())
        return QStringLiteral("false");
    return parts.size() == 1 ? parts.first() : QLatin1Char('(') + parts.join(QLatin1String(" AND ")) + QLatin1Char(')');
}

QString SchemaProfile::statesPredicate(const QStringList &names) const {
    // Plain status values are folded into one "status IN (...)", written as the kit's partial
    // indexes are, so that the planner matches them; every other state is its own condition.
    QStringList values;
    QStringList others;
    for (const QString &n : names) {
        const StateDef *s = state(n);
        if (!s)
            continue;
        if (const QString v = s->statusValue(); !v.isEmpty())
            values << sql::quoteLiteral(v);
        else
            others << stateCondition(*s);
    }
    if (values.size() == 1)
        others.prepend(col(QStringLiteral("status")) + QLatin1String(" = ") + values.first());
    else if (values.size() > 1)
        others.prepend(col(QStringLiteral("status")) + QLatin1String(" IN (") + values.join(QLatin1String(", ")) + QLatin1Char(')'));
    if (others.isEmpty())
        return QStringLiteral("false");
    return others.size() == 1 ? others.first() : QLatin1Char('(') + others.join(QLatin1String(" OR ")) + QLatin1Char(')');
}

bool SchemaProfile::statesAreStatusValues() const {
    if (!has(QStringLiteral("status")))
        return false;
    for (const StateDef &s : states)
        if (s.statusValue().isEmpty())
            return false;
    return true;
}

QString SchemaProfile::stateExpression() const {
    if (statesAreStatusValues())
        return col(QStringLiteral("status"));
    // Conditions may overlap (a profile need not make them exclusive): the first state listed wins.
    QStringList whens;
    for (const StateDef &s : states)
        whens << QStringLiteral("WHEN %1 THEN %2").arg(stateCondition(s), sql::quoteLiteral(s.name));
    return QLatin1String("CASE ") + whens.join(QLatin1Char(' ')) + QLatin1String(" END");
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
