// SPDX-License-Identifier: GPL-3.0-or-later
// The profile's "ordering" section: the ordering key and the rule by which the library picks each
// key's rows (core/profile/headoflinerule.h).
#include "core/profile/profileparser.h"

namespace om {

/// "ordering": {"key": "<logical column>", "blocking": [...], "skipped": [...], "unordered": [...],
/// "lock": {...}, "nullKey": ..., "atMostOneActive": [...], "pickOrder": [...]}. Rows of one key are
/// delivered by created time, then id, unless "pickOrder" says otherwise; the rest says which rows
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
                          QStringLiteral("unordered"), QStringLiteral("lock"), QStringLiteral("nullKey"),
                          QStringLiteral("atMostOneActive"), QStringLiteral("pickOrder")});
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
    nullKey(ord);
    singletonStates(ord);
    pickOrder(ord);
}

/// "nullKey": "noKey" (the default: a row whose key is NULL is in no line) or "oneLine" (all of
/// them are one line, as a library that coalesces the key orders them).
void ProfileParser::nullKey(const QJsonObject &ord) {
    const QString v = text(ord, QStringLiteral("nullKey"), QStringLiteral("ordering"), QStringLiteral("noKey"));
    if (v == QLatin1String("oneLine"))
        prof.headOfLine.nullKeyIsOneLine = true;
    else if (v != QLatin1String("noKey"))
        fail(QStringLiteral("ordering.nullKey"),
             tr("\"nullKey\" must be \"noKey\" (a row whose key is NULL is in no line) or \"oneLine\" (all such rows are one "
                "line), not \"%1\"").arg(v));
}

/// "atMostOneActive": the states in which a row is its key's only running one. Open states the
/// poller does not pass over: a finished or skipped row cannot hold its key.
void ProfileParser::singletonStates(const QJsonObject &ord) {
    const QString key = QStringLiteral("atMostOneActive");
    const QString path = jsonChild(QStringLiteral("ordering"), key);
    orderingStates(ord, key, &prof.headOfLine.atMostOneActive);
    for (const QString &s : std::as_const(prof.headOfLine.atMostOneActive))
        if (prof.headOfLine.skipped.contains(s))
            fail(path, tr("state %1 is both skipped and active: the poller cannot pass over the row that holds its key").arg(s));
}

/// "pickOrder": [{"column": "<logical column>", "direction": "asc" | "desc"}, ...], the order the
/// worker takes a key's rows in; ties by id.
void ProfileParser::pickOrder(const QJsonObject &ord) {
    if (!ord.contains(QLatin1String("pickOrder")))
        return;
    const QString path = QStringLiteral("ordering.pickOrder");
    const QJsonArray all = array(ord, QStringLiteral("pickOrder"), QStringLiteral("ordering"));
    if (all.isEmpty() || all.size() > 4) {
        fail(path, tr("\"pickOrder\" must list 1 to 4 columns, each {\"column\": \"<logical column>\", \"direction\": "
                      "\"asc\" or \"desc\"}: the order the worker takes a key's rows in (ties by id)"));
        return;
    }
    for (int i = 0; i < all.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(path).arg(i);
        if (!all.at(i).isObject()) {
            fail(at, tr("must be {\"column\": \"<logical column>\", \"direction\": \"asc\" or \"desc\"}"));
            continue;
        }
        const QJsonObject c = all.at(i).toObject();
        knownKeys(c, at, {QStringLiteral("column"), QStringLiteral("direction")});
        PickColumn pc;
        pc.column = text(c, QStringLiteral("column"), at);
        const QString dir = text(c, QStringLiteral("direction"), at, QStringLiteral("asc"));
        pc.descending = dir == QLatin1String("desc");
        if (dir != QLatin1String("asc") && !pc.descending)
            fail(jsonChild(at, QStringLiteral("direction")), tr("must be \"asc\" or \"desc\", not \"%1\"").arg(dir));
        if (!prof.has(pc.column))
            fail(jsonChild(at, QStringLiteral("column")),
                 tr("names \"%1\", which \"columns\" does not map (a logical column, not the table's name for it)").arg(pc.column));
        prof.headOfLine.pickOrder << pc;
    }
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

/// "lock": {"schema", "table", "key", "lockedAt", "holderPid" | "holder", "heartbeatAt",
/// "heartbeatTimeoutSeconds", "lockTimeoutSeconds"}: real names in another table. At least one of
/// lockedAt, holderPid and heartbeatAt, or nothing would tell a dead holder from a live one.
void ProfileParser::keyLockTable(const QJsonObject &ord) {
    if (!ord.contains(QLatin1String("lock")))
        return;
    const QString path = QStringLiteral("ordering.lock");
    const QJsonObject lo = object(ord, QStringLiteral("lock"), QStringLiteral("ordering"));
    // clang-format off
    knownKeys(lo, path, {QStringLiteral("schema"), QStringLiteral("table"), QStringLiteral("key"),
                         QStringLiteral("lockedAt"), QStringLiteral("holderPid"), QStringLiteral("holder"),
                         QStringLiteral("heartbeatAt"), QStringLiteral("heartbeatTimeoutSeconds"), QStringLiteral("lockTimeoutSeconds")});
    // clang-format on
    KeyLockTable &lock = prof.headOfLine.lock;
    lock.schema = text(lo, QStringLiteral("schema"), path, QStringLiteral("public"));
    lock.table = text(lo, QStringLiteral("table"), path);
    lock.key = text(lo, QStringLiteral("key"), path);
    lock.lockedAt = text(lo, QStringLiteral("lockedAt"), path);
    lock.holderPid = text(lo, QStringLiteral("holderPid"), path);
    lock.holder = text(lo, QStringLiteral("holder"), path);
    lock.heartbeatAt = text(lo, QStringLiteral("heartbeatAt"), path);
    identifier(lock.schema, jsonChild(path, QStringLiteral("schema")));
    identifier(lock.table, jsonChild(path, QStringLiteral("table")));
    identifier(lock.key, jsonChild(path, QStringLiteral("key")));
    if (lock.lockedAt.isEmpty() && lock.holderPid.isEmpty() && lock.heartbeatAt.isEmpty())
        fail(path, tr("\"lock\" needs \"lockedAt\" (the time the lock was taken), \"holderPid\" (the holder's server process id), "
                      "\"heartbeatAt\" (the holder's last sign of life) or several: without them a dead holder cannot be told "
                      "from a live one"));
    if (!lock.holderPid.isEmpty() && !lock.holder.isEmpty())
        fail(jsonChild(path, QStringLiteral("holder")),
             tr("give \"holderPid\" (a server process id) or \"holder\" (any other id of the holder), not both"));
    for (const auto &[key, name] : {std::pair{"lockedAt", lock.lockedAt}, std::pair{"holderPid", lock.holderPid},
                                    std::pair{"holder", lock.holder}, std::pair{"heartbeatAt", lock.heartbeatAt}})
        if (!name.isEmpty())
            identifier(name, jsonChild(path, QLatin1String(key)));
    lockTimeouts(lo, path);
}

/// "heartbeatTimeoutSeconds" goes with "heartbeatAt" (a heartbeat without the library's limit
/// says nothing), "lockTimeoutSeconds" with "lockedAt"; both whole seconds above zero.
void ProfileParser::lockTimeouts(const QJsonObject &lo, const QString &path) {
    KeyLockTable &lock = prof.headOfLine.lock;
    lock.heartbeatTimeoutSeconds = integer(lo, QStringLiteral("heartbeatTimeoutSeconds"), path, 0);
    lock.lockTimeoutSeconds = integer(lo, QStringLiteral("lockTimeoutSeconds"), path, 0);
    if (!lock.heartbeatAt.isEmpty() && lock.heartbeatTimeoutSeconds <= 0)
        fail(jsonChild(path, QStringLiteral("heartbeatTimeoutSeconds")),
             tr("\"heartbeatAt\" needs \"heartbeatTimeoutSeconds\" above 0: the seconds without a heartbeat after which the "
                "library takes the holder for dead"));
    if (lock.heartbeatAt.isEmpty() && lo.contains(QLatin1String("heartbeatTimeoutSeconds")))
        fail(jsonChild(path, QStringLiteral("heartbeatTimeoutSeconds")), tr("needs \"heartbeatAt\", the column it measures"));
    if (lo.contains(QLatin1String("lockTimeoutSeconds")) && lock.lockTimeoutSeconds <= 0)
        fail(jsonChild(path, QStringLiteral("lockTimeoutSeconds")), tr("must be above 0 (seconds); leave it out for the stuck timeout"));
    if (lock.lockedAt.isEmpty() && lo.contains(QLatin1String("lockTimeoutSeconds")))
        fail(jsonChild(path, QStringLiteral("lockTimeoutSeconds")), tr("needs \"lockedAt\", the column it measures"));
}

} // namespace om
