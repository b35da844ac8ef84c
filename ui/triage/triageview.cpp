// SPDX-License-Identifier: GPL-3.0-or-later
#include "triageview.h"
#include "common/rowsecuritynotice.h"
#include "common/savefolder.h"
#include "core/common/countformat.h"
#include "actions/scopewords.h"
#include "appcontext.h"
#include "common/dataagelabel.h"
#include "common/openedbox.h"
#include "triage/failuregroupchip.h"
#include "common/stalelook.h"
#include "common/tones.h"
#include "common/widthsetting.h"
#include "core/common/settingskey.h"
#include "core/common/csv.h"
#include "csvexport.h"
#include "detailpane.h"
#include "filterbar.h"
#include "messagelistmodel.h"
#include "link/connectioninfo.h"
#include "link/databaselink.h"
#include "link/limits.h"
#include "savedfilters.h"
#include "triagecolumns.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QItemSelection>
#include <QSet>
#include <QSignalBlocker>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QShortcut>
#include <QSettings>
#include <QSplitter>
#include <QTabBar>
#include <QTableView>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace om {
namespace {
/// QSettings key of the list/detail split.
constexpr char kSplitKey[] = "triage/split";
} // namespace

TriageView::TriageView(const AppContext &context, QWidget *parent)
    : QWidget(parent), m_gateway(context.gateway), m_profile(context.profile), m_rowSecurity(context.rowSecurity),
      m_saved(std::make_unique<SavedFilters>(context.connectionKey, lastFilterOwner(context), context.profile.types.id)), m_views(new QTabBar),
      m_filterBar(new FilterBar(context.profile)), m_savedBox(new QComboBox), m_count(new QLabel), m_sortNote(new QLabel), m_status(new QLabel),
      m_age(new DataAgeLabel), m_restored(new QWidget), m_restoredText(new QLabel),
      m_filterLine(new QWidget), m_filterLineText(new QLabel), m_groupChip(new FailureGroupChip), m_table(new QTableView),
      m_model(new MessageListModel(context.gateway, context.profile, this)),
      m_columns(new TriageColumns(m_table, context.profile, this)),
      m_detail(new DetailPane(context.gateway, context.profile)) {
    buildViewTabs();
    setupTable();
    rememberColumnWidths(context.connectionKey); // before the first view is arranged
    buildLayout(buildTopRow());
    connectList();
    connectSelection();
    setupKeyboard();
    reloadSavedNames();
    loadChoices();
    restoreLastFilter();
    // An empty list or a count under row-level security may hide rows: said as soon as known.
    if (m_rowSecurity)
        connect(m_rowSecurity, &RowSecurityNotice::changed, this, [this] {
            if (!m_emptyNote->isHidden())
                showEmptyNote(true);
            if (!m_filter.idsUnreadable)
                showCount();
        });
}

void TriageView::rememberColumnWidths(const QString &connectionKey) {
    m_widths = new WidthSetting(connectionSettingsGroup(QStringLiteral("window"), connectionKey) + QStringLiteral("/triageColumns"), this);
    m_columns->setChosenWidths(m_widths->stored());
    connect(m_columns, &TriageColumns::chosenWidthsChanged, this, [this] { m_widths->set(m_columns->chosenWidths()); });
}

QString TriageView::lastFilterOwner(const AppContext &context) {
    // Who is logged in (role, server, database): another role on this computer, e.g. an auditor,
    // never starts with the filter an operator left behind.
    return context.gateway ? ConnectionInfo::identity(context.gateway->config().connInfo) : QString();
}

void TriageView::buildViewTabs() {
    // Only the views this table has: no near-max-retry without retry columns, no failed view
    // for a table without a failed state.
    m_viewOrder << ListFilter::View::Stuck;
    m_views->addTab(tr("Stuck"));
    if (m_profile.hasRetries() && !m_profile.nearMaxRetryStates.isEmpty()) {
        m_viewOrder << ListFilter::View::NearMaxRetry;
        m_views->addTab(tr("Near max retry"));
    }
    if (!m_profile.failedStates.isEmpty()) {
        m_viewOrder << ListFilter::View::Failed;
        m_views->addTab(tr("Failed"));
    }
    m_viewOrder << ListFilter::View::All;
    m_views->addTab(tr("All messages"));
    connect(m_views, &QTabBar::currentChanged, this, [this](int i) {
        if (i >= 0 && i < m_viewOrder.size()) setView(m_viewOrder[i]);
    });
}

QHBoxLayout *TriageView::buildTopRow() {
    m_savedBox->setMinimumContentsLength(14);
    m_savedBox->setToolTip(tr("Saved filters"));
    m_savedBox->setObjectName(QStringLiteral("savedFilters"));
    auto *saveButton = new QToolButton;
    saveButton->setObjectName(QStringLiteral("saveFilter"));
    saveButton->setText(tr("Save filter…"));
    auto *deleteButton = new QToolButton;
    deleteButton->setText(tr("Delete"));
    auto *exportButton = new QToolButton;
    exportButton->setText(tr("Export CSV"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *exportMenu = new QMenu(exportButton);
    exportMenu->addAction(tr("Everything matching the filter…"), this, &TriageView::exportFiltered);
    exportMenu->addAction(tr("Selected rows…"), this, &TriageView::exportSelection);
    exportButton->setMenu(exportMenu);
    connect(m_savedBox, &QComboBox::activated, this, &TriageView::loadSavedFilter);
    connect(saveButton, &QToolButton::clicked, this, &TriageView::saveCurrentFilter);
    connect(deleteButton, &QToolButton::clicked, this, &TriageView::deleteSavedFilter);

    auto *top = new QHBoxLayout;
    top->addWidget(m_views);
    top->addStretch(1);
    top->addWidget(m_sortNote);
    top->addSpacing(12);
    top->addWidget(m_count);
    top->addSpacing(12);
    top->addWidget(m_savedBox);
    top->addWidget(saveButton);
    top->addWidget(deleteButton);
    top->addWidget(exportButton);
    return top;
}

void TriageView::setupTable() {
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setSortingEnabled(false); // the server sorts; header clicks go to MessageListModel::sort
    m_table->horizontalHeader()->setSectionsClickable(true);
    m_table->horizontalHeader()->setSortIndicatorShown(true);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    for (int c = 0; c < MessageListModel::ColumnCount; ++c) {
        const QString logical = MessageListModel::logicalColumn(c);
        if (!logical.isEmpty() && !m_profile.has(logical))
            m_table->hideColumn(c);
    }
    // Columns in the order of what decides an action, per view: TriageColumns (startQuery).
    // Middle elision keeps both ends of a key or an error ("POST https://bill…503 Service
    // Unavailable"): their beginnings are often the same on every row.
    m_table->setTextElideMode(Qt::ElideMiddle);
}

void TriageView::buildNoteBar(QWidget *bar, QLabel *text, QPushButton *button) {
    bar->setAutoFillBackground(true);
    followPalette(bar, [bar] {
        QPalette pal; // only the note's two colours of its own; the rest from the window
        pal.setColor(QPalette::Window, toneColour(Tone::NoteFill));
        pal.setColor(QPalette::WindowText, toneColour(Tone::NoteText));
        bar->setPalette(pal);
    });
    text->setWordWrap(true);
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(8, 4, 8, 4);
    row->addWidget(text, 1);
    row->addWidget(button);
    bar->hide();
}

void TriageView::buildRestoredNotice() {
    // A filter that came back from the last session is said to be one, with one click to drop it:
    // a restored filter nobody remembers setting once hid 1,822 failed messages ("0 matching").
    m_restored->setObjectName(QStringLiteral("restoredFilter"));
    auto *clear = new QPushButton(tr("Clear filter"));
    clear->setObjectName(QStringLiteral("clearRestoredFilter"));
    connect(clear, &QPushButton::clicked, this, &TriageView::clearFilter);
    buildNoteBar(m_restored, m_restoredText, clear);
    connect(m_groupChip, &FailureGroupChip::clearRequested, this, [this] {
        ListFilter f = m_filter;
        f.failureGroup.reset();
        applyFilter(f);
    });
}

void TriageView::buildFilterLine() {
    // Each view keeps its own filter, and a view with one says so in words above its list: the
    // inputs alone (a ticked entry in a closed menu) let "0 matching" read as "nothing stuck"
    // while the dashboard counted 89.
    m_filterLine->setObjectName(QStringLiteral("activeFilter"));
    auto *clear = new QPushButton(tr("Clear filter"));
    clear->setObjectName(QStringLiteral("clearViewFilter"));
    connect(clear, &QPushButton::clicked, this, &TriageView::clearViewFilter);
    buildNoteBar(m_filterLine, m_filterLineText, clear);
}

QString TriageView::activeFilterText() const { return m_filterLine->isHidden() ? QString() : m_filterLineText->text(); }

void TriageView::showFilterLine() {
    ListFilter f = m_filter;
    f.failureGroup.reset(); // its chip names it, with its own button
    const QString cond = ScopeWords::conditions(f);
    m_filterLineText->setText(tr("Only messages of %1 matching: %2").arg(viewTitle(), cond));
    m_filterLine->setVisible(!cond.isEmpty() && m_restored->isHidden());
}

void TriageView::clearViewFilter() {
    ListFilter f;
    f.view = m_filter.view;
    applyFilter(f);
}

void TriageView::buildLayout(QHBoxLayout *top) {
    buildRestoredNotice();
    buildFilterLine();
    // An empty grid reads as "still loading" or as a fault: an empty list says so in its place.
    m_emptyNote = new QLabel;
    m_emptyNote->setObjectName(QStringLiteral("emptyListNote"));
    m_emptyNote->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    m_emptyNote->setWordWrap(true);
    m_emptyNote->setContentsMargins(12, 24, 12, 12);
    auto *onViewport = new QVBoxLayout(m_table->viewport());
    onViewport->addWidget(m_emptyNote);
    onViewport->addStretch();
    m_emptyNote->hide();
    auto *split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("triageSplit"));
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({720, 380});
    // Where the operator put the handle, for the next window too (a layout preference, the same
    // for every connection).
    split->restoreState(QSettings().value(QLatin1String(kSplitKey)).toByteArray());
    connect(split, &QSplitter::splitterMoved, this,
            [split] { QSettings().setValue(QLatin1String(kSplitKey), split->saveState()); });
    m_detail->hide(); // room for the pane only once a message is selected (updateDetailRoom)

    auto *bottom = new QHBoxLayout;
    m_status->setObjectName(QStringLiteral("triageStatus"));
    m_status->setWordWrap(true);
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_age, 0, Qt::AlignTop | Qt::AlignRight);

    auto *box = new QVBoxLayout(this);
    box->addLayout(top);
    box->addWidget(m_filterBar);
    box->addWidget(m_restored);
    box->addWidget(m_filterLine);
    box->addWidget(m_groupChip); // a failure group from the dashboard
    box->addWidget(split, 1);
    box->addLayout(bottom);
}

void TriageView::connectList() {
    connect(m_filterBar, &FilterBar::filterEdited, this, &TriageView::onFilterEdited);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int column) {
        const auto key = MessageListModel::sortKeyFor(column);
        if (!key) {
            m_status->setText(tr("This column cannot be sorted on the server; sortable: id, retries, age, updated."));
            showSort(); // the header moved its arrow to the clicked column by itself: back to the real order
            return;
        }
        const bool desc = !(m_sort.key == *key && m_sort.descending);
        m_model->sort(column, desc ? Qt::DescendingOrder : Qt::AscendingOrder);
    });
    connect(m_model, &MessageListModel::sortRequested, this, [this](const ListSort &s) {
        m_sort = s;
        showSort();
    });
    connect(m_model, &MessageListModel::loadFailed, this, [this](const QString &m) {
        m_status->setText(m);
        emit matchesNothingChanged(false); // not known
        m_listComplete = false;
        // A reload empties the list first: an "as of" beside no rows would date a list that
        // is not there, and an empty list would look like "nothing stuck".
        if (m_model->rowCount() == 0)
            m_age->reset();
    });
    connect(m_model, &MessageListModel::capReached, this, [this](int max) {
        m_status->setText(tr("The list stops at %1 rows to keep memory bounded; narrow the filter or export to CSV for all of them.")
                              .arg(formatCount(max)));
    });
    connect(m_model, &MessageListModel::pageLoaded, this, &TriageView::onPageLoaded);
}

QString TriageView::emptyText() const { return m_emptyNote->isHidden() ? QString() : m_emptyNote->text(); }

void TriageView::showEmptyNote(bool show) {
    if (show) {
        QString text;
        if (m_filter.idsUnreadable)
            text = tr("Nothing is listed while the Ids filter cannot be read: fix the ids or clear the box.");
        else if (!m_filterLine->isHidden() || !m_restored->isHidden() || m_filter.failureGroup)
            text = tr("No message of %1 matches the filter above. Clear the filter to see the whole view.").arg(viewTitle());
        else
            text = tr("%1 holds no message now.").arg(viewTitle());
        // "Holds no message" is what the role sees: under row-level security, not all there is.
        m_emptyNote->setText(RowSecurityNotice::withNote(m_rowSecurity, text));
    }
    m_emptyNote->setVisible(show);
}

void TriageView::onPageLoaded(int rows, qint64 ms) {
    m_listComplete = m_model->atEnd() && !m_model->isCapped();
    const bool nothing = m_model->rowCount() == 0 && m_listComplete;
    showEmptyNote(nothing);
    emit matchesNothingChanged(nothing);
    if (!m_filter.idsUnreadable)
        showCount();
    if (m_model->rowCount() == rows) // the first page of a (re)load: the list is as of now
        m_age->markFresh();
    m_columns->rowsArrived();
    if (!m_model->isCapped()) {
        QString text = tr("%Ln row(s) shown · last page %1 ms", nullptr, m_model->rowCount()).arg(ms);
        if (m_model->unindexedSortRows() > limits::kSlowSortRows)
            text += QStringLiteral(" · ")
                    + tr("No index follows this order: every page sorts about %1 messages on the server. Narrow the filter "
                         "(a view, a state, a time range), sort by id, or ask the DBA to install "
                         "resources/sql/kit/sort_indexes.sql.")
                          .arg(formatCount(m_model->unindexedSortRows()));
        m_status->setText(text);
    }
    restoreSelection();
}

void TriageView::connectSelection() {
    m_detailDebounce.setSingleShot(true);
    m_detailDebounce.setInterval(limits::kDetailDebounceMs);
    connect(&m_detailDebounce, &QTimer::timeout, this, &TriageView::showCurrentDetail);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        m_keptSelection.clear(); // the operator chose anew
        emit selectionChanged(selectedIds());
        onCurrentRowChanged();
        updateDetailRoom();
    });
    auto *copy = new QShortcut(QKeySequence::Copy, m_table, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(copy, &QShortcut::activated, this, &TriageView::copySelection);
    // A reset (new filter, view, sort or a refresh) drops the selection without a selectionChanged:
    // say so, or the actions would still target messages that are no longer shown.
    // After refresh() (own action, another window's NOTIFY) the operator's selection is kept by id
    // and re-selected as pages arrive: a refresh never turns "my selected rows" into "everything
    // matching the filter".
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_keptSelection.isEmpty())
            emit selectionChanged(selectedIds());
        updateDetailRoom();
    });
}

ListFilter TriageView::startFilter() {
    ListFilter start;
    start.view = ListFilter::View::Stuck;
    return start;
}

void TriageView::restoreLastFilter() {
    // The window comes back with the filter it had; otherwise the stuck messages first.
    if (!m_saved->hasLast()) {
        applyFilter(startFilter());
        return;
    }
    applyFilter(m_saved->last());
    const ListFilter start = startFilter();
    ListFilter shown = m_filter;
    shown.stuckTimeoutMinutes = start.stuckTimeoutMinutes;
    if (shown == start)
        return; // what a new window shows anyway: nothing to point out
    const QString cond = ScopeWords::conditions(m_filter);
    m_restoredText->setText(tr("Filter restored from your last session: %1")
                                .arg(cond.isEmpty() ? tr("Triage › %1").arg(viewTitle())
                                                    : tr("Triage › %1, %2").arg(viewTitle(), cond)));
    m_restored->show();
    showFilterLine(); // the restored bar says it: not twice
}

bool TriageView::isRestoredFilterShown() const { return !m_restored->isHidden(); }
QString TriageView::restoredFilterText() const { return m_restoredText->text(); }
QString TriageView::dataAgeText() const { return m_age->text(); }

void TriageView::setStale(bool stale) {
    // Called with every snapshot: the palettes are set only when the state changes.
    if (stale == isStale())
        return;
    m_age->setStale(stale);
    showStale(m_table, stale);
    m_detail->setStale(stale);
}

bool TriageView::isStale() const { return m_age->isStale(); }

void TriageView::clearFilter() {
    m_restored->hide();
    applyFilter(startFilter());
}

TriageView::~TriageView() = default;

void TriageView::setupKeyboard() {
    // Alt+1… picks a view; the tab's tooltip names its key.
    for (int i = 0; i < m_viewOrder.size(); ++i) {
        const QKeySequence key(Qt::ALT | Qt::Key(Qt::Key_1 + i));
        m_views->setTabToolTip(i, tr("Show this view (%1)").arg(key.toString(QKeySequence::NativeText)));
        // Window context: a shortcut only works while its widget is visible, i.e. on this tab.
        auto *pick = new QShortcut(key, this, nullptr, nullptr, Qt::WindowShortcut);
        connect(pick, &QShortcut::activated, this, [this, i] { m_views->setCurrentIndex(i); });
    }
    // Find (Ctrl+F) goes to the key filter; Down from there goes to the list, as in a search box.
    auto *find = new QShortcut(QKeySequence::Find, this, nullptr, nullptr, Qt::WindowShortcut);
    connect(find, &QShortcut::activated, this, [this] {
        m_filterBar->keyEdit()->setFocus(Qt::ShortcutFocusReason);
        m_filterBar->keyEdit()->selectAll();
    });
    auto *down = new QShortcut(Qt::Key_Down, m_filterBar->keyEdit(), nullptr, nullptr, Qt::WidgetShortcut);
    connect(down, &QShortcut::activated, this, &TriageView::focusList);
}

void TriageView::focusList() {
    m_table->setFocus(Qt::ShortcutFocusReason);
    if (!m_table->selectionModel()->hasSelection() && m_model->rowCount() > 0)
        m_table->selectRow(0);
}

void TriageView::addListActions(const QList<QAction *> &actions) {
    // Right-click on the list offers the same actions as the toolbar, with their shortcuts.
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_table->addActions(actions);
}

QList<MessageId> TriageView::selectedIds() const {
    QList<int> rows;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        rows << i.row();
    std::sort(rows.begin(), rows.end());
    QList<MessageId> ids;
    for (int r : rows)
        ids << m_model->message(r).id;
    return ids;
}

ListFilter TriageView::currentFilter() const { return m_filter; }
QString TriageView::viewTitle() const { return m_views->tabText(m_views->currentIndex()).remove(QLatin1Char('&')); }
ListSort TriageView::currentSort() const { return m_sort; }
QString TriageView::countText() const { return m_count->text(); }
QString TriageView::sortText() const { return m_sortNote->text(); }
QString TriageView::statusText() const { return m_status->text(); }

void TriageView::setStuckTimeoutMinutes(int minutes) {
    m_stuckTimeoutMinutes = qMax(1, minutes);
    if (m_filter.stuckTimeoutMinutes == m_stuckTimeoutMinutes)
        return;
    ListFilter f = m_filter;
    f.stuckTimeoutMinutes = m_stuckTimeoutMinutes;
    applyFilter(f);
}

void TriageView::setView(ListFilter::View view) {
    m_restored->hide(); // the operator picked a view: the filter is now theirs, not the restored one
    if (view == m_filter.view && m_model->rowCount() + int(m_model->isLoading()) > 0)
        return;
    // The view's own filter, as the operator left it there: a filter set in another view does
    // not follow unseen.
    ListFilter f = m_viewFilters.value(int(view));
    f.view = view;
    applyFilter(f);
}

void TriageView::applyFilter(const ListFilter &filter) {
    ListFilter f = filter;
    if (m_stuckTimeoutMinutes > 0)
        f.stuckTimeoutMinutes = m_stuckTimeoutMinutes; // one timeout per connection, never a saved one
    if (!m_viewOrder.contains(f.view))
        f.view = ListFilter::View::All;
    const bool viewChanged = f.view != m_filter.view || m_model->rowCount() == 0;
    m_filter = f;
    m_viewFilters.insert(int(f.view), f);
    m_filterBar->setFilter(f);
    m_groupChip->showGroup(f.failureGroup);
    {
        const QSignalBlocker block(m_views);
        m_views->setCurrentIndex(int(m_viewOrder.indexOf(f.view)));
    }
    if (viewChanged) {
        m_sort = ListSort::defaultFor(f.view);
        // Each view puts what decides first (state, age): a scroll kept from the last view would
        // hide those columns off the left edge.
        m_table->horizontalScrollBar()->setValue(0);
    }
    startQuery();
}

void TriageView::onFilterEdited() {
    m_restored->hide(); // the operator now sets the filter: it is no longer the restored one
    ListFilter f = m_filterBar->filter();
    f.view = m_filter.view;
    f.stuckTimeoutMinutes = m_filter.stuckTimeoutMinutes;
    f.failureGroup = m_filter.failureGroup; // the bar has no field for it: only its chip drops it
    if (f == m_filter)
        return;
    m_filter = f;
    m_viewFilters.insert(int(f.view), f);
    startQuery();
}

void TriageView::startQuery() {
    m_keptSelection.clear();         // a new filter, view or sort: the operator chooses again
    m_pendingDetailId = MessageId(); // a row of the old list is not loaded into the pane after it
    m_detailDebounce.stop();
    m_detail->clear();
    updateDetailRoom();
    m_age->reset(); // until the first page arrives there is nothing to date
    showEmptyNote(false);
    m_listComplete = false;
    m_model->setQuery(m_filter, m_sort);
    m_columns->arrange(m_filter.view, sortColumn()); // a new view or sort: its columns, fitted to its first rows
    showSort();
    showFilterLine();
    m_saved->setLast(m_filter);
    updateCount();
    emit filterChanged(m_filter);
}

int TriageView::sortColumn() const {
    for (int c = 0; c < MessageListModel::ColumnCount; ++c)
        if (MessageListModel::sortKeyFor(c) == m_sort.key)
            return c;
    return MessageListModel::Id;
}

void TriageView::showSort() {
    const int column = sortColumn();
    m_table->horizontalHeader()->setSortIndicator(column, m_sort.descending ? Qt::DescendingOrder : Qt::AscendingOrder);
    // Said in words too: the column may be scrolled out of sight (Failed sorts by Updated, far
    // right), and its ages would then look unordered.
    const QString by = m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
    // In words, not an arrow: styles draw the header's arrow for descending pointing up or down.
    m_sortNote->setText(m_sort.descending ? tr("sorted by %1, descending").arg(by) : tr("sorted by %1, ascending").arg(by));
}

void TriageView::restoreSelection() {
    if (m_keptSelection.isEmpty())
        return;
    const QSet<MessageId> kept(m_keptSelection.cbegin(), m_keptSelection.cend());
    QItemSelection sel;
    QSet<MessageId> found;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const MessageId id = m_model->message(r).id;
        if (kept.contains(id)) {
            found << id;
            sel.select(m_model->index(r, 0), m_model->index(r, MessageListModel::ColumnCount - 1));
        }
    }
    {
        // The target stays exactly the ids chosen; re-selecting them is not a new choice.
        const QSignalBlocker block(m_table->selectionModel());
        m_table->selectionModel()->select(sel, QItemSelectionModel::ClearAndSelect);
    }
    m_table->viewport()->update();
    if (found.size() == kept.size() || m_model->canFetchMore({}) || m_model->isCapped())
        return; // a selected row may still be on a page not read yet, or past the list's cap
    // Every page is read: the rows not found left the list (an action, this window's or another's,
    // changed them). The selection becomes what is on screen, so that the next action never
    // targets rows the operator can no longer see ("None of these messages can be changed").
    QList<MessageId> shown;
    for (const MessageId &id : std::as_const(m_keptSelection))
        if (found.contains(id))
            shown << id;
    const qsizetype left = kept.size() - found.size();
    m_keptSelection.clear();
    // The pane keeps the message it showed (re-read: its new state and audit row), saying that it
    // is no longer one of this list's.
    if (const MessageId inPane = m_detail->messageId(); !inPane.isNull() && !found.contains(inPane)) {
        bool listed = false;
        for (int r = 0; r < m_model->rowCount() && !listed; ++r)
            listed = m_model->message(r).id == inPane;
        m_detail->setLeftTheList(!listed);
    }
    emit selectionChanged(selectedIds());
    m_status->setText(shown.isEmpty() ? tr("Your %n selected message(s) changed and left this list; nothing is selected now.", nullptr, int(left))
                                      : tr("%n selected message(s) changed and left this list; still selected: %1.",
                                           nullptr, int(left))
                                            .arg(shown.size()));
}

void TriageView::refresh() {
    // A second refresh while the first one's pages are still arriving (own action, then its own
    // NOTIFY) must not take the half-restored selection for the operator's choice.
    if (m_keptSelection.isEmpty())
        m_keptSelection = selectedIds();
    // After an action the message in the detail pane may have left the list (retried, so no
    // longer FAILED); it stays in the pane, re-read, so that its new state and the new audit row
    // show. The selection is not restored: rows come back page by page.
    const MessageId shown = m_detail->messageId();
    m_listComplete = false;
    m_model->reload();
    updateCount();
    if (!shown.isNull())
        m_detail->showMessage(shown);
}

void TriageView::updateCount() {
    m_countCall.cancel();
    const quint64 gen = ++m_countGeneration;
    if (m_filter.idsUnreadable) { // nothing to count: said where the count stands
        m_count->setText(tr("0 matching: the Ids filter cannot be read"));
        return;
    }
    m_counted.reset();
    m_count->setText(tr("counting …"));
    // The newest count wins: one queued for an older filter never runs.
    const auto onDone = [this, gen](const MatchCount &c) {
        if (gen != m_countGeneration) return;
        m_counted = c;
        showCount();
    };
    const auto onFailed = [this, gen](const PgError &e) {
        if (gen != m_countGeneration) return;
        m_count->setText(tr("count unavailable"));
        m_count->setToolTip(e.message);
    };
    m_countCall = TriageService(m_gateway, m_profile).count(m_filter, {this, onDone, onFailed});
}

void TriageView::showCount() {
    const bool complete = m_listComplete;
    if (!m_counted && !complete)
        return; // still "counting …"
    const MatchCount c = m_counted.value_or(MatchCount{}).withListed(m_model->rowCount(), complete);
    const QString n = formatCount(c.n);
    m_count->setText(RowSecurityNotice::withShortNote(m_rowSecurity, c.estimated ? tr("about %1 matching (estimated)").arg(n)
                                                                     : c.atLeast ? tr("more than %1 matching").arg(n)
                                                                                 : tr("%1 matching").arg(n)));
}

void TriageView::loadChoices() {
    const auto onDone = [this](const FilterChoices &c) { m_filterBar->setChoices(c); };
    const auto onFailed = [this](const PgError &e) { m_status->setText(tr("Could not read the filter choices: %1").arg(e.message)); };
    TriageService(m_gateway, m_profile).choices({this, onDone, onFailed});
}

void TriageView::onCurrentRowChanged() {
    // The row is taken now, the load waits: a refresh in between (a NOTIFY) may reset the
    // model's current index, but not what the operator pointed at.
    const QModelIndex i = m_table->selectionModel()->currentIndex();
    if (!i.isValid() || !m_table->selectionModel()->isRowSelected(i.row(), {}))
        return;
    m_pendingDetailId = m_model->message(i.row()).id;
    m_detailDebounce.start();
}

void TriageView::showCurrentDetail() {
    if (!m_pendingDetailId.isNull())
        m_detail->showMessage(m_pendingDetailId);
    m_pendingDetailId = MessageId();
    updateDetailRoom();
}

void TriageView::updateDetailRoom() {
    // Nothing selected and nothing being re-selected after a refresh: the list takes the whole
    // width (Destination, Key and Last error were cut beside an empty pane).
    const bool chosen = !m_keptSelection.isEmpty() || !m_pendingDetailId.isNull() || !selectedIds().isEmpty();
    if (!chosen && !m_detail->messageId().isNull())
        m_detail->clear();
    m_detail->setVisible(chosen);
}

void TriageView::reloadSavedNames() {
    m_savedBox->clear();
    m_savedBox->addItem(tr("Saved filters…"));
    m_savedBox->addItems(m_saved->names());
}

void TriageView::saveCurrentFilter() {
    // Opened, not exec()'d (what QInputDialog::getText() would show): the list keeps refreshing
    // behind it, and an answer given after the view is gone reaches nothing.
    auto *dialog = new QInputDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("saveFilterName"));
    dialog->setWindowTitle(tr("Save filter"));
    dialog->setLabelText(tr("Name:"));
    dialog->setTextEchoMode(QLineEdit::Normal);
    connect(dialog, &QInputDialog::textValueSelected, this, [this](const QString &text) { saveFilterAs(text.trimmed()); });
    dialog->open();
}

void TriageView::saveFilterAs(const QString &name) {
    if (name.isEmpty())
        return;
    if (!m_saved->contains(name))
        return keepFilter(name);
    QMessageBox *box = openMessageBox(this, QMessageBox::Question, tr("Save filter"),
                                      tr("Replace the saved filter \"%1\"?").arg(name), QMessageBox::Yes | QMessageBox::No);
    connect(box, &QDialog::finished, this, [this, box, name] {
        if (answer(box) == QMessageBox::Yes)
            keepFilter(name);
    });
}

void TriageView::keepFilter(const QString &name) {
    // The filter as it is when the name is given (the dialogs do not freeze the list).
    m_saved->save(name, m_filter);
    reloadSavedNames();
    m_savedBox->setCurrentText(name);
}

void TriageView::deleteSavedFilter() {
    if (m_savedBox->currentIndex() <= 0)
        return;
    m_saved->remove(m_savedBox->currentText());
    reloadSavedNames();
}

void TriageView::loadSavedFilter(int index) {
    if (index <= 0)
        return;
    m_restored->hide();
    applyFilter(m_saved->load(m_savedBox->itemText(index)));
}

QString TriageView::selectionAsTsv() const {
    QStringList lines;
    QStringList header;
    QList<int> columns;
    for (int c = 0; c < MessageListModel::ColumnCount; ++c)
        if (!m_table->isColumnHidden(c)) {
            columns << c;
            header << m_model->headerData(c, Qt::Horizontal).toString();
        }
    lines << tsvLine(header);
    QList<int> rows;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        rows << i.row();
    std::sort(rows.begin(), rows.end());
    for (int r : rows) {
        QStringList f;
        QList<CellKind> kinds;
        for (int c : columns) {
            f << m_model->exportText(r, c);
            kinds << m_model->exportKind(r, c);
        }
        lines << tsvLine(f, kinds);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void TriageView::copySelection() {
    if (!m_table->selectionModel()->hasSelection())
        return;
    QApplication::clipboard()->setText(selectionAsTsv());
    m_status->setText(tr("%n row(s) copied as tab-separated text.", nullptr, int(m_table->selectionModel()->selectedRows().size())));
}

CsvExport *TriageView::exportFilteredTo(const QString &path, QString *error) {
    auto *exporter = new CsvExport(m_gateway, m_profile, this);
    PageRequest r;
    r.filter = m_filter;
    r.sort = m_sort;
    if (!exporter->start(r, path, error)) {
        delete exporter;
        return nullptr;
    }
    connect(exporter, &CsvExport::finished, exporter, &QObject::deleteLater);
    return exporter;
}

bool TriageView::exportSelectionTo(const QString &path, QString *error) {
    QList<MessageRow> rows;
    QList<int> idx;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        idx << i.row();
    std::sort(idx.begin(), idx.end());
    for (int r : idx)
        rows << m_model->message(r);
    return CsvExport::writeRows(rows, path, error);
}

void TriageView::exportFiltered() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export to CSV"), SaveFolder::proposal(SaveFolder::kExportsKey, SaveFolder::stampedName(QStringLiteral("messages"), QStringLiteral("csv"))),
        tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    SaveFolder::remember(SaveFolder::kExportsKey, path);
    QString error;
    CsvExport *exporter = exportFilteredTo(path, &error);
    if (!exporter) {
        QMessageBox::warning(this, tr("Export to CSV"), error);
        return;
    }
    auto *progress = new QProgressDialog(tr("Exporting messages …"), tr("Cancel"), 0, 0, this);
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    connect(progress, &QProgressDialog::canceled, exporter, &CsvExport::cancel);
    connect(exporter, &CsvExport::progressed, progress, [progress](qint64 n) {
        progress->setLabelText(tr("Exporting messages … %1 written").arg(formatCount(n)));
    });
    connect(exporter, &CsvExport::finished, this, [this, progress](bool, qint64, const QString &message) {
        progress->close();
        m_status->setText(message);
    });
}

void TriageView::exportSelection() {
    if (!m_table->selectionModel()->hasSelection()) {
        m_status->setText(tr("Select rows to export first."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export selection to CSV"),
        SaveFolder::proposal(SaveFolder::kExportsKey, SaveFolder::stampedName(QStringLiteral("selection"), QStringLiteral("csv"))), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    SaveFolder::remember(SaveFolder::kExportsKey, path);
    QString error;
    if (!exportSelectionTo(path, &error))
        QMessageBox::warning(this, tr("Export to CSV"), error);
    else
        m_status->setText(tr("%n row(s) exported to %1.", nullptr, int(m_table->selectionModel()->selectedRows().size())).arg(path));
}

} // namespace om
