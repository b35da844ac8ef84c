// SPDX-License-Identifier: GPL-3.0-or-later
#include "messagelistmodel.h"
#include "core/common/timeformat.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcListModel, "om.ui.list")

namespace om {

MessageListModel::MessageListModel(DatabaseLink *gateway, const SchemaProfile &profile, QObject *parent)
    : QAbstractTableModel(parent), m_service(gateway, profile) {}

QString MessageListModel::logicalColumn(int column) {
    switch (column) {
    case Id: return QStringLiteral("id");
    case Key: return QStringLiteral("key");
    case Type: return QStringLiteral("type");
    case Destination: return QStringLiteral("destination");
    case Retries: return QStringLiteral("retries");
    case NextRun: return QStringLiteral("nextRun");
    case LockedBy: return QStringLiteral("lockedBy");
    case Created: return QStringLiteral("createdAt");
    case Updated: return QStringLiteral("updatedAt");
    case ErrorCode: return QStringLiteral("errorCode");
    case ErrorMessage: return QStringLiteral("errorMessage");
    default: return {};
    }
}

std::optional<ListSort::Key> MessageListModel::sortKeyFor(int column) {
    switch (column) {
    case Id: return ListSort::Key::Id;
    case Retries: return ListSort::Key::Retries;
    case Age: return ListSort::Key::Age;
    case Updated: return ListSort::Key::Updated;
    default: return std::nullopt;
    }
}

void MessageListModel::setQuery(const ListFilter &filter, const ListSort &sort) {
    m_request.filter = filter;
    m_request.sort = sort;
    reload();
}

void MessageListModel::reload() {
    // Newest request wins: the page in flight is cancelled on the server (one still queued never
    // starts) and, should its result still arrive, dropped by the generation check.
    ++m_generation;
    if (m_loading)
        m_call.cancel();
    // Not loading before the reset: a view (or the model tester) may call fetchMore from
    // endResetModel(), and then the request() below must not ask for the same first page twice.
    setLoading(false);
    beginResetModel();
    m_rows.clear();
    m_atEnd = false;
    m_unindexedSortRows = 0;
    m_started = true;
    endResetModel();
    request();
}

void MessageListModel::request() {
    if (m_loading || m_atEnd || m_rows.size() >= m_maxRows)
        return;
    PageRequest req = m_rows.isEmpty() ? m_request : m_request.after(m_rows.last());
    if (m_rows.isEmpty())
        req.hasCursor = false;
    req.pageSize = qMin(m_request.pageSize, m_maxRows - int(m_rows.size()));
    const quint64 gen = m_generation;
    setLoading(true);
    const auto onDone = [this, gen](const MessagePage &page) {
        if (gen != m_generation)
            return; // an era before the latest reset
        if (!page.rows.isEmpty()) {
            beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + page.rows.size()) - 1);
            m_rows += page.rows;
            endInsertRows();
        }
        m_atEnd = page.atEnd;
        if (m_rows.size() == page.rows.size()) // the first page carries the plan's verdict
            m_unindexedSortRows = page.unindexedSortRows;
        setLoading(false);
        emit pageLoaded(int(page.rows.size()), page.elapsedMs);
        if (isCapped())
            emit capReached(m_maxRows);
    };
    const auto onFailed = [this, gen](const PgError &e) {
        if (gen != m_generation)
            return;
        qCWarning(lcListModel) << "page failed:" << e.message;
        m_atEnd = true; // no endless retry through fetchMore; reload() starts over
        setLoading(false);
        emit loadFailed(e.message);
    };
    m_call = m_service.page(req, {this, onDone, onFailed});
}

void MessageListModel::setLoading(bool on) {
    if (m_loading == on)
        return;
    m_loading = on;
}

int MessageListModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int MessageListModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

bool MessageListModel::canFetchMore(const QModelIndex &parent) const {
    return !parent.isValid() && m_started && !m_loading && !m_atEnd && m_rows.size() < m_maxRows;
}

void MessageListModel::fetchMore(const QModelIndex &parent) {
    if (canFetchMore(parent))
        request();
}

void MessageListModel::sort(int column, Qt::SortOrder order) {
    const auto key = sortKeyFor(column);
    if (!key)
        return;
    const ListSort s{*key, order == Qt::DescendingOrder};
    if (s == m_request.sort && m_started)
        return;
    emit sortRequested(s);
    setQuery(m_request.filter, s);
}

QString MessageListModel::exportText(int row, int column) const {
    const MessageRow &m = m_rows.at(row);
    switch (column) {
    case Id: return m.id.text();
    case Key: return m.key;
    case Type: return m.type;
    case Destination: return m.destination;
    case State: return m.state;
    case Retries: return m.retries < 0 ? QString() : m.maxRetries < 0 ? QString::number(m.retries)
                                                                      : QStringLiteral("%1 / %2").arg(m.retries).arg(m.maxRetries);
    case NextRun: return formatLocalTime(m.nextRun);
    case LockedBy: return m.lockedBy;
    case Age: return formatAge(m.ageSeconds);
    case Created: return formatLocalTime(m.created);
    case Updated: return formatLocalTime(m.updated);
    case ErrorCode: return m.errorCode;
    case ErrorMessage: return m.errorMessage;
    default: return {};
    }
}

CellKind MessageListModel::exportKind(int row, int column) const {
    return column == Id && m_rows.at(row).id.isNumber() ? CellKind::Integer : CellKind::Text;
}

QVariant MessageListModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const MessageRow &m = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return exportText(index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == ErrorMessage || index.column() == Key)
            return exportText(index.row(), index.column());
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Id || index.column() == Retries || index.column() == Age)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::UserRole:
        return QVariant::fromValue(m.id);
    default:
        return {};
    }
}

QVariant MessageListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    const bool stuckAge = orientation == Qt::Horizontal && section == Age && m_request.filter.view == ListFilter::View::Stuck;
    if (stuckAge && role == Qt::ToolTipRole)
        return tr("How long ago the message passed its stuck timeout: its clock's start plus its own timeout, or the "
                  "profile's, or the dashboard's setting. Not counted from the start: the time within the timeout is not stuck.");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QString zone = localZoneName();
    switch (section) {
    case Id: return tr("Id");
    case Key: return tr("Key");
    case Type: return tr("Type");
    case Destination: return tr("Destination");
    case State: return tr("State");
    case Retries: return tr("Retries");
    case NextRun: return tr("Next run (%1)").arg(zone);
    case LockedBy: return tr("Locked by");
    case Age: return stuckAge ? tr("Past timeout by") : tr("Age");
    case Created: return tr("Created (%1)").arg(zone);
    case Updated: return tr("Updated (%1)").arg(zone);
    case ErrorCode: return tr("Error code");
    case ErrorMessage: return tr("Last error");
    default: return {};
    }
}

} // namespace om
