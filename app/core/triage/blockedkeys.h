// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/model/messagepage.h"

namespace om {

class PgSession;

/// One key of an ordered outbox whose head (its earliest open message) holds up every open
/// message of the key behind it.
struct BlockedKey {
    enum class Why {
        Failed = 1,
        Stuck = 2,
        Retrying = 3
    };
    QString orderingKey; ///< the key's value, as text
    MessageRow head;     ///< ageSeconds: since the head was created
    Why why = Why::Failed;
    qint64 behind = 0;            ///< open messages of the key behind the head
    double oldestBehindAgeS = -1; ///< age of the oldest of them; -1 when none waits
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
