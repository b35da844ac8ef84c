// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/savedconnections.h"
#include "link/connectioninfo.h"

#include <QRegularExpression>
#include <QSettings>

#include <algorithm>

namespace om {

namespace {
const QString kArray = QStringLiteral("savedConnections");

bool sameName(const QString &a, const QString &b) { return a.compare(b, Qt::CaseInsensitive) == 0; }
} // namespace

SavedConnections::SavedConnections(ProfileResolver resolve, QSettings *settings)
    : m_resolve(std::move(resolve)), m_own(settings ? nullptr : new QSettings), m_settings(settings ? settings : m_own.get()) {}

SavedConnections::~SavedConnections() = default;

QList<SavedConnection> SavedConnections::all() const {
    QList<SavedConnection> out;
    const int n = m_settings->beginReadArray(kArray);
    for (int i = 0; i < n; ++i) {
        m_settings->setArrayIndex(i);
        SavedConnection c;
        c.name = m_settings->value(QStringLiteral("name")).toString();
        // A file edited by hand may hold a password: it is never handed on from here either.
        c.connInfo = ConnectionInfo::withoutPassword(m_settings->value(QStringLiteral("connection")).toString());
        c.profile = m_settings->value(QStringLiteral("profile"), c.profile).toString();
        c.readOnly = m_settings->value(QStringLiteral("readOnly"), false).toBool();
        c.environment = Environments::fromId(m_settings->value(QStringLiteral("environment")).toString());
        c.customLabel = m_settings->value(QStringLiteral("customLabel")).toString();
        c.customColour = m_settings->value(QStringLiteral("customColour")).toString();
        c.note = m_settings->value(QStringLiteral("note")).toString();
        c.standbyConnInfo = ConnectionInfo::withoutPassword(m_settings->value(QStringLiteral("standby")).toString());
        c.standbyMaxLagS = m_settings->value(QStringLiteral("standbyMaxLagS"), c.standbyMaxLagS).toInt();
        // An unknown word (a newer version's, a typing error) reads as Auto: found out, never guessed.
        c.pooling = poolSettingFromKey(m_settings->value(QStringLiteral("pooling")).toString());
        if (!c.name.trimmed().isEmpty())
            out << c;
    }
    m_settings->endArray();
    std::sort(out.begin(), out.end(), [](const SavedConnection &a, const SavedConnection &b) {
        return a.name.compare(b.name, Qt::CaseInsensitive) < 0;
    });
    return out;
}

QStringList SavedConnections::names() const {
    QStringList out;
    for (const SavedConnection &c : all())
        out << c.name;
    return out;
}

std::optional<SavedConnection> SavedConnections::find(const QString &name) const {
    for (const SavedConnection &c : all())
        if (sameName(c.name, name.trimmed()))
            return c;
    return std::nullopt;
}

QString SavedConnections::problem(const SavedConnection &c, const QString &previousName) const {
    const QString name = c.name.trimmed();
    if (name.isEmpty())
        return tr("A saved connection needs a name.");
    for (const SavedConnection &other : all())
        if (sameName(other.name, name) && !sameName(other.name, previousName))
            return tr("A connection called \"%1\" is saved already: choose another name.").arg(other.name);
    if (c.connInfo.trimmed().isEmpty())
        return tr("\"%1\" needs a connection string (host=… dbname=…, a postgresql:// URI or service=NAME).").arg(name);
    if (const QString why = ConnectionInfo::problem(c.connInfo); !why.isEmpty())
        return tr("The connection string of \"%1\" is not one libpq accepts: %2").arg(name, why);
    if (const QString why = c.standbyConnInfo.trimmed().isEmpty() ? QString() : ConnectionInfo::problem(c.standbyConnInfo);
        !why.isEmpty())
        return tr("The standby's connection string of \"%1\" is not one libpq accepts: %2").arg(name, why);
    if (c.standbyMaxLagS < 1)
        return tr("The standby's bound of \"%1\" must be at least 1 second.").arg(name);
    QString profileError;
    if (c.profile.trimmed().isEmpty())
        return tr("\"%1\" needs a table profile (a built-in id or a profile file).").arg(name);
    if (!m_resolve(c.profile, &profileError))
        return tr("The profile of \"%1\" cannot be used: %2").arg(name, profileError);
    static const QRegularExpression hexColour(QStringLiteral("^#[0-9A-Fa-f]{6}$"));
    if (c.environment == Environment::Custom && !hexColour.match(c.customColour).hasMatch())
        return tr("A custom environment needs a colour (#rrggbb), not \"%1\".").arg(c.customColour);
    return QString();
}

QString SavedConnections::save(SavedConnection c, const QString &previousName) {
    c.name = c.name.trimmed();
    c.connInfo = ConnectionInfo::withoutPassword(c.connInfo.trimmed());
    c.standbyConnInfo = ConnectionInfo::withoutPassword(c.standbyConnInfo.trimmed());
    c.profile = c.profile.trimmed();
    if (const QString why = problem(c, previousName); !why.isEmpty())
        return why;
    QList<SavedConnection> list = all();
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const SavedConnection &o) { return !previousName.isEmpty() && sameName(o.name, previousName); }),
               list.end());
    list << c;
    writeAll(list);
    return QString();
}

QString SavedConnections::rename(const QString &from, const QString &to) {
    std::optional<SavedConnection> c = find(from);
    if (!c)
        return tr("No saved connection is called \"%1\".").arg(from);
    c->name = to;
    return save(*c, from);
}

bool SavedConnections::remove(const QString &name) {
    QList<SavedConnection> list = all();
    const auto n = list.size();
    list.erase(std::remove_if(list.begin(), list.end(), [&](const SavedConnection &o) { return sameName(o.name, name); }), list.end());
    if (list.size() == n)
        return false;
    writeAll(list);
    return true;
}

QString SavedConnections::freeName(const QString &base) const {
    const QStringList taken = names();
    auto isTaken = [&](const QString &n) {
        return std::any_of(taken.cbegin(), taken.cend(), [&](const QString &t) { return sameName(t, n); });
    };
    QString candidate = base.trimmed();
    for (int i = 2; isTaken(candidate); ++i)
        candidate = QStringLiteral("%1 (%2)").arg(base.trimmed()).arg(i);
    return candidate;
}

void SavedConnections::writeAll(const QList<SavedConnection> &list) {
    m_settings->remove(kArray);
    m_settings->beginWriteArray(kArray, int(list.size()));
    for (int i = 0; i < list.size(); ++i) {
        const SavedConnection &c = list.at(i);
        m_settings->setArrayIndex(i);
        m_settings->setValue(QStringLiteral("name"), c.name);
        m_settings->setValue(QStringLiteral("connection"), ConnectionInfo::withoutPassword(c.connInfo));
        m_settings->setValue(QStringLiteral("profile"), c.profile);
        m_settings->setValue(QStringLiteral("readOnly"), c.readOnly);
        m_settings->setValue(QStringLiteral("environment"), Environments::id(c.environment));
        m_settings->setValue(QStringLiteral("customLabel"), c.customLabel);
        m_settings->setValue(QStringLiteral("customColour"), c.customColour);
        m_settings->setValue(QStringLiteral("note"), c.note);
        m_settings->setValue(QStringLiteral("standby"), ConnectionInfo::withoutPassword(c.standbyConnInfo));
        m_settings->setValue(QStringLiteral("standbyMaxLagS"), c.standbyMaxLagS);
        m_settings->setValue(QStringLiteral("pooling"), poolSettingKey(c.pooling));
    }
    m_settings->endArray();
    m_settings->sync();
}

} // namespace om
