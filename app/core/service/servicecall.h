// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Only core's .cpp files include this: it is where a service's job meets the Gateway (pg/), which
// no header above core may name.
#include "core/service/serverlimits.h"
#include "link/pendingcall.h"
#include "pg/gateway.h"

#include <QString>
#include <atomic>
#include <memory>

namespace om {

/// The Gateway behind `link`. Every DatabaseLink is one: only the Gateway can construct one.
inline Gateway &gatewayOf(DatabaseLink *link) { return *static_cast<Gateway *>(link); }

/// Runs `job` (a callable taking PgSession & and returning T) on `lane` of `link` for a service,
/// answering `reply`. A statement that a time limit ended is reported with whose limit it was
/// (namingServerLimits), so that no view mistakes it for a lost connection. A call cancelled
/// before its turn never starts. A non-empty `key` makes the newest call of that key win.
template <class T, class Job>
PendingCall serviceCall(DatabaseLink *link, Lane lane, Reply<T> reply, Job job, const QString &key = QString()) {
    auto cancelled = std::make_shared<std::atomic_bool>(false);
    const quint64 id = gatewayOf(link).run<T>(
        lane, reply.receiver,
        namingServerLimits([job = std::move(job), cancelled](PgSession &session) -> T {
            if (cancelled->load())
                throw PgError(PgError::Kind::Cancelled, QStringLiteral("cancelled before it started"));
            return job(session);
        }),
        std::move(reply.done), std::move(reply.failed), key);
    return PendingCall(link, lane, id, std::move(cancelled));
}

} // namespace om
