// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appcontext.h"

#include <QTimer>
#include <QWidget>

class QLabel;
class QTableView;

namespace om {

class RecentActionsModel;

/// "Recent actions" on the dashboard: the last hour's actions (one per dialog) and where their
/// messages are now, filling in live (read every outcome::kRefreshMs on the Browse lane while
/// the dashboard is visible). Hidden when the profile's audit has no action id.
class RecentActionsView : public QWidget {
    Q_OBJECT
public:
    explicit RecentActionsView(const AppContext &context, QWidget *parent = nullptr);

    RecentActionsModel *model() const { return m_model; }
    QString titleText() const;
    /// Reads the last hour's actions now.
    void refresh();

signals:
    /// A read finished (ok) or failed.
    void refreshed(bool ok);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    AppContext m_context;
    RecentActionsModel *m_model;
    QTableView *m_table;
    QLabel *m_title;
    QString m_titleText; ///< the title without the row-security note
    QTimer m_timer;
    void showTitle();
};

} // namespace om
