// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/auditquery.h"
#include "core/common/csv.h"
#include "core/common/timeconv.h"
#include "core/sql/auditsql.h"
#include "pg/pgsession.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcAudit, "om.audit", QtInfoMsg) // the statements: QT_LOGGING_RULES="om.audit.debug=true"

namespace om {

namespace {
QString str(const QVariant &v) { return v.isNull() ? QString() : v.toString(); }

// The server's own text keeps the microseconds ("yyyy-MM-dd 10:00:00.123456+00" in UTC);
// ISO 8601 wants the T.
QString csvTime(const AuditRow &r) {
    if (r.changedAtText.isEmpty())
        return isoUtc(r.changedAt);
    QString t = r.changedAtText;
    return t.replace(QLatin1Char(' '), QLatin1Char('T'));
}

/// One row of sql::auditPage, in its column order.
AuditRow auditRow(const QVariantList &v) {
    AuditRow row;
    row.auditId = v[0].toLongLong();
    row.changedAt = fromEpochSeconds(v[1]);
    row.changedAtText = str(v[2]);
    row.action = str(v[3]);
    row.messageId = MessageId::fromVariant(v[4]);
    row.messageKey = str(v[5]);
    row.oldStatus = str(v[6]);
    row.newStatus = str(v[7]);
    row.reason = str(v[8]);
    row.ticket = str(v[9]);
    row.dbUser = str(v[10]);
    row.osUser = str(v[11]);
    row.host = str(v[12]);
    row.appVersion = str(v[13]);
    row.actionId = str(v.value(14));
    row.messageExists = pgTrue(v.value(15));
    return row;
}
} // namespace

QString AuditRow::osUserAtHost() const {
    if (osUser.isEmpty())
        return host.isEmpty() ? QString() : QLatin1Char('@') + host;
    return host.isEmpty() ? osUser : osUser + QLatin1Char('@') + host;
}

QString AuditQuery::sql(const AuditFilter &filter, const AuditCursor &after, int limit, QVariantList &params) const {
    om::sql::Statement page = om::sql::auditPage(m_profile, filter, after, limit);
    params = page.params;
    return page.text;
}

AuditPage AuditQuery::fetchPage(PgSession &session, const AuditFilter &filter, const AuditCursor &after, int limit) const {
    if (!m_profile.hasAudit())
        return {}; // no audit table: no trail (the Audit tab says why), and no SQL on a table without a name
    const om::sql::Statement q = om::sql::auditPage(m_profile, filter, after, limit);
    qCDebug(lcAudit).noquote() << q.text << "--" << q.params.size() << "parameters"; // never the values
    const PgResult r = session.query(q.text, q.params);
    AuditPage page;
    for (const QVariantList &v : r.rows) {
        if (page.rows.size() == limit) {
            page.hasMore = true;
            break;
        }
        page.rows << auditRow(v);
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
        r.messageId.text(), r.messageKey, r.oldStatus, r.newStatus, r.reason, r.ticket,
        r.dbUser, r.osUser, r.host, r.appVersion};
    // The audit id and an integer message id are the program's numbers; every other column is
    // text a person or the database wrote (a reason, a ticket), neutralised where a spreadsheet
    // would run it.
    const CellKind text = CellKind::Text, integer = CellKind::Integer;
    const QList<CellKind> kinds = {integer, text, text, r.messageId.isNumber() ? integer : text};
    return om::csvRecord(fields, kinds).toUtf8(); // the one RFC 4180 writer (core/common/csv.h), CRLF included
}

} // namespace om
