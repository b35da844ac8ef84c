// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/reportdialog.h"
#include "common/savefolder.h"
#include "common/tones.h"
#include "core/actions/reasonrules.h"
#include "core/common/timeformat.h"

#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryFile>
#include <QVBoxLayout>

namespace om {

const char *const ReportDialog::kLastFolderKey = "incidentReport/lastFolder";

namespace {
/// Characters of the ticket that go into the default file name.
constexpr int kTicketInFileName = 40;
QString fileStamp(const QDateTime &t) { return t.toLocalTime().toString(QStringLiteral("yyyyMMdd-HHmm")); }
} // namespace

ReportDialog::ReportDialog(const AuditFilter &filter, QWidget *parent)
    : QDialog(parent), m_from(new QDateTimeEdit), m_to(new QDateTimeEdit), m_span(new QLabel), m_ticket(new QLineEdit),
      m_folder(new QLineEdit), m_file(new QLineEdit), m_path(new QLabel), m_problem(new QLabel),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel)) {
    setWindowTitle(tr("Incident report"));
    auto *intro = new QLabel(tr("A PDF of what happened in a time range: the actions taken with their reasons, the "
                                "dashboard's charts, the state at the end and the messages that failed in the range."));
    intro->setWordWrap(true);
    auto *box = new QVBoxLayout(this);
    box->addWidget(intro);
    box->addWidget(buildRange(filter));
    auto *ticketForm = new QFormLayout;
    ReasonRules rules;
    m_ticket->setMaxLength(rules.ticketMaxLength * 2); // room to see that it is too long
    m_ticket->setPlaceholderText(tr("optional, e.g. INC-1234: only the actions under this ticket"));
    m_ticket->setText(filter.ticket.trimmed());
    ticketForm->addRow(tr("&Ticket:"), m_ticket);
    box->addLayout(ticketForm);
    box->addWidget(buildDestination());
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setWordWrap(true);
    setProblemLook(m_problem);
    box->addWidget(m_problem);
    box->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Make report"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ReportDialog::tryAccept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ticket, &QLineEdit::textChanged, this, &ReportDialog::revalidate);
    revalidate();
    resize(640, sizeHint().height());
}

QWidget *ReportDialog::buildRange(const AuditFilter &filter) {
    auto *group = new QGroupBox(tr("Time range"));
    for (QDateTimeEdit *e : {m_from, m_to}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        connect(e, &QDateTimeEdit::dateTimeChanged, this, &ReportDialog::revalidate);
    }
    m_from->setObjectName(QStringLiteral("from"));
    m_to->setObjectName(QStringLiteral("to"));
    auto *ends = new QHBoxLayout;
    ends->addWidget(new QLabel(tr("From")));
    ends->addWidget(m_from);
    ends->addWidget(new QLabel(tr("to")));
    ends->addWidget(m_to);
    ends->addWidget(new QLabel(tr("local time (%1)").arg(localZoneName())));
    ends->addStretch(1);
    auto *quick = new QHBoxLayout;
    const QList<QPair<QString, qint64>> choices = {{tr("Last hour"), 3600}, {tr("Last 24 hours"), 86400}, {tr("Last 7 days"), 7 * 86400}};
    for (const auto &[label, seconds] : choices) {
        auto *b = new QPushButton(label);
        b->setAutoDefault(false);
        connect(b, &QPushButton::clicked, this, [this, s = seconds] {
            const auto [f, t] = lastSeconds(s);
            setRange(f, t);
        });
        quick->addWidget(b);
    }
    const auto [filterFrom, filterTo] = filterRange(filter);
    auto *fromFilter = new QPushButton(tr("Audit filter's range"));
    fromFilter->setObjectName(QStringLiteral("filterRange"));
    fromFilter->setAutoDefault(false);
    fromFilter->setEnabled(filterFrom.isValid());
    fromFilter->setToolTip(filterFrom.isValid() ? tr("%1 – %2").arg(formatLocalMinutes(filterFrom), formatLocalMinutes(filterTo))
                                                : tr("The Audit tab's filter has no time range."));
    connect(fromFilter, &QPushButton::clicked, this, [this, f = filterFrom, t = filterTo] { setRange(f, t); });
    quick->addWidget(fromFilter);
    quick->addStretch(1);
    m_span->setObjectName(QStringLiteral("span"));
    auto *v = new QVBoxLayout(group);
    v->addLayout(ends);
    v->addLayout(quick);
    v->addWidget(m_span);
    const auto [first, last] = initialRange(filter);
    setRange(first, last);
    return group;
}

QWidget *ReportDialog::buildDestination() {
    auto *group = new QGroupBox(tr("Save as"));
    auto *choose = new QPushButton(tr("Choose…"));
    choose->setAutoDefault(false);
    connect(choose, &QPushButton::clicked, this, &ReportDialog::chooseFile);
    m_folder->setObjectName(QStringLiteral("folder"));
    m_file->setObjectName(QStringLiteral("fileName"));
    m_folder->setText(QDir::toNativeSeparators(defaultFolder()));
    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(choose);
    auto *form = new QFormLayout;
    form->addRow(tr("Folder:"), folderRow);
    form->addRow(tr("File name:"), m_file);
    m_path->setObjectName(QStringLiteral("path"));
    m_path->setWordWrap(true);
    m_path->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(m_path);
    group->setLayout(form);
    connect(m_folder, &QLineEdit::textChanged, this, &ReportDialog::revalidate);
    connect(m_file, &QLineEdit::textEdited, this, [this] { m_fileNameChosen = true; });
    connect(m_file, &QLineEdit::textChanged, this, &ReportDialog::revalidate);
    return group;
}

QDateTime ReportDialog::from() const { return m_from->dateTime(); }
QDateTime ReportDialog::to() const { return m_to->dateTime(); }
QString ReportDialog::ticket() const { return m_ticket->text().trimmed(); }
QString ReportDialog::folder() const { return QDir::fromNativeSeparators(m_folder->text().trimmed()); }
QString ReportDialog::fileName() const { return m_file->text().trimmed(); }
QString ReportDialog::path() const { return QDir(folder()).filePath(fileName()); }
QString ReportDialog::problemText() const { return m_problem->text(); }

void ReportDialog::setRange(const QDateTime &from, const QDateTime &to) {
    m_from->setDateTime(from.toLocalTime());
    m_to->setDateTime(to.toLocalTime());
}

void ReportDialog::setTicket(const QString &ticket) { m_ticket->setText(ticket); }

void ReportDialog::setDestination(const QString &folder, const QString &fileName) {
    m_fileNameChosen = true;
    m_folder->setText(QDir::toNativeSeparators(folder));
    m_file->setText(fileName);
}

QPair<QDateTime, QDateTime> ReportDialog::lastSeconds(qint64 seconds) {
    const QDateTime now = QDateTime::currentDateTime();
    const QDateTime end = QDateTime(now.date(), QTime(now.time().hour(), now.time().minute())).addSecs(60);
    return {end.addSecs(-seconds), end};
}

QPair<QDateTime, QDateTime> ReportDialog::initialRange(const AuditFilter &filter) {
    const QPair<QDateTime, QDateTime> r = filterRange(filter);
    return r.first.isValid() ? r : lastSeconds(86400);
}

void ReportDialog::chooseFile() {
    // Opened, not exec()'d: no second nested event loop inside this dialog's.
    auto *files = new QFileDialog(this, tr("Save the incident report as"), path(), tr("PDF files (*.pdf)"));
    files->setAcceptMode(QFileDialog::AcceptSave);
    files->setDefaultSuffix(QStringLiteral("pdf"));
    files->setAttribute(Qt::WA_DeleteOnClose);
    connect(files, &QFileDialog::fileSelected, this, [this](const QString &chosen) {
        const QFileInfo info(chosen);
        setDestination(info.absolutePath(), info.suffix().isEmpty() ? info.fileName() + QStringLiteral(".pdf") : info.fileName());
    });
    files->open();
}

QString ReportDialog::problem() const {
    if (from() >= to())
        return tr("The start of the range must be before its end.");
    if (const QString t = ReasonRules().checkTicket(m_ticket->text()); !t.isEmpty())
        return t + QLatin1Char(' ') + tr("(%n character(s) now)", nullptr, ReasonRules::length(ticket()));
    if (fileName().isEmpty())
        return tr("Give the report a file name.");
    if (fileName().contains(QLatin1Char('/')))
        return tr("The file name may not contain \"/\": choose the folder with Choose….");
    if (!QFileInfo(folder()).isDir())
        return tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(folder()));
    return {};
}

QString ReportDialog::folderProblem() const {
    // The permission bits do not say it (root may write anywhere by them, a read-only mount or
    // /proc refuses anyway): only creating a file does.
    QTemporaryFile probe(QDir(folder()).filePath(QStringLiteral(".om-report-probe.XXXXXX")));
    if (!probe.open())
        return tr("Cannot write to the folder %1 (%2). Choose another folder.").arg(QDir::toNativeSeparators(folder()), probe.errorString());
    return {};
}

void ReportDialog::revalidate() {
    m_span->setText(from() < to() ? tr("Length: %1").arg(formatSpan(from().secsTo(to()))) : QString());
    if (!m_fileNameChosen) {
        const QSignalBlocker quiet(m_file);
        m_file->setText(defaultFileName(from(), to(), ticket()));
    }
    const bool exists = QFileInfo::exists(path());
    m_path->setText((exists ? tr("The report replaces %1") : tr("The report will be written to %1")).arg(QDir::toNativeSeparators(path())));
    const QString p = problem();
    m_problem->setText(p);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(p.isEmpty());
}

bool ReportDialog::tryAccept() {
    QString p = problem();
    if (p.isEmpty())
        p = folderProblem();
    m_problem->setText(p);
    if (!p.isEmpty())
        return false;
    QSettings().setValue(QLatin1String(kLastFolderKey), folder());
    accept();
    return true;
}

QPair<QDateTime, QDateTime> ReportDialog::filterRange(const AuditFilter &f) {
    if (!f.from.isValid() && !f.to.isValid())
        return {};
    const QDateTime to = f.to.isValid() ? f.to : QDateTime::currentDateTime();
    return {f.from.isValid() ? f.from : to.addDays(-1), to};
}

QString ReportDialog::defaultFolder() {
    return SaveFolder::suggested(kLastFolderKey);
}

QString ReportDialog::defaultFileName(const QDateTime &from, const QDateTime &to, const QString &ticket) {
    QString safe;
    for (const QChar c : ticket.trimmed().left(kTicketInFileName))
        safe += c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('.') ? c : QLatin1Char('_');
    QString name = QStringLiteral("incident-report_%1_%2").arg(fileStamp(from), fileStamp(to));
    if (!safe.isEmpty())
        name += QLatin1Char('_') + safe;
    return name + QStringLiteral(".pdf");
}

} // namespace om
