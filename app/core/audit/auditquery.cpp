#include "core/audit/auditquery.h"
#include "core/common/csv.h"
#include "pg/pgsession.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcAudit, "om.audit")

namespace om {

namespace {
QString str(const QVariant &v) { return v.isNull() ? QString() : v.toString(); }

// The server's own text keeps the microseconds ("2026-05-01 10:00:00.123456+00" in UTC);
// ISO 8601 wants the T.
QString csvTime(const AuditRow &r) {
    if (r.changedAtText.isEmpty())
        return r.changedAt.toUTC().toString(Qt::ISODateWithMs);
    QString t = r.changedAtText;
    return t.replace(QLatin1Char(' '), QLatin1Char('T'));
}
} // namespace

QString AuditRow::osUserAtHost() const {
    if (osUser.isEmpty())
        return host.isEmpty() ? QString() : QLatin1Char('@') + host;
    return host.isEmpty() ? osUser : osUser + QLatin1Char('@') + host;
}

QString AuditQuery::sql(const AuditFilter &filter, const AuditCursor &after, int limit, QVariantList &params) const {
    const SchemaProfile &p = m_profile;
    auto c = [&p](const char *logical) { return auditColumn(p, QLatin1String(logical)); };
    const QString at = c("changedAt");
    const QString id = c("auditId");
    QString where = buildAuditWhere(p, filter, params);
    if (!after.isStart()) {
        params << after.changedAtText << QString::number(after.auditId);
        // Row comparison: one index range scan on (changed_at) instead of an OR of two terms.
        where += QStringLiteral(" AND (%1, %2) < ($%3::timestamptz, $%4::bigint)")
                     .arg(at, id, QString::number(params.size() - 1), QString::number(params.size()));
    }
    params << QString::number(limit + 1);
    const QString key = p.has(QStringLiteral("key")) ? QLatin1String("m.") + p.col(QStringLiteral("key")) : QStringLiteral("NULL::text");
    return QStringLiteral(
               "SELECT %1::text, extract(epoch from %2)::float8, %2::text, %3, %4::text, %5, %6, %7, %8, %9, %10, "
               "%11, %12, %13 FROM %14 a LEFT JOIN %15 m ON m.%16 = %4 WHERE %17 ORDER BY %2 DESC, %1 DESC LIMIT $%18")
        // One multi-arg call: a chained .arg() would rescan text substituted before it.
        .arg(id, at, c("action"), c("messageId"), key, c("oldStatus"), c("newStatus"), c("reason"), c("ticket"),
             c("changedBy"), c("osUser"), c("host"), c("appVersion"), p.qualifiedAuditTable(), p.qualifiedTable(),
             p.col(QStringLiteral("id")), where, QString::number(params.size()));
}

AuditPage AuditQuery::fetchPage(PgSession &session, const AuditFilter &filter, const AuditCursor &after, int limit) const {
    QVariantList params;
    const QString q = sql(filter, after, limit, params);
    qCDebug(lcAudit).noquote() << q << params;
    const PgResult r = session.query(q, params);
    AuditPage page;
    for (const QVariantList &v : r.rows) {
        if (page.rows.size() == limit) {
            page.hasMore = true;
            break;
        }
        AuditRow row;
        row.auditId = v[0].toLongLong();
        row.changedAt = QDateTime::fromMSecsSinceEpoch(qint64(v[1].toDouble() * 1000.0 + 0.5), Qt::UTC);
        row.changedAtText = str(v[2]);
        row.action = str(v[3]);
        row.messageId = v[4].toLongLong();
        row.messageKey = str(v[5]);
        row.oldStatus = str(v[6]);
        row.newStatus = str(v[7]);
        row.reason = str(v[8]);
        row.ticket = str(v[9]);
        row.dbUser = str(v[10]);
        row.osUser = str(v[11]);
        row.host = str(v[12]);
        row.appVersion = str(v[13]);
        page.rows << row;
    }
    if (page.hasMore)
        page.next = AuditCursor{page.rows.last().changedAtText, page.rows.last().auditId};
    return page;
}

QByteArray AuditQuery::csvHeader() {
    // Column names are part of the file format (scripts read them): not translated.
    return QByteArrayLiteral("audit_id,changed_at_utc,action,message_id,message_key,old_status,new_status,"
                             "reason,ticket,db_user,os_user,client_host,app_version\r\n");
}

QByteArray AuditQuery::csvRecord(const AuditRow &r) {
    const QStringList fields = {
        QString::number(r.auditId), csvTime(r), r.action,
        QString::number(r.messageId), r.messageKey, r.oldStatus, r.newStatus, r.reason, r.ticket,
        r.dbUser, r.osUser, r.host, r.appVersion};
    return om::csvRecord(fields).toUtf8(); // the one RFC 4180 writer (core/common/csv.h), CRLF included
}

} // namespace om
