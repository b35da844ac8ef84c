// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/auditmodel.h"
#include "audit/outcomebook.h"
#include "audit/outcomewording.h"
#include "link/databaselink.h"

#include <QLocale>
#include <QTimeZone>

namespace om {

AuditModel::AuditModel(DatabaseLink *gateway, SchemaProfile profile, QObject *parent)
    : QAbstractTableModel(parent), m_service(gateway, std::move(profile)) {}

void AuditModel::setFilter(const AuditFilter &filter) {
    m_call.cancel();
    m_loading = false;
    ++m_generation;
    beginResetModel();
    m_filter = filter;
    m_rows.clear();
    m_next = {};
    m_hasMore = false;
    endResetModel();
    request();
}

void AuditModel::request() {
    const quint64 generation = m_generation;
    const int limit = qMin(m_pageSize, m_maxRows - int(m_rows.size()));
    m_loading = true;
    const auto onDone = [this, generation](const AuditPage &page) {
        if (generation != m_generation)
            return; // an answer for a filter that has since been replaced
        // The cursor moves before the rows go in, and the job counts as running until they
        // are in: a view (or the model tester) calling fetchMore() from rowsInserted must
        // not ask for the same page again.
        m_hasMore = page.hasMore;
        m_next = page.next;
        if (!page.rows.isEmpty()) {
            beginInsertRows({}, m_rows.size(), m_rows.size() + page.rows.size() - 1);
            m_rows += page.rows;
            endInsertRows();
        }
        m_loading = false;
        emit pageLoaded(page.rows.size(), page.hasMore);
    };
    const auto onFailed = [this, generation](const PgError &e) {
        if (generation != m_generation)
            return;
        m_loading = false;
        emit loadFailed(e.message);
    };
    m_call = m_service.page(m_filter, m_next, limit, {this, onDone, onFailed});
}

void AuditModel::setOutcomeBook(OutcomeBook *book) {
    m_outcomes = book;
    connect(book, &OutcomeBook::outcomesUpdated, this, [this] {
        if (!m_rows.isEmpty())
            emit dataChanged(index(0, Outcome), index(m_rows.size() - 1, Outcome), {Qt::DisplayRole, Qt::ToolTipRole});
    });
}

QStringList AuditModel::actionIds(int first, int last) const {
    QStringList ids;
    for (int r = qMax(0, first); r <= last && r < m_rows.size(); ++r)
        if (const QString &id = m_rows.at(r).actionId; !id.isEmpty() && !ids.contains(id))
            ids << id;
    return ids;
}

QVariant AuditModel::outcomeData(int row, int role) const {
    const AuditRow &r = m_rows.at(row);
    if (r.actionId.isEmpty() || !m_outcomes)
        return {};
    // The outcome is the whole action's: said on its first row, not repeated beside each of its
    // messages as if each had those totals (the tooltip still tells it on every row).
    if (role == Qt::DisplayRole && row > 0 && m_rows.at(row - 1).actionId == r.actionId)
        return QString();
    const ActionOutcome *o = m_outcomes->outcome(r.actionId);
    if (role == Qt::ToolTipRole)
        return o ? tr("Action %1, its %2 messages now: %3").arg(r.actionId, QString::number(o->messages), OutcomeWording::byState(m_outcomes->profile(), *o))
                 : QVariant();
    return o ? OutcomeWording::summary(m_outcomes->profile(), r.action, *o) : tr("…");
}

int AuditModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : m_rows.size(); }
int AuditModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

bool AuditModel::canFetchMore(const QModelIndex &parent) const {
    return !parent.isValid() && m_hasMore && !m_loading && m_rows.size() < m_maxRows;
}

void AuditModel::fetchMore(const QModelIndex &parent) {
    if (canFetchMore(parent))
        request();
}

QVariant AuditModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AuditRow &r = m_rows.at(index.row());
    if (index.column() == Outcome && (role == Qt::DisplayRole || role == Qt::ToolTipRole))
        return outcomeData(index.row(), role);
    if (role == Qt::ToolTipRole) {
        if (index.column() == Time)
            return tr("%1 (server time, UTC %2)").arg(QLocale().toString(r.changedAt.toLocalTime(), QLocale::LongFormat), r.changedAtText);
        if (index.column() == Reason)
            return r.reason;
        return {};
    }
    if (role == Qt::UserRole)
        return QVariant::fromValue(r.messageId);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Time: return QLocale().toString(r.changedAt.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case Action: return r.action;
    case MessageId: return r.messageId.text();
    case MessageKey: return r.messageExists ? r.messageKey : tr("(message gone)");
    case StatusChange:
        return r.oldStatus.isEmpty() && r.newStatus.isEmpty() ? QString()
                                                              : tr("%1 → %2").arg(r.oldStatus, r.newStatus);
    case Reason: return QString(r.reason).replace(QLatin1Char('\n'), QLatin1Char(' '));
    case Ticket: return r.ticket;
    case DbUser: return r.dbUser;
    case OsUserHost: return r.osUserAtHost();
    case AppVersion: return r.appVersion;
    default: return {};
    }
}

QVariant AuditModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Time: return tr("Time (%1)").arg(QDateTime::currentDateTime().timeZoneAbbreviation());
    case Action: return tr("Action");
    case MessageId: return tr("Message");
    case MessageKey: return tr("Key");
    case StatusChange: return tr("Status");
    case Reason: return tr("Reason");
    case Ticket: return tr("Ticket");
    case DbUser: return tr("Database user");
    case OsUserHost: return tr("OS user@host");
    case AppVersion: return tr("App version");
    case Outcome: return tr("Outcome (now)");
    default: return {};
    }
}

} // namespace om
