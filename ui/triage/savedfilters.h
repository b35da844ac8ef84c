// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/listfilter.h"

#include <QStringList>

namespace om {

/// Filters saved by name, per connection (QSettings, the platform's local settings store), and
/// the last filter in use so that it comes back with the window. Named filters are shared by
/// everyone who opens the connection on this computer (they are chosen by name); the last filter
/// belongs to one login (`owner`, e.g. "role@host:port/db"), so that an auditor never starts with
/// the filter an operator left behind.
class SavedFilters {
public:
    /// `idType`: the profile's, so that a saved filter's ids are read back as that type.
    SavedFilters(const QString &connectionKey, const QString &owner, IdType idType = IdType::BigInt);
    QStringList names() const;
    bool contains(const QString &name) const;
    ListFilter load(const QString &name) const;
    void save(const QString &name, const ListFilter &filter);
    void remove(const QString &name);
    ListFilter last() const;
    bool hasLast() const;
    void setLast(const ListFilter &filter);

private:
    QString group() const;
    QString lastKey() const;
    void moveFromHashedGroup() const;
    QString m_key;
    QString m_owner;
    IdType m_idType = IdType::BigInt;
};

} // namespace om
