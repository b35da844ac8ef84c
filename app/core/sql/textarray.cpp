// SPDX-License-Identifier: GPL-3.0-or-later
#include "textarray.h"

namespace om::sql {

QString textArrayLiteral(const QStringList &values) {
    QStringList quoted;
    quoted.reserve(values.size());
    for (QString v : values)
        quoted << QLatin1Char('"') + v.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""))
                      + QLatin1Char('"');
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

} // namespace om::sql
