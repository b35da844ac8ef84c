#pragma once
#include <QAbstractTableModel>
#include <QList>

namespace om {

class FleetMember;

/// The fleet overview's table (issue #16): one row per database, its environment, worst state,
/// oldest waiting age, failed, stuck, blocked, how old its numbers are and its connection's
/// health. A database that cannot be read is a row that says so, its last numbers greyed with
/// their age. SortRole gives each column's numeric order (State: worst first when descending).
class FleetModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, EnvironmentColumn, State, OldestWaiting, Waiting, Failed, Stuck, Blocked, DataAge, Connection, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, NameRole };

    /// The members are not owned; each must outlive the model or be removed first.
    explicit FleetModel(QObject *parent = nullptr);

    void setMembers(const QList<FleetMember *> &members);
    const QList<FleetMember *> &members() const { return m_members; }
    FleetMember *memberAt(int row) const { return m_members.value(row); }

    /// The data-age column moves every second without a refresh: the view's clock calls this.
    void tick();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const FleetMember &m, int column) const;
    QVariant sortKey(const FleetMember &m, int column) const;
    QVariant toolTip(const FleetMember &m, int column) const;
    void memberChanged(FleetMember *member);

    QList<FleetMember *> m_members;
};

} // namespace om
