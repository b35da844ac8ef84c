// SPDX-License-Identifier: GPL-3.0-or-later
#include "link/linkfacts.h"

#include <QCoreApplication>

namespace om {

QString poolSettingKey(PoolSetting setting) {
    switch (setting) {
    case PoolSetting::Own: return QStringLiteral("own");
    case PoolSetting::Transaction: return QStringLiteral("transaction");
    case PoolSetting::Statement: return QStringLiteral("statement");
    case PoolSetting::Auto: break;
    }
    return QStringLiteral("auto");
}

PoolSetting poolSettingFromKey(const QString &key, bool *ok) {
    for (PoolSetting s : {PoolSetting::Auto, PoolSetting::Own, PoolSetting::Transaction, PoolSetting::Statement}) {
        if (key == poolSettingKey(s)) {
            if (ok)
                *ok = true;
            return s;
        }
    }
    if (ok)
        *ok = false;
    return PoolSetting::Auto;
}

QString statementPoolingRefusal() {
    return QCoreApplication::translate("LinkFacts",
                                       "This connection goes through a pooler in statement mode, which allows no transactions: an action "
                                       "changes messages and writes its audit rows in one transaction, so actions are not possible here. "
                                       "Monitoring goes on. To act, connect directly or through a session or transaction pool.");
}

bool isStatementPoolRefusal(const QString &message) {
    return message.contains(QLatin1String("statement pooling"), Qt::CaseInsensitive);
}

} // namespace om
