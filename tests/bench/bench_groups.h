#pragma once
#include <QStringList>

/// bench_insight's failure-group modes (issue #15), see bench_groups.cpp.
int benchGroups(const QStringList &args);
