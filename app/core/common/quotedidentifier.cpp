// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/quotedidentifier.h"

namespace om::sql {

QString quoteIdentifier(const QString &name) {
    QString out = name;
    out.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

} // namespace om::sql
