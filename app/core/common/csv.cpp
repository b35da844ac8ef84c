// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/csv.h"

namespace om {

QString csvRecord(const QStringList &fields) {
    QStringList out;
    out.reserve(fields.size());
    for (const QString &f : fields) {
        if (f.contains(QLatin1Char(',')) || f.contains(QLatin1Char('"')) || f.contains(QLatin1Char('\n')) || f.contains(QLatin1Char('\r'))) {
            QString q = f;
            q.replace(QLatin1Char('"'), QLatin1String("\"\""));
            out << QLatin1Char('"') + q + QLatin1Char('"');
        } else {
            out << f;
        }
    }
    return out.join(QLatin1Char(',')) + QLatin1String("\r\n");
}

QString tsvLine(const QStringList &fields) {
    QStringList out;
    for (QString f : fields) {
        for (QChar &c : f)
            if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
                c = QLatin1Char(' ');
        out << f;
    }
    return out.join(QLatin1Char('\t'));
}

} // namespace om
