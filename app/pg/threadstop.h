// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
class QThread;

namespace om {

/// Ends a worker thread's event loop and waits at most `waitMs` for it. A thread still busy then
/// (e.g. inside a connect to a server that does not answer) is never destroyed while running:
/// it is detached from its parent and deletes itself when it finishes, so that closing the
/// window never waits for the network. Returns whether the thread had stopped in time.
bool stopThread(QThread *thread, int waitMs);

} // namespace om
