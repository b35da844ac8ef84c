// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/passwordkeychain.h"
#include "core/common/sentences.h"
#include "link/connectioninfo.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QMetaObject>

#ifdef OM_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

Q_LOGGING_CATEGORY(lcKeychain, "om.keychain")

namespace om {

namespace {
// The keychain entry's service name: what the operator sees in their keyring manager.
const char *const kService = "Outbox Monitor (PostgreSQL)";

QString fallbackHint() {
    return QCoreApplication::translate("PasswordKeychain",
                                       "Passwords come from ~/.pgpass (or PGPASSFILE), a service file or PGPASSWORD instead.");
}
} // namespace

PasswordKeychain::PasswordKeychain(QObject *parent) : QObject(parent) {}

bool PasswordKeychain::compiledIn() {
#ifdef OM_HAVE_KEYCHAIN
    return true;
#else
    return false;
#endif
}

QString PasswordKeychain::keyFor(const QString &connInfo) { return ConnectionInfo::identity(connInfo); }

void PasswordKeychain::fail(Operation operation, const QString &key, const QString &reason) {
    // Never the password; the key names a role and a database, which the status bar shows anyway.
    qCInfo(lcKeychain).noquote() << "keychain" << int(operation) << key << "failed:" << reason;
    const QString message = joinSentences({reason, fallbackHint()});
    // Queued: callers connect after calling, and a failure must look like any other finish.
    QMetaObject::invokeMethod(
        this, [this, operation, key, message] { emit finished(operation, key, false, {}, message); },
        Qt::QueuedConnection);
}

#ifdef OM_HAVE_KEYCHAIN

static QString reasonFor(QKeychain::Job *job) {
    switch (job->error()) {
    case QKeychain::NoBackendAvailable:
        return QCoreApplication::translate("PasswordKeychain", "No system keychain is running.");
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        return QCoreApplication::translate("PasswordKeychain", "The system keychain refused access.");
    default:
        // Without a session bus qtkeychain says only "Unknown error": no keychain answered.
        if (job->errorString().isEmpty() || job->errorString() == QLatin1String("Unknown error"))
            return QCoreApplication::translate("PasswordKeychain", "No system keychain answered.");
        return QCoreApplication::translate("PasswordKeychain", "The system keychain could not be used (%1).").arg(job->errorString());
    }
}

template <class JobT>
static JobT *prepare(const QString &key, QObject *parent) {
    auto *job = new JobT(QLatin1String(kService), parent);
    job->setAutoDelete(true);
    job->setKey(key);
    // qtkeychain can fall back to a plain-text file: a password must never be stored that way.
    job->setInsecureFallback(false);
    return job;
}

void PasswordKeychain::read(const QString &key) {
    auto *job = prepare<QKeychain::ReadPasswordJob>(key, this);
    connect(job, &QKeychain::Job::finished, this, [this, key](QKeychain::Job *j) {
        auto *r = static_cast<QKeychain::ReadPasswordJob *>(j);
        if (r->error() == QKeychain::NoError)
            emit finished(Operation::Read, key, true, r->textData(), {});
        else if (r->error() == QKeychain::EntryNotFound)
            emit finished(Operation::Read, key, true, {}, {});
        else
            fail(Operation::Read, key, reasonFor(r));
    });
    job->start();
}

void PasswordKeychain::write(const QString &key, const QString &password) {
    auto *job = prepare<QKeychain::WritePasswordJob>(key, this);
    job->setTextData(password);
    connect(job, &QKeychain::Job::finished, this, [this, key](QKeychain::Job *j) {
        if (j->error() == QKeychain::NoError)
            emit finished(Operation::Write, key, true, {}, {});
        else
            fail(Operation::Write, key, reasonFor(j));
    });
    job->start();
}

void PasswordKeychain::remove(const QString &key) {
    auto *job = prepare<QKeychain::DeletePasswordJob>(key, this);
    connect(job, &QKeychain::Job::finished, this, [this, key](QKeychain::Job *j) {
        if (j->error() == QKeychain::NoError || j->error() == QKeychain::EntryNotFound)
            emit finished(Operation::Remove, key, true, {}, {});
        else
            fail(Operation::Remove, key, reasonFor(j));
    });
    job->start();
}

#else

void PasswordKeychain::read(const QString &key) {
    fail(Operation::Read, key, QCoreApplication::translate("PasswordKeychain", "This build has no keychain support."));
}
void PasswordKeychain::write(const QString &key, const QString &) {
    fail(Operation::Write, key, QCoreApplication::translate("PasswordKeychain", "This build has no keychain support."));
}
void PasswordKeychain::remove(const QString &key) {
    fail(Operation::Remove, key, QCoreApplication::translate("PasswordKeychain", "This build has no keychain support."));
}

#endif

} // namespace om
