// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/fleet/fleetmember.h"

#include <QList>
#include <QMainWindow>
#include <QElapsedTimer>
#include <QTimer>

#include <functional>

class QLabel;
class QTableView;

namespace om {

class FleetModel;
class FleetSortProxy;
class FleetTray;

/// The fleet overview: every saved connection's database in one table, worst first,
/// each polled by its own FleetMember (own gateway and lanes, read-only, totals only), with one
/// tray icon for all of them. Double-click or Enter on a row opens that database's own window.
/// Closing is quick whatever the databases do: the members stop within one shared bound.
class FleetWindow : public QMainWindow {
    Q_OBJECT
public:
    /// Where the databases come from: called at the start and by reload().
    using SetupSource = std::function<QList<FleetMember::Setup>()>;

    explicit FleetWindow(const QList<FleetMember::Setup> &setups, QWidget *parent = nullptr);
    /// With a source, View → Reload saved connections (F5) reads the list again: connections saved
    /// or deleted in the connection manager appear without a restart.
    explicit FleetWindow(SetupSource source, QWidget *parent = nullptr);
    ~FleetWindow() override;

    const QList<FleetMember *> &members() const { return m_members; }
    FleetModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    FleetTray *tray() const { return m_tray; }
    /// "20 databases: 1 critical, …", as the line above the table shows it.
    QString summaryText() const;
    /// The row's database, as the table shows it now (sorted): "" when out of range.
    QString nameAt(int viewRow) const;

    /// Stops every member; each lane gets what is left of one shared bound (ms).
    void stopAll(int waitMs);
    /// Ends every member and starts the ones the source gives now (nothing without a source).
    void reload();

signals:
    /// The operator asked to open a database (double-click, Enter, a notification).
    void openRequested(const QString &name);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildTable();
    void buildMenu();
    void refreshSummary();
    void keepOrder(bool stateChanged);
    void startMembers(const QList<FleetMember::Setup> &setups);
    void stopMembers(int waitMs);

    SetupSource m_source;
    QList<FleetMember *> m_members;
    FleetModel *m_model;
    FleetSortProxy *m_sorted;
    QTableView *m_table;
    QLabel *m_summary;
    QLabel *m_status;
    FleetTray *m_tray;
    QTimer m_clock;
    QTimer m_fit; ///< fits the columns, debounced
    QElapsedTimer m_sinceFit;
    QElapsedTimer m_sinceSort;                   ///< since the rows last moved by keepOrder()
    QList<FleetReading::Health> m_fittedHealths; ///< the healths the columns were last fitted for
    bool m_stopped = false;
};

} // namespace om
