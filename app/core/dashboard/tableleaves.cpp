// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dashboard/tableleaves.h"
#include "core/sql/leafsql.h"
#include "pg/pgsession.h"

namespace om {

QMap<QString, qint64> tableLeaves(PgSession &session, const SchemaProfile &profile) {
    const sql::Statement st = sql::leafNames(profile.qualifiedStorageTable());
    QMap<QString, qint64> sizes;
    for (const QVariantList &row : session.query(st.text, st.params).rows)
        sizes.insert(row.value(0).toString(), row.value(1).toLongLong());
    return sizes;
}

} // namespace om
