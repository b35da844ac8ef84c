// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/failuregroup.h"

#include <QDateTime>
#include <QString>

namespace om {

/// The incident report's failure groups: the range's failed messages grouped by code
/// and error fingerprint, from the table itself, as HTML for the report's document. "" when the
/// profile has no failure groups.
QString failureGroupSectionHtml(const FailureGroups &groups, const QDateTime &from, const QDateTime &to);

} // namespace om
