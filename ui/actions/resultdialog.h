// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/actionresult.h"

#include <QDialog>

class QLabel;
class QTableView;

namespace om {

class SkippedModel;

/// After an action: how many messages changed and, for each requested one that did not, why.
class ResultDialog : public QDialog {
    Q_OBJECT
public:
    ResultDialog(const QString &actionTitle, const ActionResult &result, QWidget *parent = nullptr);
    QString summary() const;
    SkippedModel *model() const { return m_model; }
    /// The list of skipped messages (hidden when none was skipped).
    QTableView *table() const { return m_table; }

private:
    QLabel *m_summary;
    SkippedModel *m_model;
    QTableView *m_table;
};

} // namespace om
