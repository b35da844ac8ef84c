// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/profileparser.h"
#include "core/profile/setclausematch.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <cmath>

namespace om {
namespace {

const QStringList kRoles = {QStringLiteral("waiting"), QStringLiteral("inFlight"), QStringLiteral("done"),
                            QStringLiteral("failed"), QStringLiteral("cancelled")};
const QStringList kActionKinds = {QStringLiteral("retry"), QStringLiteral("cancel"), QStringLiteral("recoverStuck")};
const QStringList kIsValues = {QStringLiteral("null"), QStringLiteral("notNull"), QStringLiteral("true"), QStringLiteral("false")};
/// The keys of a condition that say what it tests; exactly one per condition.
const QStringList kConditionOps = {QStringLiteral("equals"), QStringLiteral("in"), QStringLiteral("is"),
                                   QStringLiteral("before"), QStringLiteral("after"), QStringLiteral("compare")};

// Bounds a profile must respect; the error messages name the same numbers.
constexpr int kMaxStateNameChars = 40;
constexpr int kMaxAuditNameChars = 30;
constexpr int kDefaultReasonMaxLength = 1000;
constexpr int kMinReasonMaxLength = 10;
constexpr int kMaxReasonMaxLength = 100000;
constexpr int kMaxRetriesConstant = 1000000;
constexpr int kMaxConditions = 16;

QString quoted(const QString &s) { return QLatin1Char('"') + s + QLatin1Char('"'); }

/// Conditions the planner's statistics can estimate (a terminal state is counted from them).
bool estimable(const StateCondition &c) {
    using Op = StateCondition::Op;
    return c.op == Op::Equals || c.op == Op::In || c.op == Op::IsNull || c.op == Op::NotNull || c.op == Op::IsTrue
           || c.op == Op::IsFalse;
}

} // namespace

ProfileParser::ProfileParser(const QByteArray &json, const QString &fileName) : m_json(json), m_locator(json) {
    error.file = fileName;
}

bool ProfileParser::fail(const QString &path, const QString &msg) {
    if (error.isEmpty()) {
        error.path = path;
        error.line = m_locator.line(path);
        error.message = msg;
    }
    return false;
}

bool ProfileParser::knownKeys(const QJsonObject &o, const QString &path, const QStringList &allowed) {
    bool ok = true;
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!allowed.contains(it.key()))
            ok = fail(jsonChild(path, it.key()), tr("unknown key \"%1\" (known here: %2)").arg(it.key(), allowed.join(QLatin1String(", "))));
    return ok;
}

QString ProfileParser::text(const QJsonObject &o, const QString &key, const QString &path, const QString &def) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return def;
    if (!v.isString())
        fail(jsonChild(path, key), tr("must be a string, not %1").arg(jsonTypeName(v)));
    return v.toString();
}

int ProfileParser::integer(const QJsonObject &o, const QString &key, const QString &path, int def) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return def;
    if (!v.isDouble() || v.toDouble() != double(v.toInt(0)) || v.toDouble() != v.toDouble()) {
        fail(jsonChild(path, key), tr("must be a whole number, not %1").arg(v.isDouble() ? QString::number(v.toDouble()) : jsonTypeName(v)));
        return def;
    }
    return v.toInt();
}

bool ProfileParser::boolean(const QJsonObject &o, const QString &key, const QString &path, bool def) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return def;
    if (!v.isBool())
        fail(jsonChild(path, key), tr("must be true or false, not %1").arg(jsonTypeName(v)));
    return v.toBool(def);
}

QStringList ProfileParser::texts(const QJsonObject &o, const QString &key, const QString &path) {
    QStringList out;
    const QJsonArray a = array(o, key, path);
    for (int i = 0; i < a.size(); ++i) {
        if (!a.at(i).isString())
            fail(jsonIndex(jsonChild(path, key), i), tr("must be a string, not %1").arg(jsonTypeName(a.at(i))));
        out << a.at(i).toString();
    }
    return out;
}

QJsonObject ProfileParser::object(const QJsonObject &o, const QString &key, const QString &path) {
    const QJsonValue v = o.value(key);
    if (!v.isUndefined() && !v.isObject())
        fail(jsonChild(path, key), tr("must be an object ({...}), not %1").arg(jsonTypeName(v)));
    return v.toObject();
}

QJsonArray ProfileParser::array(const QJsonObject &o, const QString &key, const QString &path) {
    const QJsonValue v = o.value(key);
    if (!v.isUndefined() && !v.isArray())
        fail(jsonChild(path, key), tr("must be an array ([...]), not %1").arg(jsonTypeName(v)));
    return v.toArray();
}

bool ProfileParser::identifier(const QString &name, const QString &path) {
    // PostgreSQL identifiers: up to 63 bytes, no NUL. Anything else is quoted, so quotes and
    // spaces are fine; only emptiness, NUL and length make a name invalid.
    if (name.isEmpty())
        return fail(path, tr("must name a table or column, not be empty"));
    if (name.contains(QChar(0)))
        return fail(path, tr("a name cannot contain the NUL character"));
    if (name.toUtf8().size() > 63)
        return fail(path, tr("\"%1\" is %2 bytes long; PostgreSQL names are at most 63 bytes").arg(name).arg(name.toUtf8().size()));
    return true;
}

bool ProfileParser::parse() {
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(m_json, &perr);
    if (perr.error != QJsonParseError::NoError) {
        JsonLocator::position(m_json, perr.offset, &error.line, &error.column);
        error.message = tr("not valid JSON: %1").arg(perr.errorString());
        return false;
    }
    if (!doc.isObject()) {
        error.line = 1;
        error.message = tr("the profile must be a JSON object ({...})");
        return false;
    }
    if (!m_locator.duplicateKeys().isEmpty())
        fail(m_locator.duplicateKeys().first(), tr("this key is written twice in its object"));
    const QJsonObject o = doc.object();
    // clang-format off
    // "$schema" names the JSON Schema of the format for editors (resources/profiles/schema/).
    knownKeys(o, QString(), {QStringLiteral("$schema"), QStringLiteral("id"), QStringLiteral("title"), QStringLiteral("schema"), QStringLiteral("table"),
                             QStringLiteral("columns"), QStringLiteral("extraColumns"), QStringLiteral("maxRetries"), QStringLiteral("retries"),
                             QStringLiteral("states"), QStringLiteral("waiting"), QStringLiteral("stuck"),
                             QStringLiteral("nearMaxRetry"), QStringLiteral("failed"), QStringLiteral("actions"),
                             QStringLiteral("audit"), QStringLiteral("types"), QStringLiteral("timeZone"),
                             QStringLiteral("errorMessagePath"), QStringLiteral("ordering"), QStringLiteral("replicationSlot"), QStringLiteral("purge"),
                             QStringLiteral("archive"), QStringLiteral("lookups"),
                             QStringLiteral("base")});
    // clang-format on
    table(o);
    columns(o);
    maxRetries(o);
    retryCounting(o);
    states(o);
    views(o);
    ordering(o);
    replicationSlot(o);
    actions(o);
    audit(o);
    purge(o);
    archive(o);
    lookups(o);
    base(o);
    columnTypes(o);
    return error.isEmpty();
}

void ProfileParser::table(const QJsonObject &o) {
    prof.id = text(o, QStringLiteral("id"), {});
    prof.title = text(o, QStringLiteral("title"), {}, prof.id);
    prof.schema = text(o, QStringLiteral("schema"), {}, QStringLiteral("public"));
    prof.table = text(o, QStringLiteral("table"), {});
    if (prof.id.isEmpty() || !QRegularExpression(QStringLiteral("^[A-Za-z0-9_.-]{1,64}$")).match(prof.id).hasMatch())
        fail(QStringLiteral("id"), tr("\"id\" must be 1-64 letters, digits, '_', '-' or '.'"));
    identifier(prof.schema, QStringLiteral("schema"));
    identifier(prof.table, QStringLiteral("table"));
    // "table" is one name, quoted as it is written: "sales.outbox" would be a table of that name
    // in "public". A table outside "public" is named with "schema".
    if (!o.contains(QLatin1String("schema")) && prof.table.contains(QLatin1Char('.')))
        fail(QStringLiteral("table"), tr("\"table\" is one name, and \"%1\" has a dot in it: for the table %3 in the schema %2 write "
                                         "\"schema\": \"%2\", \"table\": \"%3\"")
                                          .arg(prof.table, prof.table.section(QLatin1Char('.'), 0, 0), prof.table.section(QLatin1Char('.'), 1)));
}

void ProfileParser::columnGroup(const QJsonObject &group, const QString &path) {
    for (auto it = group.begin(); it != group.end(); ++it) {
        const QString where = jsonChild(path, it.key());
        if (!it.value().isString()) {
            fail(where, tr("must be a column name (a string), not %1").arg(jsonTypeName(it.value())));
            continue;
        }
        if (prof.m_columns.contains(it.key()))
            fail(where, tr("the logical column \"%1\" is mapped twice").arg(it.key()));
        identifier(it.value().toString(), where);
        prof.m_columns.insert(it.key(), it.value().toString());
    }
}

void ProfileParser::columns(const QJsonObject &o) {
    columnGroup(object(o, QStringLiteral("columns"), {}), QStringLiteral("columns"));
    columnGroup(object(o, QStringLiteral("extraColumns"), {}), QStringLiteral("extraColumns"));
    for (const char *required : {"id", "createdAt"}) // a key only where messages have one
        if (!prof.has(QLatin1String(required)))
            fail(QStringLiteral("columns"), tr("\"columns\" must map \"%1\"").arg(QLatin1String(required)));
}

void ProfileParser::maxRetries(const QJsonObject &o) {
    prof.maxRetriesConstant = integer(o, QStringLiteral("maxRetries"), {}, 0);
    if (!o.contains(QLatin1String("maxRetries")))
        return;
    if (prof.maxRetriesConstant < 1 || prof.maxRetriesConstant > kMaxRetriesConstant)
        fail(QStringLiteral("maxRetries"), tr("must be between 1 and 1000000"));
    if (prof.has(QStringLiteral("maxRetries")))
        fail(QStringLiteral("maxRetries"), tr("give the maximum either as a column (\"columns.maxRetries\") or as a number here, not both"));
}

void ProfileParser::states(const QJsonObject &o) {
    const QJsonArray all = array(o, QStringLiteral("states"), {});
    for (int i = 0; i < all.size(); ++i) {
        const QString path = jsonIndex(QStringLiteral("states"), i);
        if (!all.at(i).isObject())
            fail(path, tr("must be an object ({...}), not %1").arg(jsonTypeName(all.at(i))));
        else
            state(all.at(i).toObject(), path);
    }
    if (prof.states.isEmpty())
        fail(QStringLiteral("states"), tr("\"states\" must list at least one state"));
}

void ProfileParser::state(const QJsonObject &so, const QString &path) {
    // clang-format off
    knownKeys(so, path, {QStringLiteral("name"), QStringLiteral("role"), QStringLiteral("terminal"), QStringLiteral("value"),
                         QStringLiteral("isNull"), QStringLiteral("notNull"), QStringLiteral("when")});
    // clang-format on
    StateDef s;
    s.name = text(so, QStringLiteral("name"), path);
    s.role = text(so, QStringLiteral("role"), path);
    s.terminal = boolean(so, QStringLiteral("terminal"), path, false);
    if (s.name.isEmpty() || s.name.size() > kMaxStateNameChars)
        fail(jsonChild(path, QStringLiteral("name")), tr("every state needs a \"name\" of at most 40 characters"));
    if (!kRoles.contains(s.role))
        fail(jsonChild(path, QStringLiteral("role")), tr("state %1: \"role\" must be one of %2").arg(s.name, kRoles.join(QLatin1String(", "))));
    if (prof.state(s.name))
        fail(jsonChild(path, QStringLiteral("name")), tr("state %1 is defined twice").arg(s.name));
    conditions(so, path, s);
    if (s.terminal)
        checkTerminal(s, path);
    prof.states << s;
}

void ProfileParser::conditions(const QJsonObject &so, const QString &path, StateDef &s) {
    int ways = 0;
    for (const char *k : {"value", "isNull", "notNull", "when"})
        ways += so.contains(QLatin1String(k)) ? 1 : 0;
    if (ways != 1) {
        fail(path, tr("state %1 needs exactly one of \"value\", \"isNull\", \"notNull\", \"when\"").arg(s.name));
        return;
    }
    // The shorthands are one condition each: "value" tests the status column.
    StateCondition c;
    if (so.contains(QLatin1String("value"))) {
        c.column = QStringLiteral("status");
        c.values = {text(so, QStringLiteral("value"), path)};
        checkColumn(c.column, jsonChild(path, QStringLiteral("value")));
        s.when << c;
        return;
    }
    for (const auto &[key, op] : {std::pair{"isNull", StateCondition::Op::IsNull}, std::pair{"notNull", StateCondition::Op::NotNull}})
        if (so.contains(QLatin1String(key))) {
            c.column = text(so, QLatin1String(key), path);
            c.op = op;
            checkColumn(c.column, jsonChild(path, QLatin1String(key)));
            s.when << c;
            return;
        }
    const QString wpath = jsonChild(path, QStringLiteral("when"));
    const QJsonArray when = array(so, QStringLiteral("when"), path);
    if (when.isEmpty() || when.size() > kMaxConditions)
        fail(wpath, tr("\"when\" must list 1 to 16 conditions"));
    s.when << conditionList(when, wpath);
}

QList<StateCondition> ProfileParser::conditionList(const QJsonArray &all, const QString &path) {
    QList<StateCondition> out;
    for (int i = 0; i < all.size(); ++i) {
        const QString cpath = jsonIndex(path, i);
        if (!all.at(i).isObject()) {
            fail(cpath, tr("must be an object ({...}), not %1").arg(jsonTypeName(all.at(i))));
            continue;
        }
        StateCondition one;
        if (condition(all.at(i).toObject(), cpath, one))
            out << one;
    }
    return out;
}

bool ProfileParser::constant(const QJsonValue &v, const QString &path, QVariant *out) {
    if (v.isString()) {
        if (v.toString().contains(QChar(0)))
            return fail(path, tr("a constant cannot contain the NUL character"));
        *out = v.toString();
    } else if (v.isBool()) {
        *out = v.toBool();
    } else if (v.isDouble()) {
        const double d = v.toDouble();
        if (d == double(qint64(d)) && qAbs(d) < 9e15)
            *out = qint64(d);
        else
            *out = d;
    } else {
        return fail(path, tr("must be a string, a number or true/false, not %1").arg(jsonTypeName(v)));
    }
    return true;
}

bool ProfileParser::condition(const QJsonObject &co, const QString &path, StateCondition &c) {
    using Op = StateCondition::Op;
    if (!knownKeys(co, path, QStringList{QStringLiteral("column"), QStringLiteral("with")} + kConditionOps))
        return false;
    c.column = text(co, QStringLiteral("column"), path);
    const QString cpath = jsonChild(path, QStringLiteral("column"));
    if (c.column.isEmpty())
        return fail(path, tr("a condition needs the \"column\" it tests"));
    checkColumn(c.column, cpath);
    QStringList ops;
    for (const QString &k : kConditionOps)
        if (co.contains(k))
            ops << k;
    if (ops.size() != 1)
        return fail(path, tr("a condition needs exactly one of %1").arg(kConditionOps.join(QLatin1String(", "))));
    const QString op = ops.first();
    const QString opath = jsonChild(path, op);
    const QJsonValue v = co.value(op);
    if (op != QLatin1String("compare") && co.contains(QLatin1String("with")))
        return fail(jsonChild(path, QStringLiteral("with")), tr("\"with\" belongs to \"compare\" only"));
    if (op == QLatin1String("equals")) {
        c.op = Op::Equals;
        QVariant k;
        if (!constant(v, opath, &k))
            return false;
        c.values = {k};
    } else if (op == QLatin1String("in")) {
        c.op = Op::In;
        const QJsonArray a = v.toArray();
        if (!v.isArray() || a.isEmpty())
            return fail(opath, tr("must be a non-empty array of constants"));
        for (int i = 0; i < a.size(); ++i) {
            QVariant k;
            if (!constant(a.at(i), jsonIndex(opath, i), &k))
                return false;
            c.values << k;
        }
    } else if (op == QLatin1String("is")) {
        const int i = kIsValues.indexOf(v.toString());
        if (!v.isString() || i < 0)
            return fail(opath, tr("must be one of \"null\", \"notNull\", \"true\", \"false\""));
        c.op = std::array{Op::IsNull, Op::NotNull, Op::IsTrue, Op::IsFalse}[size_t(i)];
    } else if (op == QLatin1String("before") || op == QLatin1String("after")) {
        c.op = op == QLatin1String("before") ? Op::Before : Op::After;
        if (!v.isString() || !NowOffset::parse(v.toString(), &c.time))
            return fail(opath, tr("%1 is not a time: write \"now\", or \"now + N unit\" / \"now - N unit\" with a whole number and one of %2")
                                   .arg(v.isString() ? quoted(v.toString()) : jsonTypeName(v), NowOffset::unitNames().join(QLatin1String(", "))));
    } else {
        c.op = Op::Compare;
        c.compareOp = v.toString();
        if (!v.isString() || !StateCondition::compareOps().contains(c.compareOp))
            return fail(opath, tr("must be one of %1").arg(StateCondition::compareOps().join(QLatin1Char(' '))));
        const QJsonValue with = co.value(QLatin1String("with"));
        const QString wpath = jsonChild(path, QStringLiteral("with"));
        if (with.isString()) {
            c.withColumn = with.toString();
            const bool constantMax = c.withColumn == QLatin1String("maxRetries") && prof.maxRetriesConstant > 0;
            if (!constantMax)
                checkColumn(c.withColumn, wpath);
        } else if (with.isDouble() || with.isBool()) {
            constant(with, wpath, &c.withValue);
            // "=" with a constant is "equals": one meaning, so it may serve where equals may (a
            // terminal state's estimate, an action's target state reached by its "set").
            if (c.compareOp == QLatin1String("=")) {
                c.op = Op::Equals;
                c.values = {c.withValue};
                c.compareOp.clear();
                c.withValue.clear();
            }
        } else {
            return fail(wpath, tr("\"compare\" needs \"with\": a mapped column's name or a number"));
        }
    }
    return true;
}

void ProfileParser::checkTerminal(const StateDef &s, const QString &path) {
    // A terminal state holds most of a big table; it is counted from the planner's statistics,
    // which know values and NULLs, not times or comparisons between columns.
    for (int i = 0; i < s.when.size(); ++i)
        if (!estimable(s.when.at(i)))
            fail(jsonChild(path, QStringLiteral("terminal")),
                 tr("state %1 is terminal (counted from the planner's statistics), so its conditions must be equals, in or is; condition %2 is not")
                     .arg(s.name)
                     .arg(i));
}

void ProfileParser::checkStates(const QStringList &names, const QString &path) {
    for (int i = 0; i < names.size(); ++i)
        if (!prof.state(names.at(i)))
            fail(path, tr("names the unknown state \"%1\"").arg(names.at(i)));
}

void ProfileParser::checkColumn(const QString &c, const QString &path) {
    if (!prof.has(c))
        fail(path, tr("\"%1\" is not a mapped column (map it under \"columns\" or \"extraColumns\")").arg(c));
}

void ProfileParser::views(const QJsonObject &o) {
    const QStringList statesKey{QStringLiteral("states")};
    const QJsonObject waiting = object(o, QStringLiteral("waiting"), {});
    knownKeys(waiting, QStringLiteral("waiting"), statesKey + QStringList{QStringLiteral("sinceColumn")});
    prof.waitingStates = texts(waiting, QStringLiteral("states"), QStringLiteral("waiting"));
    prof.waitingSince = text(waiting, QStringLiteral("sinceColumn"), QStringLiteral("waiting"), QStringLiteral("createdAt"));
    checkStates(prof.waitingStates, QStringLiteral("waiting.states"));
    checkColumn(prof.waitingSince, QStringLiteral("waiting.sinceColumn"));

    stuck(o);

    const QJsonObject near = object(o, QStringLiteral("nearMaxRetry"), {});
    knownKeys(near, QStringLiteral("nearMaxRetry"), statesKey);
    prof.nearMaxRetryStates = texts(near, QStringLiteral("states"), QStringLiteral("nearMaxRetry"));
    checkStates(prof.nearMaxRetryStates, QStringLiteral("nearMaxRetry.states"));
    if (!prof.nearMaxRetryStates.isEmpty() && !prof.hasRetries())
        fail(QStringLiteral("nearMaxRetry"), tr("\"nearMaxRetry\" needs the \"retries\" column and the maximum: a \"maxRetries\" column or \"maxRetries\": N"));

    const QJsonObject failed = object(o, QStringLiteral("failed"), {});
    knownKeys(failed, QStringLiteral("failed"), statesKey);
    prof.failedStates = texts(failed, QStringLiteral("states"), QStringLiteral("failed"));
    checkStates(prof.failedStates, QStringLiteral("failed.states"));
}

void ProfileParser::actions(const QJsonObject &o) {
    const QJsonObject actions = object(o, QStringLiteral("actions"), {});
    for (auto it = actions.begin(); it != actions.end(); ++it) {
        const QString path = jsonChild(QStringLiteral("actions"), it.key());
        if (!kActionKinds.contains(it.key()))
            fail(path, tr("unknown action \"%1\" (known: %2)").arg(it.key(), kActionKinds.join(QLatin1String(", "))));
        else if (!it.value().isObject())
            fail(path, tr("must be an object ({...}), not %1").arg(jsonTypeName(it.value())));
        else
            action(it.key(), it.value().toObject(), path);
    }
}

void ProfileParser::action(const QString &kind, const QJsonObject &ao, const QString &path) {
    knownKeys(ao, path, {QStringLiteral("auditName"), QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("pastStuckTimeout"), QStringLiteral("set")});
    ActionDef a;
    a.kind = kind;
    a.auditName = text(ao, QStringLiteral("auditName"), path, kind.toUpper());
    a.from = texts(ao, QStringLiteral("from"), path);
    a.to = text(ao, QStringLiteral("to"), path);
    a.pastStuckTimeout = boolean(ao, QStringLiteral("pastStuckTimeout"), path, false);
    checkStates(a.from, jsonChild(path, QStringLiteral("from")));
    checkStates({a.to}, jsonChild(path, QStringLiteral("to")));
    // With clocks listed the timeout is the clock's of the row's state: a state without one
    // could never be past it. (The one-clock form times every "from" state, as it always did.)
    if (a.pastStuckTimeout && m_clocksListed)
        for (const QString &f : std::as_const(a.from))
            if (prof.state(f) && !prof.stuckClock(f))
                fail(jsonChild(path, QStringLiteral("from")),
                     tr("action %1 moves only rows past their stuck timeout, and no clock of \"stuck.clocks\" times state %2: "
                        "add it to a clock, or take it out of \"from\"")
                         .arg(a.kind, f));
    if (a.from.isEmpty())
        fail(jsonChild(path, QStringLiteral("from")), tr("action %1 must say which states it applies to (\"from\")").arg(a.kind));
    if (a.auditName.isEmpty() || a.auditName.size() > kMaxAuditNameChars)
        fail(jsonChild(path, QStringLiteral("auditName")), tr("action %1: \"auditName\" must be 1-30 characters").arg(a.kind));
    setClauses(object(ao, QStringLiteral("set"), path), jsonChild(path, QStringLiteral("set")), a);
    if (prof.state(a.to) && error.isEmpty())
        checkSetRepeatsTarget(a, path);
    if (prof.state(a.to) && error.isEmpty())
        checkReachable(a, path);
    prof.actions.insert(a.kind, a);
}

void ProfileParser::setClauses(const QJsonObject &set, const QString &path, ActionDef &a) {
    for (auto sit = set.begin(); sit != set.end(); ++sit) {
        SetClause c;
        c.column = sit.key();
        const QString where = jsonChild(path, c.column);
        checkColumn(c.column, where);
        const QJsonValue v = sit.value();
        if (v.isNull()) {
            c.kind = SetClause::Kind::Null;
        } else if (v.toString() == QLatin1String("now")) {
            c.kind = SetClause::Kind::Now;
        } else if (v.isBool()) {
            c.kind = SetClause::Kind::Bool;
            c.flag = v.toBool();
        } else if (v.isDouble() && std::isfinite(v.toDouble())) {
            c.kind = SetClause::Kind::Number;
            const double d = v.toDouble();
            c.text = d == double(qint64(d)) && qAbs(d) < 9e15 ? QString::number(qint64(d)) : QString::number(d, 'g', 17);
        } else if (v.isObject() && v.toObject().size() == 1 && v.toObject().value(QLatin1String("text")).isString()
                   && !v.toObject().value(QLatin1String("text")).toString().contains(QChar(0))) {
            c.kind = SetClause::Kind::Text;
            c.text = v.toObject().value(QLatin1String("text")).toString();
        } else {
            fail(where, tr("action %1: \"set.%2\" must be null, \"now\", true, false, a number or {\"text\": \"...\"}").arg(a.kind, c.column));
        }
        a.set << c;
    }
}

void ProfileParser::checkSetRepeatsTarget(const ActionDef &a, const QString &path) {
    // The update itself sets the status column to the target's value (or the one column of a
    // single-condition target); a "set" of that column too would assign it twice, which the
    // server refuses only when the function runs ("multiple assignments to same column").
    const StateDef *to = prof.state(a.to);
    const QString assigned = !to->statusValue().isEmpty() ? QStringLiteral("status")
                             : to->reachedImplicitly()    ? to->when.first().column
                                                          : QString();
    for (const SetClause &c : a.set)
        if (!assigned.isEmpty() && c.column == assigned)
            fail(jsonChild(jsonChild(path, QStringLiteral("set")), c.column),
                 tr("action %1: \"set.%2\" repeats what the action does when it moves a row to %3 (it sets \"%2\" itself); "
                    "leave \"%2\" out of \"set\"")
                     .arg(a.kind, c.column, a.to));
}

void ProfileParser::checkReachable(const ActionDef &a, const QString &path) {
    // The single-condition targets are reached by the update itself (status = value, column =
    // NULL or now()); for the others every condition must be made true by the action's "set",
    // or already hold in every "from" state on a column the action leaves alone.
    const StateDef *to = prof.state(a.to);
    if (to->reachedImplicitly())
        return;
    for (int i = 0; i < to->when.size(); ++i) {
        const StateCondition &c = to->when.at(i);
        const SetClause *set = nullptr;
        for (const SetClause &sc : a.set)
            if (sc.column == c.column)
                set = &sc;
        bool holds = set && setSatisfies(*set, c);
        if (!set) {
            holds = true;
            for (const QString &f : a.from) {
                const StateDef *from = prof.state(f);
                const bool kept = from && std::any_of(from->when.cbegin(), from->when.cend(), [&](const StateCondition &fc) { return fc.sameAs(c); });
                holds = holds && kept;
            }
        }
        if (!holds)
            fail(jsonChild(path, QStringLiteral("set")),
                 tr("action %1 cannot make a row %2: its \"set\" does not satisfy condition %3 (on \"%4\") of that state")
                     .arg(a.kind, a.to)
                     .arg(i)
                     .arg(c.column));
    }
}

void ProfileParser::audit(const QJsonObject &o) {
    const QString path = QStringLiteral("audit");
    const QJsonObject audit = object(o, path, {});
    knownKeys(audit, path, {QStringLiteral("schema"), QStringLiteral("table"), QStringLiteral("columns"), QStringLiteral("reasonMaxLength"), QStringLiteral("messageIdType")});
    prof.audit.schema = text(audit, QStringLiteral("schema"), path, prof.schema);
    prof.audit.table = text(audit, QStringLiteral("table"), path);
    prof.audit.reasonMaxLength = integer(audit, QStringLiteral("reasonMaxLength"), path, kDefaultReasonMaxLength);
    const QJsonObject acols = object(audit, QStringLiteral("columns"), path);
    for (auto it = acols.begin(); it != acols.end(); ++it) {
        const QString where = jsonChild(QStringLiteral("audit.columns"), it.key());
        if (!it.value().isString())
            fail(where, tr("must be a column name (a string), not %1").arg(jsonTypeName(it.value())));
        else
            identifier(it.value().toString(), where);
        prof.audit.columns.insert(it.key(), it.value().toString());
    }
    if (!prof.actions.isEmpty()) {
        if (prof.audit.table.isEmpty())
            fail(path, tr("a profile with actions needs an \"audit.table\": no change without its audit row. "
                          "outbox-monitor --print-kit --profile <this file> prints a kit that creates one, and the "
                          "\"audit\" section to add here"));
        else
            identifier(prof.audit.table, QStringLiteral("audit.table"));
        identifier(prof.audit.schema, QStringLiteral("audit.schema"));
        for (const char *required : {"messageId", "action", "reason", "oldStatus", "newStatus"})
            if (!prof.audit.columns.contains(QLatin1String(required)))
                fail(QStringLiteral("audit.columns"), tr("\"audit.columns\" must map \"%1\"").arg(QLatin1String(required)));
    }
    if (prof.audit.reasonMaxLength < kMinReasonMaxLength || prof.audit.reasonMaxLength > kMaxReasonMaxLength)
        fail(QStringLiteral("audit.reasonMaxLength"), tr("\"audit.reasonMaxLength\" must be between 10 and 100000"));
}

/// "types", "timeZone", "errorMessagePath" and "audit.messageIdType": the SQL types of the id,
/// the time and the text columns (core/profile/ColumnTypes), named where the wrong one is.
void ProfileParser::columnTypes(const QJsonObject &o) {
    QStringList timeColumns = prof.m_columns.keys();
    timeColumns.removeAll(QStringLiteral("id"));
    QString message;
    if (!ColumnTypes::parse(o, timeColumns, &prof.types, &message))
        fail(message.contains(QLatin1String("errorMessagePath")) ? QStringLiteral("errorMessagePath")
             : o.contains(QLatin1String("types"))                ? QStringLiteral("types")
                                                                 : QStringLiteral("timeZone"),
             message);
}

/// "replicationSlot": "<slot name>": the logical replication slot a CDC relay (Debezium) reads
/// this table's changes through. A value compared with pg_replication_slots.slot_name, never an
/// identifier in SQL; PostgreSQL's slot names are at most 63 bytes.
void ProfileParser::replicationSlot(const QJsonObject &o) {
    const QJsonValue v = o.value(QLatin1String("replicationSlot"));
    if (v.isUndefined())
        return;
    if (!v.isString()) {
        fail(QStringLiteral("replicationSlot"), tr("must be the name of a replication slot (a string), not %1").arg(jsonTypeName(v)));
        return;
    }
    if (identifier(v.toString(), QStringLiteral("replicationSlot")))
        prof.replicationSlot = v.toString();
}

/// "purge": {"states": [...], "sinceColumn": "<logical time column>", "auditName": "PURGE"}: the
/// finished rows an operator may delete once older than a retention. Only done or cancelled
/// states: a purge never touches an open message. Needs actions (a read-only profile purges
/// nothing) and the audit table every deleted row is written to.
void ProfileParser::purge(const QJsonObject &o) {
    const QString path = QStringLiteral("purge");
    if (!o.contains(path))
        return;
    const QJsonObject po = object(o, path, {});
    knownKeys(po, path, {QStringLiteral("states"), QStringLiteral("sinceColumn"), QStringLiteral("auditName")});
    prof.purge.states = texts(po, QStringLiteral("states"), path);
    prof.purge.sinceColumn = text(po, QStringLiteral("sinceColumn"), path);
    prof.purge.auditName = text(po, QStringLiteral("auditName"), path, QStringLiteral("PURGE"));
    if (prof.purge.states.isEmpty())
        fail(path, tr("\"purge\" must name the finished states it deletes (\"states\"); leave \"purge\" out for no purge"));
    checkStates(prof.purge.states, QStringLiteral("purge.states"));
    for (const QString &name : std::as_const(prof.purge.states))
        if (const StateDef *s = prof.state(name); s && s->role != QLatin1String("done") && s->role != QLatin1String("cancelled"))
            fail(QStringLiteral("purge.states"), tr("state %1 is %2: a purge deletes only done or cancelled states").arg(name, s->role));
    if (prof.purge.sinceColumn.isEmpty())
        fail(path, tr("\"purge.sinceColumn\" must name the time column a row's age is measured from"));
    else
        checkColumn(prof.purge.sinceColumn, QStringLiteral("purge.sinceColumn"));
    if (prof.purge.auditName.isEmpty() || prof.purge.auditName.size() > kMaxAuditNameChars)
        fail(QStringLiteral("purge.auditName"), tr("\"purge.auditName\" must be 1-30 characters"));
    if (prof.actions.isEmpty())
        fail(path, tr("a profile without actions is read-only and cannot purge: remove \"purge\""));
}

} // namespace om
