// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "link/actionnotice.h"

#include <QObject>
#include <QSet>
#include <QTimer>

namespace om {

class DatabaseLink;
class Gateway;

/// Where NOTIFY cannot arrive (a transaction or statement pooler), other operators' actions are
/// found by reading the audit trail's recent actions every few seconds instead, and announced
/// like the listener announces them. Actions already there when polling starts are not news.
class ActionPoller : public QObject {
    Q_OBJECT
public:
    /// How often the audit trail is read: a colleague's action shows within this.
    static constexpr int kIntervalMs = 5000;

    ActionPoller(DatabaseLink *link, SchemaProfile profile, QObject *parent = nullptr);
    void start(int intervalMs = kIntervalMs);
    bool isActive() const { return m_timer.isActive(); }

signals:
    /// An action committed since polling started (maybe by this window).
    void actionAnnounced(const om::ActionNotice &notice);

private:
    void poll();

    Gateway *m_gateway;
    SchemaProfile m_profile;
    QTimer m_timer;
    QSet<QString> m_seen;  ///< action ids already announced or there at the start
    bool m_primed = false; ///< the first read only records what is there
};

} // namespace om
