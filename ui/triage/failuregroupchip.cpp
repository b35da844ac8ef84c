// SPDX-License-Identifier: GPL-3.0-or-later
#include "triage/failuregroupchip.h"
#include "core/model/failuregrouptext.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace om {

FailureGroupChip::FailureGroupChip(QWidget *parent) : QWidget(parent), m_text(new QLabel) {
    setObjectName(QStringLiteral("failureGroupChip"));
    m_text->setTextFormat(Qt::PlainText);
    m_text->setWordWrap(true);
    auto *clear = new QPushButton(tr("Show all failures"));
    connect(clear, &QPushButton::clicked, this, &FailureGroupChip::clearRequested);
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_text, 1);
    row->addWidget(clear);
    hide();
}

void FailureGroupChip::showGroup(const std::optional<FailureGroupKey> &group) {
    if (group)
        m_text->setText(tr("Only %1").arg(FailureGroupText::name(*group)));
    setVisible(group.has_value());
}

QString FailureGroupChip::text() const { return isHidden() ? QString() : m_text->text(); }

} // namespace om
