// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/audit/auditquery.h"
#include "core/audit/auditservice.h"
#include "link/limits.h"

#include <QAbstractTableModel>

namespace om {

class DatabaseLink;
class OutcomeBook;

/// The audit trail as a table, fetched page by page (keyset) on the gateway's Browse lane as
/// the view scrolls. A new filter cancels the page in flight and drops late answers by
/// generation, so rows of an old filter never appear under a new one.
class AuditModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// Outcome is last in the model (the view shows it after Action): what became of the row's action.
    enum Column {
        Time,
        Action,
        MessageId,
        MessageKey,
        StatusChange,
        Reason,
        Ticket,
        DbUser,
        OsUserHost,
        AppVersion,
        Outcome,
        ColumnCount
    };

    AuditModel(DatabaseLink *gateway, SchemaProfile profile, QObject *parent = nullptr);

    /// Starts over with `filter` (first page requested at once).
    void setFilter(const AuditFilter &filter);
    const AuditFilter &filter() const { return m_filter; }
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    const AuditRow &rowAt(int row) const { return m_rows.at(row); }
    bool isLoading() const { return m_loading; }
    bool hasMore() const { return m_hasMore; }
    /// At most this many rows are held (limits::kMaxListRows); beyond them isCapped().
    void setMaxRows(int rows) { m_maxRows = qMax(1, rows); }
    int maxRows() const { return m_maxRows; }
    /// More rows match than the list holds: the operator narrows the filter or exports.
    bool isCapped() const { return m_hasMore && m_rows.size() >= m_maxRows; }
    /// Where the Outcome column reads (owned by the view); without one the column is empty.
    void setOutcomeBook(OutcomeBook *book);
    /// The distinct action ids of rows [first, last], in order (the actions on screen).
    QStringList actionIds(int first, int last) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

signals:
    /// A page arrived (`rows` new rows; `more` = another page exists).
    void pageLoaded(int rows, bool more);
    void loadFailed(const QString &message);

private:
    void request();

    /// The Outcome cell of `row`: the action's totals on its first row only.
    QVariant outcomeData(int row, int role) const;

    OutcomeBook *m_outcomes = nullptr;
    AuditService m_service;
    AuditFilter m_filter;
    QList<AuditRow> m_rows;
    AuditCursor m_next;
    bool m_hasMore = false;
    int m_pageSize = 200;
    int m_maxRows = limits::kMaxListRows;
    PendingCall m_call;
    bool m_loading = false; ///< a page is on its way
    quint64 m_generation = 0;
};

} // namespace om
