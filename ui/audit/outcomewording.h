// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/actionoutcome.h"
#include "core/profile/schemaprofile.h"

#include <QCoreApplication>
#include <QString>

namespace om {

/// What became of an action, in words: the Audit tab's Outcome column, the dashboard's recent
/// actions and the incident report say it the same way. The counts partition the action's
/// messages: finished, failed (again, after a retry), waiting, in flight, still stuck (taken out
/// of their state's count), cancelled, in no state, gone.
class OutcomeWording {
    Q_DECLARE_TR_FUNCTIONS(om::OutcomeWording)
public:
    /// "1,174 finished · 26 failed again · 0 waiting · 1 gone" (waiting always said; the rest
    /// when not zero). `action` is the audit row's action name (retry-like actions fail "again").
    static QString summary(const SchemaProfile &profile, const QString &action, const ActionOutcome &outcome);
    /// The same by the profile's state names, for a tooltip: "SENT 1,174 · FAILED 26 · PENDING 0 (1 stuck)".
    static QString byState(const SchemaProfile &profile, const ActionOutcome &outcome);
    /// One line of the incident report: "retried 1,200 at <date> 02:31 JST by ops_suzuki, INC-2043:
    /// 1,174 finished within 3 min, 26 failed again with HTTP_503, 0 waiting". "Within" only where
    /// the table keeps a finished time; the error only where it keeps one.
    static QString reportLine(const SchemaProfile &profile, const ActionSummary &action);
    /// "retried 1,200", "cancelled 12", "recovered 3 stuck", or "<action> on 5 messages".
    static QString didWhat(const SchemaProfile &profile, const QString &action, qint64 messages);
    /// True when `action` (an audit name) is the profile's retry or recovery: its failures are "again".
    static bool isRetryLike(const SchemaProfile &profile, const QString &action);
    /// "3 finished", "3 finished (1 archived)", "1 finished, archived".
    static QString finished(qint64 n, qint64 archived);
    /// `item` (n messages of one kind) with the part of them in the archive: "5 cancelled,
    /// archived", "5 cancelled (2 archived)"; `item` itself when none is.
    static QString withArchived(const QString &item, qint64 n, qint64 archived);
};

} // namespace om
