// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <functional>

namespace om::cancelthreads {

/// Runs `send` (a cancel request, which may block for as long as the network is silent) on a
/// short-lived thread of its own, never the caller's. Returns false, running nothing, when
/// `maxInFlight` earlier ones still wait.
///
/// The threads are joinable and kept in one process-wide list, not detached: finished ones are
/// joined when the next one starts, and at exit the list waits a short, bounded moment for the
/// rest. A detached thread still exiting when the process ends races with LeakSanitizer's
/// stop-the-world ("Tracer caught signal 11", seen twice in CI); a joined one is gone. One that
/// still waits for a silent server at exit is detached then: closing stays quick.
bool start(std::function<void()> send, int maxInFlight);

/// How many started threads have not finished their request yet.
int inFlight();

} // namespace om::cancelthreads
