// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg/cancelthreads.h"
#include "pg/threadstop.h"

#include <QDeadlineTimer>
#include <QMutex>
#include <QMutexLocker>

#include <atomic>
#include <list>
#include <memory>
#include <thread>

namespace om::cancelthreads {
namespace {

/// At exit, how long the list waits for requests still in flight (on loopback they take
/// milliseconds; a silent network is not waited out).
constexpr int kExitWaitMs = 500;

struct Entry {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
};

class Registry {
public:
    ~Registry() {
        // Within the application's shutdown wait when it is quitting (pg/threadstop): the
        // window's lanes and this list then share one wait instead of adding theirs up.
        const QDeadlineTimer deadline = shutdownWait(kExitWaitMs);
        QMutexLocker lock(&m_lock);
        for (Entry &e : m_threads) {
            while (!e.done->load() && !deadline.hasExpired()) {
                lock.unlock();
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
                lock.relock();
            }
            if (e.done->load())
                e.thread.join();
            else
                e.thread.detach(); // still waiting for a silent server: never hold the exit
        }
        m_threads.clear();
    }

    bool start(std::function<void()> send, int maxInFlight) {
        QMutexLocker lock(&m_lock);
        reapFinished();
        if (inFlightLocked() >= maxInFlight)
            return false;
        auto done = std::make_shared<std::atomic<bool>>(false);
        m_threads.push_back(Entry{std::thread([send = std::move(send), done] {
                                      send();
                                      done->store(true);
                                  }),
                                  done});
        return true;
    }

    int inFlight() {
        QMutexLocker lock(&m_lock);
        return inFlightLocked();
    }

private:
    /// Joins the threads whose request has ended: their join returns at once (or nearly).
    void reapFinished() {
        for (auto it = m_threads.begin(); it != m_threads.end();) {
            if (it->done->load()) {
                it->thread.join();
                it = m_threads.erase(it);
            } else {
                ++it;
            }
        }
    }

    int inFlightLocked() const {
        int n = 0;
        for (const Entry &e : m_threads)
            n += !e.done->load();
        return n;
    }

    QMutex m_lock;
    std::list<Entry> m_threads;
};

/// Built on first use, so it is destroyed at exit before the sanitizers' own exit checks run.
Registry &registry() {
    static Registry r;
    return r;
}

} // namespace

bool start(std::function<void()> send, int maxInFlight) { return registry().start(std::move(send), maxInFlight); }

int inFlight() { return registry().inFlight(); }

} // namespace om::cancelthreads
