// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QLabel>

namespace om {

/// A one-line label that gives up width gracefully: when squeezed (a narrow window's status bar)
/// it ends its text with "…" and shows the whole of it as a tooltip, instead of insisting on its
/// full width and pushing its neighbours out of the window.
class ElidingLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidingLabel(QWidget *parent = nullptr);
    /// Sets the full text (and the tooltip); what is painted is elided to the current width.
    void setFullText(const QString &text);
    QString fullText() const { return m_full; }
    /// What fits the current width: the full text, or its start and "…".
    QString shownText() const;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_full;
};

} // namespace om
