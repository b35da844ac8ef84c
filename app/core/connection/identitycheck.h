// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/serveridentity.h"

#include <QObject>

namespace om {

class DatabaseLink;
class Gateway;

/// Reads the server's identity through the Gateway's Monitor lane (never the calling thread):
/// at start(), and again each time that lane's connection comes up, so that a server that was
/// down at start is identified when it answers, and a reconnection that reaches another server
/// (a DNS name moved, a different cluster promoted) is noticed.
class IdentityCheck : public QObject {
    Q_OBJECT
public:
    explicit IdentityCheck(DatabaseLink *link, QObject *parent = nullptr);
    void start();
    /// start(), then the calling thread's event loop runs until the server answers, the read
    /// fails or `ms` pass: for the moments before any window exists (the first start of a
    /// connection string, the command-line report). True when identified.
    bool readWithin(int ms);
    /// The last identity read (invalid before the first answer).
    const ServerIdentity &identity() const { return m_identity; }

signals:
    /// After every successful read.
    void identified(const om::ServerIdentity &identity);
    /// A read failed (the server is down, refused the login, …): read again when the lane's
    /// connection next comes up.
    void failed(const QString &message);

private:
    void read();

    Gateway *m_gateway;
    ServerIdentity m_identity;
    bool m_inFlight = false;
};

} // namespace om
