// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/actions/privileges.h"
#include "core/profile/schemaprofile.h"
#include "link/connectproblem.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <memory>

namespace om {

/// What "Test connection" found out.
struct ConnectionTestResult {
    bool ok = false;
    QString error;                                 ///< libpq's or the server's words when !ok
    ConnectProblem problem = ConnectProblem::None; ///< why, when the connection itself failed
    QString serverVersion;                         ///< server_version, e.g. "15.20 (Debian 15.20-0+deb12u1)"
    QString database;                              ///< current_database()
    bool standby = false;                          ///< pg_is_in_recovery()
    Privileges privileges;                         ///< what the role may do to the profile's table (PrivilegeCheck)
    qint64 elapsedMs = 0;
};

struct ConnectionTestState;

/// Tries a connection on a thread of its own (connect, one query for the server's version, the
/// database and the role, and the window's own PrivilegeCheck for the profile), so the dialog that
/// asked never waits for the network. cancel() returns at once: the session's socket is shut (a
/// server that stopped answering cannot hold it), the result is dropped, and the thread ends by
/// itself within the connect timeout when it was still connecting.
class ConnectionTest : public QObject {
    Q_OBJECT
public:
    explicit ConnectionTest(QObject *parent = nullptr);
    ~ConnectionTest() override; ///< cancels a test still running (never waits for it)

    /// Starts a test (cancelling one still running). `password` reaches libpq only.
    void start(const QString &connInfo, const QString &password, const SchemaProfile &profile, bool readOnly);
    void cancel();
    bool isRunning() const { return bool(m_state); }

signals:
    /// One per start() that was not cancelled.
    void finished(const om::ConnectionTestResult &result);

private:
    std::shared_ptr<ConnectionTestState> m_state; ///< the running test's; null when none runs
};

/// The work of one test, on its own thread (ConnectionTest's).
class ConnectionTestWorker : public QObject {
    Q_OBJECT
public:
    ConnectionTestWorker(std::shared_ptr<ConnectionTestState> state, SchemaProfile profile);
    void run();
signals:
    void done(const om::ConnectionTestResult &result);

private:
    std::shared_ptr<ConnectionTestState> m_state;
    SchemaProfile m_profile;
};

} // namespace om

Q_DECLARE_METATYPE(om::ConnectionTestResult)
