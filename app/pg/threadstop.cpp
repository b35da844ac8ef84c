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

Q_LOGGING_CATEGORY(lcThreads, "om.threads")

namespace om {

namespace {

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
    const QDeadlineTimer deadline(limits::kShutdownWaitMs);
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

bool stopThread(QThread *thread, int waitMs) {
    thread->quit();
    if (thread->wait(qMax(0, waitMs)))
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
