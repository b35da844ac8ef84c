// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/flowstore.h"
#include "core/store/sqlitefile.h"

#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

Q_LOGGING_CATEGORY(lcFlowStore, "om.flowstore")

namespace om {
namespace {

bool run(QSqlQuery &q) {
    if (q.exec())
        return true;
    qCWarning(lcFlowStore) << q.lastError().text() << q.lastQuery();
    return false;
}

QSqlQuery prepared(const QString &connection, const QString &sql, const QVariantList &values) {
    QSqlQuery q(QSqlDatabase::database(connection, false));
    q.prepare(sql);
    for (const QVariant &v : values)
        q.addBindValue(v);
    return q;
}

} // namespace

FlowStore::FlowStore(const QString &path)
    : m_path(path), m_connectionName(QStringLiteral("om-flow-") + QUuid::createUuid().toString(QUuid::WithoutBraces)) {}

FlowStore::~FlowStore() { sqlite::close(m_connectionName); }

bool FlowStore::open(QString *error) {
    m_open = sqlite::open(m_path, m_connectionName, error); // the tables: core/store/storeschema.cpp
    return m_open;
}

FlowStore::Span FlowStore::span(const QString &key, const QString &profileId, int bucketS) const {
    if (!m_open)
        return {};
    QSqlQuery q = prepared(m_connectionName,
                           QStringLiteral("SELECT from_t, to_t FROM flow_span WHERE conn = ? AND profile = ? AND width = ?"),
                           {key, profileId, bucketS});
    if (!run(q) || !q.next())
        return {};
    return {q.value(0).toLongLong(), q.value(1).toLongLong()};
}

bool FlowStore::save(const QString &key, const QString &profileId, int bucketS, qint64 fromS, qint64 toS,
                     const QList<FlowBucket> &counts) {
    if (!m_open || toS <= fromS)
        return false;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    // The span is read under the write lock: another window of the same connection may have just
    // extended it (sqlite::WriteTransaction).
    sqlite::WriteTransaction tx(m_connectionName);
    if (!tx.isOpen()) {
        qCWarning(lcFlowStore) << "flow buckets not cached:" << tx.error();
        return false;
    }
    Span s = span(key, profileId, bucketS);
    const bool touches = !s.isEmpty() && fromS <= s.toS && toS >= s.fromS;
    const Span merged = touches ? Span{qMin(s.fromS, fromS), qMax(s.toS, toS)} : Span{fromS, toS};
    // A range apart from the span: what the store had cannot be joined to it.
    QSqlQuery del = touches ? prepared(m_connectionName,
                                       QStringLiteral("DELETE FROM flow_bucket WHERE conn = ? AND profile = ? AND width = ? AND t >= ? AND t < ?"),
                                       {key, profileId, bucketS, fromS, toS})
                            : prepared(m_connectionName, QStringLiteral("DELETE FROM flow_bucket WHERE conn = ? AND profile = ? AND width = ?"),
                                       {key, profileId, bucketS});
    bool ok = run(del);
    QSqlQuery ins(db);
    ins.prepare(QStringLiteral("INSERT INTO flow_bucket (conn, profile, width, t, created, finished, failed) VALUES (?, ?, ?, ?, ?, ?, ?)"));
    for (const FlowBucket &b : counts) {
        if (!ok)
            break;
        if (b.startS < fromS || b.startS >= toS)
            continue;
        for (const QVariant &v : QVariantList{key, profileId, bucketS, b.startS, b.created, b.finished, b.failed})
            ins.addBindValue(v);
        ok = run(ins);
    }
    QSqlQuery sp = prepared(m_connectionName,
                            QStringLiteral("INSERT OR REPLACE INTO flow_span (conn, profile, width, from_t, to_t) VALUES (?, ?, ?, ?, ?)"),
                            {key, profileId, bucketS, merged.fromS, merged.toS});
    ok = ok && run(sp);
    return ok && tx.commit(); // rolled back otherwise
}

QList<FlowBucket> FlowStore::load(const QString &key, const QString &profileId, int bucketS, qint64 fromS, qint64 toS) const {
    QList<FlowBucket> out;
    if (!m_open)
        return out;
    QSqlQuery q = prepared(m_connectionName,
                           QStringLiteral("SELECT t, created, finished, failed FROM flow_bucket WHERE conn = ? AND profile = ? AND width = ?"
                                          " AND t >= ? AND t < ? ORDER BY t"),
                           {key, profileId, bucketS, fromS, toS});
    q.setForwardOnly(true);
    if (!run(q))
        return out;
    while (q.next())
        out << FlowBucket{q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(), q.value(3).toLongLong()};
    return out;
}

int FlowStore::purge(qint64 beforeS) {
    if (!m_open)
        return 0;
    QSqlQuery del = prepared(m_connectionName, QStringLiteral("DELETE FROM flow_bucket WHERE t < ?"), {beforeS});
    if (!run(del))
        return 0;
    const int n = del.numRowsAffected();
    QSqlQuery drop = prepared(m_connectionName, QStringLiteral("DELETE FROM flow_span WHERE to_t <= ?"), {beforeS});
    run(drop);
    QSqlQuery cut = prepared(m_connectionName, QStringLiteral("UPDATE flow_span SET from_t = ? WHERE from_t < ?"), {beforeS, beforeS});
    run(cut);
    return n;
}

} // namespace om
