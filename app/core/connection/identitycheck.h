// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/serveridentity.h"

#include <QObject>
#include <QTimer>

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
    /// start(), and settled() once, when the server answered, the read failed or `ms` passed,
    /// whichever comes first: for the moments before any window exists (the first start of a
    /// connection string, the command-line report), whose callers go on from settled(). Returns
    /// at once; nothing waits here (no nested event loop).
    void startWithin(int ms);
    /// The last identity read (invalid before the first answer).
    const ServerIdentity &identity() const { return m_identity; }

signals:
    /// After every successful read.
    void identified(const om::ServerIdentity &identity);
    /// A read failed (the server is down, refused the login, …): read again when the lane's
    /// connection next comes up.
    void failed(const QString &message);
    /// Once per startWithin(): `identified` says whether identity() is valid by then.
    void settled(bool identified);

private:
    void read();
    /// Ends the wait of startWithin(), if one is running.
    void settle();

    Gateway *m_gateway;
    ServerIdentity m_identity;
    bool m_inFlight = false;
    QTimer m_wait; ///< startWithin()'s bound; active while it waits
};

} // namespace om
