// SPDX-License-Identifier: GPL-3.0-or-later
#include "triagecolumns.h"
#include "common/widthsetting.h"
#include "messagelistmodel.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QScopedValueRollback>
#include <QTableView>

namespace om {
namespace {

using M = MessageListModel;

/// What an operator decides an action on, read left to right; the rest after the error's text.
const QList<int> kDecides = {M::State, M::Age, M::Destination, M::Type, M::Retries, M::ErrorCode};
const QList<int> kAfter = {M::LockedBy, M::ErrorMessage, M::Key, M::Id, M::NextRun, M::Created, M::Updated};

/// Widest a fitted column gets: a destination or a type longer than this is the exception, and
/// one such row must not push the error's text off screen.
constexpr int kFitCap = 260;
/// Narrowest the last error gets: a few words of it, the whole text in its tooltip.
constexpr int kErrorMinWidth = 240;

} // namespace

TriageColumns::TriageColumns(QTableView *table, SchemaProfile profile, QObject *parent)
    : QObject(parent), m_table(table), m_profile(std::move(profile)) {
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column, int, int width) {
        if (m_sizing)
            return;
        m_operatorSized.insert(column);
        m_chosen[int(m_arrangedFor.first)].insert(column, width);
        emit chosenWidthsChanged();
    });
    // Widths from the rows on screen only. By default a column's size hint reads up to 1,000 rows
    // around them: done for every column at every page, scrolling 100,000 rows kept the GUI thread
    // ~110 ms late on every tick (scripts/bench gui). Rows scrolled into view are measured then.
    m_table->horizontalHeader()->setResizeContentsPrecision(0);
    m_widenSoon.setSingleShot(true);
    m_widenSoon.setInterval(150);
    connect(&m_widenSoon, &QTimer::timeout, this, &TriageColumns::widen);
    connect(m_table->verticalScrollBar(), &QScrollBar::valueChanged, &m_widenSoon, qOverload<>(&QTimer::start));
}

QList<int> TriageColumns::order(ListFilter::View view, int sortColumn) {
    QList<int> out = kDecides;
    // The sort column beside what decides, so that the order of the rows can be seen: Failed
    // sorts by Updated, and its ages read "1 s, 2 s, 4 h 50 min" with Updated off screen.
    if (!out.contains(sortColumn))
        out.insert(2, sortColumn);
    for (int c : kAfter)
        if (!out.contains(c))
            out << c;
    // Stuck: who holds the message is what the operator asks first after how long.
    if (view == ListFilter::View::Stuck)
        out.move(out.indexOf(M::LockedBy), out.indexOf(M::Age) + 1);
    return out;
}

bool TriageColumns::usefulIn(ListFilter::View view, int column) {
    switch (column) {
    case M::LockedBy: // set only while a worker holds the message
        return view == ListFilter::View::Stuck || view == ListFilter::View::All;
    case M::NextRun: // a message in flight is not scheduled
        return view != ListFilter::View::Stuck;
    default:
        return true;
    }
}

void TriageColumns::arrange(ListFilter::View view, int sortColumn) {
    if (std::pair(view, sortColumn) == m_arrangedFor)
        return;
    m_arrangedFor = {view, sortColumn};
    const QScopedValueRollback<bool> sizing(m_sizing, true);
    QHeaderView *header = m_table->horizontalHeader();
    const QList<int> wanted = order(view, sortColumn);
    for (int visual = 0; visual < wanted.size(); ++visual)
        header->moveSection(header->visualIndex(wanted[visual]), visual);
    for (int c = 0; c < M::ColumnCount; ++c) {
        const QString logical = M::logicalColumn(c);
        const bool inProfile = logical.isEmpty() || m_profile.has(logical);
        m_table->setColumnHidden(c, !inProfile || !usefulIn(view, c));
    }
    // The widths chosen in this view before (this session or, through TriageView, the last one).
    m_operatorSized.clear();
    const QHash<int, int> chosen = m_chosen.value(int(view));
    for (auto it = chosen.cbegin(); it != chosen.cend(); ++it)
        if (it.key() >= 0 && it.key() < M::ColumnCount && it.value() > 0) {
            m_table->setColumnWidth(it.key(), it.value());
            m_operatorSized.insert(it.key());
        }
    m_fitPending = true;
}

QVariantMap TriageColumns::chosenWidths() const {
    QVariantMap out;
    for (auto view = m_chosen.cbegin(); view != m_chosen.cend(); ++view)
        out.insert(QString::number(view.key()), widthMap(view.value()));
    return out;
}

void TriageColumns::setChosenWidths(const QVariantMap &widths) {
    m_chosen.clear();
    for (auto view = widths.cbegin(); view != widths.cend(); ++view) {
        bool viewOk = false;
        const int v = view.key().toInt(&viewOk);
        if (const QHash<int, int> columns = widthsOf(view.value().toMap(), M::ColumnCount); viewOk && !columns.isEmpty())
            m_chosen.insert(v, columns);
    }
}

void TriageColumns::rowsArrived() {
    if (m_table->model()->rowCount() == 0)
        return; // widths from real rows, not from headers alone
    if (m_fitPending) {
        m_fitPending = false;
        fit();
    } else {
        widen();
    }
}

int TriageColumns::fittedWidth(int column) const {
    // Through the base class: QTableView makes its override protected; the call still reaches it.
    const QAbstractItemView *view = m_table;
    const int hint = qMax(view->sizeHintForColumn(column), m_table->horizontalHeader()->sectionSizeHint(column));
    return qMin(hint, kFitCap);
}

void TriageColumns::setWidth(int column, int width) {
    const QScopedValueRollback<bool> sizing(m_sizing, true);
    m_table->setColumnWidth(column, width);
}

void TriageColumns::fit() {
    QHeaderView *header = m_table->horizontalHeader();
    int used = 0;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int c = header->logicalIndex(visual);
        if (header->isSectionHidden(c) || c == M::ErrorMessage)
            continue;
        if (!m_operatorSized.contains(c))
            setWidth(c, fittedWidth(c));
        if (visual < header->visualIndex(M::ErrorMessage))
            used += m_table->columnWidth(c);
    }
    if (!m_operatorSized.contains(M::ErrorMessage))
        setWidth(M::ErrorMessage, qMax(kErrorMinWidth, m_table->viewport()->width() - used));
}

void TriageColumns::widen() {
    QHeaderView *header = m_table->horizontalHeader();
    for (int c = 0; c < M::ColumnCount; ++c) {
        if (header->isSectionHidden(c) || c == M::ErrorMessage || m_operatorSized.contains(c))
            continue;
        if (const int w = fittedWidth(c); w > m_table->columnWidth(c))
            setWidth(c, w);
    }
}

} // namespace om
