// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QThreadPool>

#include <chrono>

class QTimer;

namespace om {

/// Now and then hands the C library's free memory back to the system (glibc's malloc_trim), on a
/// pool thread so that the GUI thread never runs the walk itself (it can wait for the main arena's
/// lock while that one arena is trimmed).
///
/// Why: a window that stays open for weeks must reach a memory plateau. The lanes'
/// threads build result sets in malloc arenas of their own, and glibc keeps what they free inside
/// those arenas, returning only the top of each heap. A heap profile of the soak showed the live
/// heap growing ~100 KB/min while RSS grew ~250 KB/min: most of the slope was freed memory kept.
/// malloc_trim(0) walks every arena and gives whole free pages back (madvise), which is what a
/// plateau needs. Without glibc's allocator (another libc, AddressSanitizer) this object does nothing.
class HeapTrimmer : public QObject {
    Q_OBJECT
public:
    explicit HeapTrimmer(std::chrono::milliseconds interval, QObject *parent = nullptr);
    /// Waits for a trim in progress (milliseconds), so that it never outlives this object.
    ~HeapTrimmer() override;

    /// True when this build can trim (glibc); the object is harmless otherwise.
    static bool available();

    /// Trims now, on the calling thread; returns whether memory was released (for tests and the
    /// benchmark, which call it off the GUI thread).
    static bool trimNow();

signals:
    /// After each timed trim, in this object's thread; `on` is the thread that trimmed, `ms` how long
    /// the trim took (the benchmark lines it up with the GUI thread's stalls).
    void trimmed(bool released, Qt::HANDLE on, double ms);

private:
    void trimOnPoolThread();

    QThreadPool m_pool; ///< one thread, its own: a trim never queues behind other pool work
    QTimer *m_timer;
};

} // namespace om
