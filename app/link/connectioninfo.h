// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace om {

/// What the application may say about a connection string without connecting: a label for the
/// window (never the password), a key for the keychain, and the string handed to libpq. libpq
/// itself parses (PQconninfoParse: keyword/value strings and URIs, host lists, escapes) and
/// supplies the defaults (PQconndefaults: the PG* environment and its compiled-in values); only
/// the service file, which libpq expands only while connecting, is read here (PgServiceFile).
namespace ConnectionInfo {

/// One parameter a connection string sets itself.
struct Option {
    QString keyword;
    QString value;
    bool operator==(const Option &o) const { return keyword == o.keyword && value == o.value; }
};

/// The parameters `text` sets, as libpq parses it; nullopt when libpq rejects it (`error`, when
/// given, receives libpq's message).
std::optional<QList<Option>> parse(const QString &text, QString *error = nullptr);
/// A keyword/value string that libpq reads as exactly `options` (quoted where a value needs it):
/// host, hostaddr, port, dbname and user first, the rest in the given order.
QString format(const QList<Option> &options);
/// Where the string leads: its own parameters, then the service's (service= or PGSERVICE), then
/// libpq's defaults, in libpq's order of precedence. Keyword -> value, unset keywords absent.
QList<Option> effective(const QString &connInfo);

/// True when PGHOST, PGDATABASE or PGSERVICE names a database, so no dialog is needed.
bool environmentNamesDatabase();
/// "db@host:port (user)" where the string leads ("[local]" for libpq's Unix socket), followed by
/// " sslmode=..." when a TLS mode is set; "service=NAME (db@host:port)" for a service.
QString describe(const QString &connInfo);
/// Key for the local store before the server has said who it is: host:port/dbname/profile
/// (no user, no password). The window keys by the server's identity once it is known.
QString storeKey(const QString &connInfo, const QString &profileId);
/// Who and where, for the keychain: "user@host:port/dbname", plus " service=…" and " hostaddr=…"
/// when given (no password).
QString identity(const QString &connInfo);
/// The connection string without any password (keyword `password=`, a URI's `user:password@` or
/// `?password=`). Without one the text is returned as typed; with one, as the keyword/value string
/// of everything else. `hadPassword` (optional) says whether one was removed; `password`
/// (optional) receives it.
QString withoutPassword(const QString &connInfo, bool *hadPassword = nullptr, QString *password = nullptr);
/// The string handed to libpq when connecting: `connInfo` plus `password` as its own parameter.
/// Never stored, never logged.
QString withPassword(const QString &connInfo, const QString &password);
/// `connInfo` plus each of `defaults` (keyword, value) that neither it, its service nor libpq's
/// environment variable for that keyword sets: the application's defaults (timeouts, keepalives)
/// never override what the user chose.
QString withDefaults(const QString &connInfo, const QList<QPair<QString, QString>> &defaults);
/// `connInfo` with each of `forced` (keyword, value) in place of whatever it, its service or the
/// environment says: what the program needs whatever the user chose (its application name, the
/// UTF-8 client encoding every string it sends is in).
QString withForced(const QString &connInfo, const QList<QPair<QString, QString>> &forced);
/// How many servers libpq tries in turn for `connInfo`: the entries of its host (or hostaddr)
/// list, from the string, its service or PGHOST; 1 when it names one server or none.
int hostCount(const QString &connInfo);
/// The value of one keyword the string sets itself ("" when absent).
QString value(const QString &connInfo, const QString &keyword);
/// Empty when libpq accepts `text` as a connection string or URI; otherwise a message saying why not.
QString problem(const QString &text);
} // namespace ConnectionInfo

} // namespace om
