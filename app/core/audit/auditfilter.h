#pragma once
#include "core/profile/schemaprofile.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>
#include <QVariantList>

namespace om {

/// What an auditor narrowed the audit trail down to. Every value reaches SQL as a bound
/// parameter; text fields are matched literally (LIKE wildcards in them are escaped).
struct AuditFilter {
    QDateTime from;        ///< inclusive; invalid: open
    QDateTime to;          ///< exclusive; invalid: open
    QString action;        ///< exact action name; empty: any
    QString operatorName;  ///< exact database user or OS user; empty: any
    QString keyText;       ///< message key contains this (literal); empty: any
    QString ticket;        ///< exact ticket; empty: any
    QString reasonText;    ///< reason contains this (literal); empty: any

    bool operator==(const AuditFilter &o) const;
    bool operator!=(const AuditFilter &o) const { return !(*this == o); }
    /// Empty when the filter can be run; otherwise a message saying what to fix.
    QString problem() const;
};

/// Escapes `\`, `%` and `_` so that `text` matches itself literally inside LIKE ... ESCAPE '\'.
QString likeEscape(const QString &text);

/// The audit column for `logical` as `a."real"`, or `NULL::text` when the profile's audit
/// table has no such column (user profiles may leave some out).
QString auditColumn(const SchemaProfile &profile, const QString &logical);

/// WHERE condition over the audit table (alias `a`) joined to the message table (alias `m`),
/// appending its values to `params` ($n continues from params.size()). "TRUE" when empty.
QString buildAuditWhere(const SchemaProfile &profile, const AuditFilter &filter, QVariantList &params);

} // namespace om

Q_DECLARE_METATYPE(om::AuditFilter)
