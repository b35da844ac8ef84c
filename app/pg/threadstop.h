// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QDeadlineTimer>

class QCoreApplication;
class QThread;

namespace om {

/// Ends a worker thread's event loop and waits at most `waitMs` for it. A thread still busy then
/// (e.g. inside a connect to a server that does not answer) is never destroyed while running:
/// it is detached from its parent and deletes itself when it finishes, so that closing the
/// window never waits for the network. Returns whether the thread had stopped in time.
bool stopThread(QThread *thread, int waitMs);

/// The application is quitting: from now on every stopThread() and the reaping of busy threads
/// at exit share one deadline `waitMs` from now, instead of each waiting its own time one after
/// another (the window's lanes, its listener, a standby's and Blocked keys' links each waited
/// 300 ms in turn while the network was frozen, and the process lingered over a second).
void beginShutdown(int waitMs);
/// A wait of `waitMs` from now, ending no later than the shutdown's shared deadline once
/// beginShutdown() was called. Usable from static destructors at exit.
QDeadlineTimer shutdownWait(int waitMs);
/// beginShutdown(limits::kShutdownWaitMs) when `app` is about to quit (the last window closed).
void shutdownWhenQuitting(QCoreApplication *app);

} // namespace om
