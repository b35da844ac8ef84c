// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QCoreApplication>
#include <QString>
#include <QVariant>

namespace om {

/// Whether row-level security stands between the connected role and the profile's table, read
/// from the server's catalogs with every snapshot and by the profile check (sql/rowsecuritysql).
/// Under active row security every count, list and action sees only the rows the table's policies
/// let the role see; nothing tells the role that it is not all of them, so the program says it.
struct RowSecurity {
    Q_DECLARE_TR_FUNCTIONS(om::RowSecurity)
public:
    bool known = false;   ///< the server answered (false before the first read)
    bool enabled = false; ///< ALTER TABLE … ENABLE ROW LEVEL SECURITY
    bool forced = false;  ///< … FORCE ROW LEVEL SECURITY: the owner too is subject to it
    bool active = false;  ///< row_security_active(): the policies filter this role's reads
    QString role;         ///< current_user
    bool superuser = false;
    bool bypassRls = false; ///< the role has BYPASSRLS
    bool owner = false;     ///< the role owns the table (or is a member of its owner)
    /// A permissive policy for reading whose condition is `true` and that applies to the role (or
    /// to PUBLIC): with no restrictive policy beside it, the role reads every row. The kit's
    /// optional read policy is one.
    QString openPolicy;
    int restrictivePolicies = 0; ///< restrictive policies for reading that apply to the role

    /// The role sees only some rows (possibly none), and the program cannot tell how many.
    bool hidesRows() const { return active && (openPolicy.isEmpty() || restrictivePolicies > 0); }
    /// Row security is on, but a policy lets the role read every row.
    bool readsEveryRow() const { return active && !hidesRows(); }

    /// From the JSON object sql::rowSecurityFacts() builds; unknown (known = false) when null.
    static RowSecurity fromJson(const QVariant &json);

    /// One sentence for the operator when hidesRows(): what is hidden from whom, and why.
    QString hiddenRowsText(const QString &table) const;
    /// What to do about it: a policy from the kit, or a role that bypasses row security.
    QString remedyText() const;
    /// Why the role is not subject to it, or is despite owning the table ("" when no reason).
    QString reasonText() const;
};

} // namespace om
