#pragma once
#include "core/profile/schemaprofile.h"
#include "testdatabase.h"

#include <QList>
#include <QString>

namespace om::test {

/// Inserts `n` rows of `profile`'s table in state `state` (a profile state name), locked /
/// created `ageMinutes` ago by the server clock, and returns their ids. Shared by the action
/// tests and the fault test so that all three seed tables get realistic rows.
QList<qint64> insertMessages(PgSession &db, const SchemaProfile &profile, const QString &state, int n,
                             int ageMinutes = 0, const QString &tag = QString());
inline QList<qint64> insertMessages(TestDatabase &db, const SchemaProfile &profile, const QString &state, int n,
                                    int ageMinutes = 0, const QString &tag = QString()) {
    return insertMessages(db.session(), profile, state, n, ageMinutes, tag);
}
/// The state of every id, as the profile names it ("" when gone).
QString stateOf(TestDatabase &db, const SchemaProfile &profile, qint64 id);
/// Audit rows of `auditName` for `ids`.
qint64 auditCount(TestDatabase &db, const SchemaProfile &profile, const QList<qint64> &ids, const QString &auditName);
/// PostgreSQL array literal for bigint[] parameters.
QString idArray(const QList<qint64> &ids);

} // namespace om::test
