// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/outcomebook.h"
#include "core/outcome/outcomeservice.h"

#include <QSet>

namespace om {

OutcomeBook::OutcomeBook(DatabaseLink *gateway, SchemaProfile profile, Lane lane, QObject *parent)
    : QObject(parent), m_gateway(gateway), m_profile(std::move(profile)), m_lane(lane) {
    m_timer.setInterval(outcome::kRefreshMs);
    connect(&m_timer, &QTimer::timeout, this, &OutcomeBook::refresh);
}

void OutcomeBook::track(const QStringList &actionIds) {
    QStringList ids;
    QSet<QString> seen;
    for (const QString &id : actionIds)
        if (!id.isEmpty() && !seen.contains(id) && ids.size() < outcome::kMaxActionsPerRead) {
            seen.insert(id);
            ids << id;
        }
    bool unknown = false;
    for (const QString &id : ids)
        unknown = unknown || !m_outcomes.contains(id);
    m_tracked = ids;
    // Forget what scrolled away: the book holds the screen's actions, not the table's.
    for (auto it = m_outcomes.begin(); it != m_outcomes.end();)
        it = seen.contains(it.key()) ? std::next(it) : m_outcomes.erase(it);
    if (unknown)
        refresh();
}

void OutcomeBook::refresh() {
    if (m_tracked.isEmpty() || !m_gateway)
        return;
    const QStringList ids = m_tracked;
    // The key makes the newest read win: a read still queued behind a slow page is replaced.
    const QString key = QStringLiteral("outcomes:%1").arg(quintptr(this));
    const auto onDone = [this, ids](const ActionOutcomes &read) {
        const QSet<QString> shown(m_tracked.cbegin(), m_tracked.cend());
        for (const QString &id : ids)
            if (shown.contains(id))
                m_outcomes.insert(id, read.value(id)); // none read: an action without messages
        emit outcomesUpdated(ids);
    };
    const auto onFailed = [this](const PgError &e) {
        if (e.kind != PgError::Kind::Cancelled)
            emit loadFailed(e.message);
    };
    OutcomeService(m_gateway, m_profile).outcomes(ids, m_lane, key, {this, onDone, onFailed});
}

void OutcomeBook::setActive(bool active) {
    if (active && !m_timer.isActive()) {
        m_timer.start();
        refresh(); // what was shown before is stale by now
    } else if (!active) {
        m_timer.stop();
    }
}

const ActionOutcome *OutcomeBook::outcome(const QString &actionId) const {
    const auto it = m_outcomes.constFind(actionId);
    return it == m_outcomes.cend() ? nullptr : &it.value();
}

} // namespace om
