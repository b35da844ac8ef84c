// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QMetaType>
#include <QString>

namespace om {

/// One action announced by some Outbox Monitor on this database (the NOTIFY payload).
struct ActionNotice {
    /// The NOTIFY channel every Outbox Monitor announces its actions on and listens to.
    static QString channel() { return QStringLiteral("outbox_monitor"); }

    QString profile; ///< profile id of the table that changed
    QString action;  ///< retry | cancel | recoverStuck
    QString auditName;
    int count = 0;
    QString user; ///< database user
    QString osUser;
    QString host;
    int backendPid = 0; ///< backend that sent it
    /// The listening server's WAL position when the notice was read (0 = unknown): the change is
    /// behind it, so a standby that has replayed this far shows it (Gateway::requireReplayOf).
    quint64 walPosition = 0;

    /// nullopt-like: `ok` false when the payload is not an action notice.
    static ActionNotice fromPayload(const QString &json, bool *ok);
};

} // namespace om

Q_DECLARE_METATYPE(om::ActionNotice)
