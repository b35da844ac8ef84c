#include "actionfixture.h"
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
    for (const QVariantList &r : db.query(sql, {s->value.isEmpty() ? s->name : s->value, n, ageMinutes, tag}).rows)
        ids << r.at(0).toLongLong();
    return ids;
}

QString stateOf(TestDatabase &db, const SchemaProfile &p, qint64 id) {
    return db.scalar(QStringLiteral("SELECT (%1)::text FROM %2 WHERE %3 = $1")
                         .arg(p.stateExpression(), p.qualifiedTable(), p.col(QStringLiteral("id"))), {id}).toString();
}

qint64 auditCount(TestDatabase &db, const SchemaProfile &p, const QList<qint64> &ids, const QString &auditName) {
    return db.scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 = ANY($1::bigint[]) AND %3 = $2")
                         .arg(p.qualifiedAuditTable(), sql::quoteIdentifier(p.audit.column(QStringLiteral("messageId"))),
                              sql::quoteIdentifier(p.audit.column(QStringLiteral("action")))),
                     {idArray(ids), auditName}).toLongLong();
}

} // namespace om::test
