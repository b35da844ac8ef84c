// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"
#include "core/profile/schemaprofile.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableView;

namespace om {

class ActionMessagesModel;
class DatabaseLink;

/// "What became of it": one action's messages with their state now, read on the Browse lane;
/// "Open in Triage" hands the ids of those still in the table to the Triage view's id filter.
class ActionMessagesDialog : public QDialog {
    Q_OBJECT
public:
    ActionMessagesDialog(DatabaseLink *gateway, SchemaProfile profile, const QString &actionId, const QString &action,
                         QWidget *parent = nullptr);

    ActionMessagesModel *model() const { return m_model; }
    QString statusText() const;

signals:
    /// The operator wants these messages (the action's, still present) in Triage.
    void openInTriageRequested(const QList<om::MessageId> &ids);
    /// The list arrived (or failed: `ok` false).
    void loaded(bool ok);

private:
    void load();

    DatabaseLink *m_gateway;
    SchemaProfile m_profile;
    QString m_actionId, m_action;
    ActionMessagesModel *m_model;
    QTableView *m_table;
    QLabel *m_status;
    QPushButton *m_triage;
};

} // namespace om
