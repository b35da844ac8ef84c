// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/connectproblem.h"

#include <QString>

namespace om {

/// Pings the server at `connInfo` (no login; at most a couple of seconds) and classifies the
/// failure `message` with it. When nothing answered and the connection requires TLS, pings once
/// more without TLS (a couple of seconds more at most). Blocks: call it on a lane's thread, never
/// on the GUI thread.
ConnectProblem probeConnectFailure(const QString &connInfo, const QString &message);

} // namespace om
