// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/sentences.h"

namespace om {

QString joinSentences(const QStringList &sentences) {
    QString out;
    for (const QString &s : sentences) {
        if (s.isEmpty())
            continue;
        // U+3002 ideographic full stop, U+FF01 / U+FF1F full-width ! and ?, U+FF09 full-width ).
        const bool fullWidthEnd = !out.isEmpty() && QStringView(u"\u3002\uFF01\uFF1F\uFF09").contains(out.back());
        if (!out.isEmpty() && !fullWidthEnd)
            out += QLatin1Char(' ');
        out += s;
    }
    return out;
}

} // namespace om
