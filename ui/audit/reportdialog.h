// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/auditfilter.h"

#include <QDateTime>
#include <QDialog>
#include <QPair>

class QDateTimeEdit;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace om {

/// Asks what an incident report covers and where it goes, all of it on screen: the time range
/// (local time, zone named; quick choices and the Audit filter's range), the ticket, and the
/// folder and file name. Refuses a range that ends before it starts, a ticket that is too long
/// and a folder that cannot be written, in the dialog, before anything is made or remembered.
class ReportDialog : public QDialog {
    Q_OBJECT
public:
    /// `filter`: the Audit bar's filter; its range is offered (and chosen) when it has one, its
    /// ticket filled in.
    explicit ReportDialog(const AuditFilter &filter, QWidget *parent = nullptr);

    QDateTime from() const;
    QDateTime to() const;
    QString ticket() const; ///< trimmed
    QString folder() const;
    QString fileName() const;
    /// Where the report will be written: folder and file name.
    QString path() const;
    void setRange(const QDateTime &from, const QDateTime &to);
    void setTicket(const QString &ticket);
    /// Sets the destination as typed or chosen (the file name is then no longer generated).
    void setDestination(const QString &folder, const QString &fileName);
    /// "" when the report can be made as the dialog says; otherwise what to fix.
    QString problem() const;
    /// The message shown in the dialog (empty when none).
    QString problemText() const;
    /// OK: accepts and remembers the folder when nothing is wrong (the folder is tried by creating
    /// a file in it); otherwise shows why and changes nothing. Returns whether it accepted.
    bool tryAccept();

    /// The range a report gets from an Audit filter: its ends, a missing start 24 hours before
    /// the end, a missing end now. Both invalid when the filter has no range.
    static QPair<QDateTime, QDateTime> filterRange(const AuditFilter &filter);
    /// The range offered first: the filter's (filterRange) when it has one, else the last 24 hours.
    static QPair<QDateTime, QDateTime> initialRange(const AuditFilter &filter);
    /// The last `seconds`, ending at the next whole minute (the boxes show minutes, and the last
    /// seconds belong in the range).
    static QPair<QDateTime, QDateTime> lastSeconds(qint64 seconds);
    /// The folder offered first: the last one used when it still exists, else Documents, else home.
    static QString defaultFolder();
    /// "incident-report_20261201-1400_20261201-1800_INC-7.pdf" (local times, the ticket made safe).
    static QString defaultFileName(const QDateTime &from, const QDateTime &to, const QString &ticket);
    /// QSettings key of the last folder used.
    static const char *const kLastFolderKey;

private:
    QWidget *buildRange(const AuditFilter &filter);
    QWidget *buildDestination();
    void chooseFile();
    void revalidate();
    /// The folder cannot be written ("" when it can): a file is created in it and removed.
    QString folderProblem() const;

    QDateTimeEdit *m_from, *m_to;
    QLabel *m_span;
    QLineEdit *m_ticket;
    QLineEdit *m_folder, *m_file;
    QLabel *m_path, *m_problem;
    QDialogButtonBox *m_buttons;
    bool m_fileNameChosen = false; ///< typed or chosen: no longer follows the range and ticket
};

} // namespace om
