// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/kit/auditedfunction.h"
#include "core/profile/schemaprofile.h"

#include <QList>
#include <QString>

namespace om {

/// The admin kit's purge function for one profile, generated from the profile's "purge" section:
/// the only way an operator deletes finished messages. Like the action function (ActionFunctionSql)
/// it is SECURITY DEFINER with a fixed search_path, EXECUTE for the operator role only. One call
/// deletes one batch: at most `p_batch_size` rows in one of the profile's purge states (done or
/// cancelled, never an open one: a call naming any other state is refused) older than
/// `p_older_than_days` by the server clock, rows a worker holds locked skipped, and writes one
/// audit row per deleted row from the DELETE's own RETURNING (action = the purge's audit name,
/// old status = the row's state, new status = PURGED, changed_by = session_user, the caller's
/// action id, shared by every batch of one purge). Returns the number of rows deleted.
///
/// kit/purge_functions.sql holds installSql() of the built-in profiles (tst_purgekit checks it).
class PurgeFunctionSql {
public:
    explicit PurgeFunctionSql(SchemaProfile profile);

    /// The new-status value written to every purge audit row.
    static QString purgedStatus() { return QStringLiteral("PURGED"); }
    /// The largest batch the function accepts (one transaction's worth of deletes and audit rows).
    static constexpr int kMaxBatchSize = 100000;

    /// Unquoted name: outbox_monitor_purge_<table> (at most 63 bytes).
    QString functionName() const;
    QString qualifiedFunction() const;
    /// regprocedure text, for to_regprocedure / has_function_privilege / GRANT.
    QString signature() const;
    /// True when the kit installs a purge function for this profile.
    bool installs() const;

    /// The function as the kit generates, installs and grants it (kit/auditedfunction).
    kit::AuditedFunction function() const;
    /// Idempotent SQL: the function (skipped when the table or audit table is absent), EXECUTE
    /// revoked from PUBLIC. A comment only when the profile has no purge.
    QString installSql() const;
    /// The kit file for several profiles, with its explanatory header.
    static QString kitFile(const QList<SchemaProfile> &profiles);

    /// `SELECT fn($n::uuid, $n+1::text[], $n+2::int, $n+3::int, $n+4::text, ... $n+8::text)`.
    QString callSql(int firstParam = 1) const;

private:
    /// The function without its checks and body: enough for its name and signature.
    kit::AuditedFunction declaration() const;
    QString checks() const;
    QString body() const;
    QString stateGuard() const;

    SchemaProfile m_profile;
};

} // namespace om
