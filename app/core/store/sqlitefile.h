// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QSqlDatabase>
#include <QString>

namespace om::sqlite {

/// Opens the local SQLite file `path` (its folder created when missing) as the Qt SQL connection
/// `connectionName`, and brings its tables to this build's version (core/store/storeschema.h):
/// a new file gets them, a file of an earlier release is upgraded in one transaction and keeps
/// its rows. The history and the flow cache share the file, each through a connection of its
/// own, and so may several windows of the program: WAL with synchronous=NORMAL (an append costs
/// no fsync of the whole file; a crash loses at most the last rows, never the store) and a busy
/// timeout, so that one writer waits for another instead of failing.
///
/// A file written by a newer release (its version above ours) is refused and left as it is: its
/// version is read with the file opened immutable before a connection that could write opens it,
/// and nothing is written to it. False with `error` set
/// (one translated sentence naming the file) when the file is refused, cannot be opened, or
/// cannot be upgraded.
bool open(const QString &path, const QString &connectionName, QString *error);

/// Closes and forgets the connection `open` made (nothing when there is none).
void close(const QString &connectionName);

/// The version written in the SQLite file at `path` itself (`PRAGMA user_version`, kept in its
/// header), not what a WAL beside it may hold; read with the file opened immutable, so that nothing
/// is locked, created or written. -1 when there is no such file or it is not an SQLite database.
int headerVersion(const QString &path);

/// One write transaction on the connection `connectionName`, that takes the file's write lock as
/// it begins (BEGIN IMMEDIATE) and waits for it up to the busy timeout. Qt's
/// QSqlDatabase::transaction() says BEGIN, a deferred transaction: one that reads before it
/// writes holds a snapshot, and when another connection (another window) committed meanwhile,
/// SQLite in WAL mode cannot make it a writer and answers SQLITE_BUSY at once, without calling
/// the busy handler (https://www.sqlite.org/lang_transaction.html,
/// https://www.sqlite.org/rescode.html#busy_snapshot): "database is locked", and the refresh's
/// samples lost. Rolled back when destroyed uncommitted.
class WriteTransaction {
public:
    explicit WriteTransaction(const QString &connectionName);
    ~WriteTransaction();
    WriteTransaction(const WriteTransaction &) = delete;
    WriteTransaction &operator=(const WriteTransaction &) = delete;

    /// False when BEGIN IMMEDIATE failed (error() says why): nothing may be written then.
    bool isOpen() const { return m_open; }
    /// Commits; false (and rolled back) when the commit failed.
    bool commit();
    /// Rolls back what was written (nothing when not open).
    void rollback();
    QString error() const { return m_error; }

private:
    QSqlDatabase m_db;
    bool m_open = false;
    QString m_error;
};

} // namespace om::sqlite
