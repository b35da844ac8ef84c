#include "core/profile/schemaprofile.h"
#include "core/sql/sqltext.h"
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

const QStringList kRoles = {QStringLiteral("waiting"), QStringLiteral("inFlight"), QStringLiteral("done"),
                            QStringLiteral("failed"), QStringLiteral("cancelled")};
const QStringList kActionKinds = {QStringLiteral("retry"), QStringLiteral("cancel"), QStringLiteral("recoverStuck")};

QString tr(const char *s) { return QCoreApplication::translate("om::SchemaProfile", s); }

// Bounds a profile must respect; the error messages name the same numbers.
constexpr int kMaxStateNameChars = 40;
constexpr int kMaxAuditNameChars = 30;
constexpr int kDefaultStuckTimeoutMinutes = 30;
constexpr int kMaxStuckTimeoutMinutes = 7 * 24 * 60;
constexpr int kDefaultReasonMaxLength = 1000;
constexpr int kMinReasonMaxLength = 10;
constexpr int kMaxReasonMaxLength = 100000;
/// A profile file is a few kB; anything this large is not one.
constexpr qint64 kMaxProfileFileBytes = 1024 * 1024;

/// PostgreSQL identifiers: up to 63 bytes, no NUL. Anything else is quoted, so only length and
/// emptiness can make a name invalid.
bool validIdentifier(const QString &s) {
    return !s.isEmpty() && s.toUtf8().size() <= 63 && !s.contains(QChar(0));
}

QStringList stringList(const QJsonValue &v) {
    QStringList out;
    for (const QJsonValue &e : v.toArray())
        out << e.toString();
    return out;
}

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

QString SchemaProfile::statesPredicate(const QStringList &names) const {
    QStringList values;
    QStringList others;
    for (const QString &n : names) {
        const StateDef *s = state(n);
        if (!s)
            continue;
        if (!s->value.isEmpty())
            values << sql::quoteLiteral(s->value);
        else if (!s->isNullColumn.isEmpty())
            others << col(s->isNullColumn) + QLatin1String(" IS NULL");
        else
            others << col(s->notNullColumn) + QLatin1String(" IS NOT NULL");
    }
    if (values.size() == 1)
        others.prepend(col(QStringLiteral("status")) + QLatin1String(" = ") + values.first());
    else if (values.size() > 1)
        others.prepend(col(QStringLiteral("status")) + QLatin1String(" IN (") + values.join(QLatin1String(", ")) + QLatin1Char(')'));
    if (others.isEmpty())
        return QStringLiteral("false");
    return others.size() == 1 ? others.first() : QLatin1Char('(') + others.join(QLatin1String(" OR ")) + QLatin1Char(')');
}

QString SchemaProfile::stateExpression() const {
    if (has(QStringLiteral("status")))
        return col(QStringLiteral("status"));
    QStringList whens;
    for (const StateDef &s : states)
        whens << QStringLiteral("WHEN %1 THEN %2").arg(statesPredicate({s.name}), sql::quoteLiteral(s.name));
    return QLatin1String("CASE ") + whens.join(QLatin1Char(' ')) + QLatin1String(" END");
}

/// Reads a profile's JSON one section at a time into `prof`; the first problem found is kept
/// in `error` (later sections are still read, so that their own checks do not crash on gaps).
class ProfileParser {
    // The messages keep their context (they were written in SchemaProfile::fromJson).
    Q_DECLARE_TR_FUNCTIONS(om::SchemaProfile)
public:
    SchemaProfile prof;
    QString error;

    bool fail(const QString &msg) { if (error.isEmpty()) error = msg; return false; }

    void table(const QJsonObject &o) {
        prof.id = o.value(QLatin1String("id")).toString();
        prof.title = o.value(QLatin1String("title")).toString(prof.id);
        prof.schema = o.value(QLatin1String("schema")).toString(QStringLiteral("public"));
        prof.table = o.value(QLatin1String("table")).toString();
        if (prof.id.isEmpty() || !QRegularExpression(QStringLiteral("^[A-Za-z0-9_.-]{1,64}$")).match(prof.id).hasMatch())
            fail(tr("\"id\" must be 1-64 letters, digits, '_', '-' or '.'."));
        if (!validIdentifier(prof.table) || !validIdentifier(prof.schema))
            fail(tr("\"schema\" and \"table\" must be names of at most 63 bytes."));
    }

    void columns(const QJsonObject &o) {
        const QJsonObject cols = o.value(QLatin1String("columns")).toObject();
        const QJsonObject extra = o.value(QLatin1String("extraColumns")).toObject();
        for (const QJsonObject &group : {cols, extra})
            for (auto it = group.begin(); it != group.end(); ++it) {
                if (!validIdentifier(it.value().toString()))
                    fail(tr("Column \"%1\" must name a column (at most 63 bytes).").arg(it.key()));
                prof.m_columns.insert(it.key(), it.value().toString());
            }
        for (const char *required : {"id", "key", "createdAt"})
            if (!prof.has(QLatin1String(required)))
                fail(tr("\"columns\" must map \"%1\".").arg(QLatin1String(required)));
    }

    void state(const QJsonObject &so) {
        StateDef s;
        s.name = so.value(QLatin1String("name")).toString();
        s.role = so.value(QLatin1String("role")).toString();
        s.value = so.value(QLatin1String("value")).toString();
        s.isNullColumn = so.value(QLatin1String("isNull")).toString();
        s.notNullColumn = so.value(QLatin1String("notNull")).toString();
        s.terminal = so.value(QLatin1String("terminal")).toBool(false);
        const int ways = int(!s.value.isEmpty()) + int(!s.isNullColumn.isEmpty()) + int(!s.notNullColumn.isEmpty());
        if (s.name.isEmpty() || s.name.size() > kMaxStateNameChars)
            fail(tr("Every state needs a \"name\" of at most 40 characters."));
        if (!kRoles.contains(s.role))
            fail(tr("State %1: \"role\" must be one of %2.").arg(s.name, kRoles.join(QLatin1String(", "))));
        if (ways != 1)
            fail(tr("State %1 needs exactly one of \"value\", \"isNull\", \"notNull\".").arg(s.name));
        if (!s.value.isEmpty() && !prof.has(QStringLiteral("status")))
            fail(tr("State %1 matches a status value but \"columns\" has no \"status\".").arg(s.name));
        for (const QString &c : {s.isNullColumn, s.notNullColumn})
            if (!c.isEmpty() && !prof.has(c))
                fail(tr("State %1 names the unknown column \"%2\".").arg(s.name, c));
        if (prof.state(s.name))
            fail(tr("State %1 is defined twice.").arg(s.name));
        prof.states << s;
    }

    void states(const QJsonObject &o) {
        for (const QJsonValue &sv : o.value(QLatin1String("states")).toArray())
            state(sv.toObject());
        if (prof.states.isEmpty())
            fail(tr("\"states\" must list at least one state."));
    }

    void checkStates(const QStringList &names, const char *where) {
        for (const QString &n : names)
            if (!prof.state(n))
                fail(tr("\"%1\" names the unknown state \"%2\".").arg(QLatin1String(where), n));
    }

    void checkColumn(const QString &c, const char *where) {
        if (!prof.has(c))
            fail(tr("\"%1\" names the unknown column \"%2\".").arg(QLatin1String(where), c));
    }

    /// waiting, stuck, nearMaxRetry and failed: which states each view and count covers.
    void views(const QJsonObject &o) {
        const QJsonObject waiting = o.value(QLatin1String("waiting")).toObject();
        prof.waitingStates = stringList(waiting.value(QLatin1String("states")));
        prof.waitingSince = waiting.value(QLatin1String("sinceColumn")).toString(QStringLiteral("createdAt"));
        checkStates(prof.waitingStates, "waiting");
        checkColumn(prof.waitingSince, "waiting.sinceColumn");
        const QJsonObject stuck = o.value(QLatin1String("stuck")).toObject();
        prof.stuckStates = stringList(stuck.value(QLatin1String("states")));
        prof.stuckSince = stuck.value(QLatin1String("sinceColumn")).toString(QStringLiteral("createdAt"));
        prof.stuckTimeoutMinutes = stuck.value(QLatin1String("defaultTimeoutMinutes")).toInt(kDefaultStuckTimeoutMinutes);
        checkStates(prof.stuckStates, "stuck");
        checkColumn(prof.stuckSince, "stuck.sinceColumn");
        if (prof.stuckTimeoutMinutes < 1 || prof.stuckTimeoutMinutes > kMaxStuckTimeoutMinutes)
            fail(tr("\"stuck.defaultTimeoutMinutes\" must be between 1 and 10080."));
        prof.nearMaxRetryStates = stringList(o.value(QLatin1String("nearMaxRetry")).toObject().value(QLatin1String("states")));
        checkStates(prof.nearMaxRetryStates, "nearMaxRetry");
        if (!prof.nearMaxRetryStates.isEmpty() && !prof.hasRetries())
            fail(tr("\"nearMaxRetry\" needs the \"retries\" and \"maxRetries\" columns."));
        prof.failedStates = stringList(o.value(QLatin1String("failed")).toObject().value(QLatin1String("states")));
        checkStates(prof.failedStates, "failed");
    }

    /// "ordering": {"key": "<logical column>"}. The order within a key is fixed (created time,
    /// then id), so the section names the key and nothing else.
    void ordering(const QJsonObject &o) {
        const QJsonValue v = o.value(QLatin1String("ordering"));
        if (v.isUndefined())
            return;
        const QJsonObject ord = v.toObject();
        if (!v.isObject() || !ord.value(QLatin1String("key")).isString() || ord.size() != 1) {
            fail(tr("\"ordering\" must be {\"key\": \"<logical column>\"}: the column that orders delivery "
                    "(rows of one key are delivered by created time, then id)."));
            return;
        }
        prof.orderingKey = ord.value(QLatin1String("key")).toString();
        if (!prof.has(prof.orderingKey))
            fail(tr("\"ordering.key\" names \"%1\", which \"columns\" does not map.").arg(prof.orderingKey));
    }

    void setClauses(const QJsonObject &set, ActionDef &a) {
        for (auto sit = set.begin(); sit != set.end(); ++sit) {
            SetClause c;
            c.column = sit.key();
            checkColumn(c.column, "actions.set");
            if (sit.value().isNull()) {
                c.kind = SetClause::Kind::Null;
            } else if (sit.value().toString() == QLatin1String("now")) {
                c.kind = SetClause::Kind::Now;
            } else if (sit.value().isObject() && sit.value().toObject().value(QLatin1String("text")).isString()) {
                c.kind = SetClause::Kind::Text;
                c.text = sit.value().toObject().value(QLatin1String("text")).toString();
            } else {
                fail(tr("Action %1: \"set.%2\" must be null, \"now\" or {\"text\": \"...\"}.").arg(a.kind, c.column));
            }
            a.set << c;
        }
    }

    void action(const QString &kind, const QJsonObject &ao) {
        ActionDef a;
        a.kind = kind;
        a.auditName = ao.value(QLatin1String("auditName")).toString(kind.toUpper());
        a.from = stringList(ao.value(QLatin1String("from")));
        a.to = ao.value(QLatin1String("to")).toString();
        a.pastStuckTimeout = ao.value(QLatin1String("pastStuckTimeout")).toBool(false);
        checkStates(a.from, "actions.from");
        checkStates({a.to}, "actions.to");
        if (a.from.isEmpty())
            fail(tr("Action %1 must say which states it applies to (\"from\").").arg(a.kind));
        if (a.auditName.isEmpty() || a.auditName.size() > kMaxAuditNameChars)
            fail(tr("Action %1: \"auditName\" must be 1-30 characters.").arg(a.kind));
        setClauses(ao.value(QLatin1String("set")).toObject(), a);
        prof.actions.insert(a.kind, a);
    }

    void actions(const QJsonObject &o) {
        const QJsonObject actions = o.value(QLatin1String("actions")).toObject();
        for (auto it = actions.begin(); it != actions.end(); ++it) {
            if (!kActionKinds.contains(it.key()))
                fail(tr("Unknown action \"%1\" (known: %2).").arg(it.key(), kActionKinds.join(QLatin1String(", "))));
            else
                action(it.key(), it.value().toObject());
        }
    }

    void audit(const QJsonObject &o) {
        const QJsonObject audit = o.value(QLatin1String("audit")).toObject();
        prof.audit.schema = audit.value(QLatin1String("schema")).toString(prof.schema);
        prof.audit.table = audit.value(QLatin1String("table")).toString();
        prof.audit.reasonMaxLength = audit.value(QLatin1String("reasonMaxLength")).toInt(kDefaultReasonMaxLength);
        const QJsonObject acols = audit.value(QLatin1String("columns")).toObject();
        for (auto it = acols.begin(); it != acols.end(); ++it) {
            if (!validIdentifier(it.value().toString()))
                fail(tr("Audit column \"%1\" must name a column.").arg(it.key()));
            prof.audit.columns.insert(it.key(), it.value().toString());
        }
        if (!prof.actions.isEmpty()) {
            if (!validIdentifier(prof.audit.table))
                fail(tr("A profile with actions needs an \"audit.table\": no change without its audit row."));
            for (const char *required : {"messageId", "action", "reason", "oldStatus", "newStatus"})
                if (!prof.audit.columns.contains(QLatin1String(required)))
                    fail(tr("\"audit.columns\" must map \"%1\".").arg(QLatin1String(required)));
        }
        if (prof.audit.reasonMaxLength < kMinReasonMaxLength || prof.audit.reasonMaxLength > kMaxReasonMaxLength)
            fail(tr("\"audit.reasonMaxLength\" must be between 10 and 100000."));
    }
};

std::optional<SchemaProfile> SchemaProfile::fromJson(const QByteArray &json, QString *error) {
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &perr);
    ProfileParser p;
    if (perr.error != QJsonParseError::NoError)
        p.fail(tr("The profile is not valid JSON (%1 at offset %2).").arg(perr.errorString()).arg(perr.offset));
    else if (!doc.isObject())
        p.fail(tr("The profile must be a JSON object."));
    if (p.error.isEmpty()) {
        const QJsonObject o = doc.object();
        p.table(o);
        p.columns(o);
        p.states(o);
        p.views(o);
        p.ordering(o);
        p.actions(o);
        p.audit(o);
    }
    if (!p.error.isEmpty()) {
        if (error)
            *error = p.error;
        return std::nullopt;
    }
    return p.prof;
}

std::optional<SchemaProfile> SchemaProfile::fromFile(const QString &path, QString *error) {
    QFile f(path);
    if (f.size() > kMaxProfileFileBytes) {
        if (error) *error = tr("The profile file %1 is larger than 1 MiB.").arg(path);
        return std::nullopt;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("Cannot read the profile file %1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    return fromJson(f.readAll(), error);
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
