// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/rowsecurity.h"

#include <QLabel>

namespace om {

/// The red strip under the dashboard's header while row-level security hides rows of the table
/// from the connected role: every tile, chart and list then counts only what the policies let the
/// role see, and nothing else on the screen could tell. Read with every snapshot, so that a policy
/// created or dropped while the window is open shows at the next refresh. Hidden otherwise.
class RowSecurityBanner : public QLabel {
    Q_OBJECT
public:
    explicit RowSecurityBanner(QWidget *parent = nullptr);
    void showFacts(const RowSecurity &facts, const QString &table);
    const RowSecurity &facts() const { return m_facts; }

private:
    RowSecurity m_facts;
};

} // namespace om
