// SPDX-License-Identifier: GPL-3.0-or-later
#include "actionfixture.h"
#include "core/sql/statesql.h"
#include "messageids.h"
#include "core/sql/sqltext.h"

#include <QRandomGenerator>

namespace om::test {

QString idArray(const QList<qint64> &ids) {
    QStringList s;
    for (qint64 i : ids)
        s << QString::number(i);
    return QLatin1Char('{') + s.join(QLatin1Char(',')) + QLatin1Char('}');
}

QList<qint64> insertMessages(PgSession &db, const SchemaProfile &p, const QString &state, int n, int ageMinutes,
                             const QString &tagIn) {
    const QString tag = tagIn.isEmpty() ? QString::number(QRandomGenerator::global()->generate64(), 16) : tagIn;
    const StateDef *s = p.state(state);
    Q_ASSERT(s);
    QString sql;
    if (p.table == QLatin1String("app_outbox")) {
        sql = QStringLiteral(
            "INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, locked_by, locked_at, retry_count)"
            " SELECT 'k-' || $4 || '-' || g, 'OrderCreated', 'billing', '{\"n\":' || g || '}', $1::text,"
            " CASE WHEN $1::text = 'PROCESSING' THEN 'worker-1' END, now() - make_interval(mins => $3::int), 2"
            " FROM generate_series(1, $2::int) g RETURNING outbox_id");
    } else if (p.table == QLatin1String("batch_work_item")) {
        sql = QStringLiteral(
            "INSERT INTO batch_work_item (job_name, source_key, target_date, status, locked_by, locked_at, error_code)"
            " SELECT 'nightly', 'k-' || $4 || '-' || g, current_date, $1::text,"
            " CASE WHEN $1::text = 'RUNNING' THEN 'worker-1' END, now() - make_interval(mins => $3::int),"
            " CASE WHEN $1 IN ('FAILED', 'RETRY_WAIT') THEN 'E42' END"
            " FROM generate_series(1, $2::int) g RETURNING work_item_id");
    } else {
        sql = QStringLiteral(
            "INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload, created_at, published_at)"
            " SELECT gen_random_uuid(), 'Order', 'k-' || $4 || '-' || g, 'OrderPlaced', '{}',"
            " now() - make_interval(mins => $3::int), CASE WHEN $1::text = 'PUBLISHED' THEN now() END"
            " FROM generate_series(1, $2::int) g RETURNING id");
    }
    QList<qint64> ids;
    for (const QVariantList &r : db.query(sql, {s->statusValue().isEmpty() ? s->name : s->statusValue(), n, ageMinutes, tag}).rows)
        ids << r.at(0).toLongLong();
    return ids;
}

QString stateOf(TestDatabase &db, const SchemaProfile &p, qint64 id) {
    return db.scalar(QStringLiteral("SELECT (%1)::text FROM %2 WHERE %3 = $1")
                         .arg(sql::stateExpression(p), p.qualifiedTable(), p.col(QStringLiteral("id"))),
                     {id})
        .toString();
}

qint64 auditCount(TestDatabase &db, const SchemaProfile &p, const QList<qint64> &ids, const QString &auditName) {
    return db.scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 = ANY($1::bigint[]) AND %3 = $2")
                         .arg(p.qualifiedAuditTable(), sql::quoteIdentifier(p.audit.column(QStringLiteral("messageId"))),
                              sql::quoteIdentifier(p.audit.column(QStringLiteral("action")))),
                     {idArray(ids), auditName})
        .toLongLong();
}

namespace {
QVariant orNull(const QString &s) { return s.isEmpty() ? QVariant() : QVariant(s); }
} // namespace

qint64 insertAuditRow(TestDatabase &db, const SchemaProfile &p, const AuditRowValues &v) {
    const QStringList logical = {"messageId", "action", "reason", "ticket", "changedBy", "osUser",
                                 "host", "oldStatus", "newStatus", "appVersion", "changedAt"};
    QStringList columns, values;
    for (int i = 0; i < logical.size(); ++i) {
        columns << sql::quoteIdentifier(p.audit.column(logical.at(i)));
        values << QStringLiteral("$%1").arg(i + 1);
    }
    // changed_by and changed_at are NOT NULL with server defaults: leaving them out asks for those.
    values[4] = QStringLiteral("coalesce($5, session_user)");
    values.last() = QStringLiteral("coalesce($11::timestamptz, now())");
    const QString sqlText = QStringLiteral("INSERT INTO %1 (%2) VALUES (%3) RETURNING %4")
                                .arg(p.qualifiedAuditTable(), columns.join(QStringLiteral(", ")),
                                     values.join(QStringLiteral(", ")),
                                     sql::quoteIdentifier(p.audit.column(QStringLiteral("auditId"))));
    return db.scalar(sqlText, {v.messageId, v.action, orNull(v.reason), orNull(v.ticket), orNull(v.changedBy),
                               orNull(v.osUser), orNull(v.host), orNull(v.oldStatus), orNull(v.newStatus),
                               orNull(v.appVersion),
                               v.changedAt.isValid() ? QVariant(v.changedAt.toUTC().toString(Qt::ISODateWithMs)) : QVariant()})
        .toLongLong();
}

void setMessageKey(TestDatabase &db, const SchemaProfile &p, qint64 id, const QString &key) {
    db.exec(QStringLiteral("UPDATE %1 SET %2 = $1 WHERE %3 = $2").arg(p.qualifiedTable(), p.col(QStringLiteral("key")), p.col(QStringLiteral("id"))),
            {key, id});
}

ActionRequest actionRequest(const QString &action, const QList<qint64> &ids, const QString &reason) {
    ActionRequest r;
    r.action = action;
    r.ids = messageIds(ids);
    r.reason = reason;
    r.ticket = QStringLiteral("INC-7");
    r.osUser = QStringLiteral("alice");
    r.host = QStringLiteral("ops-pc-3");
    r.appVersion = QStringLiteral("0.1-test");
    return r;
}

QString stateValue(const SchemaProfile &p, const QString &name) {
    const StateDef *s = p.state(name);
    Q_ASSERT(s);
    return s->statusValue().isEmpty() ? s->name : s->statusValue();
}

} // namespace om::test
