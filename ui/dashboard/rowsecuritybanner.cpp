// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/rowsecuritybanner.h"
#include "common/rowsecuritynotice.h"
#include "common/tones.h"

namespace om {

RowSecurityBanner::RowSecurityBanner(QWidget *parent) : QLabel(parent) {
    setObjectName(QStringLiteral("rowSecurity"));
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    followPalette(this, [this] { setStyleSheet(bannerStyle(true)); });
    hide();
}

void RowSecurityBanner::observe(const RowSecurityNotice *notice) {
    connect(notice, &RowSecurityNotice::changed, this, [this, notice] { showFacts(notice->facts()); });
    showFacts(notice->facts());
}

void RowSecurityBanner::showFacts(const ReadSecurity &facts) {
    m_facts = facts;
    if (!facts.hidesRows()) {
        hide();
        return;
    }
    setText(facts.hiddenRowsText());
    setToolTip(RowSecurity().remedyText());
    show();
}

} // namespace om
