// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/csv.h"
#include "link/limits.h"
#include "core/triage/listquery.h"
#include "core/triage/triageservice.h"

#include <QAbstractTableModel>
#include <memory>
#include <optional>

namespace om {

class DatabaseLink;

/// The triage list: keyset pages fetched on the Gateway's Browse lane as the view scrolls
/// (canFetchMore/fetchMore). A new query bumps a generation token, so pages of an older query
/// that still arrive are dropped, and cancels the query in flight. At most maxRows() rows are
/// held; the operator is told when the list stops there.
class MessageListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Id,
        Key,
        Type,
        Destination,
        State,
        Retries,
        NextRun,
        LockedBy,
        Age,
        Created,
        Updated,
        ErrorCode,
        ErrorMessage,
        ColumnCount
    };

    MessageListModel(DatabaseLink *gateway, const SchemaProfile &profile, QObject *parent = nullptr);

    /// Starts over with `filter` and `sort` (drops the rows, asks for the first page).
    void setQuery(const ListFilter &filter, const ListSort &sort);
    /// Same query again from the first page.
    void reload();
    const ListFilter &filter() const { return m_request.filter; }
    const ListSort &sort() const { return m_request.sort; }
    void setPageSize(int n) { m_request.pageSize = n; }
    void setMaxRows(int n) { m_maxRows = n; }
    int maxRows() const { return m_maxRows; }
    bool isLoading() const { return m_loading; }
    bool isCapped() const { return m_rows.size() >= m_maxRows && !m_atEnd; }
    bool atEnd() const { return m_atEnd; }
    /// Rows the server sorts for every page of this list because no index follows its order
    /// (from the first page's plan; 0 when an index does).
    qint64 unindexedSortRows() const { return m_unindexedSortRows; }
    const MessageRow &message(int row) const { return m_rows.at(row); }
    /// Logical profile column a view column shows ("" for computed ones).
    static QString logicalColumn(int column);
    /// The sort key a header click on `column` means (nullopt: not sortable by the server).
    static std::optional<ListSort::Key> sortKeyFor(int column);
    /// Text of a cell as exported (times in the operator's zone, UTC offset named).
    QString exportText(int row, int column) const;
    /// What exportText() is for a spreadsheet: an integer id is a number, every other cell text
    /// (the Retries and Age columns are words, "3 / 5", "2 h").
    CellKind exportKind(int row, int column) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    void sort(int column, Qt::SortOrder order) override;

signals:
    /// A page arrived and was appended (`rows` new rows).
    void pageLoaded(int rows, qint64 elapsedMs);
    /// The query failed (cancelled ones included, except those the model cancelled itself).
    void loadFailed(const QString &message);
    /// The list reached maxRows() with more rows on the server.
    void capReached(int maxRows);
    /// The operator clicked a header: the view should follow (filter unchanged).
    void sortRequested(const om::ListSort &sort);

private:
    void request();
    void setLoading(bool on);

    TriageService m_service;
    PageRequest m_request;
    QList<MessageRow> m_rows;
    quint64 m_generation = 0;
    /// The current generation, shared with the jobs queued on the Browse lane: a job whose
    /// generation is no longer current does not even start its query.
    PendingCall m_call;
    bool m_loading = false;
    bool m_atEnd = false;
    qint64 m_unindexedSortRows = 0;
    bool m_started = false;
    int m_maxRows = limits::kMaxListRows;
};

} // namespace om
