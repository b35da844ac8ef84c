// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/messagepage.h"
#include "core/model/pagerequest.h"
#include "core/model/listfilter.h"
#include "core/triage/blockedkeys.h"
#include "core/triage/detailquery.h"
#include "core/triage/listquery.h"
#include "core/triage/payloadformat.h"
#include "link/pendingcall.h"

namespace om {

class DatabaseLink;

/// What the triage views ask of the database: pages of messages, how many match, the filter's
/// choices, one message, its whole payload, and the blocked keys. Every call runs on the Browse
/// lane (a long list never delays the dashboard) and answers its Reply in the GUI thread.
class TriageService {
public:
    TriageService(DatabaseLink *link, const SchemaProfile &profile);

    /// One page of the messages `request` selects (the list, and the CSV export page by page).
    PendingCall page(const PageRequest &request, Reply<MessagePage> reply) const;
    /// How many messages `filter` selects (exact while cheap, else estimated). The newest count
    /// wins: one still queued for an older filter never runs.
    PendingCall count(const ListFilter &filter, Reply<MatchCount> reply) const;
    /// The values the filter bar offers (destinations, types, error codes).
    PendingCall choices(Reply<FilterChoices> reply) const;
    /// One message with the first limits::kPayloadPrefixChars of its payload. The newest wins: a
    /// load queued for a row the operator passed by never runs.
    PendingCall detail(const MessageId &id, Reply<MessageDetail> reply) const;
    /// The whole payload, made ready for display on the lane's thread (megabytes of JSON never
    /// hold up the window).
    PendingCall wholePayload(const MessageId &id, Reply<FormattedPayload> reply) const;
    /// Writes the whole payload to `path` in chunks; answers the bytes written.
    PendingCall savePayload(const MessageId &id, const QString &path, Reply<qint64> reply) const;
    /// The keys whose head blocks the messages behind it (at most limits::kMaxBlockedKeys).
    PendingCall blockedKeys(int stuckTimeoutMinutes, Reply<BlockedKeys> reply) const;

private:
    DatabaseLink *m_link;
    SchemaProfile m_profile;
    ListQuery m_list;
    DetailQuery m_detail;
};

} // namespace om
