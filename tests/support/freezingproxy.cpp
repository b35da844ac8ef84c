// SPDX-License-Identifier: GPL-3.0-or-later
#include "freezingproxy.h"
#include "testserver.h"

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <memory>
#include <vector>

namespace om::test {

/// Lives on the proxy's thread: the server socket and every pair of connections.
class ProxyCore : public QObject {
public:
    ProxyCore(QHostAddress target, quint16 targetPort, std::atomic<bool> *frozen, std::atomic<int> *connectDelayMs)
        : m_target(std::move(target)), m_targetPort(targetPort), m_frozen(frozen), m_connectDelayMs(connectDelayMs) {}

    quint16 listen() {
        m_server = new QTcpServer(this);
        connect(m_server, &QTcpServer::newConnection, this, &ProxyCore::acceptAll);
        return m_server->listen(QHostAddress::LocalHost, 0) ? m_server->serverPort() : 0;
    }

    /// Forwards whatever each side holds, and passes on closes that happened meanwhile.
    void flush() {
        if (m_flushing)
            return; // a close below emits disconnected(), which asks for a flush again
        m_flushing = true;
        for (auto it = m_pairs.begin(); it != m_pairs.end();) {
            Pair &p = **it;
            pump(p.client, p.upstream);
            pump(p.upstream, p.client);
            if (closePair(p))
                it = m_pairs.erase(it);
            else
                ++it;
        }
        m_flushing = false;
    }

    int accepted() const { return m_accepted; }

private:
    struct Pair {
        QPointer<QTcpSocket> client;
        QPointer<QTcpSocket> upstream;
        bool dialled = false; ///< connectToHost() called (an upstream not yet dialled is not gone)
    };

    void acceptAll() {
        while (QTcpSocket *client = m_server->nextPendingConnection()) {
            ++m_accepted;
            auto pair = std::make_shared<Pair>();
            pair->client = client;
            pair->upstream = new QTcpSocket(this);
            std::shared_ptr<Pair> p = pair; // the sockets' handlers keep their pair alive
            m_pairs.push_back(pair);
            for (QTcpSocket *s : {p->client.data(), p->upstream.data()}) {
                connect(s, &QTcpSocket::readyRead, this, [this, p] { if (!*m_frozen) { pump(p->client, p->upstream); pump(p->upstream, p->client); } });
                connect(s, &QTcpSocket::disconnected, this, [this] { if (!*m_frozen) flush(); });
                connect(s, &QTcpSocket::errorOccurred, this, [this] { if (!*m_frozen) flush(); });
            }
            connect(p->upstream.data(), &QTcpSocket::connected, this, [this, p] { if (!*m_frozen) pump(p->client, p->upstream); });
            // Until the upstream connects, what the client sends waits in the client socket.
            QTimer::singleShot(m_connectDelayMs->load(), p->upstream.data(),
                               [this, p] {
                                   p->dialled = true;
                                   p->upstream->connectToHost(m_target, m_targetPort);
                               });
        }
    }

    static void pump(QTcpSocket *from, QTcpSocket *to) {
        if (!from || !to || to->state() != QAbstractSocket::ConnectedState || from->bytesAvailable() == 0)
            return;
        to->write(from->readAll());
    }

    /// True when one side is gone: the other is closed too (after what it was sent).
    static bool closePair(Pair &p) {
        const bool clientGone = !p.client || p.client->state() == QAbstractSocket::UnconnectedState;
        const bool upstreamGone = !p.upstream || (p.dialled && p.upstream->state() == QAbstractSocket::UnconnectedState);
        if (!clientGone && !upstreamGone)
            return false;
        for (QTcpSocket *s : {p.client.data(), p.upstream.data()}) {
            if (!s)
                continue;
            s->disconnect(); // no handler runs for a pair that is gone
            s->disconnectFromHost();
            s->deleteLater();
        }
        return true;
    }

    QHostAddress m_target;
    quint16 m_targetPort;
    std::atomic<bool> *m_frozen;
    std::atomic<int> *m_connectDelayMs;
    QTcpServer *m_server = nullptr;
    std::vector<std::shared_ptr<Pair>> m_pairs;
    int m_accepted = 0;
    bool m_flushing = false;
};

FreezingProxy::FreezingProxy(const QHostAddress &target, quint16 targetPort)
    : m_thread(new QThread), m_core(new ProxyCore(target, targetPort, &m_frozen, &m_connectDelayMs)) {
    m_thread->setObjectName(QStringLiteral("freezing-proxy"));
    m_core->moveToThread(m_thread);
    m_thread->start();
    if (!target.isLoopback())
        return; // never a proxy to anything but this machine
    quint16 port = 0;
    QMetaObject::invokeMethod(
        m_core, [this, &port] { port = m_core->listen(); }, Qt::BlockingQueuedConnection);
    m_port = port;
}

FreezingProxy::~FreezingProxy() {
    QMetaObject::invokeMethod(
        m_core, [this] { delete m_core; }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
}

void FreezingProxy::freeze() { m_frozen = true; }

void FreezingProxy::release() {
    m_frozen = false;
    QMetaObject::invokeMethod(
        m_core, [this] { m_core->flush(); }, Qt::BlockingQueuedConnection);
}

int FreezingProxy::accepted() const {
    int n = 0;
    QMetaObject::invokeMethod(
        m_core, [this, &n] { n = m_core->accepted(); }, Qt::BlockingQueuedConnection);
    return n;
}

QString FreezingProxy::connectionString(const QString &dbname) const {
    return loopbackConnectionString(m_port, dbname);
}

} // namespace om::test
