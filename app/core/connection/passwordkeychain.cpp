// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/passwordkeychain.h"
#include "link/connectioninfo.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QMetaObject>
#include <QThread>
#include <QTimer>

#include <memory>
#include <utility>

#ifdef OM_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

Q_LOGGING_CATEGORY(lcKeychain, "om.keychain")

namespace om {

namespace {

void logAnswer(PasswordKeychain::Operation operation, const QString &key, const KeychainAnswer &answer) {
    // Never the password; the key names a role and a database, which the status bar shows anyway.
    if (!answer.ok())
        qCInfo(lcKeychain).noquote() << "keychain" << int(operation) << key << "failed:" << int(answer.kind) << answer.details;
}

} // namespace

PasswordKeychain::PasswordKeychain(QObject *parent) : QObject(parent) {
    qRegisterMetaType<om::KeychainAnswer>();
}

bool PasswordKeychain::compiledIn() {
#ifdef OM_HAVE_KEYCHAIN
    return true;
#else
    return false;
#endif
}

QString PasswordKeychain::keyFor(const QString &connInfo) { return ConnectionInfo::identity(connInfo); }

QString PasswordKeychain::serviceName() { return QStringLiteral("Outbox Monitor (PostgreSQL)"); }

void PasswordKeychain::finishLater(Operation operation, const QString &key, const KeychainAnswer &answer) {
    logAnswer(operation, key, answer);
    QMetaObject::invokeMethod(
        this, [this, operation, key, answer] { emit finished(operation, key, answer, {}); }, Qt::QueuedConnection);
}

#ifdef OM_HAVE_KEYCHAIN

namespace {

KeychainAnswer::BackendError backendError(QKeychain::Error error) {
    switch (error) {
    case QKeychain::AccessDenied:
        return KeychainAnswer::BackendError::AccessDenied;
    case QKeychain::AccessDeniedByUser:
        return KeychainAnswer::BackendError::AccessDeniedByUser;
    case QKeychain::NoBackendAvailable:
        return KeychainAnswer::BackendError::NoBackendAvailable;
    default:
        return KeychainAnswer::BackendError::Other;
    }
}

KeychainAnswer answerOf(PasswordKeychain::Operation operation, const QKeychain::Job *job) {
    if (job->error() == QKeychain::NoError)
        return {};
    // Nothing stored: a read finds no password, a removal has nothing to do.
    if (job->error() == QKeychain::EntryNotFound && operation != PasswordKeychain::Operation::Write)
        return {};
    return KeychainAnswer::failure(backendError(job->error()), job->errorString(), KeychainAnswer::Environment::current());
}

template <class JobT>
JobT *prepare(const QString &key) {
    // Owned by the application, never by the asker: libsecret holds the job by a raw pointer
    // until it answers, through the GLib main loop, whenever that is (an unlock prompt may never
    // answer). autoDelete frees it after its finished(); the application frees one still waiting
    // when it goes (no event loop runs then, so nothing calls into it any more).
    QObject *owner = QCoreApplication::instance();
    if (owner && owner->thread() != QThread::currentThread())
        owner = nullptr;
    auto *job = new JobT(PasswordKeychain::serviceName(), owner);
    job->setAutoDelete(true);
    job->setKey(key);
    // qtkeychain can fall back to a plain-text file: a password must never be stored that way.
    job->setInsecureFallback(false);
    return job;
}

/// Starts `job` and delivers exactly one finished() for it: its answer, or NoAnswer after the
/// bound, whichever comes first. Both are connected with `keychain` as their context: once the
/// asker is gone, a late answer is dropped and the job, still alive, merely frees itself.
void await(PasswordKeychain *keychain, PasswordKeychain::Operation operation, const QString &key, QKeychain::Job *job) {
    auto delivered = std::make_shared<bool>(false);
    auto deliver = [keychain, operation, key, delivered](const KeychainAnswer &answer, const QString &password) {
        if (std::exchange(*delivered, true))
            return;
        logAnswer(operation, key, answer);
        emit keychain->finished(operation, key, answer, password);
    };
    QObject::connect(job, &QKeychain::Job::finished, keychain, [deliver, operation](QKeychain::Job *j) {
        const KeychainAnswer answer = answerOf(operation, j);
        const bool found = operation == PasswordKeychain::Operation::Read && j->error() == QKeychain::NoError;
        deliver(answer, found ? static_cast<QKeychain::ReadPasswordJob *>(j)->textData() : QString());
    });
    const int boundMs = keychain->answerBoundMs();
    QTimer::singleShot(boundMs, keychain, [deliver, boundMs] {
        KeychainAnswer late;
        late.kind = KeychainAnswer::Kind::NoAnswer;
        late.boundSeconds = (boundMs + 999) / 1000;
        deliver(late, QString());
    });
    job->start();
}

} // namespace

void PasswordKeychain::read(const QString &key) { await(this, Operation::Read, key, prepare<QKeychain::ReadPasswordJob>(key)); }

void PasswordKeychain::write(const QString &key, const QString &password) {
    auto *job = prepare<QKeychain::WritePasswordJob>(key);
    job->setTextData(password);
    await(this, Operation::Write, key, job);
}

void PasswordKeychain::remove(const QString &key) { await(this, Operation::Remove, key, prepare<QKeychain::DeletePasswordJob>(key)); }

#else

namespace {
KeychainAnswer notInThisBuild() {
    KeychainAnswer a;
    a.kind = KeychainAnswer::Kind::NotInThisBuild;
    return a;
}
} // namespace

void PasswordKeychain::read(const QString &key) { finishLater(Operation::Read, key, notInThisBuild()); }
void PasswordKeychain::write(const QString &key, const QString &) { finishLater(Operation::Write, key, notInThisBuild()); }
void PasswordKeychain::remove(const QString &key) { finishLater(Operation::Remove, key, notInThisBuild()); }

#endif

} // namespace om
