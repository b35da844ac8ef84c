// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QDateTime>
#include <QMetaType>
#include <QString>

namespace om {

/// What an auditor narrowed the audit trail down to. Every value reaches SQL as a bound
/// parameter (core/sql/auditsql); text fields are matched literally (LIKE wildcards in them are escaped).
struct AuditFilter {
    QDateTime from;       ///< inclusive; invalid: open
    QDateTime to;         ///< exclusive; invalid: open
    QString action;       ///< exact action name; empty: any
    QString operatorName; ///< exact database user or OS user; empty: any
    QString keyText;      ///< message key contains this (literal); empty: any
    QString ticket;       ///< exact ticket; empty: any
    QString reasonText;   ///< reason contains this (literal); empty: any

    bool operator==(const AuditFilter &o) const;
    bool operator!=(const AuditFilter &o) const { return !(*this == o); }
    /// Empty when the filter can be run; otherwise a message saying what to fix.
    QString problem() const;
};

} // namespace om

Q_DECLARE_METATYPE(om::AuditFilter)
