// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/auditcursor.h"
#include "core/model/auditfilter.h"
#include "core/common/messageid.h"
#include "core/profile/schemaprofile.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariant>

namespace om {

class PgSession;

/// One row of the audit trail, joined to its message's key.
struct AuditRow {
    qint64 auditId = 0;
    QDateTime changedAt;   ///< server time, UTC
    QString changedAtText; ///< exact server value, the keyset cursor (microseconds intact)
    QString action;
    om::MessageId messageId; ///< null when the audit row names none
    QString messageKey;      ///< null when the message has none (or no longer exists)
    bool messageExists = false; ///< the message is still in the table
    QString oldStatus, newStatus;
    QString reason, ticket;
    QString dbUser, osUser, host, appVersion;
    QString actionId; ///< the action (one dialog) the row belongs to; empty for older rows

    /// "user@host", "user" or "" from the OS user and host columns.
    QString osUserAtHost() const;
};

} // namespace om

// As Triage's MessageRow: integers, QString and QDateTime only, so the Audit list grows by
// realloc() instead of moving every row on the GUI thread.
Q_DECLARE_TYPEINFO(om::AuditRow, Q_RELOCATABLE_TYPE);

namespace om {

struct AuditPage {
    QList<AuditRow> rows;
    bool hasMore = false;
    AuditCursor next; ///< valid when hasMore
};

/// Reads the audit trail of a profile page by page (keyset on changed_at desc, audit id desc,
/// never OFFSET; core/sql/auditsql builds the statement), and formats it as CSV.
class AuditQuery {
public:
    explicit AuditQuery(SchemaProfile profile) : m_profile(std::move(profile)) {}

    /// The SELECT for one page; `params` is replaced by its values.
    QString sql(const AuditFilter &filter, const AuditCursor &after, int limit, QVariantList &params) const;
    /// Runs on a lane's thread. Throws PgError.
    AuditPage fetchPage(PgSession &session, const AuditFilter &filter, const AuditCursor &after, int limit) const;

    /// RFC 4180 header line (CRLF terminated, UTF-8).
    static QByteArray csvHeader();
    /// One RFC 4180 record (CRLF terminated, UTF-8); times in UTC ISO 8601 so that the file
    /// means the same thing wherever it is opened; text that a spreadsheet would run as a
    /// formula is neutralised (core/common/csv.h).
    static QByteArray csvRecord(const AuditRow &row);

private:
    SchemaProfile m_profile;
};

} // namespace om

Q_DECLARE_METATYPE(om::AuditRow)
Q_DECLARE_METATYPE(om::AuditPage)
