// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/actions/actionservice.h"
#include "core/actions/privileges.h"
#include "core/profile/schemaprofile.h"
#include "link/databaselink.h"

#include <QObject>

namespace om {

/// Finds out, from the server, whether the connected role may change messages, and says so.
/// Checked when created and again whenever its lane (Browse; Action when the window reads a
/// standby) (re)connects; until the server has
/// answered, nothing may change. The window and the actions controller both listen to it.
class AccessStatus : public QObject {
    Q_OBJECT
public:
    AccessStatus(DatabaseLink *gateway, SchemaProfile profile, QObject *parent = nullptr);

    /// True only when the server confirmed every privilege the actions need.
    bool canChangeMessages() const { return m_privileges.canChangeMessages(); }
    const Privileges &privileges() const { return m_privileges; }
    /// Asks the server again.
    void recheck();

signals:
    /// The answer changed (or first arrived); `summary` is the status-bar text.
    void accessChanged(bool canChangeMessages, const QString &summary);

private:
    void apply(const Privileges &p);

    DatabaseLink *m_gateway;
    ActionService m_service;
    Lane m_lane;
    Privileges m_privileges;
    PendingCall m_call;
    bool m_wasDown = false; ///< the first "up" is our own check opening the session
};

} // namespace om
