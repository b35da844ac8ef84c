// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// Where the next audit page starts: strictly after (changedAt desc, auditId desc) of the last row.
struct AuditCursor {
    QString changedAtText; ///< empty: first page
    qint64 auditId = 0;
    bool isStart() const { return changedAtText.isEmpty(); }
};

} // namespace om
