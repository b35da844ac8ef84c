// SPDX-License-Identifier: GPL-3.0-or-later
#include "kitexercise.h"
#include "core/actions/actionrunner.h"
#include "core/profile/columnfit.h"
#include "core/purge/purgefunctionsql.h"
#include "core/sql/sqltext.h"
#include "core/sql/statesql.h"
#include "core/sql/textsql.h"

#include <QFile>
#include <QMap>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>

namespace om::test {
namespace {

/// Thrown inside a transaction to roll it back once what it did has been read.
struct RollBack {};

/// One column of the live table, as an INSERT needs to know it.
struct InsertColumn {
    QString name, type, typeName, firstLabel;
    QChar category;
    bool notNull = false, defaulted = false, generated = false;
};

QList<InsertColumn> insertColumns(TestDatabase &db, const QString &table) {
    QList<InsertColumn> out;
    const QString sql = QStringLiteral(
        "SELECT a.attname, format_type(a.atttypid, a.atttypmod), t.typname, t.typcategory, a.attnotnull, "
        "a.atthasdef OR a.attidentity <> '', a.attgenerated <> '', "
        "(SELECT e.enumlabel FROM pg_enum e WHERE e.enumtypid = a.atttypid ORDER BY e.enumsortorder LIMIT 1) "
        "FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid "
        "WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum");
    for (const QVariantList &r : db.rows(sql, {table}))
        out << InsertColumn{r.value(0).toString(), r.value(1).toString(), r.value(2).toString(), r.value(7).toString(),
                            r.value(3).toString().front(), isTrue(r.value(4)), isTrue(r.value(5)), isTrue(r.value(6))};
    return out;
}

/// Builds the VALUES of one INSERT: expressions, with every constant bound as a parameter.
class RowValues {
public:
    explicit RowValues(const SchemaProfile &p) : m_p(p) {}

    QString bind(const QVariant &v, const QString &type) {
        m_params << v;
        return QStringLiteral("$%1::%2").arg(m_params.size()).arg(type);
    }
    /// `instant` (a timestamptz expression) in the unit the profile gives the logical column.
    QString timeAt(const QString &logical, const QString &instant) {
        switch (m_p.types.time(logical)) {
        case TimeType::TimestampTz: return instant;
        case TimeType::Timestamp: return QStringLiteral("((%1) AT TIME ZONE %2)").arg(instant, bind(m_p.types.timeZone, QStringLiteral("text")));
        case TimeType::EpochSeconds: return QStringLiteral("floor(extract(epoch from %1))::bigint").arg(instant);
        case TimeType::EpochMillis: return QStringLiteral("floor(extract(epoch from %1) * 1000)::bigint").arg(instant);
        }
        return instant;
    }
    /// A plain value of the column's type (unique where text or uuid, so that rows never collide).
    QString plain(const InsertColumn &c) {
        const QString tag = QStringLiteral("k%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
        if (c.typeName == QLatin1String("uuid"))
            return QStringLiteral("gen_random_uuid()");
        if (c.typeName == QLatin1String("json") || c.typeName == QLatin1String("jsonb"))
            return bind(QStringLiteral("{\"kit\": \"%1\"}").arg(tag), c.type);
        if (c.typeName == QLatin1String("bytea"))
            return bind(QStringLiteral("\\x6b6974"), c.type);
        switch (c.category.toLatin1()) {
        case 'N': return bind(0, c.type);
        case 'B': return bind(QStringLiteral("false"), c.type);
        case 'D': return QStringLiteral("now()::%1").arg(c.type);
        case 'E': return bind(c.firstLabel, c.type);
        case 'A': return bind(QStringLiteral("{}"), c.type);
        default: return bind(tag, c.type); // an explicit cast to varchar(n) cuts the text to n
        }
    }
    const QVariantList &params() const { return m_params; }

private:
    const SchemaProfile &m_p;
    QVariantList m_params;
};

QString interval(const NowOffset &o) { return o.amount == 0 ? QStringLiteral("0 minutes") : QStringLiteral("%1 %2").arg(o.amount).arg(o.unit); }

/// A number that satisfies `value op bound`.
qint64 satisfying(const QString &op, qint64 bound) {
    if (op == QLatin1String("<"))
        return bound - 1;
    if (op == QLatin1String(">") || op == QLatin1String("<>"))
        return bound + 1;
    return bound;
}

/// The value of one condition's column; "" with *why when the test cannot make one.
QString conditionValue(const SchemaProfile &p, const StateCondition &c, const InsertColumn &col, RowValues &v,
                       QMap<QString, QString> &values, QString *why) {
    const bool time = timeColumns(p).contains(c.column);
    switch (c.op) {
    case StateCondition::Op::Equals:
    case StateCondition::Op::In: return v.bind(c.values.value(0).toString(), col.type);
    case StateCondition::Op::IsNull: return QStringLiteral("NULL");
    case StateCondition::Op::NotNull: return time ? v.timeAt(c.column, QStringLiteral("now() - interval '1 minute'")) : v.plain(col);
    case StateCondition::Op::IsTrue: return QStringLiteral("true");
    case StateCondition::Op::IsFalse: return QStringLiteral("false");
    case StateCondition::Op::Before:
    case StateCondition::Op::After:
        return v.timeAt(c.column, QStringLiteral("now() + %1::interval %2 interval '1 hour'")
                                      .arg(v.bind(interval(c.time), QStringLiteral("interval")),
                                           c.op == StateCondition::Op::Before ? QStringLiteral("-") : QStringLiteral("+")));
    case StateCondition::Op::Compare: break;
    }
    qint64 bound = 0;
    if (c.withValue.isValid()) {
        bound = c.withValue.toLongLong();
    } else if (c.withColumn == QLatin1String("maxRetries") && !p.has(c.withColumn)) {
        bound = p.maxRetriesConstant;
    } else if (p.has(c.withColumn)) {
        bound = 3;
        values.insert(p.column(c.withColumn), v.bind(bound, QStringLiteral("bigint")));
    } else {
        *why = QStringLiteral("a comparison with %1 that this test cannot satisfy").arg(c.withColumn);
        return {};
    }
    return v.bind(satisfying(c.compareOp, bound), col.type);
}

QString rowImage(TestDatabase &db, const SchemaProfile &p, const QString &rowId) {
    return db.scalar(QStringLiteral("SELECT row_to_json(om_t)::text FROM %1 AS om_t WHERE %2::text = $1").arg(p.qualifiedTable(), p.col(QStringLiteral("id"))),
                     {rowId})
        .toString();
}

qint64 auditRows(TestDatabase &db, const SchemaProfile &p) {
    return db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(p.qualifiedAuditTable())).toLongLong();
}

QString auditColumn(const SchemaProfile &p, const QString &logical) { return sql::quoteIdentifier(p.audit.column(logical)); }

/// Audit rows of `rowId` written by this action id with `auditName`, read inside `tx`.
qint64 auditRowsIn(PgTx &tx, const SchemaProfile &p, const QString &rowId, const QString &auditName, const QUuid &actionId) {
    return tx.exec(QStringLiteral("SELECT count(*) FROM %1 WHERE %2::text = $1 AND %3 = $2 AND %4 = $3::uuid")
                       .arg(p.qualifiedAuditTable(), auditColumn(p, QStringLiteral("messageId")), auditColumn(p, QStringLiteral("action")),
                            auditColumn(p, QStringLiteral("actionId"))),
                   {rowId, auditName, actionId.toString(QUuid::WithoutBraces)})
        .scalar()
        .toLongLong();
}

/// "" when the program reads back the text the action's "set" wrote into the error message.
QString errorMessageAsSet(PgTx &tx, const SchemaProfile &p, const ActionDef &a, const QString &rowId) {
    for (const SetClause &c : a.set) {
        if (c.column != QLatin1String("errorMessage") || c.kind != SetClause::Kind::Text)
            continue;
        const QString read = tx.exec(QStringLiteral("SELECT %1 FROM %2 WHERE %3::text = $1").arg(sql::errorText(p), p.qualifiedTable(), p.col(QStringLiteral("id"))),
                                     {rowId})
                                 .scalar()
                                 .toString();
        if (read != c.text)
            return QStringLiteral("the error message reads \"%1\" after the action, not \"%2\"").arg(read, c.text);
    }
    return {};
}

/// "" when the row and the audit table are as they were before the rolled-back transaction.
QString unchangedAfterRollback(TestDatabase &db, const SchemaProfile &p, const QString &rowId, const QString &image, qint64 audit) {
    if (rowImage(db, p, rowId) != image)
        return QStringLiteral("after ROLLBACK the row is not as before: %1 (was %2)").arg(rowImage(db, p, rowId), image);
    if (auditRows(db, p) != audit)
        return QStringLiteral("after ROLLBACK the audit table has %1 rows (was %2)").arg(auditRows(db, p)).arg(audit);
    return {};
}

/// An id of the table's type that no row has: the runner's probe of skipped ids runs on it.
QString missingId(const SchemaProfile &p) {
    switch (p.types.id) {
    case IdType::Uuid: return QUuid::createUuid().toString(QUuid::WithoutBraces);
    case IdType::Text:
    case IdType::Varchar: return QStringLiteral("no-such-message");
    default: return QStringLiteral("-1");
    }
}

/// ActionRunner::run, the whole of it, stopped where it would COMMIT.
QString runnerStoppedBeforeCommit(const SchemaProfile &p, PgSession &session, ActionRequest request) {
    request.actionId = QUuid::createUuid();
    request.ids << MessageId::fromText(missingId(p));
    ActionProgress progress;
    progress.hook = [](ActionProgress::Stage stage) {
        if (stage == ActionProgress::Stage::Committing)
            throw RollBack{};
    };
    bool stopped = false;
    try {
        ActionRunner(p).run(session, request, &progress);
    } catch (const RollBack &) {
        stopped = true;
    } catch (const PgError &e) {
        return QStringLiteral("ActionRunner::run: %1").arg(e.message);
    }
    if (!stopped)
        return QStringLiteral("ActionRunner::run never reached its COMMIT");
    return {};
}

} // namespace

QString stateExpressionValue(const SchemaProfile &p, const QString &state) {
    const StateDef *s = p.state(state);
    return p.statesAreStatusValues() && s ? s->statusValue() : state;
}

QString insertRowInState(TestDatabase &db, const SchemaProfile &p, const QString &state, const QString &agedColumn, int minutesAgo,
                         QString *why) {
    const StateDef *s = p.state(state);
    if (!s) {
        *why = QStringLiteral("no state %1").arg(state);
        return {};
    }
    // Inserted as the library writes it: into the table that holds the rows (a view's base).
    const QList<InsertColumn> cols = insertColumns(db, p.qualifiedStorageTable());
    const auto column = [&](const QString &real) {
        for (const InsertColumn &c : cols)
            if (c.name == real)
                return c;
        return InsertColumn{};
    };
    RowValues v(p);
    QMap<QString, QString> values; // real column -> expression
    for (const StateCondition &c : s->when) {
        const QString real = p.column(c.column);
        const QString value = conditionValue(p, c, column(real), v, values, why);
        if (value.isEmpty())
            return {};
        values.insert(real, value);
    }
    if (!agedColumn.isEmpty())
        values.insert(p.column(agedColumn), v.timeAt(agedColumn, QStringLiteral("now() - make_interval(mins => %1)").arg(v.bind(minutesAgo, QStringLiteral("int")))));
    const QString id = p.column(QStringLiteral("id"));
    for (const InsertColumn &c : cols) {
        if (values.contains(c.name) || c.generated || c.defaulted || !c.notNull)
            continue;
        // An integer id without a default (a sequence the application keeps): the next free one.
        values.insert(c.name, c.name == id && c.category == QLatin1Char('N')
                                  ? QStringLiteral("(SELECT coalesce(max(%1), 0) + 1 FROM %2)").arg(sql::quoteIdentifier(id), p.qualifiedStorageTable())
                                  : v.plain(c));
    }
    QStringList names;
    for (const QString &n : values.keys())
        names << sql::quoteIdentifier(n);
    const QString sql = QStringLiteral("INSERT INTO %1 (%2) VALUES (%3) RETURNING %4::text")
                            .arg(p.qualifiedStorageTable(), names.join(QLatin1String(", ")), values.values().join(QLatin1String(", ")), p.col(QStringLiteral("id")));
    QString rowId;
    try {
        rowId = db.scalar(sql, v.params()).toString();
    } catch (const PgError &e) {
        *why = QStringLiteral("the row could not be inserted: %1\n%2").arg(e.message, sql);
        return {};
    }
    const QString now = db.scalar(QStringLiteral("SELECT (%1)::text FROM %2 WHERE %3::text = $1").arg(sql::stateExpression(p), p.qualifiedTable(), p.col(QStringLiteral("id"))),
                                  {rowId})
                            .toString();
    if (now != stateExpressionValue(p, state)) {
        *why = QStringLiteral("the row made for %1 is in state %2\n%3").arg(state, now, sql);
        return {};
    }
    return rowId;
}

QString psqlApplyInOneTransaction(TestDatabase &db, const QString &script, bool *ok) {
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("kit.sql")));
    if (!f.open(QIODevice::WriteOnly) || f.write(script.toUtf8()) < 0)
        qFatal("cannot write %s", qPrintable(f.fileName()));
    f.close();
    QProcess psql;
    psql.setProcessChannelMode(QProcess::MergedChannels);
    psql.start(QStringLiteral("psql"), {"-X", "-q", "-v", "ON_ERROR_STOP=1", "-1", "-d", db.connectionString(), "-f", f.fileName()});
    *ok = psql.waitForFinished(300000) && psql.exitStatus() == QProcess::NormalExit && psql.exitCode() == 0;
    return QString::fromUtf8(psql.readAll());
}

QString exerciseActionRolledBack(TestDatabase &db, const SchemaProfile &p, const QString &login, const QString &action, const QString &rowId) {
    const QString image = rowImage(db, p, rowId);
    const qint64 audit = auditRows(db, p);
    const ActionDef def = p.actions.value(action);
    ActionRequest r;
    r.action = action;
    r.ids = {MessageId::fromText(rowId)};
    r.reason = QStringLiteral("Every action of every profile, rolled back");
    r.ticket = QStringLiteral("KIT-1");
    r.fillWorkstation();
    r.actionId = QUuid::createUuid();
    PgSession session({db.connectionStringAs(login)});
    session.open();
    QString failure, sql;
    try {
        session.transact([&](PgTx &tx) {
            QVariantList params;
            sql = ActionRunner(p).actionSql(r, params);
            const PgResult changed = tx.exec(sql, params);
            const QString state = tx.exec(QStringLiteral("SELECT (%1)::text FROM %2 WHERE %3::text = $1")
                                              .arg(sql::stateExpression(p), p.qualifiedTable(), p.col(QStringLiteral("id"))),
                                          {rowId})
                                      .scalar()
                                      .toString();
            if (changed.rows.size() != 1 || changed.rows.first().value(0).toString() != rowId)
                failure = QStringLiteral("the function changed %1 rows, not the row %2").arg(changed.rows.size()).arg(rowId);
            else if (state != stateExpressionValue(p, def.to))
                failure = QStringLiteral("the row is in %1 after the action, not in %2").arg(state, def.to);
            else if (const qint64 n = auditRowsIn(tx, p, rowId, def.auditName, r.actionId); n != 1)
                failure = QStringLiteral("%1 audit rows of the action, not 1").arg(n);
            else
                failure = errorMessageAsSet(tx, p, def, rowId);
            throw RollBack{};
        });
    } catch (const RollBack &) {
    } catch (const PgError &e) {
        return QStringLiteral("server error: %1\n%2").arg(e.message, sql);
    }
    if (failure.isEmpty())
        failure = unchangedAfterRollback(db, p, rowId, image, audit);
    if (failure.isEmpty())
        failure = runnerStoppedBeforeCommit(p, session, r);
    if (failure.isEmpty())
        failure = unchangedAfterRollback(db, p, rowId, image, audit);
    return failure;
}

QString exercisePurgeRolledBack(TestDatabase &db, const SchemaProfile &p, const QString &login, const QString &rowId) {
    const QString image = rowImage(db, p, rowId);
    const qint64 audit = auditRows(db, p);
    const QUuid actionId = QUuid::createUuid();
    QStringList states;
    for (const QString &s : p.purge.states)
        states << QLatin1Char('"') + s + QLatin1Char('"');
    // As PurgeRunner::runBatch binds them: the states as a text[] literal, a day's retention.
    const QVariantList params{actionId.toString(QUuid::WithoutBraces), QLatin1Char('{') + states.join(QLatin1Char(',')) + QLatin1Char('}'), 1, 100,
                              QStringLiteral("Every purge of every profile, rolled back"), QStringLiteral("KIT-1"), QStringLiteral("alice"),
                              QStringLiteral("ops-pc"), QStringLiteral("test")};
    PgSession session({db.connectionStringAs(login)});
    session.open();
    const QString sql = PurgeFunctionSql(p).callSql();
    QString failure;
    try {
        session.transact([&](PgTx &tx) {
            const qint64 deleted = tx.exec(sql, params).scalar().toLongLong();
            const qint64 left = tx.exec(QStringLiteral("SELECT count(*) FROM %1 WHERE %2::text = $1").arg(p.qualifiedTable(), p.col(QStringLiteral("id"))),
                                        {rowId})
                                    .scalar()
                                    .toLongLong();
            if (deleted != 1 || left != 0)
                failure = QStringLiteral("the purge deleted %1 rows and left the row %2 times").arg(deleted).arg(left);
            else if (const qint64 n = auditRowsIn(tx, p, rowId, p.purge.auditName, actionId); n != 1)
                failure = QStringLiteral("%1 audit rows of the purge, not 1").arg(n);
            throw RollBack{};
        });
    } catch (const RollBack &) {
    } catch (const PgError &e) {
        return QStringLiteral("server error: %1\n%2").arg(e.message, sql);
    }
    return failure.isEmpty() ? unchangedAfterRollback(db, p, rowId, image, audit) : failure;
}

QString exerciseEveryAction(TestDatabase &db, const SchemaProfile &p, const QString &login) {
    for (auto it = p.actions.cbegin(); it != p.actions.cend(); ++it) {
        const ActionDef &a = it.value();
        const QString aged = a.pastStuckTimeout ? p.stuckSince : QString();
        QString rowId, why;
        for (const QString &from : a.from) // the first `from` state the test can make a row in
            if (rowId = insertRowInState(db, p, from, aged, p.stuckTimeoutMinutes + 60, &why); !rowId.isEmpty())
                break;
        if (rowId.isEmpty())
            return QStringLiteral("%1: no row in a state it starts from (%2): %3").arg(it.key(), a.from.join(QLatin1String(", ")), why);
        if (const QString failed = exerciseActionRolledBack(db, p, login, it.key(), rowId); !failed.isEmpty())
            return QStringLiteral("%1: %2").arg(it.key(), failed);
    }
    if (!PurgeFunctionSql(p).installs())
        return {};
    QString why;
    const QString rowId = insertRowInState(db, p, p.purge.states.value(0), p.purge.sinceColumn, 3 * 24 * 60, &why);
    if (rowId.isEmpty())
        return QStringLiteral("purge: no row in %1: %2").arg(p.purge.states.value(0), why);
    const QString failed = exercisePurgeRolledBack(db, p, login, rowId);
    return failed.isEmpty() ? QString() : QStringLiteral("purge: %1").arg(failed);
}

} // namespace om::test
