// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/lane.h"
#include "link/pgerror.h"

#include <QObject>
#include <QPointer>
#include <atomic>
#include <functional>
#include <memory>

namespace om {

class DatabaseLink;

/// Where a service's answer goes: exactly one of `done` and `failed` is called in the GUI thread,
/// unless `receiver` is gone by then (a closed window never hears of its calls).
template <class T>
struct Reply {
    QObject *receiver = nullptr;
    std::function<void(const T &)> done;
    std::function<void(const PgError &)> failed;
};

/// A call a core service handed to one of the lanes, kept to cancel it. Copyable and cheap; a
/// default-constructed one stands for no call. Cancelling a call that has not started keeps it
/// from starting; one that runs is cancelled on the server (from a thread of its own: cancel()
/// never waits for the network). Either way its Reply then gets PgError::Kind::Cancelled, unless
/// it had already answered.
class PendingCall {
public:
    PendingCall() = default;
    PendingCall(DatabaseLink *link, Lane lane, quint64 id, std::shared_ptr<std::atomic_bool> cancelled);

    void cancel();
    /// A call was made (it may have answered since).
    bool isValid() const { return m_id != 0; }

private:
    QPointer<DatabaseLink> m_link;
    Lane m_lane = Lane::Browse;
    quint64 m_id = 0;
    std::shared_ptr<std::atomic_bool> m_cancelled;
};

} // namespace om
