// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace om::test {

/// A TCP proxy in front of the test server's Unix socket that can lose a COMMIT's answer: when
/// armed, it forwards the client's `COMMIT` to the server, waits for the server's reply (so the
/// transaction has committed) and then drops the client's connection without passing the reply
/// on. The client sees a connection broken during COMMIT (libpqxx: in_doubt_error) while the server
/// committed — the "acknowledgement lost" case a network fault produces. Any number of clients;
/// the first COMMIT after arm() is the one that loses its answer.
class CommitDropProxy {
public:
    CommitDropProxy();
    ~CommitDropProxy();
    /// 0 when the proxy could not listen.
    int port() const { return m_port; }
    /// Drop the next COMMIT's answer (once).
    void arm() { m_armed.store(true); }
    /// How many answers were dropped so far.
    int dropped() const { return m_dropped.load(); }

private:
    void serve();
    void relay(int client);
    int m_listen = -1;
    int m_port = 0;
    std::atomic<bool> m_armed{false};
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_dropped{0};
    std::unique_ptr<std::thread> m_thread;
    std::vector<std::thread> m_clients;
};

} // namespace om::test
