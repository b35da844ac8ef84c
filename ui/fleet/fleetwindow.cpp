// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetwindow.h"
#include "common/pressedrow.h"
#include "workstation/tabledensity.h"
#include "workstation/appearance.h"
#include "workstation/keyboardmanners.h"
#include "fleet/fleetmodel.h"
#include "fleet/fleetsortproxy.h"
#include "fleet/fleettray.h"
#include "common/helpmenu.h"
#include "link/limits.h"

#include <QCloseEvent>
#include <QDeadlineTimer>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace om {
namespace {

/// Columns are fitted this long after the change that asks for it (many databases answer at once).
constexpr int kFitDebounceMs = 300;
/// ... and at least this often while numbers change (a count that gained a digit).
constexpr qint64 kRefitEveryMs = 30000;
/// Rows that move only because their numbers changed (not their state) move at most this often.
constexpr qint64 kResortEveryMs = 5000;

} // namespace

FleetWindow::FleetWindow(SetupSource source, QWidget *parent) : FleetWindow(source ? source() : QList<FleetMember::Setup>(), parent) {
    m_source = std::move(source);
    buildMenu();
}

FleetWindow::FleetWindow(const QList<FleetMember::Setup> &setups, QWidget *parent)
    : QMainWindow(parent), m_model(new FleetModel(this)), m_sorted(new FleetSortProxy(this)),
      m_table(new QTableView), m_summary(new QLabel), m_status(new QLabel), m_tray(new FleetTray(this)) {
    setWindowTitle(tr("Fleet overview — Outbox Monitor"));
    KeyboardManners::install(); // Tab leaves the table
    buildTable();

    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    QFont big = m_summary->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_summary->setFont(big);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    setCentralWidget(central);
    statusBar()->addWidget(m_status, 1);
    m_status->setText(m_tray->trayProblem().isEmpty()
                          ? tr("Double-click a database (or press Enter) to open its window.")
                          : m_tray->trayProblem());
    connect(m_tray, &FleetTray::openRequested, this, &FleetWindow::openRequested);
    connect(m_tray, &FleetTray::activated, this, [this] {
        showNormal();
        raise();
        activateWindow();
    });

    // Data ages move without a refresh; one clock for all rows.
    m_clock.setInterval(1000);
    connect(&m_clock, &QTimer::timeout, m_model, &FleetModel::tick);
    m_clock.start();
    startMembers(setups);
    resize(1100, qBound(300, 140 + 30 * int(m_members.size()), 800));
}

void FleetWindow::startMembers(const QList<FleetMember::Setup> &setups) {
    QList<FleetMember *> members;
    for (const FleetMember::Setup &setup : setups) {
        auto *member = new FleetMember(setup, this);
        connect(member, &FleetMember::changed, this, &FleetWindow::refreshSummary);
        connect(member, &FleetMember::crossed, this, [this, member](const AlertCrossing &c) { m_tray->announce(*member, c); });
        members << member;
    }
    m_members = members;
    m_model->setMembers(m_members);
    refreshSummary();
    for (FleetMember *m : std::as_const(m_members))
        m->start();
}

void FleetWindow::buildMenu() {
    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *reloadAction = view->addAction(tr("Reload saved connections"), this, &FleetWindow::reload);
    reloadAction->setShortcut(QKeySequence::Refresh);
    TableDensity::instance()->addMenuTo(view);
    Appearance::instance()->addMenuTo(view);
    HelpMenu::addTo(this);
}

void FleetWindow::reload() {
    if (!m_source || m_stopped)
        return;
    stopMembers(limits::kShutdownWaitMs);
    m_model->setMembers({});
    for (FleetMember *m : std::as_const(m_members))
        m->deleteLater();
    m_members.clear();
    startMembers(m_source());
}

FleetWindow::~FleetWindow() { stopAll(limits::kShutdownWaitMs); }

void FleetWindow::buildTable() {
    m_sorted->setSourceModel(m_model);
    connect(m_model, &FleetModel::cellsUpdated, this, &FleetWindow::keepOrder);
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(FleetModel::State, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    // Not ResizeToContents: that measures every cell of every column on every refresh of every
    // database (with 20 databases it was most of the program's CPU time). The columns are fitted
    // after a database's health changes (rare) and every 30 s, debounced.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_fit.setSingleShot(true);
    m_fit.setInterval(kFitDebounceMs);
    connect(&m_fit, &QTimer::timeout, this, [this] {
        m_table->resizeColumnsToContents();
        m_sinceFit.start();
    });
    // activated: Enter on the current row (the keyboard's way in). A double-click opens the row it
    // began on (PressedRow): the rows may move between its two presses.
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) {
        const QString name = index.data(FleetModel::NameRole).toString();
        if (!name.isEmpty())
            emit openRequested(name);
    });
    connect(new PressedRow(m_table, FleetModel::NameRole), &PressedRow::doubleClicked, this, [this](const QVariant &name) {
        if (!name.toString().isEmpty())
            emit openRequested(name.toString());
    });
}

void FleetWindow::keepOrder(bool stateChanged) {
    // Worst first stays worst first: a database whose state changed (it went critical, or cannot
    // be read) moves at once. Rows that trade places only by their numbers (among equals, the
    // oldest waiting first; or a count the operator sorted by) move at most every 5 s: with many
    // databases in one state they traded places on nearly every tick, and every move repaints
    // the whole table.
    if (!stateChanged && m_sinceSort.isValid() && !m_sinceSort.hasExpired(kResortEveryMs))
        return;
    if (m_sorted->resortIfNeeded())
        m_sinceSort.start();
}

void FleetWindow::refreshSummary() {
    QList<FleetReading> readings;
    QList<FleetReading::Health> healths;
    for (const FleetMember *m : std::as_const(m_members)) {
        readings << m->reading();
        healths << m->reading().health;
    }
    if (healths != m_fittedHealths || !m_sinceFit.isValid() || m_sinceFit.hasExpired(kRefitEveryMs)) {
        m_fittedHealths = healths;
        if (!m_fit.isActive())
            m_fit.start();
    }
    const QString summary = FleetReading::summary(readings);
    m_summary->setText(m_members.isEmpty() ? tr("No saved connections yet: Connection → Manage connections… saves them.")
                                           : summary);
    m_tray->show(readings, summary);
}

QString FleetWindow::summaryText() const { return m_summary->text(); }

QString FleetWindow::nameAt(int viewRow) const {
    return m_sorted->index(viewRow, FleetModel::Name).data(FleetModel::NameRole).toString();
}

void FleetWindow::stopAll(int waitMs) {
    if (m_stopped)
        return;
    m_stopped = true;
    m_clock.stop();
    stopMembers(waitMs);
}

void FleetWindow::stopMembers(int waitMs) {
    // All lanes are told to end first, then waited for: idle ones end together, and one that
    // waits for a silent network costs the shared bound once, not once per database.
    for (FleetMember *m : std::as_const(m_members))
        m->stopPolling();
    const QDeadlineTimer deadline(waitMs);
    for (FleetMember *m : std::as_const(m_members))
        m->stop(int(qMax<qint64>(0, deadline.remainingTime())));
}

void FleetWindow::closeEvent(QCloseEvent *event) {
    stopAll(limits::kShutdownWaitMs);
    QMainWindow::closeEvent(event);
}

} // namespace om
