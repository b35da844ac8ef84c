// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/outcome/actionpoller.h"
#include "core/outcome/actionoutcomequery.h"
#include "core/service/servicecall.h"

#include <QLoggingCategory>
#include <limits>

Q_LOGGING_CATEGORY(lcActionPoller, "om.actionpoller")

namespace om {
namespace {
/// Looks back this far: an action committed while a read was on its way is still inside the
/// next read's window, however slow the server.
constexpr int kLookBackSeconds = 600;
constexpr int kLimit = 50;
} // namespace

ActionPoller::ActionPoller(DatabaseLink *link, SchemaProfile profile, QObject *parent)
    : QObject(parent), m_gateway(&gatewayOf(link)), m_profile(std::move(profile)) {
    connect(&m_timer, &QTimer::timeout, this, &ActionPoller::poll);
}

void ActionPoller::start(int intervalMs) {
    m_timer.start(intervalMs);
    poll();
}

void ActionPoller::poll() {
    const SchemaProfile profile = m_profile;
    // The Browse lane: a read of the audit trail must never delay the dashboard's snapshot.
    m_gateway->run<QList<ActionSummary>>(
        Lane::Browse, this,
        [profile](PgSession &s) { return ActionOutcomeQuery(profile).actions(s, AuditFilter(), kLookBackSeconds, kLimit); },
        [this](const QList<ActionSummary> &actions) {
            // Oldest first, as they happened.
            for (auto it = actions.crbegin(); it != actions.crend(); ++it) {
                if (m_seen.contains(it->actionId))
                    continue;
                m_seen.insert(it->actionId);
                if (!m_primed)
                    continue;
                ActionNotice n;
                n.profile = m_profile.id;
                n.action = it->action;
                n.count = int(qMin<qint64>(it->messages, std::numeric_limits<int>::max()));
                n.user = it->dbUser;
                n.osUser = it->osUser;
                n.host = it->host;
                emit actionAnnounced(n);
            }
            m_primed = true;
        },
        [](const PgError &e) {
            if (e.kind != PgError::Kind::Cancelled)
                qCInfo(lcActionPoller) << "recent actions not read:" << e.message; // read again at the next tick
        },
        QStringLiteral("action-poller:%1").arg(quintptr(this)));
}

} // namespace om
