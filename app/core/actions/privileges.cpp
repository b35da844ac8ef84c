#include "core/actions/privileges.h"
#include "pg/pgsession.h"

#include <QCoreApplication>

namespace om {

QString Privileges::summary() const {
    auto tr = [](const char *s) { return QCoreApplication::translate("om::Privileges", s); };
    if (canChangeMessages())
        return tr("operator: %1 may change messages").arg(role);
    QString why;
    if (forcedReadOnly)
        why = tr("read-only session requested");
    else if (!error.isEmpty())
        why = tr("privileges could not be checked: %1").arg(error.section(QLatin1Char('\n'), 0, 0));
    else if (!checked)
        why = tr("privileges not checked yet");
    else if (readOnlyTransactions)
        why = tr("the server makes %1's transactions read-only").arg(role);
    else
        why = tr("%1 lacks %2").arg(role, missing.mid(0, 3).join(QLatin1String(", "))
                                              + (missing.size() > 3 ? QStringLiteral(", …") : QString()));
    return tr("read-only: this role cannot change messages (%1)").arg(why);
}

QStringList PrivilegeCheck::stateColumns() const {
    QStringList cols;
    auto add = [&cols, this](const QString &logical) {
        if (!logical.isEmpty() && m_profile.has(logical) && !cols.contains(logical))
            cols << logical;
    };
    for (const ActionDef &a : m_profile.actions) {
        add(QStringLiteral("status"));
        // Null-based states (outbox.published_at) change by writing their column.
        QStringList touched = a.from;
        touched << a.to;
        for (const QString &name : touched) {
            if (const StateDef *s = m_profile.state(name)) {
                add(s->isNullColumn);
                add(s->notNullColumn);
            }
        }
        for (const SetClause &c : a.set)
            add(c.column);
    }
    return cols;
}

Privileges PrivilegeCheck::run(PgSession &session) const {
    const SchemaProfile &p = m_profile;
    const QStringList cols = stateColumns();
    QVariantList params{p.qualifiedTable(), p.qualifiedAuditTable(), p.audit.column(QStringLiteral("auditId"))};
    QStringList exprs{QStringLiteral("current_setting('transaction_read_only')"), QStringLiteral("current_user::text"),
                      QStringLiteral("has_table_privilege($2, 'INSERT')"),
                      // An identity/serial id needs USAGE on its sequence; NULL when there is none.
                      QStringLiteral("coalesce(has_sequence_privilege(pg_get_serial_sequence($2, $3), 'USAGE'), true)")};
    for (const QString &c : cols) {
        params << p.column(c);
        exprs << QStringLiteral("has_column_privilege($1, $%1, 'UPDATE')").arg(params.size());
    }
    const PgResult r = session.query(QStringLiteral("SELECT ") + exprs.join(QLatin1String(", ")), params);
    const QVariantList row = r.rows.value(0);
    Privileges out;
    out.checked = true;
    out.forcedReadOnly = session.options().readOnly;
    out.readOnlyTransactions = row.value(0).toString() == QLatin1String("on");
    out.role = row.value(1).toString();
    auto granted = [&row](int i) { return row.value(i).toString() == QLatin1String("t"); };
    if (!granted(2))
        out.missing << QStringLiteral("INSERT ON %1").arg(p.qualifiedAuditTable());
    if (!granted(3))
        out.missing << QStringLiteral("USAGE ON SEQUENCE OF %1").arg(p.qualifiedAuditTable());
    for (int i = 0; i < cols.size(); ++i)
        if (!granted(4 + i))
            out.missing << QStringLiteral("UPDATE (%1) ON %2").arg(p.column(cols[i]), p.qualifiedTable());
    return out;
}

} // namespace om
