#pragma once
#include "core/actions/privileges.h"
#include "core/profile/schemaprofile.h"

#include <QObject>

namespace om {

class Gateway;

/// Finds out, from the server, whether the connected role may change messages, and says so.
/// Checked when created and again whenever the Browse lane (re)connects; until the server has
/// answered, nothing may change. The window and the actions controller both listen to it.
class AccessStatus : public QObject {
    Q_OBJECT
public:
    AccessStatus(Gateway *gateway, SchemaProfile profile, QObject *parent = nullptr);

    /// True only when the server confirmed every privilege the actions need.
    bool canChangeMessages() const { return m_privileges.canChangeMessages(); }
    const Privileges &privileges() const { return m_privileges; }
    /// Asks the server again.
    void recheck();
    /// Shows and enables (or hides and disables) every QAction and QWidget under `root` whose
    /// dynamic property "changesMessages" is true: how action buttons follow the role.
    static void applyTo(QObject *root, bool canChangeMessages);

signals:
    /// The answer changed (or first arrived); `summary` is the status-bar text.
    void accessChanged(bool canChangeMessages, const QString &summary);

private:
    void apply(const Privileges &p);

    Gateway *m_gateway;
    SchemaProfile m_profile;
    Privileges m_privileges;
    quint64 m_job = 0;
    bool m_wasDown = false; ///< the first "up" is our own check opening the session
};

} // namespace om
