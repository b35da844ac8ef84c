// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/savedconnection.h"

#include <QRegularExpression>

namespace om {

bool SavedConnection::operator==(const SavedConnection &o) const {
    return name == o.name && connInfo == o.connInfo && profile == o.profile && readOnly == o.readOnly
           && environment == o.environment && customLabel == o.customLabel && customColour == o.customColour && note == o.note
           && standbyConnInfo == o.standbyConnInfo && standbyMaxLagS == o.standbyMaxLagS && pooling == o.pooling;
}

QString SavedConnection::colour() const {
    if (environment == Environment::Custom && !customColour.isEmpty())
        return customColour;
    return Environments::defaultColour(environment);
}

QString SavedConnection::environmentWords() const {
    if (environment == Environment::Custom)
        return customLabel.trimmed().isEmpty() ? Environments::tr("custom") : customLabel.trimmed();
    if (environment == Environment::Unspecified)
        return Environments::tr("environment not set");
    return Environments::title(environment).toLower();
}

QList<Environment> Environments::all() {
    return {Environment::Unspecified, Environment::Production, Environment::Staging, Environment::Development, Environment::Custom};
}

QString Environments::id(Environment e) {
    switch (e) {
    case Environment::Production: return QStringLiteral("production");
    case Environment::Staging: return QStringLiteral("staging");
    case Environment::Development: return QStringLiteral("development");
    case Environment::Custom: return QStringLiteral("custom");
    case Environment::Unspecified: break;
    }
    return QStringLiteral("unspecified");
}

Environment Environments::fromId(const QString &id) {
    for (Environment e : all())
        if (Environments::id(e) == id)
            return e;
    return Environment::Unspecified;
}

QString Environments::title(Environment e) {
    switch (e) {
    case Environment::Production: return tr("Production");
    case Environment::Staging: return tr("Staging");
    case Environment::Development: return tr("Development");
    case Environment::Custom: return tr("Custom");
    case Environment::Unspecified: break;
    }
    return tr("Not set");
}

QString Environments::defaultColour(Environment e) {
    // The dashboard's own critical / warning / fine colours (desktopalerts.cpp's tray icon), so a
    // red band means what a red tile means: careful.
    switch (e) {
    case Environment::Production: return QStringLiteral("#c82333");
    case Environment::Staging: return QStringLiteral("#e0a800");
    case Environment::Development: return QStringLiteral("#28a745");
    case Environment::Custom: return QStringLiteral("#1f6feb");
    case Environment::Unspecified: break;
    }
    return QStringLiteral("#6c757d");
}

Environment Environments::fromName(const QString &name) {
    // Whole words only: "production-eu" says production, "products" and "devops" say nothing.
    static const QRegularExpression word(QStringLiteral("[A-Za-z]+"));
    Environment found = Environment::Unspecified;
    for (auto it = word.globalMatch(name); it.hasNext();) {
        const QString w = it.next().captured().toLower();
        Environment e = Environment::Unspecified;
        if (w == QLatin1String("prod") || w == QLatin1String("production"))
            e = Environment::Production;
        else if (w == QLatin1String("stg") || w == QLatin1String("staging"))
            e = Environment::Staging;
        else if (w == QLatin1String("dev") || w == QLatin1String("development"))
            e = Environment::Development;
        if (e == Environment::Unspecified)
            continue;
        if (found != Environment::Unspecified && found != e)
            return Environment::Unspecified; // "prod-to-staging": two words disagree, no guess
        found = e;
    }
    return found;
}

} // namespace om
