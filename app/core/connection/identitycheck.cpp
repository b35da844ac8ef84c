// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/identitycheck.h"
#include "core/service/servicecall.h"

namespace om {

IdentityCheck::IdentityCheck(DatabaseLink *link, QObject *parent) : QObject(parent), m_gateway(&gatewayOf(link)) {
    m_wait.setSingleShot(true);
    connect(&m_wait, &QTimer::timeout, this, [this] { emit settled(m_identity.isValid()); });
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

void IdentityCheck::startWithin(int ms) {
    m_wait.start(ms);
    start();
}

void IdentityCheck::settle() {
    if (!m_wait.isActive())
        return;
    m_wait.stop();
    emit settled(m_identity.isValid());
}

void IdentityCheck::read() {
    m_inFlight = true;
    m_gateway->run<ServerIdentity>(
        Lane::Monitor, this, [](PgSession &s) { return ServerIdentity::read(s); },
        [this](const ServerIdentity &id) {
            m_inFlight = false;
            if (id.isValid()) {
                m_identity = id;
                emit identified(id);
            }
            settle();
        },
        // Down or refused: the next time the lane's connection comes up, it is read again.
        [this](const PgError &e) {
            m_inFlight = false;
            emit failed(e.message);
            settle();
        });
}

} // namespace om
