// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/limits.h"
#include "link/linkfacts.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace om {

/// Which kind of database a saved connection leads to. Unspecified is said as such ("environment
/// not set", grey), never guessed: a production database must not look like a test one because
/// nobody chose.
enum class Environment {
    Unspecified,
    Production,
    Staging,
    Development,
    Custom
};

/// A named connection the operator saved: where it leads, how the window opens it and
/// how the window shows which environment it is. The connection string never holds a password
/// (keychain, .pgpass, service file or PGPASSWORD supply it).
struct SavedConnection {
    QString name;                                   ///< unique, trimmed, non-empty
    QString connInfo;                               ///< libpq keyword/value string, URI or service=NAME, without password
    QString profile = QStringLiteral("app_outbox"); ///< built-in profile id or a profile file's path
    bool readOnly = false;
    Environment environment = Environment::Unspecified;
    QString customLabel;  ///< Custom only: the environment's word ("qa", "perf"); "custom" when empty
    QString customColour; ///< Custom only: "#rrggbb" the operator picked
    QString note;         ///< optional, free text
    /// Optional: a read-only hot standby of the same cluster (same syntax as connInfo, no
    /// password) that the dashboard and the lists read; actions still go to connInfo, the primary.
    QString standbyConnInfo;
    /// With a standby: its numbers are shown as stale while its replay is further behind than this.
    int standbyMaxLagS = limits::kStandbyMaxLagS;
    /// What stands between the program and the server: found out at connect (Auto), or said
    /// here (own: direct, and used as a transaction pool all the same when a pooler answers; a
    /// transaction or statement pool).
    PoolSetting pooling = PoolSetting::Auto;

    bool operator==(const SavedConnection &o) const;
    bool operator!=(const SavedConnection &o) const { return !(*this == o); }

    /// The band's and list's colour, "#rrggbb": production red, staging amber, development green,
    /// custom as picked, unspecified grey.
    QString colour() const;
    /// The environment in words, lower case ("production", the custom label, "environment not set").
    QString environmentWords() const;
};

/// Names and defaults of the environments, in one place (settings, command line, widgets).
struct Environments {
    Q_DECLARE_TR_FUNCTIONS(om::Environments)
public:
    /// Every environment, in the order the editor offers them.
    static QList<Environment> all();
    /// The id kept in settings and printed by --list-connections ("production", …, "unspecified").
    static QString id(Environment e);
    /// nullopt-free: an unknown id reads as Unspecified (never a guess).
    static Environment fromId(const QString &id);
    /// Translated word for the editor ("Production", …, "Not set").
    static QString title(Environment e);
    /// Default colour "#rrggbb" of each environment (custom: a neutral blue until one is picked).
    static QString defaultColour(Environment e);
    /// The environment a name states clearly: a word prod/production, stg/staging, dev/development
    /// (separated by -, _, ., space or the ends); Unspecified otherwise ("product", "devops" say nothing).
    static Environment fromName(const QString &name);
};

} // namespace om
