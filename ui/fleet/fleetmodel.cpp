// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetmodel.h"
#include "common/paintedicon.h"
#include "common/tones.h"
#include "dashboard/standbywords.h"
#include "alerts/levelicon.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"
#include "core/fleet/fleetmember.h"

#include <QBrush>
#include <QColor>
#include <QHash>
#include <QIcon>

namespace om {
namespace {

bool isNumberColumn(int column) {
    return column >= FleetModel::OldestWaiting && column <= FleetModel::DataAge;
}

} // namespace

FleetModel::FleetModel(QObject *parent) : QAbstractTableModel(parent) {}

void FleetModel::setMembers(const QList<FleetMember *> &members) {
    beginResetModel();
    for (FleetMember *m : std::as_const(m_members))
        disconnect(m, nullptr, this, nullptr);
    m_members = members;
    m_shown.clear();
    for (FleetMember *m : std::as_const(m_members)) {
        m_shown << shownNow(*m);
        connect(m, &FleetMember::changed, this, [this, m] { memberChanged(m); });
        connect(m, &QObject::destroyed, this, [this, m] {
            const int row = int(m_members.indexOf(m));
            if (row < 0)
                return;
            beginRemoveRows({}, row, row);
            m_members.removeAt(row);
            m_shown.removeAt(row);
            endRemoveRows();
        });
    }
    endResetModel();
}

void FleetModel::memberChanged(FleetMember *member) {
    const int row = int(m_members.indexOf(member));
    if (row < 0)
        return;
    m_shown[row].dirty = true;
    // A database that went critical or cannot be read moves to its place at once; the numbers of
    // an ordinary refresh wait for the clock (with 20 databases, 4 refreshes a second would each
    // repaint their row).
    if (look(*member, State) != m_shown.at(row).cells[size_t(State)])
        announceChanges(true);
}

void FleetModel::tick() { announceChanges(false); }

FleetModel::Look FleetModel::look(const FleetMember &m, int column) const {
    const FleetReading &r = m.reading();
    int mark = 0;
    if (column == State)
        mark = r.colourLevel();
    else if (isNumberColumn(column))
        mark = r.numbersCurrent() ? 0 : 1;
    return {display(m, column).toString(), mark};
}

FleetModel::Shown FleetModel::shownNow(const FleetMember &m) const {
    Shown shown;
    for (int column = 0; column < ColumnCount; ++column)
        shown.cells[size_t(column)] = look(m, column);
    return shown;
}

void FleetModel::announceChanges(bool stateChanged) {
    for (int row = 0; row < m_members.size(); ++row) {
        // A row whose database has not answered since the last announcement only ages.
        for (int column = 0; column < ColumnCount; ++column)
            if (m_shown.at(row).dirty || column == DataAge)
                announceIfChanged(row, column);
        m_shown[row].dirty = false;
    }
    emit cellsUpdated(stateChanged);
}

void FleetModel::announceIfChanged(int row, int column) {
    Look now = look(*m_members.at(row), column);
    Look &shown = m_shown[row].cells[size_t(column)];
    if (now == shown)
        return;
    shown = std::move(now);
    // One cell at a time: for a range the view repaints the rectangle around it, which for cells
    // scattered over rows and columns is most of the table.
    const QModelIndex cell = index(row, column);
    emit dataChanged(cell, cell);
}

int FleetModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_members.size()); }

int FleetModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FleetModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const FleetMember &m = *m_members.at(index.row());
    const FleetReading &r = m.reading();
    switch (role) {
    case Qt::DisplayRole:
        return display(m, index.column());
    case SortRole:
        return sortKey(m, index.column());
    case NameRole:
        return m.connection().name;
    case Qt::ToolTipRole:
        return toolTip(m, index.column());
    case Qt::DecorationRole:
        if (index.column() == Name)
            return swatchIcon(QColor(m.connection().colour())); // the environment's colour
        if (index.column() == State && r.colourLevel() >= 0)
            return levelIcon(r.colourLevel());
        return {};
    case Qt::ForegroundRole:
        // Numbers that are not current (the database cannot be read now, or its standby is
        // behind) are grey, never black.
        if (isNumberColumn(index.column()) && !r.numbersCurrent())
            return QBrush(toneColour(Tone::MutedText)); // read at paint time: follows the palette
        return {};
    case Qt::TextAlignmentRole:
        return isNumberColumn(index.column()) ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    default:
        return {};
    }
}

QVariant FleetModel::display(const FleetMember &m, int column) const {
    const FleetReading &r = m.reading();
    const bool numbers = r.hasNumbers;
    switch (column) {
    case Name:
        return m.connection().name;
    case EnvironmentColumn:
        return m.connection().environmentWords();
    case State:
        return r.stateWords();
    case OldestWaiting:
        if (!numbers)
            return QString();
        return r.oldestWaitingS ? formatAge(*r.oldestWaitingS) : tr("none waiting");
    case Waiting:
        return numbers ? formatCount(r.waiting) : QString();
    case Failed:
        return numbers ? formatCount(r.failed) : QString();
    case Stuck:
        return numbers ? formatCount(r.stuck) : QString();
    case Blocked:
        if (numbers && r.blockedNeedsIndex)
            return tr("needs index");
        return numbers && r.blocked ? formatCount(*r.blocked) : QString();
    case DataAge: {
        const qint64 ms = m.msSinceSnapshot();
        return ms < 0 ? tr("no data yet") : formatAge(ms / 1000.0);
    }
    case Connection:
        switch (r.health) {
        case FleetReading::Health::Connecting:
            return tr("connecting…");
        case FleetReading::Health::Up:
            if (r.readsStandby && r.standbyStale)
                return r.standbyLagS ? tr("up · standby %1 behind (stale)").arg(standbywords::lag(*r.standbyLagS))
                                     : tr("up · standby not streaming (stale)");
            if (r.readsStandby)
                return r.standbyLagS ? tr("up · %1 ms · standby lag %2").arg(r.roundTripMs).arg(standbywords::lag(*r.standbyLagS))
                                     : tr("up · %1 ms · standby lag unknown").arg(r.roundTripMs);
            return r.rowsHidden ? tr("up · %1 ms · row-level security hides rows").arg(r.roundTripMs)
                                : tr("up · %1 ms").arg(r.roundTripMs);
        case FleetReading::Health::Failing:
        case FleetReading::Health::Refused:
            return r.message;
        }
        return {};
    default:
        return {};
    }
}

QVariant FleetModel::sortKey(const FleetMember &m, int column) const {
    const FleetReading &r = m.reading();
    // Rows without numbers sort below every row with them (-1), whichever way.
    const auto number = [&r](double v) { return r.hasNumbers ? v : -1.0; };
    switch (column) {
    case Name:
        return m.connection().name.toLower();
    case EnvironmentColumn:
        return m.connection().environmentWords();
    case State:
        // Worst first when descending; among equals, the oldest waiting first.
        return r.severity() * 1e9 + (r.oldestWaitingS ? qMin(*r.oldestWaitingS, 1e8) : 0.0);
    case OldestWaiting:
        return number(r.oldestWaitingS.value_or(0));
    case Waiting:
        return number(double(r.waiting));
    case Failed:
        return number(double(r.failed));
    case Stuck:
        return number(double(r.stuck));
    case Blocked:
        return r.blocked ? number(double(*r.blocked)) : -1.0;
    case DataAge: {
        const qint64 ms = m.msSinceSnapshot();
        return ms < 0 ? 1e18 : double(ms); // never read: the oldest of all
    }
    case Connection:
        return int(r.health);
    default:
        return {};
    }
}

QVariant FleetModel::toolTip(const FleetMember &m, int column) const {
    const FleetReading &r = m.reading();
    if (column == Name) {
        const QString note = m.connection().note;
        return note.isEmpty() ? m.connection().name : m.connection().name + QLatin1Char('\n') + note;
    }
    if ((column == State || column == Connection) && !r.message.isEmpty())
        return r.message;
    if (isNumberColumn(column) && r.health != FleetReading::Health::Up && r.hasNumbers)
        return tr("Not current: the last numbers read, %1 ago").arg(formatAge(qMax<qint64>(0, m.msSinceSnapshot()) / 1000.0));
    if (isNumberColumn(column) && r.standbyStale)
        return tr("Not current: read from a standby that is behind its primary by more than the connection allows");
    if (column == Blocked && r.blockedNeedsIndex)
        return tr("Not counted: the table has no index on (ordering key, created time); the admin kit adds it");
    if (column == Blocked && !r.blocked)
        return tr("Only for tables with an ordering key (the profile's \"ordering\")");
    if (column == Connection && r.health == FleetReading::Health::Up)
        return tr("The last refresh took %1 ms, %2 ms of it on the server").arg(r.roundTripMs).arg(r.serverMs);
    return {};
}

QVariant FleetModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Database");
    case EnvironmentColumn:
        return tr("Environment");
    case State:
        return tr("State");
    case OldestWaiting:
        return tr("Oldest waiting");
    case Waiting:
        return tr("Waiting");
    case Failed:
        return tr("Failed");
    case Stuck:
        return tr("Stuck");
    case Blocked:
        return tr("Blocked");
    case DataAge:
        return tr("Data age");
    case Connection:
        return tr("Connection");
    default:
        return {};
    }
}

} // namespace om
