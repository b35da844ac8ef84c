// SPDX-License-Identifier: GPL-3.0-or-later
#include "actions/accessstatus.h"
#include "link/databaselink.h"

namespace om {

AccessStatus::AccessStatus(DatabaseLink *gateway, SchemaProfile profile, QObject *parent)
    : QObject(parent), m_gateway(gateway), m_service(gateway, std::move(profile)),
      // What the role may change is asked where the change would be made: a standby's sessions
      // are read-only whatever the role may do on the primary.
      m_lane(gateway->readsStandby() ? Lane::Action : Lane::Browse) {
    m_privileges.forcedReadOnly = gateway->isReadOnly();
    // A reconnect may be a different server or a changed grant: ask again each time.
    connect(gateway, &DatabaseLink::connectionChanged, this, [this](Lane lane, bool up, const QString &) {
        if (lane != m_lane)
            return;
        if (up && m_wasDown)
            recheck();
        m_wasDown = !up;
    });
    recheck();
}

void AccessStatus::recheck() {
    m_call.cancel();
    m_call = m_service.privileges(m_lane, {this, [this](const Privileges &p) { apply(p); },
                                           [this](const PgError &e) {
                                               if (e.kind == PgError::Kind::Cancelled)
                                                   return;
                                               Privileges p;
                                               p.forcedReadOnly = m_gateway->isReadOnly();
                                               p.error = e.message;
                                               apply(p);
                                           }});
}

void AccessStatus::apply(const Privileges &p) {
    const bool changed = !m_privileges.checked || p.canChangeMessages() != m_privileges.canChangeMessages()
                         || p.summary() != m_privileges.summary();
    m_privileges = p;
    if (changed)
        emit accessChanged(p.canChangeMessages(), p.summary());
}

} // namespace om
