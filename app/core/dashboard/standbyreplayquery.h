// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/standbyreplay.h"

namespace om {

class PgSession;

/// How far the standby behind `session` is: one small statement on the standby's session, read on
/// the Monitor lane with every snapshot when the window reads a standby. Throws PgError.
StandbyReplay readStandbyReplay(PgSession &session);

} // namespace om
