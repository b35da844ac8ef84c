// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/readsecurity.h"

#include <QObject>
#include <QString>

namespace om {

class SnapshotPoller;

/// The one place the window keeps what row-level security does to the role's reads, on every
/// table the profile reads, as the latest snapshot found it. The dashboard's banner, Triage's
/// empty lists, Blocked keys' summary and the recent actions observe it: every view that shows a
/// number or an absence says, from here, that the role sees fewer rows.
class RowSecurityNotice : public QObject {
    Q_OBJECT
public:
    /// Follows `poller`'s snapshots (none: setFacts() only).
    explicit RowSecurityNotice(SnapshotPoller *poller, QObject *parent = nullptr);

    /// Emits changed() when what is hidden, or from whom, changed.
    void setFacts(const ReadSecurity &facts);
    const ReadSecurity &facts() const { return m_facts; }
    bool hidesRows() const { return m_facts.hidesRows(); }
    /// ReadSecurity::fewerRowsNote(): "" when nothing is hidden.
    QString note() const { return m_facts.fewerRowsNote(); }
    /// `text`, and after it the note when rows are hidden; `text` alone without a notice.
    static QString withNote(const RowSecurityNotice *notice, const QString &text);
    /// `count` (a short text), and after it ReadSecurity::shortNote() when rows are hidden.
    static QString withShortNote(const RowSecurityNotice *notice, const QString &count);

signals:
    void changed();

private:
    ReadSecurity m_facts;
};

} // namespace om
