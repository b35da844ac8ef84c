// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/countformat.h"

#include <QLocale>

namespace om {

QString formatCount(qint64 n) {
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() & ~QLocale::OmitGroupSeparator);
    return locale.toString(n);
}

} // namespace om
