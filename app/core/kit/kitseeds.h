// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QList>

namespace om::kit {

/// The built-in profiles of the seed tables (app_outbox, batch_work_item, outbox), whose kit
/// install.sql applies from the checked-in files of resources/sql/kit/.
QList<SchemaProfile> seedProfiles();

} // namespace om::kit
