// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/countwording.h"
#include "core/common/countformat.h"
#include "link/limits.h"

#include <QLocale>
#include <climits>

namespace om {

QString CountWording::shortTime(const QDateTime &utc) {
    const QDateTime local = utc.toLocalTime();
    const bool today = local.date() == QDate::currentDate();
    return QLocale().toString(local, today ? QStringLiteral("HH:mm") : QStringLiteral("MM-dd HH:mm"));
}

QString CountWording::value(const StateCount &c) {
    if (c.count < 0)
        return tr("unknown");
    const QString n = formatCount(c.count);
    // Exact counts carry no mark at all: "≈" is kept for what really is an estimate.
    return c.estimated || (c.archived > 0 && c.archivedEstimated) ? tr("≈ %1 (estimated)").arg(n) : n;
}

QString CountWording::note(const StateCount &c, const TableStats &table) {
    const QString own = tableNote(c, table);
    if (c.archived <= 0 || c.count < 0)
        return own;
    // Moved by the library's maintenance, still finished: said, so that a count that holds while
    // the table shrinks is not a puzzle.
    const QString archived = c.archivedEstimated ? tr("incl. ≈ %1 archived").arg(formatCount(c.archived))
                                                 : tr("incl. %1 archived").arg(formatCount(c.archived));
    return own.isEmpty() ? archived : own + QStringLiteral("; ") + archived;
}

QString CountWording::tableNote(const StateCount &c, const TableStats &table) {
    if (!c.estimated || c.count < 0)
        return {};
    switch (c.note) {
    case EstimateNote::Held:
        // The reading is lower while nothing left the table: the statistics moved, not the count.
        return table.analyzedAt.isValid()
                   ? tr("not lowered: no rows were deleted, though the table's statistics of %1 say ≈ %2")
                         .arg(shortTime(table.analyzedAt), formatCount(c.readEstimate))
                   : tr("not lowered: no rows were deleted, though the table's statistics say ≈ %1").arg(formatCount(c.readEstimate));
    case EstimateNote::RowsDeleted:
        return tr("lower: %Ln row(s) deleted since the last refresh", nullptr, int(qMin<qint64>(c.deletedRows, INT_MAX)));
    case EstimateNote::TableRewritten:
        return tr("lower: the table was emptied or rewritten (TRUNCATE, VACUUM FULL)");
    case EstimateNote::CountersReset:
        return tr("lower: the server's table statistics were reset");
    case EstimateNote::None:
        break;
    }
    return table.analyzedAt.isValid() ? tr("estimated from the table's statistics of %1").arg(shortTime(table.analyzedAt))
                                      : tr("estimated: the table's statistics were never gathered (ANALYZE)");
}

QString CountWording::toolTip(const StateCount &c, const TableStats &table) {
    const QString tip = tableToolTip(c, table);
    if (c.archived <= 0)
        return tip;
    return tip + QLatin1Char('\n')
           + (c.archivedEstimated ? tr("Includes ≈ %1 rows of the archive table, estimated from its statistics.").arg(formatCount(c.archived))
                                  : tr("Includes %1 rows of the archive table, counted.").arg(formatCount(c.archived)));
}

QString CountWording::tableToolTip(const StateCount &c, const TableStats &table) {
    if (!c.estimated) {
        return c.countedByIndex
                   ? tr("Exact count: a rare finished state, counted through its index while the statistics put it at "
                        "%1 rows or fewer.")
                         .arg(formatCount(limits::kRareCountMaxRows))
                   : tr("Exact count.");
    }
    QString tip = tr("Estimated from the table's statistics (live rows from pg_stat, less every exact count): "
                     "counting millions of finished rows exactly would scan the table. It does not go down "
                     "unless rows were deleted.");
    if (table.analyzedAt.isValid())
        tip += QLatin1Char('\n') + tr("Last ANALYZE: %1").arg(QLocale().toString(table.analyzedAt.toLocalTime(), QLocale::ShortFormat));
    if (c.note != EstimateNote::None)
        tip += QLatin1Char('\n') + note(c, table);
    return tip;
}

} // namespace om
