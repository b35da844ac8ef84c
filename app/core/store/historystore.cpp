// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/historystore.h"
#include "core/store/sqlitefile.h"

#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QSet>
#include <QUuid>
#include <limits>

Q_LOGGING_CATEGORY(lcHistory, "om.history")

namespace om {
namespace {

constexpr qint64 kMinuteMs = 60000;

bool exec(QSqlQuery &q, QString *error = nullptr) {
    if (q.exec())
        return true;
    qCWarning(lcHistory) << q.lastError().text() << q.lastQuery();
    if (error)
        *error = q.lastError().text();
    return false;
}

} // namespace

HistoryStore::HistoryStore(const QString &path)
    : m_path(path.isEmpty() ? defaultPath() : path),
      m_connectionName(QStringLiteral("om-history-") + QUuid::createUuid().toString(QUuid::WithoutBraces)) {}

HistoryStore::~HistoryStore() {
    m_insertRaw.reset();
    m_insertMinute.reset();
    sqlite::close(m_connectionName);
}

QString HistoryStore::defaultPath() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/history.sqlite");
}

bool HistoryStore::open(QString *error) {
    m_openError.clear();
    m_open = sqlite::open(m_path, m_connectionName, &m_openError); // the tables: core/store/storeschema.cpp
    if (error)
        *error = m_openError;
    return m_open;
}

qint64 HistoryStore::seriesId(const QString &key, const QString &profileId, const QString &metric, bool create) const {
    const QString cacheKey = key + QChar(0) + profileId + QChar(0) + metric;
    if (const auto it = m_seriesCache.constFind(cacheKey); it != m_seriesCache.constEnd())
        return *it;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT id FROM series WHERE conn = ? AND profile = ? AND metric = ?"));
    q.addBindValue(key);
    q.addBindValue(profileId);
    q.addBindValue(metric);
    if (exec(q) && q.next())
        return m_seriesCache[cacheKey] = q.value(0).toLongLong();
    if (!create)
        return -1;
    q.prepare(QStringLiteral("INSERT INTO series (conn, profile, metric) VALUES (?, ?, ?)"));
    q.addBindValue(key);
    q.addBindValue(profileId);
    q.addBindValue(metric);
    if (!exec(q))
        return -1;
    return m_seriesCache[cacheKey] = q.lastInsertId().toLongLong();
}

QList<QPair<QString, double>> HistoryStore::metricsOf(const Snapshot &s) {
    QList<QPair<QString, double>> out;
    for (const StateCount &c : s.states)
        if (c.count >= 0)
            out << qMakePair(QStringLiteral("state:") + c.name, double(c.count));
    out << qMakePair(QStringLiteral("waiting"), double(s.waiting));
    out << qMakePair(QStringLiteral("oldest"), s.oldestWaitingAgeS.value_or(0.0));
    out << qMakePair(QStringLiteral("stuck"), double(s.stuck));
    if (s.nearMaxRetry)
        out << qMakePair(QStringLiteral("nearMax"), double(*s.nearMaxRetry));
    return out;
}

bool HistoryStore::append(const QString &connectionKey, const Snapshot &s) {
    const qint64 tMs = s.serverTime.toMSecsSinceEpoch();
    const bool stored = appendValues(connectionKey, s.profileId, tMs, metricsOf(s));
    if (stored && (m_lastPurgeMs == 0 || tMs - m_lastPurgeMs >= kPurgeEveryMs))
        purge(tMs);
    return stored;
}

bool HistoryStore::appendValues(const QString &key, const QString &profileId, qint64 tMs,
                                const QList<QPair<QString, double>> &values) {
    return appendSamples(key, profileId, {Sample{tMs, values}});
}

bool HistoryStore::appendSamples(const QString &key, const QString &profileId, const QList<Sample> &samples) {
    if (!m_open)
        return false;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    // Takes the write lock first: the series lookup below reads before it writes, and another
    // window may write the same file (sqlite::WriteTransaction).
    sqlite::WriteTransaction tx(m_connectionName);
    if (!tx.isOpen()) {
        qCWarning(lcHistory) << "samples not stored:" << tx.error();
        return false;
    }
    if (samples.size() == 1)
        return insertValues(key, profileId, samples.first().tMs, samples.first().values) && tx.commit();
    // A batch: raw rows first, then the minutes it touched are aggregated again in SQL (one
    // statement instead of an upsert per value; also correct when the batch overlaps old rows).
    QSqlQuery raw(db);
    raw.prepare(QStringLiteral("INSERT OR REPLACE INTO sample (series, t, v) VALUES (?, ?, ?)"));
    QSet<qint64> ids;
    qint64 lo = std::numeric_limits<qint64>::max(), hi = std::numeric_limits<qint64>::min();
    bool ok = true;
    for (const Sample &s : samples) {
        lo = qMin(lo, s.tMs);
        hi = qMax(hi, s.tMs);
        for (const auto &[metric, v] : s.values) {
            const qint64 id = seriesId(key, profileId, metric, true);
            ids.insert(id);
            raw.bindValue(0, id);
            raw.bindValue(1, s.tMs);
            raw.bindValue(2, v);
            ok = ok && id >= 0 && exec(raw);
        }
        if (!ok)
            break;
    }
    QSqlQuery roll(db);
    lo -= lo % kMinuteMs;
    hi = hi - hi % kMinuteMs + kMinuteMs;
    for (qint64 id : std::as_const(ids)) {
        if (!ok)
            break;
        roll.prepare(QStringLiteral("DELETE FROM sample_minute WHERE series = ? AND t >= ? AND t < ?"));
        roll.addBindValue(id);
        roll.addBindValue(lo);
        roll.addBindValue(hi);
        ok = exec(roll);
        roll.prepare(QStringLiteral("INSERT INTO sample_minute (series, t, vmin, vmax, vsum, n, first_t) "
                                    "SELECT series, t - t % 60000, min(v), max(v), sum(v), count(*), min(t) FROM sample "
                                    "WHERE series = ? AND t >= ? AND t < ? GROUP BY series, t - t % 60000"));
        roll.addBindValue(id);
        roll.addBindValue(lo);
        roll.addBindValue(hi);
        ok = ok && exec(roll);
    }
    return ok && tx.commit(); // rolled back otherwise
}

bool HistoryStore::insertValues(const QString &key, const QString &profileId, qint64 tMs,
                                const QList<QPair<QString, double>> &values) {
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!m_insertRaw) {
        m_insertRaw = std::make_unique<QSqlQuery>(db);
        m_insertRaw->prepare(QStringLiteral("INSERT OR REPLACE INTO sample (series, t, v) VALUES (?, ?, ?)"));
        m_insertMinute = std::make_unique<QSqlQuery>(db);
        m_insertMinute->prepare(QStringLiteral(
            "INSERT INTO sample_minute (series, t, vmin, vmax, vsum, n, first_t) VALUES (?, ?, ?, ?, ?, 1, ?) "
            "ON CONFLICT (series, t) DO UPDATE SET vmin = min(vmin, excluded.vmin), vmax = max(vmax, excluded.vmax), "
            "vsum = vsum + excluded.vsum, n = n + 1, first_t = min(first_t, excluded.first_t)"));
    }
    QSqlQuery &raw = *m_insertRaw;
    QSqlQuery &minute = *m_insertMinute;
    const qint64 minuteT = tMs - tMs % kMinuteMs;
    for (const auto &[metric, v] : values) {
        const qint64 id = seriesId(key, profileId, metric, true);
        if (id < 0)
            return false;
        raw.bindValue(0, id);
        raw.bindValue(1, tMs);
        raw.bindValue(2, v);
        minute.bindValue(0, id);
        minute.bindValue(1, minuteT);
        minute.bindValue(2, v);
        minute.bindValue(3, v);
        minute.bindValue(4, v);
        minute.bindValue(5, tMs);
        if (!exec(raw) || !exec(minute))
            return false;
    }
    return true;
}

QList<HistoryPoint> HistoryStore::load(const QString &key, const QString &profileId, const QString &metric,
                                       qint64 fromMs, qint64 toMs, int maxPoints) const {
    QList<HistoryPoint> out;
    const qint64 id = m_open ? seriesId(key, profileId, metric, false) : -1;
    if (id < 0 || toMs <= fromMs)
        return out;
    maxPoints = qMax(10, maxPoints);
    const qint64 span = toMs - fromMs;
    qint64 bucket = (span + maxPoints - 1) / maxPoints;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.setForwardOnly(true);
    if (bucket < kMinuteMs) {
        // Short window: raw samples, bucketed only if they are denser than maxPoints.
        q.prepare(QStringLiteral("SELECT min(t), min(v), max(v), avg(v), count(*) FROM sample "
                                 "WHERE series = ? AND t >= ? AND t <= ? GROUP BY t / ? ORDER BY 1"));
    } else {
        // Long window: whole minutes from the rollup, so the buckets are multiples of a minute.
        bucket = (bucket + kMinuteMs - 1) / kMinuteMs * kMinuteMs;
        q.prepare(QStringLiteral("SELECT min(first_t), min(vmin), max(vmax), sum(vsum) / sum(n), sum(n) FROM sample_minute "
                                 "WHERE series = ? AND t >= ? AND t <= ? GROUP BY t / ? ORDER BY 1"));
        fromMs -= fromMs % kMinuteMs;
    }
    q.bindValue(0, id);
    q.bindValue(1, fromMs);
    q.bindValue(2, toMs);
    q.bindValue(3, bucket);
    if (!exec(q))
        return out;
    while (q.next())
        out << HistoryPoint{q.value(0).toLongLong(), q.value(1).toDouble(), q.value(2).toDouble(),
                            q.value(3).toDouble(), q.value(4).toInt()};
    return out;
}

QStringList HistoryStore::metrics(const QString &key, const QString &profileId) const {
    QStringList out;
    if (!m_open)
        return out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("SELECT metric FROM series WHERE conn = ? AND profile = ? ORDER BY metric"));
    q.addBindValue(key);
    q.addBindValue(profileId);
    if (exec(q))
        while (q.next())
            out << q.value(0).toString();
    return out;
}

int HistoryStore::purge(qint64 nowMs) {
    if (!m_open)
        return 0;
    m_lastPurgeMs = nowMs; // the purge at start counts: the first append does not repeat it
    const qint64 cutoff = nowMs - qint64(m_retentionDays) * 86400 * 1000;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    int deleted = 0;
    // The rollup keeps the minute that holds the cutoff: it still has samples inside the limit.
    for (const auto &[sql, before] : {qMakePair("DELETE FROM sample WHERE t < ?", cutoff),
                                      qMakePair("DELETE FROM sample_minute WHERE t < ?", cutoff - cutoff % kMinuteMs)}) {
        q.prepare(QLatin1String(sql));
        q.addBindValue(before);
        if (exec(q))
            deleted += q.numRowsAffected();
    }
    return deleted;
}

qint64 HistoryStore::rawCount(const QString &key, const QString &profileId, const QString &metric) const {
    const qint64 id = m_open ? seriesId(key, profileId, metric, false) : -1;
    if (id < 0)
        return 0;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("SELECT count(*) FROM sample WHERE series = ?"));
    q.addBindValue(id);
    return exec(q) && q.next() ? q.value(0).toLongLong() : 0;
}

bool HistoryStore::adoptConnection(const QString &from, const QString &to) {
    if (!m_open || from == to)
        return false;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("UPDATE series SET conn = ? WHERE conn = ? AND NOT EXISTS (SELECT 1 FROM series WHERE conn = ?)"));
    q.addBindValue(to);
    q.addBindValue(from);
    q.addBindValue(to);
    if (!exec(q))
        return false;
    m_seriesCache.clear(); // ids cached under the old key
    return q.numRowsAffected() > 0;
}

} // namespace om
