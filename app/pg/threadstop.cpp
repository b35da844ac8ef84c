// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg/threadstop.h"
#include "link/limits.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QList>
#include <QLoggingCategory>
#include <QMutex>
#include <QPointer>
#include <QThread>

#include <atomic>
#include <limits>

Q_LOGGING_CATEGORY(lcThreads, "om.threads")

namespace om {

namespace {

constexpr qint64 kNoShutdown = std::numeric_limits<qint64>::max();
/// The shutdown's shared deadline (QDeadlineTimer::deadline(), ms on the steady clock), set once
/// by beginShutdown(). An atomic of a plain number: constant-initialised and never destroyed, so
/// that static destructors running after main() (the cancel requests' registry) may read it.
std::atomic<qint64> g_shutdownAt{kNoShutdown};

// Threads stopThread() left busy. Each deletes itself through deleteLater when it finishes, but
// a deleteLater needs the GUI thread's event loop, and at exit none runs any more: a thread that
// finished after the window closed was never deleted (LeakSanitizer saw it in tst_outage). The
// application object's post routine deletes those.
QMutex &orphansLock() {
    static QMutex lock;
    return lock;
}
QList<QPointer<QThread>> &orphans() {
    static QList<QPointer<QThread>> list;
    return list;
}

void reapOrphans() {
    QList<QPointer<QThread>> threads;
    {
        QMutexLocker locker(&orphansLock());
        threads.swap(orphans());
    }
    const QDeadlineTimer deadline = shutdownWait(limits::kShutdownWaitMs);
    for (const QPointer<QThread> &t : std::as_const(threads)) {
        // One still busy after that (a connect to a server that does not answer) is left to the
        // end of the process: deleting a running QThread aborts the program.
        if (t && t->wait(deadline))
            delete t.data();
        else if (t)
            qCInfo(lcThreads) << t->objectName() << "still busy at exit";
    }
}

void adopt(QThread *thread) {
    QMutexLocker locker(&orphansLock());
    if (orphans().isEmpty() && QCoreApplication::instance())
        qAddPostRoutine(reapOrphans); // once per batch: reapOrphans empties the list
    orphans().removeAll(nullptr);
    orphans() << thread;
}

} // namespace

void beginShutdown(int waitMs) {
    qint64 none = kNoShutdown;
    g_shutdownAt.compare_exchange_strong(none, QDeadlineTimer(qMax(0, waitMs)).deadline());
}

QDeadlineTimer shutdownWait(int waitMs) {
    const QDeadlineTimer own(qMax(0, waitMs));
    const qint64 at = g_shutdownAt.load();
    if (at == kNoShutdown || own.deadline() <= at)
        return own;
    QDeadlineTimer shared;
    shared.setDeadline(at);
    return shared;
}

void shutdownWhenQuitting(QCoreApplication *app) {
    QObject::connect(app, &QCoreApplication::aboutToQuit, app, [] { beginShutdown(limits::kShutdownWaitMs); });
}

bool stopThread(QThread *thread, int waitMs) {
    thread->quit();
    if (thread->wait(shutdownWait(waitMs)))
        return true;
    qCInfo(lcThreads) << thread->objectName() << "still busy after" << waitMs << "ms; left to finish on its own";
    // The thread's objects keep no pointer to their former owner (results go through a
    // Gateway::Delivery that is cut off before this), so it may outlive it.
    thread->setParent(nullptr);
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    adopt(thread);
    return false;
}

} // namespace om
