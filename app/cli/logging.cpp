// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/logging.h"

#include <QLoggingCategory>
#include <QString>

namespace om::cli {

void applyLoggingRules(bool verbose) {
    // Qt enables debug and info of every non-"qt." category by default, and the program's
    // categories (om.*) log each refresh and each statement: too much for an operator's terminal
    // or a cron mail. Info is off too: it is where per-refresh lines would go.
    QString rules = QStringLiteral("*.debug=false\n*.info=false\n");
    if (verbose)
        rules += QStringLiteral("om.*.debug=true\nom.*.info=true\n");
    QLoggingCategory::setFilterRules(rules);
}

} // namespace om::cli
