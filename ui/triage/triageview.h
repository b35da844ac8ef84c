#pragma once
#include "core/triage/listquery.h"

#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QProgressDialog;
class QTabBar;
class QTableView;

namespace om {

class CsvExport;
class DetailPane;
class FilterBar;
class Gateway;
class MessageListModel;
class SavedFilters;
struct AppContext;

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
    QList<qint64> selectedIds() const;
    /// The filter the list shows, view included ("everything matching the current filter").
    ListFilter currentFilter() const;
    ListSort currentSort() const;
    MessageListModel *model() const { return m_model; }
    DetailPane *detailPane() const { return m_detail; }
    FilterBar *filterBar() const { return m_filterBar; }
    QTableView *table() const { return m_table; }
    QString countText() const;
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

public slots:
    /// Reloads the list, the count and the detail pane (e.g. after an action).
    void refresh();
    void copySelection();
    /// Moves the focus to the list and selects its first row when nothing is selected.
    void focusList();

signals:
    /// The selection changed; `ids` as selectedIds().
    void selectionChanged(const QList<qint64> &ids);
    /// The list now shows `filter`.
    void filterChanged(const om::ListFilter &filter);

private:
    void setupKeyboard();
    void onFilterEdited();
    void startQuery();
    void loadChoices();
    void updateCount();
    void onCurrentRowChanged();
    void saveCurrentFilter();
    void deleteSavedFilter();
    void loadSavedFilter(int index);
    void reloadSavedNames();
    void exportFiltered();
    void exportSelection();

    Gateway *m_gateway;
    SchemaProfile m_profile;
    std::unique_ptr<SavedFilters> m_saved;
    ListFilter m_filter;
    ListSort m_sort;
    QTabBar *m_views;
    QList<ListFilter::View> m_viewOrder;
    FilterBar *m_filterBar;
    QComboBox *m_savedBox;
    QLabel *m_count;
    QLabel *m_status;
    QTableView *m_table;
    MessageListModel *m_model;
    DetailPane *m_detail;
    quint64 m_countGeneration = 0;
    quint64 m_countJob = 0;
};

} // namespace om
