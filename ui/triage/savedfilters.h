#pragma once
#include "core/triage/listfilter.h"

#include <QStringList>

namespace om {

/// Filters saved by name, per connection (QSettings, the platform's local settings store), and
/// the last filter in use so that it comes back with the window.
class SavedFilters {
public:
    explicit SavedFilters(const QString &connectionKey);
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
    QString m_key;
};

} // namespace om
