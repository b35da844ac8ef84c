// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace om {

/// What the fleet overview knows of one database: its connection's health and the
/// numbers of its last good snapshot. While the database does not answer the numbers stay, marked
/// by the health and their age, never shown as if current.
struct FleetReading {
    Q_DECLARE_TR_FUNCTIONS(om::FleetReading)
public:
    enum class Health {
        Connecting, ///< no answer yet
        Up,         ///< the last refresh succeeded
        Failing,    ///< refreshes fail (server down, the network, a query error); the poller retries with backoff
        Refused,    ///< retrying cannot help (password, role, database, profile): nothing more is tried
    };

    Health health = Health::Connecting;
    QString message;         ///< why it is not up, in the server's or our words
    bool hasNumbers = false; ///< a snapshot arrived at least once
    qint64 waiting = 0;
    std::optional<double> oldestWaitingS; ///< none waiting: empty
    qint64 failed = 0;                    ///< the profile's failed states together
    qint64 stuck = 0;
    std::optional<qint64> blocked;  ///< rows behind a failing head; empty without an ordering key
    bool blockedNeedsIndex = false; ///< ordered table without the kit's (key, created) index: not counted
    int level = 0;                  ///< the worst tile against its thresholds: 0 ok, 1 warning, 2 critical
    qint64 serverMs = 0;            ///< what the last refresh cost the server
    qint64 roundTripMs = 0;         ///< the last refresh from asking to the answer
    /// Read from a standby (the saved connection names one): its replay lag (empty: unknown), and
    /// whether that makes the numbers stale by the connection's bound.
    bool readsStandby = false;
    std::optional<double> standbyLagS;
    bool standbyStale = false;
    /// Row-level security hides rows of the table from the fleet's role: the numbers count only
    /// what its policies let it see (`message` says so). At least a warning, never "ok".
    bool rowsHidden = false;

    /// The numbers are as good as now: the database answered its last refresh, and a standby it
    /// is read from is within its bound. Otherwise they are shown grey.
    bool numbersCurrent() const { return health == Health::Up && !standbyStale; }

    /// Worst first: critical, then a database that cannot be read, then warning, ok, and one that
    /// has not answered yet. The overview sorts by it and the tray shows the top.
    int severity() const;
    /// "critical", "cannot read", ... in words for the State column.
    QString stateWords() const;
    /// The level whose colour shows it (alerts/levelicon): the thresholds' level (0..2) while up,
    /// 3 (grey) when it cannot be read, -1 (no colour) before it first answered.
    int colourLevel() const;
    /// The alert level a tray shows for it: the thresholds' level while up, 3 (grey) when it
    /// cannot be read, 0 before it first answered.
    int trayLevel() const;

    /// One line for a whole fleet, worst first: "20 databases: 1 critical, 2 cannot be read,
    /// 3 warning, 14 ok" (kinds with none are left out).
    static QString summary(const QList<FleetReading> &readings);
};

} // namespace om
