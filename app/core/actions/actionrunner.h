#pragma once
#include "core/actions/actionrequest.h"
#include "core/actions/actionresult.h"
#include "core/profile/schemaprofile.h"
#include "pg/actionlistener.h"

#include <QVariantList>

namespace om {

class PgSession;

/// Runs one audited recovery action as ONE transaction: a guarded UPDATE of the rows still in the
/// action's `from` states (locked rows skipped, not waited on) whose RETURNING feeds exactly one
/// audit row per changed message, a NOTIFY sent on commit, and a probe saying why each requested
/// message that did not change was skipped. Core only: call it on the Gateway's Action lane.
class ActionRunner {
public:
    /// NOTIFY channel every Outbox Monitor listens on.
    static QString channel() { return ActionListener::channel(); }
    /// Skipped messages listed individually in a result (the total is always exact).
    static constexpr int kSkippedListCap = 1000;

    explicit ActionRunner(SchemaProfile profile);

    /// "" when the profile can run `request` (known action, a target, a valid reason), else why.
    QString check(const ActionRequest &request) const;
    /// Counts what the action would touch now (read-only; no locks). `cap` bounds the ids returned.
    ActionPreview preview(PgSession &session, const ActionRequest &request, int cap = 100000,
                          int sampleSize = 10) const;
    /// Runs the action. Throws PgError (ReadOnly when the session is read-only, Query when the
    /// request is invalid or the server refused) — and then nothing changed.
    ActionResult run(PgSession &session, const ActionRequest &request) const;

    /// The guarded UPDATE + audit INSERT statement, appending its parameters to `params`.
    QString actionSql(const ActionRequest &request, QVariantList &params) const;
    const SchemaProfile &profile() const { return m_profile; }

private:
    /// Condition (unqualified columns) a row must meet to be changed, apart from its id.
    QString eligibleCondition(const ActionDef &a, const ActionRequest &r, QVariantList &params) const;
    QString setList(const ActionDef &a, QVariantList &params) const;
    QString newStateValue(const ActionDef &a) const;
    int stuckTimeout(const ActionRequest &r) const;
    static QString idArray(const QList<qint64> &ids);

    SchemaProfile m_profile;
};

} // namespace om
