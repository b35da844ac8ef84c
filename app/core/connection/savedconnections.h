// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/savedconnection.h"
#include "core/profile/schemaprofile.h"

#include <QCoreApplication>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>

class QSettings;

namespace om {

/// How a profile id or file becomes a profile (the program's: built-ins installed or embedded,
/// or a JSON file); nullopt and a one-line *error when it cannot.
using ProfileResolver = std::function<std::optional<SchemaProfile>(const QString &idOrFile, QString *error)>;

/// The saved connections, kept in QSettings (group "savedConnections") and never with a password:
/// every string is stored through ConnectionInfo::withoutPassword, whatever the caller passed.
/// Every change is checked first (problem()); a refused change writes nothing.
class SavedConnections {
    Q_DECLARE_TR_FUNCTIONS(om::SavedConnections)
public:
    /// Reads and writes `settings` (not owned); the program's own QSettings when null.
    explicit SavedConnections(ProfileResolver resolve, QSettings *settings = nullptr);
    ~SavedConnections();
    SavedConnections(const SavedConnections &) = delete;
    SavedConnections &operator=(const SavedConnections &) = delete;

    /// Every saved connection, by name (case-insensitive).
    QList<SavedConnection> all() const;
    QStringList names() const;
    std::optional<SavedConnection> find(const QString &name) const;

    /// Why `c` cannot be saved in place of the connection called `previousName` ("" for a new
    /// one); "" when it can: an empty or taken name, a string libpq rejects, an unknown profile,
    /// a custom environment without a valid colour.
    QString problem(const SavedConnection &c, const QString &previousName = QString()) const;
    /// Saves `c` (its name trimmed, its string without password) in place of `previousName`,
    /// which is also how a rename with other changes happens. Returns problem(): "" when saved.
    QString save(SavedConnection c, const QString &previousName = QString());
    /// Renames `from` to `to` (trimmed). Returns why not, "" when done.
    QString rename(const QString &from, const QString &to);
    /// Removes `name`; false when there was none.
    bool remove(const QString &name);
    /// A name not yet taken: `base`, else "base (2)", "base (3)", …
    QString freeName(const QString &base) const;

private:
    void writeAll(const QList<SavedConnection> &list);

    ProfileResolver m_resolve;
    std::unique_ptr<QSettings> m_own;
    QSettings *m_settings;
};

} // namespace om
