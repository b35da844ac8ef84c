#include "savedfilters.h"

#include <QCryptographicHash>
#include <QSettings>

namespace om {

SavedFilters::SavedFilters(const QString &connectionKey) : m_key(connectionKey) {}

QString SavedFilters::group() const {
    // The key holds '/' and ':' (host:port/db/profile); QSettings treats '/' as nesting.
    return QStringLiteral("triage/") + QString::fromLatin1(QCryptographicHash::hash(m_key.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
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
    return ListFilter::fromJson(QSettings().value(group() + QStringLiteral("/saved/") + nameKey(name)).toByteArray());
}

void SavedFilters::save(const QString &name, const ListFilter &filter) {
    QSettings().setValue(group() + QStringLiteral("/saved/") + nameKey(name), filter.toJson());
}

void SavedFilters::remove(const QString &name) { QSettings().remove(group() + QStringLiteral("/saved/") + nameKey(name)); }

ListFilter SavedFilters::last() const { return ListFilter::fromJson(QSettings().value(group() + QStringLiteral("/last")).toByteArray()); }
bool SavedFilters::hasLast() const { return QSettings().contains(group() + QStringLiteral("/last")); }
void SavedFilters::setLast(const ListFilter &filter) { QSettings().setValue(group() + QStringLiteral("/last"), filter.toJson()); }

} // namespace om
