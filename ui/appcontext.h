// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>

namespace om {

class DatabaseLink;
class RowSecurityNotice;

/// What every view needs to know about the session it serves. Owned by the MainWindow.
struct AppContext {
    DatabaseLink *gateway = nullptr; ///< the Gateway as views see it: facts and signals; jobs go through core's services
    SchemaProfile profile;
    QString profileSource;   ///< the profile's file, or its built-in id: named in front of check findings
    QString connectionLabel; ///< host/database shown to the operator (never a password)
    QString connectionKey;   ///< stable key for the local store (host:port/db/profile)
    bool readOnly = false;   ///< forced (--read-only) or found out from the role's privileges
    /// What row-level security hides from the role on the tables the profile reads, from the
    /// latest snapshot (owned by the MainWindow; null where no window follows snapshots).
    RowSecurityNotice *rowSecurity = nullptr;
};

} // namespace om
