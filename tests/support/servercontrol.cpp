// SPDX-License-Identifier: GPL-3.0-or-later
#include "servercontrol.h"
#include "pg/pgsession.h"

#include <QDir>
#include <QProcess>
#include <unistd.h>

namespace om::test {

bool runServerTool(const QString &tool, const QStringList &args, QString *output, int timeoutMs) {
    const QString bin = qEnvironmentVariable("PG_BIN", QStringLiteral("/usr/lib/postgresql/15/bin"));
    const QString path = QDir(bin).filePath(tool);
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    // From /, as scripts/lib/pgcluster.sh does: the test's own directory may be closed to postgres.
    p.setWorkingDirectory(QStringLiteral("/"));
    if (geteuid() == 0)
        p.start(QStringLiteral("runuser"), QStringList{QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--"), path} + args);
    else
        p.start(path, args);
    const bool finished = p.waitForFinished(timeoutMs);
    if (!finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    if (output)
        *output = QString::fromLocal8Bit(p.readAll()) + (finished ? QString() : QStringLiteral("(timed out)"));
    return finished && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

bool stopAbruptly(const QString &dataDir, QString *output) {
    return runServerTool(QStringLiteral("pg_ctl"),
                         {QStringLiteral("-D"), dataDir, QStringLiteral("-m"), QStringLiteral("immediate"), QStringLiteral("-w"),
                          QStringLiteral("stop")},
                         output);
}

QString flushedWalPosition(PgSession &primary) {
    const QString inserted = primary.query(QStringLiteral("SELECT pg_current_wal_insert_lsn()::text")).scalar().toString();
    primary.transact([](PgTx &tx) {
        tx.setLocal(QStringLiteral("synchronous_commit"), QStringLiteral("local"));
        tx.exec(QStringLiteral("SELECT pg_current_xact_id()")); // a transaction id: the commit writes a record
    });
    return inserted;
}

bool promote(PgSession &superuser) {
    return pgTrue(superuser.query(QStringLiteral("SELECT pg_promote(true, 30)")).scalar());
}

} // namespace om::test
