// SPDX-License-Identifier: GPL-3.0-or-later
#include "heaptrimmer.h"

#include <QElapsedTimer>
#include <QThread>
#include <QTimer>

// glibc's allocator only: AddressSanitizer (the CI's sanitizer build) brings its own malloc,
// whose memory malloc_trim cannot give back.
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
#define OM_GLIBC_MALLOC 1
#include <malloc.h>
#endif

namespace om {

HeapTrimmer::HeapTrimmer(std::chrono::milliseconds interval, QObject *parent)
    : QObject(parent), m_timer(new QTimer(this)) {
    m_pool.setMaxThreadCount(1);
    if (!available())
        return;
    m_timer->setTimerType(Qt::VeryCoarseTimer); // a second late changes nothing
    m_timer->setInterval(interval);
    connect(m_timer, &QTimer::timeout, this, &HeapTrimmer::trimOnPoolThread);
    m_timer->start();
}

HeapTrimmer::~HeapTrimmer() {
    m_timer->stop();
    m_pool.waitForDone();
}

bool HeapTrimmer::available() {
#if defined(OM_GLIBC_MALLOC)
    return true;
#else
    return false;
#endif
}

bool HeapTrimmer::trimNow() {
#if defined(OM_GLIBC_MALLOC)
    return malloc_trim(0) == 1;
#else
    return false;
#endif
}

void HeapTrimmer::trimOnPoolThread() {
    if (m_pool.activeThreadCount() > 0)
        return; // the last one is still trimming
    // malloc_trim takes each arena's lock in turn: a thread allocating meanwhile waits for that one
    // arena only. The GUI thread allocates from the main arena, so it can wait while that one is
    // trimmed (bench gui prints each trim's length next to the stalls), never for the whole walk. The destructor waits for this task, so
    // `this` outlives it; the result is delivered through this object's own thread.
    m_pool.start([this] {
        QElapsedTimer took;
        took.start();
        const bool released = trimNow();
        const double ms = double(took.nsecsElapsed()) / 1e6;
        const Qt::HANDLE on = QThread::currentThreadId();
        QMetaObject::invokeMethod(
            this, [this, released, on, ms] { emit trimmed(released, on, ms); }, Qt::QueuedConnection);
    });
}

} // namespace om
