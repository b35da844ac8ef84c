// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dashboard/standbyreplayquery.h"
#include "core/common/timeconv.h"
#include "pg/pgsession.h"

namespace om {

StandbyReplay readStandbyReplay(PgSession &session) {
    // pg_stat_wal_receiver shows a role without pg_read_all_stats only the receiver's pid: enough
    // to know that it runs. Whether all that was received is replayed needs no privilege.
    const PgResult r = session.query(QStringLiteral(
        "SELECT pg_is_in_recovery(),"
        "       EXISTS (SELECT 1 FROM pg_stat_wal_receiver),"
        "       pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn(),"
        "       extract(epoch FROM pg_last_xact_replay_timestamp())::float8,"
        "       extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8"));
    StandbyReplay out;
    if (r.rows.isEmpty())
        return out;
    const QVariantList &row = r.rows.first();
    out.inRecovery = pgTrue(row.at(0));
    out.receiving = pgTrue(row.at(1));
    out.lastReplayAt = row.at(3).isNull() ? QDateTime() : fromEpochSeconds(row.at(3));
    if (!out.inRecovery || (out.receiving && pgTrue(row.at(2))))
        out.lagS = 0.0;
    else if (!row.at(4).isNull())
        out.lagS = qMax(0.0, row.at(4).toDouble());
    return out;
}

} // namespace om
