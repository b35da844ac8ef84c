#pragma once
#include <QList>
#include <QPair>
#include <QString>

namespace om {

/// What the application may say about a connection string without connecting: a label for the
/// window (never the password) and a stable key for the local store.
namespace ConnectionInfo {
/// True when PGHOST, PGDATABASE or PGSERVICE names a database, so no dialog is needed.
bool environmentNamesDatabase();
/// "db@host:port (user)" from a keyword/value string or URI, falling back to the PG* environment,
/// followed by " sslmode=..." when a TLS mode is set.
QString describe(const QString &connInfo);
/// Key for the local store: host:port/dbname/profile (no user, no password).
QString storeKey(const QString &connInfo, const QString &profileId);
/// Who and where, for the keychain: "user@host:port/dbname" (PG* environment applied; no password).
QString identity(const QString &connInfo);
/// The connection string with any password removed (keyword `password=`, a URI's `user:password@`
/// or `?password=`); everything else, sslmode and the other TLS keywords included, stays as typed.
/// `hadPassword` (optional) says whether one was removed; `password` (optional) receives it.
QString withoutPassword(const QString &connInfo, bool *hadPassword = nullptr, QString *password = nullptr);
/// The string handed to libpq when connecting: `connInfo` plus `password` as its own parameter
/// (quoted for keyword/value strings, percent-encoded for URIs). Never stored, never logged.
QString withPassword(const QString &connInfo, const QString &password);
/// `connInfo` plus each of `defaults` (keyword, value) that it does not set itself: the
/// application's defaults (timeouts, keepalives) never override what the user wrote.
QString withDefaults(const QString &connInfo, const QList<QPair<QString, QString>> &defaults);
/// The value of one keyword in a keyword/value string or URI ("" when absent).
QString value(const QString &connInfo, const QString &keyword);
/// Empty when `text` looks like a libpq connection string or URI; otherwise a message saying why not.
QString problem(const QString &text);
} // namespace ConnectionInfo

} // namespace om
