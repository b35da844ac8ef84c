// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QDateTime>
#include <QElapsedTimer>
#include <QLabel>

class QTimer;

namespace om {

/// Says how old the data of a list or pane is: "as of 14:02:31, 40 s ago". markFresh() when new
/// data arrived; the age then counts on by itself, re-formatted once a second by a timer on the
/// GUI thread that only changes this label's text (no query, no other work).
class DataAgeLabel : public QLabel {
    Q_OBJECT
public:
    explicit DataAgeLabel(QWidget *parent = nullptr);
    /// The data shown was read just now.
    void markFresh();
    /// Nothing is shown (no data yet): the label is empty and the timer stops.
    void reset();
    /// The data cannot be refreshed now (the connection is down): the label says so, in red,
    /// while the age keeps counting.
    void setStale(bool stale);
    bool isStale() const { return m_stale; }
    /// "as of HH:mm:ss, N s ago" for data read at `readAt` and `ageMs` old ("" when `readAt` is invalid).
    static QString describe(const QDateTime &readAt, qint64 ageMs);

private:
    void updateText();

    QDateTime m_readAt;    ///< wall clock, for the "as of" time the operator compares with others
    QElapsedTimer m_since; ///< monotonic, for the age (a clock change does not make data younger)
    QTimer *m_tick;
    bool m_stale = false;
};

} // namespace om
