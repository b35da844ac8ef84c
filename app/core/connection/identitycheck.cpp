// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/identitycheck.h"
#include "core/service/servicecall.h"

#include <QEventLoop>
#include <QTimer>

namespace om {

IdentityCheck::IdentityCheck(DatabaseLink *link, QObject *parent) : QObject(parent), m_gateway(&gatewayOf(link)) {
    connect(link, &DatabaseLink::connectionChanged, this, [this](Lane lane, bool up, const QString &) {
        // A read in flight runs on the connection that just came up: no second one.
        if (lane == Lane::Monitor && up && !m_inFlight)
            read();
    });
}

void IdentityCheck::start() {
    if (!m_inFlight)
        read();
}

bool IdentityCheck::readWithin(int ms) {
    QEventLoop wait;
    connect(this, &IdentityCheck::identified, &wait, &QEventLoop::quit);
    connect(this, &IdentityCheck::failed, &wait, &QEventLoop::quit);
    QTimer::singleShot(ms, &wait, &QEventLoop::quit);
    start();
    wait.exec();
    return m_identity.isValid();
}

void IdentityCheck::read() {
    m_inFlight = true;
    m_gateway->run<ServerIdentity>(
        Lane::Monitor, this, [](PgSession &s) { return ServerIdentity::read(s); },
        [this](const ServerIdentity &id) {
            m_inFlight = false;
            if (!id.isValid())
                return;
            m_identity = id;
            emit identified(id);
        },
        // Down or refused: the next time the lane's connection comes up, it is read again.
        [this](const PgError &e) {
            m_inFlight = false;
            emit failed(e.message);
        });
}

} // namespace om
