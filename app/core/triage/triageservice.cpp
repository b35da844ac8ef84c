// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/triage/triageservice.h"
#include "core/service/servicecall.h"

namespace om {

TriageService::TriageService(DatabaseLink *link, const SchemaProfile &profile)
    : m_link(link), m_profile(profile), m_list(profile), m_detail(profile) {}

PendingCall TriageService::page(const PageRequest &request, Reply<MessagePage> reply) const {
    const ListQuery q = m_list;
    return serviceCall<MessagePage>(m_link, Lane::Browse, std::move(reply),
                                    [q, request](PgSession &s) { return q.fetchPage(s, request); });
}

PendingCall TriageService::count(const ListFilter &filter, Reply<MatchCount> reply) const {
    const ListQuery q = m_list;
    return serviceCall<MatchCount>(
        m_link, Lane::Browse, std::move(reply),
        [q, filter](PgSession &s) { return q.count(s, filter); }, QStringLiteral("triage-count"));
}

PendingCall TriageService::choices(Reply<FilterChoices> reply) const {
    const ListQuery q = m_list;
    return serviceCall<FilterChoices>(m_link, Lane::Browse, std::move(reply), [q](PgSession &s) { return q.choices(s); });
}

PendingCall TriageService::detail(const MessageId &id, Reply<MessageDetail> reply) const {
    const DetailQuery q = m_detail;
    return serviceCall<MessageDetail>(
        m_link, Lane::Browse, std::move(reply),
        [q, id](PgSession &s) { return q.fetch(s, id, limits::kPayloadPrefixChars); }, QStringLiteral("detail"));
}

PendingCall TriageService::wholePayload(const MessageId &id, Reply<FormattedPayload> reply) const {
    const DetailQuery q = m_detail;
    return serviceCall<FormattedPayload>(m_link, Lane::Browse, std::move(reply),
                                         [q, id](PgSession &s) { return q.fetchFormattedPayload(s, id); });
}

PendingCall TriageService::savePayload(const MessageId &id, const QString &path, Reply<qint64> reply) const {
    const DetailQuery q = m_detail;
    return serviceCall<qint64>(m_link, Lane::Browse, std::move(reply),
                               [q, id, path](PgSession &s) { return q.savePayload(s, id, path); });
}

PendingCall TriageService::blockedKeys(int stuckTimeoutMinutes, Reply<BlockedKeys> reply) const {
    const BlockedKeysQuery q(m_profile, stuckTimeoutMinutes);
    return serviceCall<BlockedKeys>(
        m_link, Lane::Browse, std::move(reply),
        [q](PgSession &s) { return q.run(s, limits::kMaxBlockedKeys); },
        QStringLiteral("blocked-keys"));
}

} // namespace om
