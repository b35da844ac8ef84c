// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/purge/purgerunner.h"
#include "core/model/actionrequest.h"
#include "core/purge/purgefunctionsql.h"
#include "core/sql/purgesql.h"
#include "core/sql/sqltext.h"
#include "pg/pgsession.h"

namespace om {

void PurgeRequest::fillWorkstation() {
    // One place says what the workstation fields are: the action request's.
    ActionRequest a;
    a.fillWorkstation();
    osUser = a.osUser;
    host = a.host;
    appVersion = a.appVersion;
}

PurgeRunner::PurgeRunner(SchemaProfile profile) : m_profile(std::move(profile)) {}

QStringList PurgeRunner::statesOf(const PurgeRequest &r) const {
    return r.states.isEmpty() ? m_profile.purge.states : r.states;
}

QString PurgeRunner::check(const PurgeRequest &r) const {
    if (!m_profile.hasPurge())
        return tr("The profile %1 declares no purge.").arg(m_profile.id);
    if (r.olderThanDays < 1)
        return tr("The retention must be at least 1 day.");
    if (r.batchSize < 1 || r.batchSize > PurgeFunctionSql::kMaxBatchSize)
        return tr("A batch is 1 to %1 rows.").arg(PurgeFunctionSql::kMaxBatchSize);
    if (r.reason.trimmed().isEmpty())
        return tr("A reason is required.");
    for (const QString &s : statesOf(r))
        if (!m_profile.purge.states.contains(s))
            return tr("%1 is not a state this profile may purge.").arg(s);
    return {};
}

qint64 PurgeRunner::estimate(PgSession &session, const PurgeRequest &r) const {
    const sql::Statement s = sql::purgeEstimate(m_profile, statesOf(r), r.olderThanDays);
    return sql::purgeEstimateRows(session.query(s.text, s.params).scalar().toString());
}

qint64 PurgeRunner::count(PgSession &session, const PurgeRequest &r) const {
    const sql::Statement s = sql::purgeCount(m_profile, statesOf(r), r.olderThanDays);
    return session.query(s.text, s.params).scalar().toLongLong();
}

qint64 PurgeRunner::runBatch(PgSession &session, const PurgeRequest &r) const {
    if (const QString e = check(r); !e.isEmpty())
        throw PgError(PgError::Kind::Query, e);
    const auto nullIfEmpty = [](const QString &s) { return s.isEmpty() ? QVariant() : QVariant(s); };
    QStringList quoted;
    for (const QString &s : statesOf(r))
        quoted << QLatin1Char('"') + QString(s).replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""))
                      + QLatin1Char('"');
    const QVariantList params{r.actionId.toString(QUuid::WithoutBraces), QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}'),
                              r.olderThanDays, r.batchSize, r.reason.trimmed(), nullIfEmpty(r.ticket.trimmed()),
                              nullIfEmpty(r.osUser), nullIfEmpty(r.host), nullIfEmpty(r.appVersion)};
    qint64 deleted = 0;
    // Its own transaction: a batch is committed whole (rows and audit rows) or not at all.
    session.transact([&](PgTx &tx) {
        if (!tx.inTransaction())
            throw PgError(PgError::Kind::ReadOnly, statementPoolingRefusal());
        tx.commitFlushed();
        deleted = tx.exec(PurgeFunctionSql(m_profile).callSql(), params).scalar().toLongLong();
    });
    return deleted;
}

} // namespace om
