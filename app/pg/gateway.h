#pragma once
#include "pg/limits.h"
#include "pg/pgsession.h"

#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QThread>
#include <array>
#include <atomic>
#include <functional>
#include <memory>

namespace om {

/// Each lane is one connection living in its own thread, so a slow list query never delays the
/// dashboard and an action never waits behind either.
enum class Lane { Monitor = 0, Browse = 1, Action = 2 };
constexpr int kLaneCount = 3;

/// Settings shared by every lane's session.
struct GatewayConfig {
    QString connInfo;
    QString password;               ///< from the OS keychain; see PgSession::Options::password
    bool readOnly = false;          ///< every session read-only; the Action lane refuses work
    int statementTimeoutMs = limits::kStatementTimeoutMs;
    int lockTimeoutMs = limits::kActionLockTimeoutMs; ///< Action lane only: a worker's row lock never hangs an action
    QString applicationName = QStringLiteral("outbox-monitor");
};

class LaneWorker;

/// The application's only way to PostgreSQL. Lives in the GUI thread; every query runs on a
/// lane's own thread and its result comes back to the caller's object through the event loop.
/// No database call ever happens on the calling thread.
class Gateway : public QObject {
    Q_OBJECT
public:
    explicit Gateway(GatewayConfig config, QObject *parent = nullptr);
    ~Gateway() override;

    const GatewayConfig &config() const { return m_config; }
    bool isReadOnly() const { return m_config.readOnly; }

    /// Runs `job` on the lane's thread (opening the lane's session first if needed). Exactly one
    /// of `onDone` / `onError` is later called in `context`'s thread, unless `context` is gone.
    /// Returns a job id for cancel().
    template <class R>
    quint64 run(Lane lane, QObject *context, std::function<R(PgSession &)> job,
                std::function<void(const R &)> onDone, std::function<void(const PgError &)> onError) {
        QPointer<QObject> ctx(context);
        auto fail = [onError = std::move(onError), ctx](const PgError &e) {
            if (ctx)
                QMetaObject::invokeMethod(ctx, [onError, e] { onError(e); }, Qt::QueuedConnection);
        };
        return post(lane, [job = std::move(job), onDone = std::move(onDone), ctx](PgSession &s) {
            R result = job(s);
            if (ctx)
                QMetaObject::invokeMethod(ctx, [onDone, result] { onDone(result); }, Qt::QueuedConnection);
        }, std::move(fail));
    }

    /// Cancels job `id` if it is the one running on its lane right now (newest request wins).
    void cancel(Lane lane, quint64 id);

signals:
    /// The lane's session opened (up = true) or broke / failed to open (message says why).
    void connectionChanged(om::Lane lane, bool up, const QString &message);

private:
    quint64 post(Lane lane, std::function<void(PgSession &)> work, std::function<void(const PgError &)> fail);

    GatewayConfig m_config;
    std::array<QThread *, kLaneCount> m_threads{};
    std::array<LaneWorker *, kLaneCount> m_workers{};
    std::atomic<quint64> m_nextId{1};
};

/// Lives in a lane's thread and owns that lane's session.
class LaneWorker : public QObject {
    Q_OBJECT
public:
    LaneWorker(Lane lane, PgSession::Options options, bool refuseWork);
    ~LaneWorker() override;
    void execute(quint64 id, const std::function<void(PgSession &)> &work, const std::function<void(const PgError &)> &fail);
    void cancelIf(quint64 id, bool any);

private:
    void setUp(bool up, const QString &message);

signals:
    void connectionChanged(om::Lane lane, bool up, const QString &message);

private:
    Lane m_lane;
    bool m_refuseWork;
    std::unique_ptr<PgSession> m_session;
    QMutex m_runningLock;   ///< held while checking/cancelling the running job id
    quint64 m_running = 0;
    bool m_up = false;
};

} // namespace om

Q_DECLARE_METATYPE(om::Lane)
