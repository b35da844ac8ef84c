// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/reportmaker.h"
#include "core/common/firstline.h"
#include "audit/incidentreport.h"
#include "core/dashboard/dashboardsettings.h"
#include "core/store/historystore.h"
#include "core/audit/auditservice.h"
#include "dashboard/historycharts.h"
#include "link/databaselink.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryFile>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace om {

ReportMaker::ReportMaker(DatabaseLink *gateway, SchemaProfile profile, QObject *parent)
    : QObject(parent), m_gateway(gateway), m_profile(std::move(profile)) {}

void ReportMaker::setHistory(const HistoryStore *store, const QString &connectionKey) {
    m_history = store;
    m_historyKey = connectionKey;
}

void ReportMaker::make(const QString &path, const QDateTime &from, const QDateTime &to, const QString &ticket) {
    if (from >= to) {
        emit finished(false, tr("The start of the time range must be before its end."));
        return;
    }
    const auto onDone = [this, path](const IncidentData &d) {
        IncidentReport report(d, m_profile);
        if (m_history && !m_history->isOpen())
            report.setHistoryUnavailable(m_history->openError());
        if (m_history && m_history->isOpen()) {
            // On this (the GUI) thread, where the store lives (Qt Sql connections are per thread),
            // and cheap: at most kReportChartPoints min/max/avg buckets per series, aggregated in
            // SQLite over the per-minute rollup (7 days = ~10k rollup rows per series, a few ms).
            constexpr int kReportChartPoints = 400;
            report.setHistory(HistoryCharts::load(*m_history, m_historyKey, m_profile, d.from.toMSecsSinceEpoch(),
                                                  d.to.toMSecsSinceEpoch(), kReportChartPoints),
                              DashboardSettings::load(m_historyKey, m_profile.stuckTimeoutMinutes)
                                  .thresholds.value(QStringLiteral("oldest")));
        }
        QString error;
        const bool ok = writeAtomically(
            path, [&report](const QString &tmp, QString *e) { return report.writePdf(tmp, e); },
            &error);
        emit finished(ok, ok ? path : error);
    };
    const auto onFailed = [this](const PgError &e) {
        emit finished(false, tr("Could not read the report's data: %1").arg(firstLine(e.message)));
    };
    AuditService(m_gateway, m_profile).incident(from, to, ticket, {this, onDone, onFailed});
}

bool ReportMaker::writeAtomically(const QString &path, const std::function<bool(const QString &, QString *)> &write,
                                  QString *error) {
    const QFileInfo target(path);
    if (target.isDir()) {
        *error = tr("%1 is a folder, not a file.").arg(path);
        return false;
    }
    // Same folder as the target, so that the rename cannot cross file systems.
    QTemporaryFile tmp(target.absoluteDir().filePath(QStringLiteral(".%1.XXXXXX").arg(target.fileName())));
    if (!tmp.open()) {
        *error = tr("Cannot write to the folder of %1: %2").arg(path, tmp.errorString());
        return false;
    }
    tmp.close(); // the writer opens it by name; the object still removes it unless renamed
    if (!write(tmp.fileName(), error))
        return false;
    // A normal file's permissions, not the temporary file's owner-only ones.
    tmp.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    // rename(2) replaces an existing target in one step; QFile::rename refuses to.
    if (std::rename(QFile::encodeName(tmp.fileName()).constData(), QFile::encodeName(target.absoluteFilePath()).constData()) != 0) {
        *error = tr("Cannot write %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    tmp.setAutoRemove(false);
    return true;
}

} // namespace om
