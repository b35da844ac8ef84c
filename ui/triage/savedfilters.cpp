// SPDX-License-Identifier: GPL-3.0-or-later
#include "savedfilters.h"
#include "core/common/settingskey.h"

#include <QCryptographicHash>
#include <QSettings>

namespace om {

SavedFilters::SavedFilters(const QString &connectionKey, const QString &owner, IdType idType)
    : m_key(connectionKey), m_owner(owner), m_idType(idType) {
    moveFromHashedGroup();
    // Older versions kept the last filter once per connection, whoever used it: it is not known
    // whose it was, so nobody inherits it.
    QSettings().remove(group() + QStringLiteral("/last"));
}

QString SavedFilters::group() const { return connectionSettingsGroup(QStringLiteral("triage"), m_key); }

// Older versions kept filters under a hash of the connection key; an operator's saved filters
// move once to the shared encoding instead of disappearing.
void SavedFilters::moveFromHashedGroup() const {
    const QString old = QStringLiteral("triage/")
                        + QString::fromLatin1(QCryptographicHash::hash(m_key.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
    QSettings s;
    s.beginGroup(old);
    const QStringList keys = s.allKeys();
    s.endGroup();
    if (keys.isEmpty())
        return;
    for (const QString &k : keys)
        if (!s.contains(group() + QLatin1Char('/') + k))
            s.setValue(group() + QLatin1Char('/') + k, s.value(old + QLatin1Char('/') + k));
    s.remove(old);
}

QStringList SavedFilters::names() const {
    QSettings s;
    s.beginGroup(group() + QStringLiteral("/saved"));
    QStringList out;
    for (const QString &k : s.childKeys())
        out << QString::fromUtf8(QByteArray::fromHex(k.toLatin1()));
    out.sort(Qt::CaseInsensitive);
    return out;
}

static QString nameKey(const QString &name) { return QString::fromLatin1(name.toUtf8().toHex()); }

bool SavedFilters::contains(const QString &name) const {
    return QSettings().contains(group() + QStringLiteral("/saved/") + nameKey(name));
}

ListFilter SavedFilters::load(const QString &name) const {
    return ListFilter::fromJson(QSettings().value(group() + QStringLiteral("/saved/") + nameKey(name)).toByteArray(), m_idType);
}

void SavedFilters::save(const QString &name, const ListFilter &filter) {
    QSettings().setValue(group() + QStringLiteral("/saved/") + nameKey(name), filter.toJson());
}

void SavedFilters::remove(const QString &name) { QSettings().remove(group() + QStringLiteral("/saved/") + nameKey(name)); }

// Hex like the saved names: a login holds '@', ':' and '/', which QSettings would read as nesting.
QString SavedFilters::lastKey() const {
    return group() + QStringLiteral("/lastBy/") + (m_owner.isEmpty() ? QStringLiteral("nobody") : nameKey(m_owner));
}
ListFilter SavedFilters::last() const { return ListFilter::fromJson(QSettings().value(lastKey()).toByteArray(), m_idType); }
bool SavedFilters::hasLast() const { return QSettings().contains(lastKey()); }
void SavedFilters::setLast(const ListFilter &filter) { QSettings().setValue(lastKey(), filter.toJson()); }

} // namespace om
