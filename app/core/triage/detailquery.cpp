// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/triage/detailquery.h"
#include "core/common/timeconv.h"
#include "core/sql/detailsql.h"
#include "core/sql/textsql.h"
#include "core/triage/payloadbytes.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace om {
namespace {
QString tr(const char *s) { return QCoreApplication::translate("om::DetailQuery", s); }
}

DetailQuery::DetailQuery(SchemaProfile profile) : m_profile(std::move(profile)) {}

MessageDetail DetailQuery::fetch(PgSession &session, const MessageId &id, int payloadPrefixChars) const {
    MessageDetail d;
    d.id = id;
    // Every column of the table, in table order, so that columns the profile does not name
    // (priority, target_date, sent_at, ...) are shown too. The payload comes cut, on its own.
    const QString payloadCol = m_profile.column(QStringLiteral("payload"));
    const sql::Statement cols = sql::tableColumns(m_profile);
    QStringList names, types;
    for (const QVariantList &c : session.query(cols.text, cols.params).rows) {
        if (c[0].toString() == payloadCol)
            continue;
        names << c[0].toString();
        types << c[1].toString();
    }
    const sql::Statement row = sql::detailRow(m_profile, names, types, id, payloadPrefixChars);
    const PgResult r = session.query(row.text, row.params);
    if (r.rows.isEmpty())
        return d;
    d.found = true;
    readFields(r.rows.first(), names, types, d);
    readHistory(session, d);
    return d;
}

void DetailQuery::readFields(const QVariantList &row, const QStringList &names, const QStringList &types,
                             MessageDetail &d) const {
    const SchemaProfile &p = m_profile;
    for (int i = 0; i < names.size(); ++i) {
        DetailField f;
        f.name = names[i];
        f.type = types[i];
        f.isNull = row[i].isNull();
        if (sql::detailIsTime(p, f.name, f.type) && !f.isNull) {
            f.time = fromEpochSeconds(row[i]);
            f.text = f.time.toString(Qt::ISODateWithMs);
        } else {
            f.text = row[i].toString();
        }
        d.fields << f;
        if (f.name == p.column(QStringLiteral("key")))
            d.key = f.text;
    }
    qsizetype next = names.size();
    if (p.has(QStringLiteral("payload"))) {
        readPayloadPrefix(row[next], d);
        d.payloadLength = row[next + 1].toString().toLongLong();
        next += 2;
    } else {
        d.payloadLength = -1;
    }
    auto fieldText = [&d, &p](const char *logical) {
        for (const DetailField &f : d.fields)
            if (f.name == p.column(QLatin1String(logical)) && !f.isNull)
                return f.text;
        return QString();
    };
    // The message as the program reads it: inside a JSON error, the text at its path.
    const QString code = fieldText("errorCode"), msg = row[next].toString();
    d.lastError = code.isEmpty() ? msg : msg.isEmpty() ? code
                                                       : code + QLatin1String(": ") + msg;
}

void DetailQuery::readPayloadPrefix(const QVariant &value, MessageDetail &d) const {
    d.payloadIsNull = value.isNull();
    d.payloadInBytes = sql::payloadIsBinary(m_profile);
    if (!d.payloadInBytes) {
        d.payloadPrefix = value.toString();
        d.payloadPrefixLength = d.payloadPrefix.size();
        return;
    }
    const PayloadBytes b = payloadFromHex(value.toString());
    d.payloadPrefix = b.text;
    d.payloadPrefixLength = b.bytes.size();
    d.payloadIsBinary = b.binary;
}

void DetailQuery::readHistory(PgSession &session, MessageDetail &d) const {
    const sql::Statement h = sql::detailHistory(m_profile, d.id, &d.historyColumns);
    if (!h.text.isEmpty())
        d.history = session.query(h.text, h.params).rows;
}

QString DetailQuery::readWholePayload(PgSession &session, const MessageId &id) const {
    if (!m_profile.has(QStringLiteral("payload")))
        return {};
    const sql::Statement q = sql::payload(m_profile, id);
    return session.query(q.text, q.params).scalar().toString();
}

QString DetailQuery::fetchPayload(PgSession &session, const MessageId &id) const {
    const QString value = readWholePayload(session, id);
    return sql::payloadIsBinary(m_profile) ? payloadFromHex(value).text : value;
}

FormattedPayload DetailQuery::fetchFormattedPayload(PgSession &session, const MessageId &id) const {
    const QString value = readWholePayload(session, id);
    if (!sql::payloadIsBinary(m_profile))
        return formatPayload(value);
    const PayloadBytes b = payloadFromHex(value);
    if (!b.binary)
        return formatPayload(b.text);
    FormattedPayload out;
    out.text = b.text;
    out.isBinary = true;
    return out;
}

qint64 DetailQuery::savePayload(PgSession &session, const MessageId &id, const QString &path, int chunkChars) const {
    if (!m_profile.has(QStringLiteral("payload")))
        return 0;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw PgError(PgError::Kind::Query, tr("Cannot write %1: %2").arg(path, file.errorString()));
    // Chunks keep the lane's memory small for a payload of any size; they are read inside one
    // transaction so that the pieces belong to the same version of the row.
    qint64 written = 0;
    session.transact([&](PgTx &tx) {
        const sql::Statement snapshot = sql::repeatableRead();
        tx.exec(snapshot.text, snapshot.params);
        for (qint64 start = 1;; start += chunkChars) {
            const sql::Statement chunk = sql::payloadChunk(m_profile, id, start, chunkChars);
            const QString part = tx.exec(chunk.text, chunk.params).scalar().toString();
            if (part.isEmpty())
                break;
            // A bytea payload is saved as its own bytes; a chunk of it is hex, twice as long.
            const bool binary = sql::payloadIsBinary(m_profile);
            const QByteArray bytes = binary ? QByteArray::fromHex(part.toLatin1()) : part.toUtf8();
            if (file.write(bytes) != bytes.size())
                throw PgError(PgError::Kind::Query, tr("Cannot write %1: %2").arg(path, file.errorString()));
            written += bytes.size();
            if ((binary ? bytes.size() : part.size()) < chunkChars)
                break;
        }
    });
    if (!file.commit())
        throw PgError(PgError::Kind::Query, tr("Cannot write %1: %2").arg(path, file.errorString()));
    return written;
}

} // namespace om
