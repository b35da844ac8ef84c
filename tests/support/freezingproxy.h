// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QHostAddress>
#include <QString>
#include <atomic>

class QThread;

namespace om::test {

class ProxyCore;

/// A TCP proxy on 127.0.0.1 in front of a loopback server, for faults a real network makes: it
/// can be frozen (connections stay open and new ones are accepted, but nothing is forwarded,
/// like a VPN that drops every packet) and released (everything held is forwarded, closes too).
/// It runs on its own thread, so a test's or a benchmark's event loop may stall without
/// stalling it. Only loopback addresses: it never listens on nor connects to anything else.
class FreezingProxy {
public:
    /// Listens on 127.0.0.1 (a free port) and forwards to `target`:`targetPort`, which must be
    /// a loopback address; isListening() is false otherwise.
    FreezingProxy(const QHostAddress &target, quint16 targetPort);
    ~FreezingProxy();
    FreezingProxy(const FreezingProxy &) = delete;
    FreezingProxy &operator=(const FreezingProxy &) = delete;

    bool isListening() const { return m_port != 0; }
    quint16 port() const { return m_port; }
    /// Stops forwarding at once (takes effect for bytes not yet forwarded).
    void freeze();
    /// Forwards everything held and resumes.
    void release();
    bool isFrozen() const { return m_frozen; }
    /// Connections accepted from now on reach the server only `ms` later (0: at once), while
    /// those already open keep flowing: a cancel request that is slow on its way.
    void delayNewConnections(int ms) { m_connectDelayMs = ms; }
    /// Connections accepted so far.
    int accepted() const;

    /// libpq keyword/value string that reaches the throwaway test server (PGPORT, PGUSER) through
    /// this proxy, for `dbname`.
    QString connectionString(const QString &dbname) const;

private:
    QThread *m_thread;
    ProxyCore *m_core;
    quint16 m_port = 0;
    std::atomic<bool> m_frozen{false};
    std::atomic<int> m_connectDelayMs{0};
};

} // namespace om::test
