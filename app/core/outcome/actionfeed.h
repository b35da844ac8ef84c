// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "link/actionnotice.h"

#include <QObject>

namespace om {

class ActionListener;
class ActionPoller;
class DatabaseLink;

/// Every action committed on this database, by any Outbox Monitor, as it happens: heard at once
/// through LISTEN on a connection of its own (on the server actions go to: a standby can neither
/// LISTEN nor hear the primary's NOTIFY), or, where a pooler keeps notifications from arriving,
/// read from the audit trail every few seconds (ActionPoller). Lives in the GUI thread.
class ActionFeed : public QObject {
    Q_OBJECT
public:
    ActionFeed(DatabaseLink *link, SchemaProfile profile, bool readOnly, QObject *parent = nullptr);
    ~ActionFeed() override;

    void start();
    /// Notifications cannot arrive on this path and the audit trail is read instead.
    bool isPolling() const { return m_poller != nullptr; }

signals:
    /// Somebody (maybe this window) committed an action.
    void actionAnnounced(const om::ActionNotice &notice);
    /// The listening connection came up / went down (message says why).
    void listeningChanged(bool listening, const QString &message);
    /// Notifications cannot arrive (`why`): from now on the audit trail is read every few seconds.
    void pollingInstead(const QString &why);

private:
    void pollInstead(const QString &why);

    DatabaseLink *m_link;
    SchemaProfile m_profile;
    bool m_readOnly;
    ActionListener *m_listener = nullptr;
    ActionPoller *m_poller = nullptr;
};

} // namespace om
