// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/outcome/actionfeed.h"
#include "core/outcome/actionpoller.h"
#include "core/service/servicecall.h"
#include "pg/actionlistener.h"

namespace om {

ActionFeed::ActionFeed(DatabaseLink *link, SchemaProfile profile, bool readOnly, QObject *parent)
    : QObject(parent), m_link(link), m_profile(std::move(profile)), m_readOnly(readOnly) {}

ActionFeed::~ActionFeed() = default;

void ActionFeed::start() {
    if (m_listener)
        return;
    const GatewayConfig &config = m_link->config();
    PgSession::Options listen;
    // On the server actions go to, like the Action lane: after a failover the first host of a
    // list may be a standby.
    listen.connInfo = laneConnInfo(config.connInfo, Lane::Action, m_readOnly);
    listen.password = config.password;
    listen.applicationName = config.applicationName + QStringLiteral("/listen");
    listen.statementTimeoutMs = 0;
    listen.readOnly = m_readOnly;
    listen.pooling = config.pooling;
    m_listener = new ActionListener(listen, this);
    connect(m_listener, &ActionListener::actionAnnounced, this, &ActionFeed::actionAnnounced);
    connect(m_listener, &ActionListener::listeningChanged, this, &ActionFeed::listeningChanged);
    connect(m_listener, &ActionListener::notificationsUnavailable, this, &ActionFeed::pollInstead);
    m_listener->start();
}

void ActionFeed::pollInstead(const QString &why) {
    if (m_poller)
        return;
    m_poller = new ActionPoller(m_link, m_profile, this);
    connect(m_poller, &ActionPoller::actionAnnounced, this, &ActionFeed::actionAnnounced);
    m_poller->start();
    emit pollingInstead(why);
}

} // namespace om
