// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/actionrequest.h"
#include "core/profile/schemaprofile.h"
#include "messageids.h"
#include "testdatabase.h"

#include <QDateTime>
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
/// One audit row as a test writes it straight into the profile's audit table (as the kit's action
/// function would): empty texts are NULL, an invalid changedAt is the server's now().
struct AuditRowValues {
    qint64 messageId = 0;
    QString action, reason, ticket, changedBy, osUser, host, oldStatus, newStatus, appVersion;
    QDateTime changedAt;
};
/// Inserts `v` into `profile`'s audit table, naming its columns through the profile; returns the
/// new row's audit id.
qint64 insertAuditRow(TestDatabase &db, const SchemaProfile &profile, const AuditRowValues &v);
/// Sets the key column of message `id` (e.g. to keys with LIKE wildcards in them).
void setMessageKey(TestDatabase &db, const SchemaProfile &profile, qint64 id, const QString &key);
/// The raw value stored for state `name` (its status value, or its name for IS NULL states).
QString stateValue(const SchemaProfile &profile, const QString &name);
/// An operator's request for `action` on `ids`, with a ticket and the workstation's identity
/// filled in as the dialog would.
ActionRequest actionRequest(const QString &action, const QList<qint64> &ids,
                            const QString &reason = QStringLiteral("Downstream fixed, INC-7 replay"));
/// PostgreSQL array literal for bigint[] parameters.
QString idArray(const QList<qint64> &ids);

} // namespace om::test
