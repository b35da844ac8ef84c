// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/dashboard/dashboardsettings.h"
#include "core/profile/schemaprofile.h"
#include "core/store/historystore.h"

#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QSize>

class QWidget;

namespace om {

class HistoryChart;

/// What the dashboard's three history charts show, read from the local store once, so that the
/// dashboard and the incident report draw the same charts from the same code.
struct HistoryData {
    struct Series {
        QString id;    ///< store metric ("state:PENDING", "stuck", "oldest")
        QString label; ///< legend text
        QList<HistoryPoint> points;
    };
    qint64 fromMs = 0;
    qint64 toMs = 0;
    QList<Series> open;     ///< open states and "stuck" (exact counts)
    QList<Series> finished; ///< terminal states (estimated)
    Series oldest;          ///< oldest waiting age, seconds
    /// Stored samples behind the points (a downsampled point counts its bucket's samples).
    qint64 sampleCount() const;
    /// Server time of the first and last point (0 when none).
    qint64 firstMs() const;
    qint64 lastMs() const;
};

/// The dashboard's history charts: creation with their titles, filling from HistoryData, the
/// oldest-age threshold lines, and drawing onto an image for print.
class HistoryCharts {
    Q_DECLARE_TR_FUNCTIONS(om::HistoryCharts)
public:
    static HistoryChart *createOpen(QWidget *parent = nullptr);
    static HistoryChart *createFinished(QWidget *parent = nullptr);
    static HistoryChart *createOldest(QWidget *parent = nullptr);

    /// Reads every series of `profile` for [fromMs, toMs] with at most `maxPoints` points each
    /// (min/max/avg buckets computed in SQL when there are more samples).
    static HistoryData load(const HistoryStore &store, const QString &connectionKey, const SchemaProfile &profile,
                            qint64 fromMs, qint64 toMs, int maxPoints = 2000);
    /// Puts `data` into the three charts (any may be null) and sets their time range.
    static void show(const HistoryData &data, HistoryChart *open, HistoryChart *finished, HistoryChart *oldest);
    /// Dashed warning/critical lines for the oldest-age chart (minutes), from the tile's thresholds.
    static QList<QPair<QString, double>> oldestLines(const Threshold &oldest);
    /// Draws `chart` at `size` (logical pixels) onto a white image of twice that resolution.
    static QImage toImage(HistoryChart *chart, const QSize &size);
};

} // namespace om
