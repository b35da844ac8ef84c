#pragma once
#include "core/snapshot.h"

#include <QHash>
#include <QWidget>

class QGridLayout;
class QLabel;

namespace om {

/// The current numbers at a glance: one tile per state plus oldest waiting, stuck and
/// near-max-retry. Estimated counts are marked as such.
class StatusTiles : public QWidget {
    Q_OBJECT
public:
    explicit StatusTiles(QWidget *parent = nullptr);
    void showSnapshot(const Snapshot &snapshot);
    /// Text of the tile's value, for tests.
    QString tileText(const QString &key) const;

    static QString formatAge(double seconds);

private:
    QLabel *tile(const QString &key, const QString &title);
    QGridLayout *m_grid;
    QHash<QString, QLabel *> m_values;
    int m_next = 0;
};

} // namespace om
