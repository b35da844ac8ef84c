#include "actions/accessstatus.h"
#include "pg/gateway.h"

#include <QAction>
#include <QWidget>

namespace om {

AccessStatus::AccessStatus(Gateway *gateway, SchemaProfile profile, QObject *parent)
    : QObject(parent), m_gateway(gateway), m_profile(std::move(profile)) {
    m_privileges.forcedReadOnly = gateway->isReadOnly();
    // A reconnect may be a different server or a changed grant: ask again each time.
    connect(gateway, &Gateway::connectionChanged, this, [this](Lane lane, bool up, const QString &) {
        if (lane != Lane::Browse)
            return;
        if (up && m_wasDown)
            recheck();
        m_wasDown = !up;
    });
    recheck();
}

void AccessStatus::recheck() {
    if (m_job)
        m_gateway->cancel(Lane::Browse, m_job);
    const PrivilegeCheck check(m_profile);
    m_job = m_gateway->run<Privileges>(Lane::Browse, this, [check](PgSession &s) { return check.run(s); },
        [this](const Privileges &p) { apply(p); },
        [this](const PgError &e) {
            if (e.kind == PgError::Kind::Cancelled)
                return;
            Privileges p;
            p.forcedReadOnly = m_gateway->isReadOnly();
            p.error = e.message;
            apply(p);
        });
}

void AccessStatus::apply(const Privileges &p) {
    const bool changed = !m_privileges.checked || p.canChangeMessages() != m_privileges.canChangeMessages()
                         || p.summary() != m_privileges.summary();
    m_privileges = p;
    if (changed)
        emit accessChanged(p.canChangeMessages(), p.summary());
}

} // namespace om

namespace om {

void AccessStatus::applyTo(QObject *root, bool can) {
    for (QObject *o : root->findChildren<QObject *>()) {
        if (!o->property("changesMessages").toBool())
            continue;
        if (auto *a = qobject_cast<QAction *>(o)) {
            a->setEnabled(can);
            a->setVisible(can);
        } else if (auto *w = qobject_cast<QWidget *>(o)) {
            w->setEnabled(can);
            w->setVisible(can);
        }
    }
}

} // namespace om
