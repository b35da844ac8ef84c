// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/health/tablehealth.h"
#include "core/common/timeconv.h"
#include "core/purge/purgefunctionsql.h"
#include "core/purge/purgerunner.h"
#include "core/sql/healthsql.h"
#include "core/sql/incidentsql.h"
#include "pg/pgsession.h"

namespace om {
namespace {

qint64 number(const QVariant &v, qint64 ifNull) { return v.isNull() ? ifNull : v.toLongLong(); }

QList<PartitionHealth> readPartitions(PgSession &session, const QString &qualifiedTable) {
    QList<PartitionHealth> out;
    const sql::Statement q = sql::partitionHealth(qualifiedTable);
    for (const QVariantList &row : session.query(q.text, q.params).rows) {
        PartitionHealth h;
        h.name = row.at(0).toString();
        h.rowsEstimate = number(row.at(1), -1);
        h.totalBytes = number(row.at(2), 0);
        h.liveTuples = number(row.at(3), -1);
        h.deadTuples = number(row.at(4), -1);
        h.lastVacuum = fromEpochSeconds(row.at(5));
        h.lastAutovacuum = fromEpochSeconds(row.at(6));
        h.lastAnalyze = fromEpochSeconds(row.at(7));
        h.lastAutoanalyze = fromEpochSeconds(row.at(8));
        h.bound = row.at(9).toString();
        out << h;
    }
    return out;
}

} // namespace

TableHealthReader::TableHealthReader(SchemaProfile profile) : m_profile(std::move(profile)) {}

TableHealth TableHealthReader::readTable(PgSession &session, const QString &qualifiedTable) const {
    TableHealth h;
    h.table = qualifiedTable;
    const sql::Statement q = sql::tableHealth(qualifiedTable);
    const PgResult r = session.query(q.text, q.params);
    if (r.rows.isEmpty())
        return h;
    const QVariantList &row = r.rows.first();
    h.exists = true;
    h.rowsEstimate = number(row.at(0), -1);
    h.totalBytes = number(row.at(1), 0);
    h.heapBytes = number(row.at(2), 0);
    h.indexBytes = number(row.at(3), 0);
    h.toastBytes = number(row.at(4), 0);
    h.liveTuples = number(row.at(5), -1);
    h.deadTuples = number(row.at(6), -1);
    h.modifiedSinceAnalyze = number(row.at(7), -1);
    h.lastVacuum = fromEpochSeconds(row.at(8));
    h.lastAutovacuum = fromEpochSeconds(row.at(9));
    h.lastAnalyze = fromEpochSeconds(row.at(10));
    h.lastAutoanalyze = fromEpochSeconds(row.at(11));
    h.vacuumCount = number(row.at(12), 0);
    h.autovacuumCount = number(row.at(13), 0);
    h.analyzeCount = number(row.at(14), 0);
    h.autoanalyzeCount = number(row.at(15), 0);
    h.partitioned = pgTrue(row.at(16));
    if (h.partitioned)
        h.partitions = readPartitions(session, qualifiedTable);
    const sql::Statement iq = sql::indexSizes(qualifiedTable);
    for (const QVariantList &ir : session.query(iq.text, iq.params).rows)
        h.indexes << qMakePair(ir.at(0).toString(), ir.at(1).toLongLong());
    return h;
}

HealthReport TableHealthReader::read(PgSession &session, int olderThanDays) const {
    HealthReport report;
    report.olderThanDays = olderThanDays;
    report.table = readTable(session, m_profile.qualifiedStorageTable());
    if (m_profile.hasAudit())
        report.audit = readTable(session, m_profile.qualifiedAuditTable());
    if (m_profile.hasArchive())
        report.archive = readTable(session, m_profile.qualifiedArchiveTable());
    if (report.table.exists && m_profile.hasPurge() && olderThanDays > 0) {
        PurgeRequest r;
        r.olderThanDays = olderThanDays;
        report.purgeableEstimate = PurgeRunner(m_profile).estimate(session, r);
        const sql::Statement allowed = sql::purgePrivilege(PurgeFunctionSql(m_profile).signature());
        report.purgeAllowed = pgTrue(session.query(allowed.text, allowed.params).scalar());
    }
    const sql::Statement now = sql::serverNow();
    report.readAt = fromEpochSeconds(session.query(now.text, now.params).scalar());
    return report;
}

} // namespace om
