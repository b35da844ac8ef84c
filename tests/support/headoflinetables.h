// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Tables the tests make, each picked by a different head-of-line rule (their profiles are in
// tests/support/profiles/headofline/): a poller that passes over abandoned rows, rows flagged for
// parallel delivery, serial queues locked through a queue table, rows of no key, rows of no key
// as one line, singleton keys, a pick order by priority and run time, and queues locked by a
// worker's id with a heartbeat. Not any library's schema: each has only what its rule needs.
#include "core/adminkit/kitsql.h"
#include "testdatabase.h"
#include "testprofiles.h"

#include <QMap>
#include <QString>

namespace om::test {

/// One table and its rule, written as a reader of that library's documentation would: the DDL,
/// random rows in every state, and the rule as SQL over every row.
struct HeadOfLineTable {
    QString profile; ///< tests/support/profiles/headofline/<profile>.json
    QString ddl;
    /// INSERTs random rows (random() seeded by the test); keys from 'k-0' to 'k-<$1 - 1>'.
    QString fill;
    /// Rows in a key's line, as the library's poller takes them.
    QString line;
    /// Why the key's head blocks (a CASE over the head `h`, 0 when it does not).
    QString why;
    QString table, key, created;
    /// The order of a key's rows before the id, as the rule says it ("" : the created time).
    QString order = {};
    /// The table the key's locks live in, emptied with the rows ("" : none).
    QString lockTable = {};
};

// Ages in whole minutes plus 30 s: no row sits within 30 s of the stuck rule or of now() while
// the statements of one round run.
inline const char *const kCreated = "now() - make_interval(mins => floor(random() * 180)::int) - interval '30 seconds'";
inline const char *const kStarted = "now() - make_interval(mins => floor(random() * 90)::int) - interval '30 seconds'";
inline const char *const kKey = "'k-' || floor(random() * $1::int)::int";

/// The rules whose key has its own order or whose lock is judged by its holder's id and times.
inline void addOwnOrderTables(QMap<QString, HeadOfLineTable> &m) {
    const QString created = QLatin1String(kCreated), started = QLatin1String(kStarted), key = QLatin1String(kKey);
    // clang-format off
    // "Every row whose group is NULL is one line": a third of the rows have none.
    m.insert(QStringLiteral("nullline"), HeadOfLineTable{
        QStringLiteral("hol_nullline"),
        QStringLiteral("CREATE TABLE hol_nullline (id bigserial PRIMARY KEY, group_id text, status text NOT NULL, "
                       "created_at timestamptz NOT NULL, error text, payload text)"),
        QStringLiteral("INSERT INTO hol_nullline (group_id, status, created_at, error) "
                       "SELECT CASE WHEN random() < 0.3 THEN NULL ELSE %1 END, st, %2, CASE WHEN st = 'error' THEN 'no route' END "
                       "FROM (SELECT (ARRAY['pending','pending','error','done'])[1 + floor(random() * 4)::int] AS st "
                       "FROM generate_series(1, 400)) s").arg(key, created),
        QStringLiteral("status IN ('pending', 'error')"),
        QStringLiteral("CASE WHEN h.status = 'error' THEN 1 ELSE 0 END"),
        QStringLiteral("hol_nullline"), QStringLiteral("group_id"), QStringLiteral("created_at")});
    // "While a job of a key is active, no other job of that key is fetched": the active job is the
    // key's head whatever its created time; some keys have two active (the rule does not stop a
    // table from holding them), the earlier of them is the head.
    m.insert(QStringLiteral("singleton"), HeadOfLineTable{
        QStringLiteral("hol_singleton"),
        QStringLiteral("CREATE TABLE hol_singleton (id bigserial PRIMARY KEY, singleton_key text, state text NOT NULL, "
                       "created_at timestamptz NOT NULL, started_at timestamptz, last_error text, payload text)"),
        QStringLiteral("INSERT INTO hol_singleton (singleton_key, state, created_at, started_at, last_error) "
                       "SELECT %1, st, %2, CASE WHEN st = 'active' THEN %3 END, CASE WHEN st = 'failed' THEN 'boom' END "
                       "FROM (SELECT (ARRAY['created','created','created','active','failed','completed'])[1 + floor(random() * 6)::int] AS st "
                       "FROM generate_series(1, 400)) s").arg(key, created, started),
        QStringLiteral("state IN ('created', 'active', 'failed') AND singleton_key IS NOT NULL"),
        QStringLiteral("CASE WHEN h.state = 'failed' THEN 1 "
                       "WHEN h.state = 'active' AND h.started_at < now() - interval '30 minutes' THEN 2 ELSE 0 END"),
        QStringLiteral("hol_singleton"), QStringLiteral("singleton_key"), QStringLiteral("created_at"),
        QStringLiteral("(state = 'active') DESC, created_at")});
    // "Jobs are taken by priority, highest first, then by run time": priorities and run times at
    // random, some NULL (a NULL priority first, a NULL run time last, as the library's ORDER BY
    // priority DESC, run_at sorts them).
    m.insert(QStringLiteral("pickorder"), HeadOfLineTable{
        QStringLiteral("hol_pickorder"),
        QStringLiteral("CREATE TABLE hol_pickorder (id bigserial PRIMARY KEY, queue text, status text NOT NULL, priority int, "
                       "run_at timestamptz, created_at timestamptz NOT NULL, started_at timestamptz, error text, payload text)"),
        QStringLiteral("INSERT INTO hol_pickorder (queue, status, priority, run_at, created_at, started_at, error) "
                       "SELECT %1, st, CASE WHEN random() < 0.1 THEN NULL ELSE floor(random() * 3)::int END, "
                       "CASE WHEN random() < 0.1 THEN NULL ELSE %2 END, %2, CASE WHEN st = 'running' THEN %3 END, "
                       "CASE WHEN st = 'failed' THEN 'refused' END "
                       "FROM (SELECT (ARRAY['queued','queued','running','failed','done'])[1 + floor(random() * 5)::int] AS st "
                       "FROM generate_series(1, 400)) s").arg(key, created, started),
        QStringLiteral("status IN ('queued', 'running', 'failed') AND queue IS NOT NULL"),
        QStringLiteral("CASE WHEN h.status = 'failed' THEN 1 "
                       "WHEN h.status = 'running' AND h.started_at < now() - interval '30 minutes' THEN 2 ELSE 0 END"),
        QStringLiteral("hol_pickorder"), QStringLiteral("queue"), QStringLiteral("created_at"),
        QStringLiteral("priority DESC, run_at")});
    // "A queue is locked by a worker's id; the library frees it when the worker's heartbeat is a
    // minute old or the lock an hour old": holders, heartbeats and lock times at random (45 minutes:
    // past the stuck timeout, not the library's hour), and a free lock (no holder) whose times the
    // library left behind.
    m.insert(QStringLiteral("workerlock"), HeadOfLineTable{
        QStringLiteral("hol_workerlock"),
        QStringLiteral("CREATE TABLE hol_wqueue_lock (queue_name text PRIMARY KEY, locked_by text, locked_at timestamptz, "
                       "heartbeat_at timestamptz); "
                       "CREATE TABLE hol_wqueue (id bigserial PRIMARY KEY, queue_name text, state text NOT NULL, "
                       "created_at timestamptz NOT NULL, started_at timestamptz, last_error text, payload text)"),
        QStringLiteral("INSERT INTO hol_wqueue (queue_name, state, created_at, started_at, last_error) "
                       "SELECT CASE WHEN random() < 0.25 THEN NULL ELSE %1 END, st, %2, CASE WHEN st = 'active' THEN %3 END, "
                       "CASE WHEN st = 'failed' THEN 'boom' END "
                       "FROM (SELECT (ARRAY['waiting','waiting','waiting','active','failed','finished'])[1 + floor(random() * 6)::int] AS st "
                       "FROM generate_series(1, 400)) s; "
                       "INSERT INTO hol_wqueue_lock SELECT DISTINCT queue_name, NULL::text, NULL::timestamptz, NULL::timestamptz "
                       "FROM hol_wqueue WHERE queue_name IS NOT NULL; "
                       "UPDATE hol_wqueue_lock SET locked_by = CASE WHEN random() < 0.8 THEN 'pool-' || md5(random()::text) END, "
                       "locked_at = now() - (ARRAY[interval '5 minutes', interval '45 minutes', interval '2 hours'])[1 + floor(random() * 3)::int], "
                       "heartbeat_at = now() - (ARRAY[interval '10 seconds', interval '5 minutes', NULL])[1 + floor(random() * 3)::int] "
                       "WHERE random() < 0.6").arg(key, created, started),
        QStringLiteral("state IN ('waiting', 'active', 'failed') AND queue_name IS NOT NULL"),
        QStringLiteral("CASE WHEN h.state = 'failed' THEN 1 "
                       "WHEN h.state = 'active' AND h.started_at < now() - interval '30 minutes' THEN 2 "
                       "WHEN EXISTS (SELECT 1 FROM hol_wqueue_lock q WHERE q.queue_name = h.queue_name AND q.locked_by IS NOT NULL "
                       "AND q.heartbeat_at < now() - interval '60 seconds') THEN 6 "
                       "WHEN EXISTS (SELECT 1 FROM hol_wqueue_lock q WHERE q.queue_name = h.queue_name AND q.locked_by IS NOT NULL "
                       "AND q.locked_at < now() - interval '1 hour') THEN 5 ELSE 0 END"),
        QStringLiteral("hol_wqueue"), QStringLiteral("queue_name"), QStringLiteral("created_at"), QString(),
        QStringLiteral("hol_wqueue_lock")});
    // clang-format on
}

inline QMap<QString, HeadOfLineTable> headOfLineTables() {
    QMap<QString, HeadOfLineTable> m;
    const QString created = QLatin1String(kCreated), started = QLatin1String(kStarted), key = QLatin1String(kKey);
    // clang-format off
    m.insert(QStringLiteral("skipped"), HeadOfLineTable{
        QStringLiteral("hol_skipped"),
        QStringLiteral("CREATE TABLE hol_skipped (id bigserial PRIMARY KEY, stream text, phase text NOT NULL, "
                       "created_at timestamptz NOT NULL, started_at timestamptz, last_error text, payload text)"),
        QStringLiteral("INSERT INTO hol_skipped (stream, phase, created_at, started_at, last_error) "
                       "SELECT %1, p, %2, CASE WHEN p = 'running' THEN %3 END, CASE WHEN p = 'abandoned' THEN 'gave up' END "
                       "FROM (SELECT (ARRAY['queued','running','abandoned','done'])[1 + floor(random() * 4)::int] AS p "
                       "FROM generate_series(1, 400)) s").arg(key, created, started),
        QStringLiteral("phase IN ('queued', 'running') AND stream IS NOT NULL"),
        QStringLiteral("CASE WHEN h.phase = 'running' AND h.started_at < now() - interval '30 minutes' THEN 2 ELSE 0 END"),
        QStringLiteral("hol_skipped"), QStringLiteral("stream"), QStringLiteral("created_at")});
    m.insert(QStringLiteral("parallel"), HeadOfLineTable{
        QStringLiteral("hol_parallel"),
        QStringLiteral("CREATE TABLE hol_parallel (id bigserial PRIMARY KEY, partition_key text, is_parallel boolean, "
                       "status text NOT NULL, created_at timestamptz NOT NULL, retry_count int NOT NULL DEFAULT 0, "
                       "next_attempt_at timestamptz, error_text text, payload text)"),
        QStringLiteral("INSERT INTO hol_parallel (partition_key, is_parallel, status, created_at, retry_count, next_attempt_at, error_text) "
                       "SELECT %1, (ARRAY[true, false, NULL])[1 + floor(random() * 3)::int], st, %2, floor(random() * 3)::int, "
                       "now() + make_interval(mins => floor(random() * 20)::int - 10) + interval '30 seconds', "
                       "CASE WHEN st = 'failed' THEN 'refused' END "
                       "FROM (SELECT (ARRAY['pending','failed','sent'])[1 + floor(random() * 3)::int] AS st "
                       "FROM generate_series(1, 400)) s").arg(key, created),
        QStringLiteral("status IN ('pending', 'failed') AND partition_key IS NOT NULL AND is_parallel IS NOT TRUE"),
        QStringLiteral("CASE WHEN h.status = 'failed' THEN 1 "
                       "WHEN h.status = 'pending' AND h.retry_count > 0 AND h.next_attempt_at > now() THEN 3 ELSE 0 END"),
        QStringLiteral("hol_parallel"), QStringLiteral("partition_key"), QStringLiteral("created_at")});
    m.insert(QStringLiteral("queuelock"), HeadOfLineTable{
        QStringLiteral("hol_queuelock"),
        QStringLiteral("CREATE TABLE hol_queue_lock (queue_name text PRIMARY KEY, locked_by_pid int, locked_at timestamptz); "
                       "CREATE TABLE hol_queue (id bigserial PRIMARY KEY, queue_name text, state text NOT NULL, "
                       "created_at timestamptz NOT NULL, started_at timestamptz, last_error text, payload text)"),
        // A quarter of the jobs have no queue (the library runs them in parallel). Queues are
        // locked at random: by nobody, by a process that does not exist, recently or long ago.
        QStringLiteral("INSERT INTO hol_queue (queue_name, state, created_at, started_at, last_error) "
                       "SELECT CASE WHEN random() < 0.25 THEN NULL ELSE %1 END, st, %2, CASE WHEN st = 'active' THEN %3 END, "
                       "CASE WHEN st = 'failed' THEN 'boom' END "
                       "FROM (SELECT (ARRAY['waiting','waiting','active','failed','finished'])[1 + floor(random() * 5)::int] AS st "
                       "FROM generate_series(1, 400)) s; "
                       "INSERT INTO hol_queue_lock SELECT DISTINCT queue_name, NULL::int, NULL::timestamptz FROM hol_queue "
                       "WHERE queue_name IS NOT NULL; "
                       "UPDATE hol_queue_lock SET locked_at = CASE WHEN random() < 0.5 THEN now() - interval '5 minutes' "
                       "ELSE now() - interval '2 hours' END, locked_by_pid = CASE WHEN random() < 0.5 THEN NULL ELSE 2000000000 END "
                       "WHERE random() < 0.5").arg(key, created, started),
        QStringLiteral("state IN ('waiting', 'active', 'failed') AND queue_name IS NOT NULL"),
        QStringLiteral("CASE WHEN h.state = 'failed' THEN 1 "
                       "WHEN h.state = 'active' AND h.started_at < now() - interval '30 minutes' THEN 2 "
                       "WHEN EXISTS (SELECT 1 FROM hol_queue_lock q WHERE q.queue_name = h.queue_name AND q.locked_by_pid IS NOT NULL "
                       "AND q.locked_by_pid NOT IN (SELECT pid FROM pg_stat_activity)) THEN 4 "
                       "WHEN EXISTS (SELECT 1 FROM hol_queue_lock q WHERE q.queue_name = h.queue_name "
                       "AND q.locked_at < now() - interval '30 minutes') THEN 5 ELSE 0 END"),
        QStringLiteral("hol_queue"), QStringLiteral("queue_name"), QStringLiteral("created_at"), QString(),
        QStringLiteral("hol_queue_lock")});
    m.insert(QStringLiteral("nullkey"), HeadOfLineTable{
        QStringLiteral("hol_nullkey"),
        QStringLiteral("CREATE TABLE hol_nullkey (id bigserial PRIMARY KEY, group_id text, status text NOT NULL, "
                       "created_at timestamptz NOT NULL, error text, payload text)"),
        QStringLiteral("INSERT INTO hol_nullkey (group_id, status, created_at, error) "
                       "SELECT CASE WHEN random() < 0.3 THEN NULL ELSE %1 END, st, %2, CASE WHEN st = 'error' THEN 'no route' END "
                       "FROM (SELECT (ARRAY['pending','error','done'])[1 + floor(random() * 3)::int] AS st "
                       "FROM generate_series(1, 400)) s").arg(key, created),
        QStringLiteral("status IN ('pending', 'error') AND group_id IS NOT NULL"),
        QStringLiteral("CASE WHEN h.status = 'error' THEN 1 ELSE 0 END"),
        QStringLiteral("hol_nullkey"), QStringLiteral("group_id"), QStringLiteral("created_at")});
    addOwnOrderTables(m);
    // clang-format on
    return m;
}

/// The table's profile, from its file.
inline SchemaProfile headOfLineProfile(const HeadOfLineTable &t) {
    return profileFile(QStringLiteral("tests/support/profiles/headofline/%1.json").arg(t.profile));
}

/// Makes the table, then applies the kit printed for its profile (indexes, audit table, action
/// function, grants), as a DBA would. Returns the profile.
inline SchemaProfile setUpHeadOfLineTable(TestDatabase &db, const HeadOfLineTable &t) {
    db.session().execScript(t.ddl);
    const SchemaProfile p = headOfLineProfile(t);
    const KitSql kit(p);
    if (!kit.refusal().isEmpty())
        qFatal("%s", qPrintable(kit.refusal()));
    db.session().execScript(kit.script());
    return p;
}

} // namespace om::test
