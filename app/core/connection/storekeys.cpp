// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/storekeys.h"
#include "core/connection/serveridentity.h"
#include "core/common/settingskey.h"
#include "core/store/historystore.h"

#include <QSettings>

namespace om::StoreKeys {

namespace {
QString rememberedKey(const QString &textKey) { return connectionSettingsGroup(QStringLiteral("serverIdentity"), textKey); }
} // namespace

QString remembered(const QString &textKey) { return QSettings().value(rememberedKey(textKey)).toString(); }

void remember(const QString &textKey, const QString &identityKey) {
    if (!textKey.isEmpty() && textKey != identityKey)
        QSettings().setValue(rememberedKey(textKey), identityKey);
}

QString forStart(const QString &textKey) {
    const QString known = remembered(textKey);
    return known.isEmpty() ? textKey : known;
}

void adopt(HistoryStore *store, const QString &textKey, const QString &identityKey) {
    if (textKey.isEmpty() || textKey == identityKey || ServerIdentity::isIdentityKey(textKey))
        return;
    if (store && store->isOpen())
        store->adoptConnection(textKey, identityKey);
    adoptConnectionSettings(textKey, identityKey);
}

} // namespace om::StoreKeys
