// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QAbstractTableModel>
#include <QList>

#include <array>

namespace om {

class FleetMember;

/// The fleet overview's table: one row per database, its environment, worst state,
/// oldest waiting age, failed, stuck, blocked, how old its numbers are and its connection's
/// health. A database that cannot be read is a row that says so, its last numbers greyed with
/// their age. SortRole gives each column's numeric order (State: worst first when descending).
///
/// Changes are announced cell by cell, and only for what a cell shows (its text, its icon, its
/// grey): a database's refresh marks its row, and the clock's tick() announces the cells that
/// changed, at most once a second; a change of state (critical, cannot read, ...) is announced at
/// once. Tooltips and sort keys are read when asked. After each announcement cellsUpdated() lets
/// the sorted view check its order.
class FleetModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        EnvironmentColumn,
        State,
        OldestWaiting,
        Waiting,
        Failed,
        Stuck,
        Blocked,
        DataAge,
        Connection,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1,
        NameRole
    };

    /// The members are not owned; each must outlive the model or be removed first.
    explicit FleetModel(QObject *parent = nullptr);

    void setMembers(const QList<FleetMember *> &members);
    const QList<FleetMember *> &members() const { return m_members; }
    FleetMember *memberAt(int row) const { return m_members.value(row); }

    /// The view's clock, every second: the data ages move, and the cells that changed since the
    /// last tick are announced.
    void tick();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    /// Changed cells were announced: at once when a database's state changed (`stateChanged`),
    /// else on the clock.
    void cellsUpdated(bool stateChanged);

private:
    /// What a cell shows: its text, and its mark (the State icon's level; a number's grey).
    struct Look {
        QString text;
        int mark = 0;
        bool operator==(const Look &o) const { return mark == o.mark && text == o.text; }
        bool operator!=(const Look &o) const { return !(*this == o); }
    };
    /// What the view was last told a row shows, and whether its database changed since.
    struct Shown {
        std::array<Look, ColumnCount> cells;
        bool dirty = false;
    };

    Look look(const FleetMember &m, int column) const;
    Shown shownNow(const FleetMember &m) const;
    void announceChanges(bool stateChanged);
    void announceIfChanged(int row, int column);
    QVariant display(const FleetMember &m, int column) const;
    QVariant sortKey(const FleetMember &m, int column) const;
    QVariant toolTip(const FleetMember &m, int column) const;
    void memberChanged(FleetMember *member);

    QList<FleetMember *> m_members;
    QList<Shown> m_shown; ///< by row, as m_members
};

} // namespace om
