// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appcontext.h"
#include "link/connectioninfo.h"
#include "pg/gateway.h"

namespace om::test {

/// What a MainWindow needs to open on `connInfo` with a built-in profile: a gateway of its own
/// (the window takes it over) and the label its status bar shows.
inline AppContext windowContext(const QString &connInfo, const char *profileId = "app_outbox",
                                const QString &label = QStringLiteral("test")) {
    AppContext ctx;
    GatewayConfig config;
    config.connInfo = connInfo;
    ctx.gateway = new Gateway(config);
    ctx.profile = *SchemaProfile::builtIn(QLatin1String(profileId));
    ctx.connectionLabel = label;
    return ctx;
}

/// The same with any profile (a test table's), and the connection key the window stores its
/// settings under.
inline AppContext windowContext(const QString &connInfo, const SchemaProfile &profile, const QString &label = QStringLiteral("test")) {
    AppContext ctx = windowContext(connInfo, "app_outbox", label);
    ctx.profile = profile;
    ctx.connectionKey = ConnectionInfo::storeKey(connInfo, profile.id);
    return ctx;
}

} // namespace om::test
