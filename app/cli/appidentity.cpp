// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/appidentity.h"

#include <QCoreApplication>

namespace om::cli {

void setAppIdentity() {
    QCoreApplication::setApplicationName(QStringLiteral("outbox-monitor"));
    QCoreApplication::setOrganizationName(QStringLiteral("OutboxMonitor"));
    QCoreApplication::setApplicationVersion(QStringLiteral(OM_VERSION));
}

} // namespace om::cli
