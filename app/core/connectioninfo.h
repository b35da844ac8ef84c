#pragma once
#include <QString>

namespace om {

/// What the application may say about a connection string without connecting: a label for the
/// window (never the password) and a stable key for the local store.
namespace ConnectionInfo {
/// True when PGHOST, PGDATABASE or PGSERVICE names a database, so no dialog is needed.
bool environmentNamesDatabase();
/// "db@host:port" from a keyword/value string or URI, falling back to the PG* environment.
QString describe(const QString &connInfo);
/// Key for the local store: host:port/dbname/profile (no user, no password).
QString storeKey(const QString &connInfo, const QString &profileId);
/// The value of one keyword in a keyword/value string or URI ("" when absent).
QString value(const QString &connInfo, const QString &keyword);
/// Empty when `text` looks like a libpq connection string or URI; otherwise a message saying why not.
QString problem(const QString &text);
} // namespace ConnectionInfo

} // namespace om
