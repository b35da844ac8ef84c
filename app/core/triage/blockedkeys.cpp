// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/triage/blockedkeys.h"
#include "core/sql/headsql.h"
#include "core/triage/listquery.h"
#include "link/pgerror.h"
#include "pg/pgsession.h"

#include <QElapsedTimer>

namespace om {

BlockedKeysQuery::BlockedKeysQuery(SchemaProfile profile, int stuckTimeoutMinutes)
    : m_profile(std::move(profile)),
      m_stuckTimeoutMinutes(stuckTimeoutMinutes > 0 ? stuckTimeoutMinutes : m_profile.stuckTimeoutMinutes) {}

BlockedKeys BlockedKeysQuery::run(PgSession &session, int limit) const {
    QElapsedTimer timer;
    timer.start();
    BlockedKeys out;
    if (!m_profile.isOrdered())
        return out;
    // One more than asked for: whether the list was cut.
    const sql::Statement st = sql::blockedHeads(m_profile, m_stuckTimeoutMinutes, limit + 1);
    // Without JIT: the bounded candidates (up to 100,000 stuck rows) make the planner's cost
    // estimate large, and compiling the plan took 1.5 s of a 2.2 s run at 2,000,000 rows where the
    // work itself is a few thousand index probes (the Monitor lane runs with jit = off for the same
    // reason). SET LOCAL, for this transaction only: a session SET would stay on the server
    // connection, and behind a pooler that connection serves other clients next.
    PgResult r;
    session.transact([&](PgTx &tx) {
        tx.setLocal(QStringLiteral("jit"), QStringLiteral("off"));
        r = tx.exec(st.text, st.params);
    });
    const int why = r.columnIndex(QStringLiteral("om_why"));
    const int behind = r.columnIndex(QStringLiteral("om_behind"));
    const int oldest = r.columnIndex(QStringLiteral("om_oldest_age"));
    const int lockHeld = r.columnIndex(QStringLiteral("om_lock_held")), lockHolder = r.columnIndex(QStringLiteral("om_lock_holder"));
    for (const QVariantList &row : r.rows) {
        if (out.keys.size() == limit) {
            out.truncated = true;
            break;
        }
        BlockedKey k;
        k.head = messageRow(row);
        const QVariant key = row.at(r.columnIndex(QStringLiteral("om_key")));
        k.nullKey = key.isNull();
        k.orderingKey = key.toString();
        k.why = BlockedKey::Why(row.at(why).toString().toInt());
        k.behind = row.at(behind).toString().toLongLong();
        k.oldestBehindAgeS = row.at(oldest).isNull() ? -1 : row.at(oldest).toString().toDouble();
        if (lockHeld >= 0) {
            k.lockHeld = pgTrue(row.at(lockHeld));
            k.lockHolder = row.at(lockHolder).toString();
        }
        out.keys << k;
    }
    out.elapsedMs = timer.elapsed();
    return out;
}

} // namespace om
