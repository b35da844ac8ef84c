// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <functional>

namespace om {

class DatabaseLink;
class HistoryStore;

/// Makes the incident report for a time range into a PDF, with no widget involved: the Audit tab's
/// button and the command line's --report-pdf both go through it. The file appears complete or not
/// at all (written to a temporary file in the same folder, then renamed over the target).
class ReportMaker : public QObject {
    Q_OBJECT
public:
    ReportMaker(DatabaseLink *gateway, SchemaProfile profile, QObject *parent = nullptr);

    /// Where the report finds the dashboard's history (same thread); without it the report says
    /// it has no samples, and with a store that is not open, why it could not be read.
    void setHistory(const HistoryStore *store, const QString &connectionKey);
    /// Reads the report's data on the Browse lane and writes `path`; emits finished() either way.
    void make(const QString &path, const QDateTime &from, const QDateTime &to, const QString &ticket);

    /// Runs `write(temporaryPath, error)` and renames its file to `path` when it succeeded; on
    /// failure nothing is left behind. Public for the tests.
    static bool writeAtomically(const QString &path, const std::function<bool(const QString &, QString *)> &write,
                                QString *error);

signals:
    /// ok: the report is at `pathOrMessage`; otherwise one line saying why not.
    void finished(bool ok, const QString &pathOrMessage);

private:
    DatabaseLink *m_gateway;
    SchemaProfile m_profile;
    const HistoryStore *m_history = nullptr;
    QString m_historyKey;
};

} // namespace om
