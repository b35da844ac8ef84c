// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/actions/privileges.h"
#include "core/common/firstline.h"
#include "core/actions/actionfunctionsql.h"
#include "core/actions/actionsql.h"
#include "pg/pgsession.h"

#include <QCoreApplication>

namespace om {

QString Privileges::summary() const {
    auto tr = [](const char *s) { return QCoreApplication::translate("om::Privileges", s); };
    if (canChangeMessages())
        return tr("operator: %1 may change messages").arg(role);
    // Not knowing is not "cannot": a server that never answered says nothing about the role.
    if (!forcedReadOnly && !error.isEmpty())
        return tr("access not known yet: privileges could not be checked (%1)").arg(firstLine(error));
    // Said apart from the role's rights: a profile with no actions, or a database without the
    // kit's function, is read-only for every role, and "this role cannot" would send the operator
    // to the wrong person.
    if (profileWithoutActions)
        return tr("read-only by profile: it declares no action, so messages are shown and never changed "
                  "(the system offers no state change an operator may make, or the profile names no audit table)");
    if (forcedReadOnly)
        return forcedReadOnlySummary();
    if (noTransactions)
        return tr("monitoring only: this connection goes through a pooler in statement mode, which allows no "
                  "transactions, and every action changes messages and writes their audit rows in one");
    if (kitFunctionMissing && !readOnlyTransactions)
        return tr("read-only: the admin kit's action function %1 is not installed in this database; "
                  "the profile and the role are fine (ask the DBA to apply the kit's kit/action_functions.sql)")
            .arg(missing.value(0));
    QString why;
    if (!checked)
        why = tr("privileges not checked yet");
    else if (readOnlyTransactions)
        why = tr("the server makes %1's transactions read-only").arg(role);
    else
        why = tr("%1 lacks %2").arg(role, missing.mid(0, 3).join(QLatin1String(", ")) + (missing.size() > 3 ? QStringLiteral(", …") : QString()));
    return tr("read-only: this role cannot change messages (%1)").arg(why);
}

QString Privileges::headline() const {
    auto tr = [](const char *s) { return QCoreApplication::translate("om::Privileges", s); };
    if (canChangeMessages())
        return summary(); // short already
    if (!forcedReadOnly && !error.isEmpty())
        return tr("access not known yet");
    if (profileWithoutActions)
        return tr("read-only by profile");
    if (forcedReadOnly)
        return tr("read-only session");
    if (noTransactions)
        return tr("monitoring only: statement pooler");
    if (kitFunctionMissing && !readOnlyTransactions)
        return tr("read-only: the kit's action function is missing");
    if (!checked)
        return tr("privileges not checked yet");
    return tr("read-only: %1 cannot change messages").arg(role);
}

QString Privileges::forcedReadOnlySummary() const {
    auto tr = [](const char *s) { return QCoreApplication::translate("om::Privileges", s); };
    // The session was opened read-only: that, not the role, is why nothing changes here. Its own
    // transactions are read-only, so only the privileges say what the role could do elsewhere.
    const QString session = tr("read-only session: this window was opened read-only and changes nothing");
    if (!checked || !error.isEmpty())
        return session;
    if (!missing.isEmpty())
        return tr("%1 (and %2 lacks %3)").arg(session, role, missing.mid(0, 3).join(QLatin1String(", ")));
    return tr("%1; %2 holds the privileges to change messages in a window that is not read-only").arg(session, role);
}

Privileges PrivilegeCheck::run(PgSession &session) const {
    // EXECUTE on the kit's action function is the one privilege the actions need (see sql::privilegeCheck).
    const ActionFunctionSql fn(m_profile);
    const sql::Statement q = sql::privilegeCheck(m_profile);
    const PgResult r = session.query(q.text, q.params);
    const QVariantList row = r.rows.value(0);
    Privileges out;
    out.checked = true;
    out.forcedReadOnly = session.options().readOnly;
    out.noTransactions = !session.linkFacts().canTransact();
    out.readOnlyTransactions = row.value(0).toString() == QLatin1String("on");
    out.role = row.value(1).toString();
    if (!m_profile.hasAudit() || m_profile.actions.isEmpty()) {
        // Nothing to execute: the kit's function is not asked for (a profile without an audit
        // table has none), and the window says why it is read-only.
        out.profileWithoutActions = true;
        return out;
    }
    auto granted = [&row](int i) { return pgTrue(row.value(i)); };
    if (!granted(2)) {
        out.missing << fn.signature();
        out.kitFunctionMissing = true;
    } else if (!granted(3))
        out.missing << QStringLiteral("EXECUTE ON FUNCTION %1").arg(fn.signature());
    return out;
}

} // namespace om
