// SPDX-License-Identifier: GPL-3.0-or-later
#include "link/databaselink.h"

namespace om {

DatabaseLink::DatabaseLink(GatewayConfig config, QObject *parent) : QObject(parent), m_config(std::move(config)) {}

DatabaseLink::~DatabaseLink() = default;

} // namespace om
