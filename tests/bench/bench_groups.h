// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QStringList>

/// bench_insight's failure-group modes, see bench_groups.cpp.
int benchGroups(const QStringList &args);
