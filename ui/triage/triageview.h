// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/triage/listquery.h"
#include "core/triage/triageservice.h"

#include <QMap>
#include <optional>
#include <QTimer>
#include <QWidget>

class QAction;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QProgressDialog;
class QPushButton;
class QTabBar;
class QTableView;

namespace om {

class CsvExport;
class DataAgeLabel;
class FailureGroupChip;
class DetailPane;
class TriageColumns;
class WidthSetting;
class FilterBar;
class DatabaseLink;
class MessageListModel;
class SavedFilters;
struct AppContext;
class RowSecurityNotice;

/// The triage tab: view selector (Stuck / Near max retry / Failed / All), filter bar, match
/// count, the keyset-paged list and the detail pane; saved filters; CSV export and TSV copy.
///
/// For the actions: selectedIds() and currentFilter() say what the operator points at, and
/// refresh() reloads the list after an action changed rows.
class TriageView : public QWidget {
    Q_OBJECT
public:
    explicit TriageView(const AppContext &context, QWidget *parent = nullptr);
    ~TriageView() override;

    /// Ids of the selected rows, in list order.
    QList<MessageId> selectedIds() const;
    /// The filter the list shows, view included ("everything matching the current filter").
    ListFilter currentFilter() const;
    /// The current view's name as its tab shows it (Stuck, Failed, …).
    QString viewTitle() const;
    /// The connection's stuck timeout (the dashboard's Settings value): the Stuck view and every
    /// "matching the filter" action use it, whatever a restored filter carried.
    void setStuckTimeoutMinutes(int minutes);
    ListSort currentSort() const;
    MessageListModel *model() const { return m_model; }
    DetailPane *detailPane() const { return m_detail; }
    FilterBar *filterBar() const { return m_filterBar; }
    QTableView *table() const { return m_table; }
    QString countText() const;
    /// The sort in words, e.g. "sorted by Updated (UTC), descending".
    QString sortText() const;
    /// The line under the list: rows shown, what an export did, what became of a selection.
    QString statusText() const;
    /// What the empty list says in its place ("" while it has rows or is loading).
    QString emptyText() const;
    /// Shows `view` (as a click on the selector does).
    void setView(ListFilter::View view);
    /// Applies `filter` (view included) to the bar and the list.
    void applyFilter(const ListFilter &filter);
    /// Streams the filtered list to `path`; the returned exporter reports finished().
    CsvExport *exportFilteredTo(const QString &path, QString *error);
    /// Writes the selected rows to `path` at once.
    bool exportSelectionTo(const QString &path, QString *error);
    /// The selected rows as tab-separated text with a header line (what Copy puts on the clipboard).
    QString selectionAsTsv() const;
    /// Offers `actions` (e.g. Retry…, Cancel…) in the list's context menu.
    void addListActions(const QList<QAction *> &actions);
    /// Whether the bar "Filter restored from your last session: …" is shown, and its text.
    bool isRestoredFilterShown() const;
    QString restoredFilterText() const;
    /// The line above the list naming the current view's filter ("" when the view has none or
    /// the restored-filter bar says it).
    QString activeFilterText() const;
    /// How old the list is: "as of 14:02:31, 40 s ago" ("" while the first page loads).
    QString dataAgeText() const;
    /// The connection is down: what is shown cannot be refreshed and is shown greyed, its age
    /// label saying so; the detail pane too (MainWindow follows the poller). False when data flows again.
    void setStale(bool stale);
    bool isStale() const;

public slots:
    /// Reloads the list, the count and the detail pane (e.g. after an action).
    void refresh();
    void copySelection();
    /// Moves the focus to the list and selects its first row when nothing is selected.
    void focusList();
    /// Back to what a new window shows (the Stuck view, no filter); hides the restored-filter bar.
    void clearFilter();
    /// Drops the current view's filter; the view stays.
    void clearViewFilter();

signals:
    /// The selection changed; `ids` as selectedIds().
    void selectionChanged(const QList<MessageId> &ids);
    /// The list now shows `filter`.
    void filterChanged(const om::ListFilter &filter);
    /// Whether the list, read to its end, holds no message (false while loading or when it failed).
    void matchesNothingChanged(bool nothing);

private:
    /// The last filter is kept per login (role@server/db), not only per connection.
    static QString lastFilterOwner(const AppContext &context);
    static ListFilter startFilter();
    // The constructor's steps, in order.
    void buildViewTabs();
    void setupTable();
    QHBoxLayout *buildTopRow();
    void buildRestoredNotice();
    void buildFilterLine();
    /// A filled note above the list: `text` and one `button`, hidden until shown.
    static void buildNoteBar(QWidget *bar, QLabel *text, QPushButton *button);
    void showFilterLine();
    void buildLayout(QHBoxLayout *top);
    void connectList();
    void connectSelection();
    void restoreLastFilter();
    /// Reads the column widths the operator chose for this connection and keeps them as they change.
    void rememberColumnWidths(const QString &connectionKey);
    void onPageLoaded(int rows, qint64 ms);
    /// Shows or hides the empty list's note, by the rows loaded and what the filter is.
    void showEmptyNote(bool show);
    void setupKeyboard();
    void onFilterEdited();
    void startQuery();
    /// Re-selects, by id, what the operator had selected before refresh().
    void restoreSelection();
    /// The column of the current sort (Id when no column shows its key).
    int sortColumn() const;
    /// The header's arrow and the words beside the list, both from m_sort.
    void showSort();
    void loadChoices();
    void updateCount();
    /// The count beside the list: the server's count, or the list itself once read to its end.
    void showCount();
    void onCurrentRowChanged();
    void showCurrentDetail();
    void updateDetailRoom();
    void saveCurrentFilter();
    /// The name given: saved, or first "Replace …?" when that name is taken.
    void saveFilterAs(const QString &name);
    void keepFilter(const QString &name);
    void deleteSavedFilter();
    void loadSavedFilter(int index);
    void reloadSavedNames();
    void exportFiltered();
    void exportSelection();

    DatabaseLink *m_gateway;
    SchemaProfile m_profile;
    const RowSecurityNotice *m_rowSecurity; ///< the window's; null standing alone
    int m_stuckTimeoutMinutes = -1;   ///< the connection's (dashboard Settings); -1 until told
    QList<MessageId> m_keptSelection; ///< the selection refresh() keeps, until the operator changes it
    std::unique_ptr<SavedFilters> m_saved;
    ListFilter m_filter;
    ListSort m_sort;
    QTabBar *m_views;
    QList<ListFilter::View> m_viewOrder;
    FilterBar *m_filterBar;
    QComboBox *m_savedBox;
    QLabel *m_count;
    QLabel *m_sortNote; ///< the sort in words: its column may be out of sight
    QLabel *m_status;
    QLabel *m_emptyNote = nullptr; ///< on the table's viewport: says that nothing matches, instead of an empty grid
    DataAgeLabel *m_age;
    QWidget *m_restored; ///< "Filter restored from your last session: …  [Clear filter]"
    QLabel *m_restoredText;
    QWidget *m_filterLine; ///< "Only messages of Failed matching: error code = HTTP_404  [Clear filter]"
    QLabel *m_filterLineText;
    QMap<int, ListFilter> m_viewFilters; ///< each view's filter (by ListFilter::View), as last shown
    FailureGroupChip *m_groupChip;       ///< the failure group the list is narrowed to
    QTableView *m_table;
    MessageListModel *m_model;
    TriageColumns *m_columns;
    DetailPane *m_detail;
    quint64 m_countGeneration = 0;
    PendingCall m_countCall;
    std::optional<MatchCount> m_counted; ///< the server's count of the current filter, once it answered
    bool m_listComplete = false;         ///< the list holds every matching row (read to its end, not capped)
    /// Selection-driven detail loads wait this long for the selection to settle: holding ↓
    /// over a slow link loads the row the operator stops on, not every row passed.
    QTimer m_detailDebounce;
    WidthSetting *m_widths = nullptr; ///< the column widths the operator chose, per connection
    MessageId m_pendingDetailId;      ///< the row the debounced load shows
};

} // namespace om
