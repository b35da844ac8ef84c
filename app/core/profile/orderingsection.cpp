// SPDX-License-Identifier: GPL-3.0-or-later
// The profile's "ordering" section: the ordering key and the rule by which the library picks each
// key's rows (core/profile/headoflinerule.h).
#include "core/profile/profileparser.h"

namespace om {

/// "ordering": {"key": "<logical column>", "blocking": [...], "skipped": [...], "unordered": [...],
/// "lock": {...}}. Rows of one key are delivered by created time, then id; the rest says which rows
/// are in a key's line and what holds the line up.
void ProfileParser::ordering(const QJsonObject &o) {
    const QJsonValue v = o.value(QLatin1String("ordering"));
    if (v.isUndefined())
        return;
    const QString path = QStringLiteral("ordering");
    const QJsonObject ord = v.toObject();
    if (!v.isObject() || !ord.value(QLatin1String("key")).isString()) {
        fail(path, tr("\"ordering\" must be {\"key\": \"<logical column>\", ...}: the column that orders delivery "
                      "(rows of one key are delivered by created time, then id)"));
        return;
    }
    // clang-format off
    knownKeys(ord, path, {QStringLiteral("key"), QStringLiteral("blocking"), QStringLiteral("skipped"),
                          QStringLiteral("unordered"), QStringLiteral("lock")});
    // clang-format on
    prof.orderingKey = ord.value(QLatin1String("key")).toString();
    if (!prof.has(prof.orderingKey))
        fail(QStringLiteral("ordering.key"), tr("\"ordering.key\" names \"%1\", which \"columns\" does not map").arg(prof.orderingKey));
    HeadOfLineRule &rule = prof.headOfLine;
    orderingStates(ord, QStringLiteral("blocking"), &rule.blocking);
    orderingStates(ord, QStringLiteral("skipped"), &rule.skipped);
    for (const QString &s : std::as_const(rule.skipped))
        if (rule.blocking.contains(s))
            fail(QStringLiteral("ordering.skipped"),
                 tr("state %1 is both skipped and blocking: a row the poller passes over cannot hold up the rows behind it").arg(s));
    unorderedRows(ord);
    keyLockTable(ord);
}

/// "blocking" / "skipped": open states of the profile. A finished (terminal) row is in no line
/// anyway, so naming one there says something the monitor could not show.
void ProfileParser::orderingStates(const QJsonObject &ord, const QString &key, QStringList *out) {
    const QString path = jsonChild(QStringLiteral("ordering"), key);
    *out = texts(ord, key, QStringLiteral("ordering"));
    if (ord.contains(key) && out->isEmpty())
        fail(path, tr("\"%1\" must list at least one state, or be left out").arg(key));
    checkStates(*out, path);
    for (const QString &name : std::as_const(*out))
        if (const StateDef *s = prof.state(name); s && s->terminal)
            fail(path, tr("state %1 is terminal: a finished row is in no key's line").arg(name));
}

/// "unordered": conditions, all of which hold for a row that carries no ordering, written like a
/// state's "when".
void ProfileParser::unorderedRows(const QJsonObject &ord) {
    if (!ord.contains(QLatin1String("unordered")))
        return;
    const QString path = QStringLiteral("ordering.unordered");
    const QJsonArray all = array(ord, QStringLiteral("unordered"), QStringLiteral("ordering"));
    if (all.isEmpty() || all.size() > 16)
        fail(path, tr("\"unordered\" must list 1 to 16 conditions (like a state's \"when\")"));
    prof.headOfLine.unordered = conditionList(all, path);
}

/// "lock": {"schema", "table", "key", "lockedAt", "holderPid"}: real names in another table. At
/// least one of lockedAt and holderPid, or nothing would tell a held lock from a free one.
void ProfileParser::keyLockTable(const QJsonObject &ord) {
    if (!ord.contains(QLatin1String("lock")))
        return;
    const QString path = QStringLiteral("ordering.lock");
    const QJsonObject lo = object(ord, QStringLiteral("lock"), QStringLiteral("ordering"));
    // clang-format off
    knownKeys(lo, path, {QStringLiteral("schema"), QStringLiteral("table"), QStringLiteral("key"),
                         QStringLiteral("lockedAt"), QStringLiteral("holderPid")});
    // clang-format on
    KeyLockTable &lock = prof.headOfLine.lock;
    lock.schema = text(lo, QStringLiteral("schema"), path, QStringLiteral("public"));
    lock.table = text(lo, QStringLiteral("table"), path);
    lock.key = text(lo, QStringLiteral("key"), path);
    lock.lockedAt = text(lo, QStringLiteral("lockedAt"), path);
    lock.holderPid = text(lo, QStringLiteral("holderPid"), path);
    identifier(lock.schema, jsonChild(path, QStringLiteral("schema")));
    identifier(lock.table, jsonChild(path, QStringLiteral("table")));
    identifier(lock.key, jsonChild(path, QStringLiteral("key")));
    if (lock.lockedAt.isEmpty() && lock.holderPid.isEmpty())
        fail(path, tr("\"lock\" needs \"lockedAt\" (the time the lock was taken), \"holderPid\" (the holder's server process id) "
                      "or both: without them a held lock cannot be told from a free one"));
    if (!lock.lockedAt.isEmpty())
        identifier(lock.lockedAt, jsonChild(path, QStringLiteral("lockedAt")));
    if (!lock.holderPid.isEmpty())
        identifier(lock.holderPid, jsonChild(path, QStringLiteral("holderPid")));
}

} // namespace om
