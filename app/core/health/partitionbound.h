// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// What a partition holds, in the operator's words, from its bound as the server prints it
/// (pg_get_expr of pg_class.relpartbound): "DEST_0, DEST_1" for a list partition,
/// "2026-12-01 … 2026-12-02" for a range, "modulus 4, remainder 1" for a hash partition,
/// "everything else" for the default one; "" when there is no bound. A library that names its
/// partitions by a hash of the queue name shows the queue name this way.
QString partitionBoundText(const QString &bound);

} // namespace om
