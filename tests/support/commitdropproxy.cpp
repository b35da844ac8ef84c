// SPDX-License-Identifier: GPL-3.0-or-later
#include "commitdropproxy.h"

#include <QByteArray>
#include <QtGlobal>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>

namespace om::test {
namespace {

int connectToServer() {
    // The harness's server listens on a Unix socket in $PGHOST, port $PGPORT.
    const QByteArray path = qgetenv("PGHOST") + "/.s.PGSQL." + qgetenv("PGPORT");
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strncpy(addr.sun_path, path.constData(), sizeof(addr.sun_path) - 1);
    if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
        if (fd >= 0)
            ::close(fd);
        return -1;
    }
    return fd;
}

bool writeAll(int fd, const char *data, ssize_t n) {
    while (n > 0) {
        const ssize_t w = ::send(fd, data, size_t(n), MSG_NOSIGNAL);
        if (w <= 0)
            return false;
        data += w;
        n -= w;
    }
    return true;
}

} // namespace

CommitDropProxy::CommitDropProxy() {
    m_listen = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (m_listen < 0 || ::bind(m_listen, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0
        || ::listen(m_listen, 8) != 0 || ::getsockname(m_listen, reinterpret_cast<sockaddr *>(&addr), &len) != 0)
        return;
    m_port = ntohs(addr.sin_port);
    m_thread = std::make_unique<std::thread>([this] { serve(); });
}

CommitDropProxy::~CommitDropProxy() {
    m_stop.store(true);
    if (m_listen >= 0)
        ::shutdown(m_listen, SHUT_RDWR);
    if (m_thread)
        m_thread->join();
    if (m_listen >= 0)
        ::close(m_listen);
}

void CommitDropProxy::serve() {
    while (!m_stop.load()) {
        pollfd p{m_listen, POLLIN, 0};
        if (::poll(&p, 1, 100) <= 0)
            continue;
        const int client = ::accept(m_listen, nullptr, nullptr);
        if (client < 0)
            continue;
        // One thread per client: a window has several lanes (Browse, Action) open at once.
        m_clients.emplace_back([this, client] {
            relay(client);
            ::close(client);
        });
    }
    for (std::thread &t : m_clients)
        t.join();
}

void CommitDropProxy::relay(int client) {
    const int server = connectToServer();
    if (server < 0)
        return;
    // A simple-query message: 'Q', int32 length (7 + 4), "COMMIT\0".
    static const char kCommit[] = {'Q', 0, 0, 0, 11, 'C', 'O', 'M', 'M', 'I', 'T', 0};
    bool dropping = false;
    char buf[65536];
    while (!m_stop.load()) {
        pollfd fds[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
        if (::poll(fds, 2, 100) <= 0)
            continue;
        if (fds[0].revents) {
            const ssize_t n = ::recv(client, buf, sizeof buf, 0);
            if (n <= 0 || !writeAll(server, buf, n))
                break;
            bool expected = true;
            if (QByteArray::fromRawData(buf, int(n)).contains(QByteArray::fromRawData(kCommit, sizeof kCommit))
                && m_armed.compare_exchange_strong(expected, false))
                dropping = true;
        }
        if (fds[1].revents) {
            const ssize_t n = ::recv(server, buf, sizeof buf, 0);
            if (n <= 0)
                break;
            if (dropping) {
                // The server answered the COMMIT: it is durable now. The client never hears it.
                m_dropped.fetch_add(1);
                break;
            }
            if (!writeAll(client, buf, n))
                break;
        }
    }
    ::close(server);
}

} // namespace om::test
