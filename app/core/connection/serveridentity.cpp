// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/serveridentity.h"
#include "pg/pgsession.h"

namespace om {

QString ServerIdentity::storeKey(const QString &profileId) const {
    return QStringLiteral("server:%1/%2/%3").arg(systemId, database, profileId);
}

ServerIdentity ServerIdentity::read(PgSession &session) {
    const PgResult r = session.query(QStringLiteral("SELECT system_identifier::text, current_database() FROM pg_control_system()"));
    ServerIdentity id;
    if (!r.rows.isEmpty() && r.rows.first().size() == 2) {
        id.systemId = r.rows.first().at(0).toString();
        id.database = r.rows.first().at(1).toString();
    }
    return id;
}

} // namespace om
