// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/failuregroup.h"

#include <QCoreApplication>

namespace om {

/// How a failure group is named to the operator, in one place: the dashboard, the action
/// dialog's scope and the audit reason, the incident report.
class FailureGroupText {
    Q_DECLARE_TR_FUNCTIONS(FailureGroupText)
public:
    /// The error as shown: the fingerprint, or "(no error text)".
    static QString error(const FailureGroupKey &g);
    /// The code as shown: the code, or "(no code)".
    static QString code(const FailureGroupKey &g);
    /// "failure group HTTP_503 · 'Service Unavailable from <host>/v1/orders/<n>'", the error elided
    /// after `maxErrorChars`.
    static QString name(const FailureGroupKey &g, int maxErrorChars = 120);
    /// "failure group HTTP_503 · 'Service Unavailable from <host>/v1/orders/<n>' (1,418 messages)";
    /// the error elided after `maxErrorChars`.
    static QString scope(const FailureGroup &g, int maxErrorChars = 120);
    /// The operator's reason with the group named after it, within `maxLength` characters (the
    /// group's text is shortened, never the reason): what the audit rows of a group action say.
    static QString auditReason(const QString &reason, const FailureGroupKey &g, int maxLength);
    /// "3 distinct failures (1,418 messages)", "No failures".
    static QString distinct(const FailureGroups &groups);
    /// "orders, billing, stock and 2 more" (names joined with commas).
    static QString destinations(const FailureGroup &g);
};

} // namespace om
