// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>
#include <QTimer>
#include <QVariantMap>

namespace om {

/// Column widths the operator chose for one table, kept under one settings key (column
/// widths remembered per connection). A drag resizes a column many times: the widths are
/// written half a second after the last change, and when this object goes (the window closed
/// right after a drag). It holds its own copy of the widths: when it goes, the table it belongs
/// to may be half gone already. Values come back as they were stored; the table checks them.
class WidthSetting : public QObject {
    Q_OBJECT
public:
    explicit WidthSetting(const QString &key, QObject *parent = nullptr);
    ~WidthSetting() override;

    QVariantMap stored() const;
    /// The operator changed a width: these are the widths now; written soon.
    void set(const QVariantMap &widths);

private:
    void write();

    QString m_key;
    QVariantMap m_widths;
    QTimer m_soon;
};

/// `widths` (column → width) as the settings hold them: {"<column>": width}.
QVariantMap widthMap(const QHash<int, int> &widths);
/// The widths of `map` that a table of `columnCount` columns can take: a column it has and a
/// width from 1 to 4999 px. What the settings file cannot mean (edited by hand, written by
/// another version) is left out.
QHash<int, int> widthsOf(const QVariantMap &map, int columnCount);

} // namespace om
