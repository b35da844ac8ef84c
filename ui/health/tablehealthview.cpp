// SPDX-License-Identifier: GPL-3.0-or-later
#include "health/tablehealthview.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"
#include "core/health/healthservice.h"
#include "core/health/partitionbound.h"
#include "health/purgedialog.h"
#include "link/databaselink.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QShowEvent>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace om {
namespace {
constexpr int kRefreshMs = 60 * 1000;
} // namespace

TableHealthView::TableHealthView(const AppContext &context, QWidget *parent)
    : QWidget(parent), m_context(context), m_readAt(new QLabel(this)), m_purgeNote(new QLabel(this)),
      m_refresh(new QPushButton(tr("Refresh"), this)), m_purge(new QPushButton(tr("Purge finished messages…"), this)),
      m_tree(new QTreeWidget(this)), m_timer(new QTimer(this)) {
    m_readAt->setObjectName(QStringLiteral("readAt"));
    m_readAt->setWordWrap(true); // a long reason (a time limit, a privilege) wraps instead of being cut off
    m_purge->setObjectName(QStringLiteral("purge"));
    m_purgeNote->setWordWrap(true);
    // Values right-aligned beside their names, and the spare width after them: with the value
    // column stretched across the window, a name at the left edge and its number at the right
    // edge could not be read together on a wide screen.
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Item"), tr("Value"), QString()});
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_purge->setEnabled(false);
    auto *top = new QHBoxLayout;
    top->addWidget(m_readAt, 1);
    top->addWidget(m_refresh);
    top->addWidget(m_purge);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_purgeNote);
    if (m_context.gateway->readsStandby()) {
        // Activity statistics are kept by each server and not replicated: read on a standby they
        // are the standby's, and "never vacuumed" would be a false alarm about the primary.
        auto *standbyNote = new QLabel(
            tr("Read from the standby: sizes and row estimates are the primary's (replicated with the catalog); "
               "vacuum and analyze times and the dead-row and activity counters are the standby's own (each server "
               "keeps its own), so they do not say when the primary was vacuumed."),
            this);
        standbyNote->setObjectName(QStringLiteral("standbyNote"));
        standbyNote->setWordWrap(true);
        layout->addWidget(standbyNote);
    }
    layout->addWidget(m_tree, 1);
    m_readAt->setText(tr("Not read yet."));
    m_timer->setInterval(kRefreshMs);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (isVisible())
            refresh();
    });
    connect(m_refresh, &QPushButton::clicked, this, &TableHealthView::refresh);
    connect(m_purge, &QPushButton::clicked, this, &TableHealthView::openPurge);
    m_timer->start();
}

void TableHealthView::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    refresh();
}

void TableHealthView::refresh() {
    const auto onDone = [this](const HealthReport &r) { showReport(r); };
    const auto onFailed = [this](const PgError &e) {
        if (e.kind != PgError::Kind::Cancelled)
            m_readAt->setText(tr("Could not read the table's health: %1").arg(e.message));
    };
    HealthService(m_context.gateway, m_context.profile).report(kDefaultRetentionDays, {this, onDone, onFailed});
}

QTreeWidgetItem *TableHealthView::addRow(QTreeWidgetItem *parent, const QString &name, const QString &value) {
    auto *item = new QTreeWidgetItem(parent, {name, value});
    item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

void TableHealthView::addTable(const QString &title, const TableHealth &h) {
    auto *top = new QTreeWidgetItem(m_tree, {title, h.table});
    top->setExpanded(true);
    if (!h.exists) {
        addRow(top, tr("Table"), tr("does not exist (or this login cannot see it)"));
        return;
    }
    const QLocale locale;
    auto bytes = [&locale](qint64 b) { return locale.formattedDataSize(b); };
    auto when = [](const QDateTime &t) { return t.isValid() ? formatLocalTime(t) : tr("never"); };
    auto count = [](qint64 n) { return n < 0 ? tr("unknown") : formatCount(n); };
    addRow(top, tr("Total size"), bytes(h.totalBytes));
    addRow(top, tr("Heap"), bytes(h.heapBytes));
    auto *indexes = addRow(top, tr("Indexes (%n)", nullptr, int(h.indexes.size())), bytes(h.indexBytes));
    for (const auto &index : h.indexes)
        addRow(indexes, index.first, bytes(index.second));
    addRow(top, tr("TOAST"), bytes(h.toastBytes));
    addRow(top, tr("Rows (estimate from pg_class)"), count(h.rowsEstimate));
    addRow(top, tr("Live tuples"), count(h.liveTuples));
    addRow(top, tr("Dead tuples"), count(h.deadTuples));
    addRow(top, tr("Changed since last analyze"), count(h.modifiedSinceAnalyze));
    addRow(top, tr("Last vacuum / autovacuum"), when(h.lastVacuum) + QLatin1String(" / ") + when(h.lastAutovacuum));
    addRow(top, tr("Last analyze / autoanalyze"), when(h.lastAnalyze) + QLatin1String(" / ") + when(h.lastAutoanalyze));
    addRow(top, tr("Vacuums / autovacuums"), formatCount(h.vacuumCount) + QLatin1String(" / ") + formatCount(h.autovacuumCount));
    addRow(top, tr("Analyzes / autoanalyzes"), formatCount(h.analyzeCount) + QLatin1String(" / ") + formatCount(h.autoanalyzeCount));
    if (h.partitioned)
        addPartitions(top, h);
}

void TableHealthView::addPartitions(QTreeWidgetItem *top, const TableHealth &h) {
    // A partitioned table's figures above are its partitions' sums; autovacuum works on each
    // partition on its own, so a partition left behind (never analysed, many dead rows) shows
    // here and not in the sums. Collapsed: a table partitioned by day has dozens of them.
    const QLocale locale;
    auto when = [](const QDateTime &t) { return t.isValid() ? formatLocalTime(t) : tr("never"); };
    auto count = [](qint64 n) { return n < 0 ? tr("unknown") : formatCount(n); };
    auto *list = addRow(top, tr("Partitions (%n)", nullptr, int(h.partitions.size())), tr("sizes and rows above are their sums"));
    for (const PartitionHealth &p : h.partitions) {
        // What it holds first (a queue's name where the library names partitions by a hash of
        // it), then its name; the name alone in the tooltip and for whoever reads the item.
        const QString holds = partitionBoundText(p.bound);
        auto *item = addRow(list, holds.isEmpty() ? p.name : tr("%1 — %2").arg(holds, p.name), locale.formattedDataSize(p.totalBytes));
        item->setData(0, Qt::UserRole, p.name);
        item->setToolTip(0, p.bound.isEmpty() ? p.name : p.name + QLatin1Char('\n') + p.bound);
        addRow(item, tr("Rows (estimate from pg_class)"), count(p.rowsEstimate));
        addRow(item, tr("Live tuples"), count(p.liveTuples));
        addRow(item, tr("Dead tuples"), count(p.deadTuples));
        addRow(item, tr("Last vacuum / autovacuum"), when(p.lastVacuum) + QLatin1String(" / ") + when(p.lastAutovacuum));
        addRow(item, tr("Last analyze / autoanalyze"), when(p.lastAnalyze) + QLatin1String(" / ") + when(p.lastAutoanalyze));
    }
}

void TableHealthView::showReport(const HealthReport &r) {
    m_report = r;
    m_tree->clear();
    addTable(tr("Messages"), r.table);
    if (m_context.profile.hasAudit())
        addTable(tr("Audit"), r.audit);
    if (m_context.profile.hasArchive())
        addTable(tr("Archive"), r.archive);
    if (r.purgeableEstimate >= 0) {
        auto *item = new QTreeWidgetItem(m_tree, {tr("Finished more than %n day(s) ago (planner estimate)", nullptr, r.olderThanDays),
                                                  formatCount(r.purgeableEstimate)});
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    }
    m_readAt->setText(tr("Read from the catalog at %1 (server clock).").arg(formatLocalTime(r.readAt)));
    // Enabled only when the database itself would let this login purge; it refuses anyone else
    // anyway (the function's EXECUTE is the operator role's only).
    const bool can = !m_context.readOnly && m_context.profile.hasPurge() && r.purgeAllowed;
    m_purge->setEnabled(can);
    if (!m_context.profile.hasPurge())
        m_purgeNote->setText(tr("This profile declares no purge."));
    else if (m_context.readOnly)
        m_purgeNote->setText(tr("Read-only window: no purge."));
    else if (!r.purgeAllowed)
        m_purgeNote->setText(tr("This login may not purge (the kit's purge function is missing, or EXECUTE is the operator role's only)."));
    else
        m_purgeNote->clear();
    emit reportShown();
}

void TableHealthView::openPurge() {
    // Opened, not exec()'d: the purge runs its batches while the tab keeps refreshing, and a tab
    // (or window) closed while the dialog is up takes the dialog along; nothing runs on in it.
    auto *dialog = new PurgeDialog(m_context, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::finished, this, &TableHealthView::refresh); // the sizes after the purge
    dialog->open();
}

} // namespace om
