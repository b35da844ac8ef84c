// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/workergroupmodel.h"
#include "common/tones.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace om {

namespace {

/// When the oldest lock was taken, in the operator's zone: the time of day ("02:14"), with the
/// date when it was not today. What an operator asks of a dead worker is "since when?".
QString sinceText(const QDateTime &asOf, double ageS) {
    if (!asOf.isValid())
        return formatAge(ageS);
    const QDateTime at = asOf.addMSecs(-qint64(ageS * 1000)).toLocalTime();
    return at.date() == asOf.toLocalTime().date() ? QLocale().toString(at.time(), QStringLiteral("HH:mm"))
                                                  : formatLocalMinutes(at.toUTC());
}

} // namespace

WorkerGroupModel::WorkerGroupModel(QObject *parent) : QAbstractTableModel(parent) {}

void WorkerGroupModel::setGroups(const QList<WorkerGroup> &groups, const QDateTime &asOf) {
    beginResetModel();
    m_groups = groups;
    m_asOf = asOf;
    endResetModel();
}

int WorkerGroupModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_groups.size()); }
int WorkerGroupModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant WorkerGroupModel::display(const WorkerGroup &g, int column) const {
    switch (column) {
    case Worker: return g.worker.isEmpty() ? tr("(no worker named)") : g.worker;
    case InFlight: return formatCount(g.inFlight);
    case Stuck: return g.stuck > 0 ? formatCount(g.stuck) : QString();
    case Since: return sinceText(m_asOf, g.oldestLockAgeS);
    case What: return QLocale().createSeparatedList(g.what);
    }
    return QVariant();
}

QVariant WorkerGroupModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return QVariant();
    const WorkerGroup &g = m_groups.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(g, index.column());
    case Qt::UserRole: // raw values, for sorting and tests
        switch (index.column()) {
        case Worker: return g.worker;
        case InFlight: return g.inFlight;
        case Stuck: return g.stuck;
        case Since: return g.oldestLockAgeS;
        case What: return g.what;
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == Since) // the age, as the other tables give it
            return tr("Oldest lock %1 ago").arg(formatAge(g.oldestLockAgeS));
        if (index.column() == Worker || index.column() == What)
            return display(g, index.column()); // the table elides long names
        break;
    case Qt::ForegroundRole:
        // A worker holding rows past the stuck timeout is the one to look at: its name and count.
        if (g.stuck > 0 && (index.column() == Worker || index.column() == Stuck))
            return QBrush(toneColour(Tone::AttentionText)); // read at paint time: follows the palette
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == InFlight || index.column() == Stuck)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return QVariant();
}

QVariant WorkerGroupModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case Worker: return tr("Worker");
    case InFlight: return tr("Holds");
    case Stuck: return tr("Stuck");
    case Since: return tr("Since");
    case What: return tr("Working on");
    }
    return QVariant();
}

} // namespace om
