// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/model/messagepage.h"

namespace om {

class PgSession;

/// One key of an ordered outbox whose head (the first message of its line, the one the library
/// takes next) holds up every message of the line behind it, or whose lock does.
struct BlockedKey {
    enum class Why {
        Failed = 1,
        Stuck = 2,
        Retrying = 3,
        LockHolderGone = 4, ///< the key's lock (in the profile's lock table) is held by a process that is gone
        LockHeldTooLong = 5, ///< ... or has been held longer than the library's lock timeout (else the stuck timeout)
        LockHeartbeatStale = 6 ///< ... or its holder has not sent a heartbeat for longer than the library allows
    };
    /// True when the key is held by its lock, not by its head: an action on the head moves nothing.
    bool heldByLock() const { return why == Why::LockHolderGone || why == Why::LockHeldTooLong || why == Why::LockHeartbeatStale; }
    QString orderingKey; ///< the key's value, as text
    bool nullKey = false; ///< the line of the rows whose key is NULL ("nullKey": "oneLine")
    MessageRow head;     ///< ageSeconds: since the head was created
    Why why = Why::Failed;
    qint64 behind = 0;            ///< open messages of the key behind the head
    double oldestBehindAgeS = -1; ///< age of the oldest of them; -1 when none waits
    /// The key's lock in the profile's lock table is held (whether or not it is what blocks the
    /// key), and by whom ("" when the table names no holder): Recover on the head leaves it held.
    bool lockHeld = false;
    QString lockHolder;
};

/// The blocked keys, worst first, as one Browse-lane job returns them.
struct BlockedKeys {
    QList<BlockedKey> keys;
    bool truncated = false; ///< more keys are blocked than the limit asked for
    qint64 elapsedMs = 0;
};

/// Runs sql::blockedHeads for a profile with an ordering key (SchemaProfile::isOrdered) and maps
/// its rows. Stateless; runs on the session it is given (a lane job), never on the GUI thread.
class BlockedKeysQuery {
public:
    BlockedKeysQuery(SchemaProfile profile, int stuckTimeoutMinutes);
    const SchemaProfile &profile() const { return m_profile; }
    int stuckTimeoutMinutes() const { return m_stuckTimeoutMinutes; }
    BlockedKeys run(PgSession &session, int limit) const;

private:
    SchemaProfile m_profile;
    int m_stuckTimeoutMinutes;
};

} // namespace om

Q_DECLARE_METATYPE(om::BlockedKeys)
