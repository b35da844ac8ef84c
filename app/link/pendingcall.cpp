// SPDX-License-Identifier: GPL-3.0-or-later
#include "link/pendingcall.h"
#include "link/databaselink.h"

namespace om {

PendingCall::PendingCall(DatabaseLink *link, Lane lane, quint64 id, std::shared_ptr<std::atomic_bool> cancelled)
    : m_link(link), m_lane(lane), m_id(id), m_cancelled(std::move(cancelled)) {}

void PendingCall::cancel() {
    if (!m_id)
        return;
    if (m_cancelled)
        m_cancelled->store(true);
    if (m_link)
        m_link->cancel(m_lane, m_id);
}

} // namespace om
