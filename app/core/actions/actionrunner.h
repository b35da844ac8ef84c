// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/actionrequest.h"
#include "core/model/actionresult.h"
#include "core/profile/schemaprofile.h"
#include "link/actionnotice.h"
#include "link/limits.h"

#include <QUuid>
#include <QVariantList>
#include <atomic>
#include <functional>

namespace om {

class PgSession;
class PgTx;

/// Where a running action is, readable from another thread (the GUI offers "Cancel (rolls back)"
/// only while the stage is before Committing), and a test seam: `hook` runs on the action's thread
/// at each stage, e.g. to kill the backend there.
struct ActionProgress {
    enum class Stage {
        NotStarted,
        Begun,
        Changed,
        Committing,
        Committed
    };
    std::atomic<int> stage{int(Stage::NotStarted)};
    std::atomic<qint64> xid{0}; ///< the transaction's txid_current(), 0 until known
    std::function<void(Stage)> hook;
    bool rollbackPossible() const { return stage.load() < int(Stage::Committing); }
};

/// What a new connection found out about an action whose COMMIT acknowledgement was lost.
struct ActionRecheck {
    enum class Outcome {
        Committed,
        RolledBack,
        Unknown
    };
    Outcome outcome = Outcome::Unknown;
    QList<MessageId> changedIds; ///< from the audit rows carrying the action id
    QString serverStatus;        ///< txid_status(): committed | aborted | in progress | "" (unknown xid)
};

/// Runs one audited recovery action as ONE transaction: the kit's SECURITY DEFINER function (see
/// ActionFunctionSql) does the guarded UPDATE of the rows still in the action's `from` states
/// (locked rows skipped, not waited on), one audit row per changed message and the NOTIFY sent on
/// commit; then a probe says why each requested message that did not change was skipped. Core
/// only: call it on the Gateway's Action lane.
class ActionRunner {
public:
    /// NOTIFY channel every Outbox Monitor listens on.
    static QString channel() { return ActionNotice::channel(); }
    /// Skipped messages listed individually in a result (the total is always exact).
    static constexpr int kSkippedListCap = limits::kSkippedListCap;

    explicit ActionRunner(SchemaProfile profile);

    /// "" when the profile can run `request` (known action, a target, a valid reason), else why.
    QString check(const ActionRequest &request) const;
    /// Counts what the action would touch now (read-only; no locks), and where (ActionPreview::server,
    /// the request's confirmedOn once the operator confirmed). `cap` bounds the ids returned.
    ActionPreview preview(PgSession &session, const ActionRequest &request, int cap = limits::kPreviewIdsCap,
                          int sampleSize = 10) const;
    /// Runs the action through the kit's function (kit/action_functions.sql) in one transaction.
    /// Throws PgError: ReadOnly when the session is read-only, Query when the request is invalid,
    /// the server refused, or the server holds other data than the request's confirmedOn
    /// (serverChangedRefusal()), ConnectionLost before COMMIT — in all these nothing changed — and
    /// InDoubt when the connection broke during COMMIT: then recheck() says what happened.
    /// A request without an action id gets a new one (in the result).
    ActionResult run(PgSession &session, const ActionRequest &request, ActionProgress *progress = nullptr) const;
    /// After InDoubt: asks a NEW session whether transaction `xid` committed and which messages
    /// carry audit rows of `actionId`; waits up to `waitMs` while the server still runs it.
    ActionRecheck recheck(PgSession &fresh, const QUuid &actionId, qint64 xid, int waitMs = limits::kRecheckWaitMs) const;

    /// The call of the kit's action function for `request` (core/sql/actionsql); `params` is
    /// replaced by its values.
    QString actionSql(const ActionRequest &request, QVariantList &params) const;
    const SchemaProfile &profile() const { return m_profile; }
    /// Why run() refused: the messages were counted on `confirmed`, the session reaches `now`.
    static QString serverChangedRefusal(const ActionServer &confirmed, const ActionServer &now);

private:
    void probeSkipped(PgTx &tx, const ActionRequest &r, ActionResult &result) const;

    SchemaProfile m_profile;
};

} // namespace om
