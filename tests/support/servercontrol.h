// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Control over a throwaway server that the harness started (scripts/lib/pgcluster.sh), for the
// tests that take one down or promote one: its tools run as the owner of its data directory.
#include <QString>
#include <QStringList>

namespace om {
class PgSession;
}

namespace om::test {

/// Runs PostgreSQL's `tool` (e.g. pg_ctl, from PG_BIN or PostgreSQL 15's directory) with `args`:
/// as root through runuser as the `postgres` user (the servers refuse to run as root), otherwise
/// as the caller. False, with what it said in `output`, when it failed or took over `timeoutMs`.
bool runServerTool(const QString &tool, const QStringList &args, QString *output = nullptr, int timeoutMs = 30000);

/// Stops the server of `dataDir` the way a crash would (pg_ctl -m immediate): no checkpoint, no
/// goodbye to its clients, whose connections simply break.
bool stopAbruptly(const QString &dataDir, QString *output = nullptr);

/// The primary's WAL position once everything it holds is flushed, so that a streaming standby
/// can receive all of it: a test waits for the standby's replay to pass it. The insert position
/// alone may lie beyond what is flushed for a long time: with synchronous_commit off, the WAL of
/// another session's open transaction waits in memory for the next commit anywhere (or the
/// background writer's snapshot of running transactions, up to about 15 s later), and until then
/// no standby replays past it. A commit of its own with synchronous_commit local flushes all
/// before it. Throws PgError.
QString flushedWalPosition(PgSession &primary);

/// Promotes the standby `superuser` is connected to (pg_promote(), which waits until it takes
/// writes). Throws PgError; false when the server said it could not promote in time.
bool promote(PgSession &superuser);

} // namespace om::test
