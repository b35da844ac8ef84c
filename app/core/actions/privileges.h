// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace om {

class PgSession;

/// What the connected role may do to the profile's tables, as the server sees it.
struct Privileges {
    bool checked = false;              ///< false until the server answered
    bool forcedReadOnly = false;       ///< the application was told to open read-only sessions
    bool readOnlyTransactions = false; ///< transaction_read_only is on (role, database or session setting)
    QString role;                      ///< current_user
    QStringList missing;               ///< privileges the actions need and the role lacks, e.g. "UPDATE (status) ON public.app_outbox"
    QString error;                     ///< why the check could not run (then nothing may change)
    /// The profile names no audit table (or no actions): read-only whatever the role may do,
    /// because every change needs its audit row.
    bool profileWithoutActions = false;
    /// The profile's actions are fine and nothing is missing but the admin kit's action function
    /// in this database: the kit is not installed here (not a matter of the role).
    bool kitFunctionMissing = false;
    /// The connection goes through a statement pooler: no transaction, so no audited change.
    bool noTransactions = false;

    /// True only when the server confirmed every privilege the profile's actions need.
    bool canChangeMessages() const {
        return checked && error.isEmpty() && !forcedReadOnly && !readOnlyTransactions && missing.isEmpty()
               && !profileWithoutActions && !noTransactions;
    }
    /// One line for the status bar: "read-only: this role cannot change messages (…why…)" or
    /// "operator: <role> may retry, cancel and recover".
    QString summary() const;
    /// The start of summary() that fits a status-bar segment beside three others ("read-only
    /// session", "read-only: the kit's action function is missing"); summary() says the rest.
    QString headline() const;

private:
    /// summary() of a session opened read-only (--read-only, a read-only saved connection).
    QString forcedReadOnlySummary() const;
};

/// Asks the server (one round trip) whether the session's role may run the profile's actions:
/// `transaction_read_only`, and EXECUTE on the kit's action function of the profile's table
/// (which exists only where kit/action_functions.sql was applied).
class PrivilegeCheck {
public:
    explicit PrivilegeCheck(SchemaProfile profile) : m_profile(std::move(profile)) {}
    /// Runs on a lane's thread. Throws PgError.
    Privileges run(PgSession &session) const;

private:
    SchemaProfile m_profile;
};

} // namespace om

Q_DECLARE_METATYPE(om::Privileges)
