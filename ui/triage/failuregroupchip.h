// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/failuregroupkey.h"

#include <QWidget>
#include <optional>

class QLabel;

namespace om {

/// Above Triage's list while it is narrowed to one failure group: "Failure group:
/// HTTP_503 · '…'" and a button that drops the group from the filter. Hidden otherwise: the filter
/// bar has no field for a group, so this is where the operator sees it and takes it away.
class FailureGroupChip : public QWidget {
    Q_OBJECT
public:
    explicit FailureGroupChip(QWidget *parent = nullptr);
    /// Shows the group of the filter now applied, or hides for none.
    void showGroup(const std::optional<FailureGroupKey> &group);
    QString text() const;

signals:
    void clearRequested();

private:
    QLabel *m_text;
};

} // namespace om
