// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/actionoutcome.h"
#include "core/profile/schemaprofile.h"
#include "link/databaselink.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

namespace om {

/// The outcomes of the actions on screen, kept fresh: the view says which action ids it shows
/// (track), the book reads their outcomes off the GUI thread on the given lane and again every
/// outcome::kRefreshMs while active. Only the ids tracked are read and kept, never the whole
/// audit table's actions.
class OutcomeBook : public QObject {
    Q_OBJECT
public:
    OutcomeBook(DatabaseLink *gateway, SchemaProfile profile, Lane lane, QObject *parent = nullptr);

    const SchemaProfile &profile() const { return m_profile; }
    void setStuckTimeoutMinutes(int minutes) { m_profile.stuckTimeoutMinutes = qMax(1, minutes); }
    /// The action ids shown now (at most outcome::kMaxActionsPerRead are read); new ids are read at once.
    void track(const QStringList &actionIds);
    const QStringList &tracked() const { return m_tracked; }
    /// Reads the tracked outcomes again now (a queued read of the same book is replaced).
    void refresh();
    /// Refreshes every outcome::kRefreshMs (or `ms`) while active: only while its view is visible.
    void setActive(bool active);
    bool isActive() const { return m_timer.isActive(); }
    void setRefreshInterval(int ms) { m_timer.setInterval(ms); }
    /// The outcome last read for `actionId`, or null when none has been read yet.
    const ActionOutcome *outcome(const QString &actionId) const;

signals:
    /// Outcomes arrived (the ids read; others kept theirs).
    void outcomesUpdated(const QStringList &actionIds);
    void loadFailed(const QString &message);

private:
    DatabaseLink *m_gateway;
    SchemaProfile m_profile;
    Lane m_lane;
    QStringList m_tracked;
    ActionOutcomes m_outcomes;
    QTimer m_timer;
};

} // namespace om
