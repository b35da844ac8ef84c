// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "pg/pgresult.h"

#include <QString>
#include <QVariantList>

typedef struct pg_conn PGconn;

namespace om {

/// One statement behind a transaction pooler in a single round trip: `prelude` (a SELECT of
/// set_config(…, true) calls and pg_backend_pid()) and `sql` go out together in libpq's pipeline
/// mode, before one Sync, so the server runs them in one implicit transaction: the settings hold
/// for exactly this statement, on whatever server connection the pooler gives it, and end with it.
/// Three round trips (BEGIN and the settings, the statement, COMMIT) become one.
///
/// libpqxx 6.4 has no pipeline mode: this talks to libpq on the connection libpqxx opened, only
/// while no libpqxx transaction is open on it, and leaves it idle and out of pipeline mode.
/// Throws PgError (Cancelled for 57014; ConnectionLost when the connection broke). `serverPid`
/// receives the prelude's pg_backend_pid().
PgResult runPipelined(PGconn *conn, const QString &prelude, const QString &sql, const QVariantList &params,
                      int *serverPid);

} // namespace om
