// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appcontext.h"
#include "core/model/failuregroup.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QTimer;

namespace om {

class DataAgeLabel;
class FailureGroupModel;

/// The dashboard's failure groups: "3 distinct failures (1,418 messages)" over a
/// table of the groups (FailureGroupModel), read from the table itself on the Monitor lane every
/// kRefreshMs (less often when a reading is slow); double-click or "Open in Triage" asks for the group's messages in Triage, "Retry
/// group…" / "Cancel group…" for the profile's action over the group. A profile that maps no
/// failed state with an error text says so instead of showing an empty table.
class FailureGroupPanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kRefreshMs = 30000;
    /// A reading that took t ms is repeated after max(kRefreshMs, kSlowFactor × t), at most 10 min.
    static constexpr int kSlowFactor = 20;
    explicit FailureGroupPanel(const AppContext &context, QWidget *parent = nullptr);

    FailureGroupModel *model() const { return m_model; }
    /// The groups' table; null when the profile has no failure groups.
    QTableView *table() const { return m_table; }
    /// "3 distinct failures (1,418 messages)", or why there are none.
    QString titleText() const;
    /// When the groups shown were read ("as of 14:02:31, 12 s ago"; "" before the first reading).
    QString ageText() const;
    /// Shows a reading (the poller's, or a test's).
    void showGroups(const om::FailureGroups &groups);
    /// Reads the groups now (nothing without a gateway).
    void refresh();
    /// The selected group, or the first when none is selected; nullopt without groups.
    std::optional<FailureGroup> currentGroup() const;
    /// Whether the role may act (ActionController::allowedChanged): "Retry group…" and "Cancel
    /// group…" are shown only then, as the Triage toolbar's actions are. Not before the server
    /// has said so: an auditor must never see a button that does nothing.
    void setActionsAllowed(bool allowed);
    bool actionButtonsShown() const;

signals:
    /// Triage should list exactly this group's messages.
    void openInTriageRequested(const om::FailureGroup &group);
    /// `action` is the profile's action key (retry, cancel) to apply to the whole group.
    void groupActionRequested(const QString &action, const om::FailureGroup &group);

private:
    void updateButtons();
    void showActionButtons();

    AppContext m_context;
    bool m_available;
    QLabel *m_title;
    DataAgeLabel *m_age = nullptr; ///< "as of 14:02:31, 12 s ago": the groups' own reading
    FailureGroupModel *m_model;
    QTableView *m_table;
    QPushButton *m_open;
    QPushButton *m_retry;
    QPushButton *m_cancel;
    QTimer *m_timer;
    bool m_inFlight = false;
    bool m_actionsAllowed = false;
};

} // namespace om
