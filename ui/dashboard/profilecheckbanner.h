// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/check/profilecheck.h"

#include <QLabel>

namespace om {

/// The strip under the dashboard's header that says when the profile does not fit the live table:
/// a column missing or of the wrong type, states that overlap or leave rows out, a dashboard index
/// or the kit's action function missing. Red when the dashboard's numbers cannot be trusted
/// (errors), yellow when they can but something costs or is off (warnings); hidden when it fits.
/// "Details…" lists every finding with its place in the profile and the rows per state.
class ProfileCheckBanner : public QLabel {
    Q_OBJECT
public:
    /// `source`: the profile's file (or built-in id), named in front of every finding with the
    /// finding's line in it (read once here, as the profile was loaded when the window opened).
    explicit ProfileCheckBanner(const QString &source, QWidget *parent = nullptr);
    void showReport(const ProfileCheckReport &report);
    /// What "Details…" shows.
    QString detailsText() const;
    const ProfileCheckReport &report() const { return m_report; }

signals:
    /// "Check again": the operator fixed something (applied the kit, added a column).
    void recheckRequested();

private:
    void openDetails();

    QString m_source;
    QByteArray m_text; ///< the profile's JSON, to name each finding's line; empty when unreadable
    ProfileCheckReport m_report;
};

} // namespace om
