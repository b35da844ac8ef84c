// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QObject>

class QMenu;
class QTableView;

namespace om {

/// How tightly the program's tables are set (workstation manners): Comfortable is the
/// style's own row height; Compact fits about a third more rows on a laptop screen during an
/// incident. One choice for the whole program, kept in its settings ("view/density") and applied
/// to every table of every window and dialog, also those opened later.
class TableDensity : public QObject {
    Q_OBJECT
public:
    enum class Density {
        Comfortable,
        Compact
    };

    /// The one instance (created on first use, owned by the application); it applies the choice
    /// to each table as the table is first shown.
    static TableDensity *instance();

    Density density() const { return m_density; }
    /// Applies `d` to every table now shown and to every one shown later, and keeps it.
    void setDensity(Density d);
    /// "Row density" with Comfortable and Compact, checked as chosen; added to `viewMenu`.
    QMenu *addMenuTo(QMenu *viewMenu);
    /// The row height `view` gets under the current choice.
    int rowHeight(const QTableView *view) const;

signals:
    void densityChanged(om::TableDensity::Density density);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    TableDensity();
    void apply(QTableView *view) const;

    Density m_density = Density::Comfortable;
};

} // namespace om
