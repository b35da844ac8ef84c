// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/rowsecuritybanner.h"
#include "common/tones.h"

namespace om {

RowSecurityBanner::RowSecurityBanner(QWidget *parent) : QLabel(parent) {
    setObjectName(QStringLiteral("rowSecurity"));
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    followPalette(this, [this] { setStyleSheet(bannerStyle(true)); });
    hide();
}

void RowSecurityBanner::showFacts(const RowSecurity &facts, const QString &table) {
    m_facts = facts;
    if (!facts.hidesRows()) {
        hide();
        return;
    }
    setText(facts.hiddenRowsText(table));
    setToolTip(facts.remedyText());
    show();
}

} // namespace om
