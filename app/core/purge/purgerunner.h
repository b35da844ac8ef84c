// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/model/purgerequest.h"

#include <QCoreApplication>

namespace om {

class PgSession;

/// The database side of the audited purge, one call per step, each on a lane's session (never the
/// GUI thread): the planner's estimate, the exact count, and one batch through the kit's purge
/// function in a transaction of its own (PurgeFunctionSql). Core only; PurgeJob drives the batches.
class PurgeRunner {
    Q_DECLARE_TR_FUNCTIONS(om::PurgeRunner)
public:
    explicit PurgeRunner(SchemaProfile profile);

    /// "" when the profile can purge and the request is well-formed (retention, batch size,
    /// states of the profile's purge states), else why not. The database checks all of it again.
    QString check(const PurgeRequest &request) const;
    /// The planner's estimate of the rows a purge would delete (-1 when it gives none).
    qint64 estimate(PgSession &session, const PurgeRequest &request) const;
    /// The exact number of rows a purge would delete now.
    qint64 count(PgSession &session, const PurgeRequest &request) const;
    /// Deletes one batch (and writes its audit rows) in one transaction; returns the rows deleted.
    /// Throws PgError: the server refused (nothing changed), or the connection broke.
    qint64 runBatch(PgSession &session, const PurgeRequest &request) const;

    /// The request's states, or the profile's purge states when it names none.
    QStringList statesOf(const PurgeRequest &request) const;
    const SchemaProfile &profile() const { return m_profile; }

private:
    SchemaProfile m_profile;
};

} // namespace om
