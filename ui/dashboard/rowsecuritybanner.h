// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/readsecurity.h"

#include <QLabel>

namespace om {

class RowSecurityNotice;

/// The red strip under the dashboard's header while row-level security hides rows of a table the
/// profile reads (the table, its archive, lock table, lookups, audit table) from the connected
/// role: every tile, chart and list then counts only what the policies let the role see, and
/// nothing else on the screen could tell. It shows the window's RowSecurityNotice, which every
/// snapshot updates, so that a policy created or dropped while the window is open shows at the
/// next refresh. Hidden otherwise.
class RowSecurityBanner : public QLabel {
    Q_OBJECT
public:
    explicit RowSecurityBanner(QWidget *parent = nullptr);
    /// Shows `notice`'s facts now and whenever they change.
    void observe(const RowSecurityNotice *notice);
    void showFacts(const ReadSecurity &facts);
    const ReadSecurity &facts() const { return m_facts; }

private:
    ReadSecurity m_facts;
};

} // namespace om
