#include "core/triage/detailquery.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace om {
namespace {
QString tr(const char *s) { return QCoreApplication::translate("om::DetailQuery", s); }
}

DetailQuery::DetailQuery(SchemaProfile profile) : m_profile(std::move(profile)) {}

MessageDetail DetailQuery::fetch(PgSession &session, qint64 id, int payloadPrefixChars) const {
    const SchemaProfile &p = m_profile;
    MessageDetail d;
    d.id = id;
    const QString payloadCol = p.column(QStringLiteral("payload"));
    // Every column of the table, in table order, so that columns the profile does not name
    // (priority, target_date, sent_at, ...) are shown too.
    const PgResult cols = session.query(QStringLiteral(
        "SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute "
        "WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum"), {p.qualifiedTable()});
    QStringList select;
    QStringList names, types;
    for (const QVariantList &c : cols.rows) {
        const QString name = c[0].toString();
        if (name == payloadCol)
            continue;
        names << name;
        types << c[1].toString();
        const QString q = PgSession::quoteIdentifier(name);
        select << (types.last().startsWith(QLatin1String("timestamp")) ? QStringLiteral("extract(epoch from %1)::float8::text").arg(q)
                                                                        : q + QLatin1String("::text"));
    }
    if (!payloadCol.isEmpty())
        select << QStringLiteral("left(%1::text, $2)").arg(p.col(QStringLiteral("payload")))
               << QStringLiteral("length(%1::text)::text").arg(p.col(QStringLiteral("payload")));
    const PgResult r = session.query(QStringLiteral("SELECT %1 FROM %2 WHERE %3 = $1")
                                         .arg(select.join(QLatin1String(", ")), p.qualifiedTable(), p.col(QStringLiteral("id"))),
                                     payloadCol.isEmpty() ? QVariantList{id} : QVariantList{id, qMax(0, payloadPrefixChars)});
    if (r.rows.isEmpty())
        return d;
    d.found = true;
    const QVariantList &row = r.rows.first();
    for (int i = 0; i < names.size(); ++i) {
        DetailField f;
        f.name = names[i];
        f.type = types[i];
        f.isNull = row[i].isNull();
        if (f.type.startsWith(QLatin1String("timestamp")) && !f.isNull) {
            f.time = QDateTime::fromMSecsSinceEpoch(qRound64(row[i].toString().toDouble() * 1000.0), Qt::UTC);
            f.text = f.time.toString(Qt::ISODateWithMs);
        } else {
            f.text = row[i].toString();
        }
        d.fields << f;
        if (f.name == p.column(QStringLiteral("key")))
            d.key = f.text;
    }
    if (!payloadCol.isEmpty()) {
        d.payloadPrefix = row[names.size()].toString();
        d.payloadLength = row[names.size() + 1].toString().toLongLong();
    } else {
        d.payloadLength = -1;
    }
    auto fieldText = [&d, &p](const char *logical) {
        for (const DetailField &f : d.fields)
            if (f.name == p.column(QLatin1String(logical)) && !f.isNull)
                return f.text;
        return QString();
    };
    const QString code = fieldText("errorCode"), msg = fieldText("errorMessage");
    d.lastError = code.isEmpty() ? msg : msg.isEmpty() ? code : code + QLatin1String(": ") + msg;

    if (!p.audit.table.isEmpty() && !p.audit.column(QStringLiteral("messageId")).isEmpty()) {
        static const QStringList order = {QStringLiteral("changedAt"), QStringLiteral("action"), QStringLiteral("oldStatus"),
                                          QStringLiteral("newStatus"), QStringLiteral("changedBy"), QStringLiteral("reason"),
                                          QStringLiteral("ticket"), QStringLiteral("osUser"), QStringLiteral("host"),
                                          QStringLiteral("appVersion")};
        QStringList hsel;
        for (const QString &l : order) {
            const QString real = p.audit.column(l);
            if (real.isEmpty())
                continue;
            d.historyColumns << l;
            const QString q = PgSession::quoteIdentifier(real);
            hsel << (l == QLatin1String("changedAt") ? QStringLiteral("extract(epoch from %1)::float8::text").arg(q) : q + QLatin1String("::text"));
        }
        const QString changedAt = p.audit.column(QStringLiteral("changedAt"));
        const QString auditId = p.audit.column(QStringLiteral("auditId"));
        QStringList orderBy;
        if (!changedAt.isEmpty()) orderBy << PgSession::quoteIdentifier(changedAt) + QLatin1String(" DESC");
        if (!auditId.isEmpty()) orderBy << PgSession::quoteIdentifier(auditId) + QLatin1String(" DESC");
        if (!hsel.isEmpty()) {
            const PgResult h = session.query(
                QStringLiteral("SELECT %1 FROM %2 WHERE %3 = $1 %4 LIMIT %5")
                    .arg(hsel.join(QLatin1String(", ")), p.qualifiedAuditTable(),
                         PgSession::quoteIdentifier(p.audit.column(QStringLiteral("messageId"))),
                         orderBy.isEmpty() ? QString() : QLatin1String("ORDER BY ") + orderBy.join(QLatin1String(", ")))
                    .arg(kHistoryLimit),
                {id});
            d.history = h.rows;
        }
    }
    return d;
}

QString DetailQuery::fetchPayload(PgSession &session, qint64 id) const {
    if (!m_profile.has(QStringLiteral("payload")))
        return {};
    return session.query(QStringLiteral("SELECT %1::text FROM %2 WHERE %3 = $1")
                             .arg(m_profile.col(QStringLiteral("payload")), m_profile.qualifiedTable(), m_profile.col(QStringLiteral("id"))),
                         {id}).scalar().toString();
}

qint64 DetailQuery::savePayload(PgSession &session, qint64 id, const QString &path, int chunkChars) const {
    if (!m_profile.has(QStringLiteral("payload")))
        return 0;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw PgError(PgError::Kind::Query, tr("Cannot write %1: %2").arg(path, file.errorString()));
    const QString sql = QStringLiteral("SELECT substr(%1::text, $2, $3) FROM %2 WHERE %3 = $1")
                            .arg(m_profile.col(QStringLiteral("payload")), m_profile.qualifiedTable(), m_profile.col(QStringLiteral("id")));
    // Chunks keep the lane's memory small for a payload of any size; they are read inside one
    // transaction so that the pieces belong to the same version of the row.
    qint64 written = 0;
    session.transact([&](PgTx &tx) {
        tx.exec(QStringLiteral("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"));
        for (qint64 start = 1;; start += chunkChars) {
            const QString part = tx.exec(sql, {id, start, chunkChars}).scalar().toString();
            if (part.isEmpty())
                break;
            const QByteArray bytes = part.toUtf8();
            if (file.write(bytes) != bytes.size())
                throw PgError(PgError::Kind::Query, tr("Cannot write %1: %2").arg(path, file.errorString()));
            written += bytes.size();
            if (part.size() < chunkChars)
                break;
        }
    });
    if (!file.commit())
        throw PgError(PgError::Kind::Query, tr("Cannot write %1: %2").arg(path, file.errorString()));
    return written;
}

} // namespace om
