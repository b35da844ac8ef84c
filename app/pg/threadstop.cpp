#include "pg/threadstop.h"

#include <QLoggingCategory>
#include <QThread>

Q_LOGGING_CATEGORY(lcThreads, "om.threads")

namespace om {

bool stopThread(QThread *thread, int waitMs) {
    thread->quit();
    if (thread->wait(qMax(0, waitMs)))
        return true;
    qCInfo(lcThreads) << thread->objectName() << "still busy after" << waitMs << "ms; left to finish on its own";
    // The thread's objects keep no pointer to their former owner (results go through a
    // Gateway::Delivery that is cut off before this), so it may outlive it.
    thread->setParent(nullptr);
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    return false;
}

} // namespace om
