// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/rowsecuritynotice.h"
#include "core/dashboard/snapshotpoller.h"

namespace om {

RowSecurityNotice::RowSecurityNotice(SnapshotPoller *poller, QObject *parent) : QObject(parent) {
    if (poller)
        connect(poller, &SnapshotPoller::snapshotReady, this, [this](const Snapshot &s) { setFacts(s.readSecurity); });
}

void RowSecurityNotice::setFacts(const ReadSecurity &facts) {
    // Every snapshot brings the facts again: the views redo their texts only when they change.
    const QString before = m_facts.hiddenRowsText();
    const bool knownBefore = !m_facts.tables.isEmpty();
    m_facts = facts;
    if (!knownBefore || m_facts.hiddenRowsText() != before)
        emit changed();
}

QString RowSecurityNotice::withNote(const RowSecurityNotice *notice, const QString &text) {
    if (!notice || !notice->hidesRows())
        return text;
    return text + QLatin1Char(' ') + notice->note();
}

QString RowSecurityNotice::withShortNote(const RowSecurityNotice *notice, const QString &count) {
    if (!notice || !notice->hidesRows())
        return count;
    return count + QLatin1Char(' ') + notice->facts().shortNote();
}

} // namespace om
