// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/groups/failuregroupquery.h"
#include "core/sql/failuregroupsql.h"
#include "pg/pgsession.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

namespace om {

bool FailureGroupQuery::available() const {
    return sql::failureGroupSource(m_profile).available();
}

QList<FailureGroup> FailureGroupQuery::fromRows(const QList<QVariantList> &rows) {
    QList<FailureGroup> out;
    out.reserve(rows.size());
    for (const QVariantList &r : rows) {
        FailureGroup g;
        g.code = r.at(0).isNull() ? QVariant() : QVariant(r.at(0).toString());
        g.fingerprint = r.at(1).isNull() ? QVariant() : QVariant(r.at(1).toString());
        g.messages = r.at(2).toLongLong();
        for (const QJsonValue &v : QJsonDocument::fromJson(r.at(3).toString().toUtf8()).array())
            g.destinations << v.toString();
        g.destinationCount = r.at(4).toLongLong();
        g.firstSeenS = r.at(5).toDouble();
        g.lastSeenS = r.at(6).toDouble();
        out << g;
    }
    return out;
}

FailureGroups FailureGroupQuery::read(PgSession &session, int limit) const {
    if (!available())
        return {}; // before building the statement: it needs the error text column
    // One more than asked: tells whether there are more.
    return run(session, sql::failureGroups(m_profile, limit + 1), limit);
}

FailureGroups FailureGroupQuery::readBetween(PgSession &session, qint64 fromS, qint64 toS, int limit) const {
    if (!available())
        return {};
    return run(session, sql::failureGroupsBetween(m_profile, fromS, toS, limit + 1), limit);
}

FailureGroups FailureGroupQuery::run(PgSession &session, const sql::Statement &st, int limit) const {
    FailureGroups out;
    out.available = true;
    QElapsedTimer t;
    t.start();
    out.groups = fromRows(session.queryPrepared(st.text, st.params).rows);
    out.truncated = out.groups.size() > limit;
    if (out.truncated)
        out.groups.removeLast();
    out.queryMs = t.elapsed();
    return out;
}

} // namespace om
