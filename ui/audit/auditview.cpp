// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/auditview.h"
#include "common/savefolder.h"
#include "core/common/firstline.h"
#include "core/common/countformat.h"
#include "audit/auditcsvexport.h"
#include "audit/auditmodel.h"
#include "audit/auditoutcomes.h"
#include "audit/outcomebook.h"
#include "audit/reportdialog.h"
#include "audit/reportmaker.h"
#include "common/dataagelabel.h"
#include "common/stalelook.h"
#include "common/widthsetting.h"
#include "common/tones.h"
#include "link/databaselink.h"
#include "link/limits.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QScopedValueRollback>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressDialog>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace om {

AuditView::AuditView(DatabaseLink *gateway, SchemaProfile profile, QWidget *parent)
    : QWidget(parent), m_gateway(gateway), m_profile(profile), m_model(new AuditModel(gateway, profile, this)),
      m_export(new AuditCsvExport(gateway, profile, this)), m_table(new QTableView), m_useFrom(new QCheckBox(tr("From"))),
      m_useTo(new QCheckBox(tr("to"))), m_from(new QDateTimeEdit), m_to(new QDateTimeEdit), m_action(new QComboBox),
      m_operator(new QLineEdit), m_key(new QLineEdit), m_ticket(new QLineEdit), m_reason(new QLineEdit),
      m_open(new QPushButton(tr("Open message"))), m_status(new QLabel), m_age(new DataAgeLabel) {
    setupInputs();
    setupTable();
    buildLayout();
    connectModel();
    connectExport();
    applyFilter();
}

void AuditView::setStuckTimeoutMinutes(int minutes) {
    m_profile.stuckTimeoutMinutes = qMax(1, minutes);
    m_outcomes->book()->setStuckTimeoutMinutes(minutes); // "still stuck" in the Outcome column
}

void AuditView::setupInputs() {
    const QDateTime now = QDateTime::currentDateTime();
    for (QDateTimeEdit *e : {m_from, m_to}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    }
    m_from->setDateTime(now.addDays(-1));
    m_to->setDateTime(now.addSecs(3600));
    m_action->addItem(tr("any action"), QString());
    for (const ActionDef &a : m_profile.actions)
        m_action->addItem(a.auditName, a.auditName);
    m_operator->setPlaceholderText(tr("operator (db or OS user)"));
    m_key->setPlaceholderText(tr("message key contains"));
    m_ticket->setPlaceholderText(tr("ticket"));
    m_reason->setPlaceholderText(tr("reason contains"));
    for (QLineEdit *e : {m_operator, m_key, m_ticket, m_reason})
        connect(e, &QLineEdit::returnPressed, this, &AuditView::applyFilter);
}

void AuditView::setupTable() {
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(AuditModel::Reason, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false); // one line per audit row; the full reason is in the tooltip
    connect(m_open, &QPushButton::clicked, this, &AuditView::openSelected);
    connect(m_table, &QTableView::doubleClicked, this, &AuditView::openSelected);
    m_outcomes = new AuditOutcomes(m_gateway, m_profile, m_model, m_table, this);
    connect(m_outcomes, &AuditOutcomes::outcomeColumnFitWanted, this, [this] {
        const QScopedValueRollback<bool> fitting(m_fitting, true);
        if (!m_chosenWidths.contains(AuditModel::Outcome))
            m_table->resizeColumnToContents(AuditModel::Outcome);
    });
    connect(m_outcomes, &AuditOutcomes::messagesOpenRequested, this, &AuditView::actionMessagesOpenRequested);
}

void AuditView::buildLayout() {
    auto *apply = new QPushButton(tr("Apply"));
    auto *exportButton = new QPushButton(tr("Export CSV…"));
    auto *report = new QPushButton(tr("Incident report…"));
    connect(apply, &QPushButton::clicked, this, &AuditView::applyFilter);
    connect(exportButton, &QPushButton::clicked, this, &AuditView::askExport);
    connect(report, &QPushButton::clicked, this, &AuditView::askReport);

    auto *bar1 = new QHBoxLayout;
    bar1->addWidget(m_useFrom);
    bar1->addWidget(m_from);
    bar1->addWidget(m_useTo);
    bar1->addWidget(m_to);
    bar1->addWidget(m_action);
    bar1->addWidget(m_operator);
    bar1->addWidget(m_ticket);
    auto *bar2 = new QHBoxLayout;
    bar2->addWidget(m_key);
    bar2->addWidget(m_reason, 1);
    bar2->addWidget(apply);
    bar2->addWidget(m_open);
    bar2->addWidget(m_outcomes->drillButton());
    bar2->addWidget(exportButton);
    bar2->addWidget(report);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_age);
    auto *box = new QVBoxLayout(this);
    box->addLayout(bar1);
    box->addLayout(bar2);
    box->addWidget(m_table, 1);
    box->addLayout(bottom);
}

void AuditView::connectModel() {
    connect(m_model, &AuditModel::pageLoaded, this, [this](int rows, bool more) {
        if (rows == m_model->rowCount()) // the first page of a (re)load: the trail is as of now
            m_age->markFresh();
        if (rows > 0 && rows == m_model->rowCount()) // the first page of a filter
            fitColumns();
        if (!m_profile.hasAudit()) {
            setStatus(tr("Profile %1 names no audit table, so there is no audit trail and no actions (a change needs its "
                         "audit row). To record actions, add an \"audit\" section to the profile naming a table with the "
                         "message id, action, reason, old and new state, who and when; the admin kit can create one.")
                          .arg(m_profile.id),
                      true);
            return;
        }
        if (m_model->isCapped()) {
            setStatus(tr("The audit list stops at %1 rows to keep memory bounded; narrow the filter, or export "
                         "to CSV for all of them.")
                          .arg(formatCount(m_model->rowCount())));
            return;
        }
        setStatus(more ? tr("%1 rows shown, newest first; scroll for more").arg(formatCount(m_model->rowCount()))
                       : tr("%1 rows, newest first").arg(formatCount(m_model->rowCount())));
    });
    connect(m_model, &AuditModel::loadFailed, this, [this](const QString &m) {
        setStatus(tr("Could not read the audit trail: %1").arg(firstLine(m)), true);
    });
}

void AuditView::fitColumns() {
    const QScopedValueRollback<bool> fitting(m_fitting, true);
    int others = 0;
    for (int c = 0; c < AuditModel::ColumnCount; ++c)
        if (c != AuditModel::Reason) {
            if (const auto chosen = m_chosenWidths.constFind(c); chosen != m_chosenWidths.cend())
                m_table->setColumnWidth(c, *chosen);
            else
                m_table->resizeColumnToContents(c);
            others += c == AuditModel::MessageKey ? 0 : m_table->columnWidth(c);
        }
    // Long keys (TYPE:123456) must not squeeze the reason, the column auditors read: the
    // key gives way first, down to a readable minimum (its full text is one click away).
    if (!m_chosenWidths.contains(AuditModel::MessageKey)) {
        const int keyRoom = m_table->viewport()->width() - 260 - others;
        m_table->setColumnWidth(AuditModel::MessageKey, qMin(m_table->columnWidth(AuditModel::MessageKey), qMax(110, keyRoom)));
    }
}

void AuditView::rememberColumnWidths(const QString &settingsKey) {
    m_widths = new WidthSetting(settingsKey, this);
    m_chosenWidths = widthsOf(m_widths->stored(), AuditModel::ColumnCount);
    m_chosenWidths.remove(AuditModel::Reason); // it stretches
    const QScopedValueRollback<bool> fitting(m_fitting, true);
    for (auto it = m_chosenWidths.cbegin(); it != m_chosenWidths.cend(); ++it)
        m_table->setColumnWidth(it.key(), it.value());
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column, int, int width) {
        if (m_fitting || column == AuditModel::Reason)
            return;
        m_chosenWidths.insert(column, width);
        m_widths->set(widthMap(m_chosenWidths));
    });
}

void AuditView::connectExport() {
    connect(m_export, &AuditCsvExport::progressed, this, [this](qint64 rows) {
        if (m_progress)
            m_progress->setLabelText(tr("%1 rows written…").arg(formatCount(rows)));
    });
    connect(m_export, &AuditCsvExport::finished, this, [this](bool ok, qint64 rows, const QString &message) {
        if (m_progress)
            m_progress->deleteLater();
        m_progress = nullptr;
        setStatus(ok ? tr("Exported %1 rows.").arg(formatCount(rows)) : message, !ok);
        emit exportFinished(ok, rows, message);
    });
}

void AuditView::refresh() {
    // The filter last applied, not what the bar holds half-edited: a change elsewhere must not
    // apply what the auditor has not confirmed yet.
    m_model->setFilter(m_model->filter());
}

QString AuditView::dataAgeText() const { return m_age->text(); }

void AuditView::setStale(bool stale) {
    if (stale == isStale()) // called with every snapshot: palettes only on a change
        return;
    m_age->setStale(stale);
    showStale(m_table, stale);
}

bool AuditView::isStale() const { return m_age->isStale(); }

AuditFilter AuditView::currentFilter() const {
    AuditFilter f;
    if (m_useFrom->isChecked())
        f.from = m_from->dateTime();
    if (m_useTo->isChecked())
        f.to = m_to->dateTime();
    f.action = m_action->currentData().toString();
    f.operatorName = m_operator->text().trimmed();
    f.keyText = m_key->text();
    f.ticket = m_ticket->text().trimmed();
    f.reasonText = m_reason->text();
    return f;
}

void AuditView::setFilter(const AuditFilter &f) {
    m_useFrom->setChecked(f.from.isValid());
    if (f.from.isValid())
        m_from->setDateTime(f.from.toLocalTime());
    m_useTo->setChecked(f.to.isValid());
    if (f.to.isValid())
        m_to->setDateTime(f.to.toLocalTime());
    int i = m_action->findData(f.action);
    if (i < 0) {
        m_action->addItem(f.action, f.action);
        i = m_action->count() - 1;
    }
    m_action->setCurrentIndex(i);
    m_operator->setText(f.operatorName);
    m_key->setText(f.keyText);
    m_ticket->setText(f.ticket);
    m_reason->setText(f.reasonText);
    applyFilter();
}

bool AuditView::applyFilter() {
    const AuditFilter f = currentFilter();
    if (const QString problem = f.problem(); !problem.isEmpty()) {
        setStatus(problem, true); // the table keeps showing the last valid filter
        return false;
    }
    setStatus(tr("Loading…"));
    m_model->setFilter(f);
    return true;
}

QString AuditView::statusText() const { return m_status->text(); }

void AuditView::setStatus(const QString &text, bool problem) {
    m_status->setText(text);
    setProblemLook(m_status, problem);
}

void AuditView::openSelected() {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return setStatus(tr("Select an audit row first."), true);
    emit messageOpenRequested(m_model->rowAt(rows.first().row()).messageId);
}

bool AuditView::exportCsv(const QString &path) {
    QString error;
    if (!m_export->start(m_model->filter(), path, &error)) {
        setStatus(error, true);
        return false;
    }
    return true;
}

void AuditView::askExport() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export audit trail"),
                                                      SaveFolder::proposal(SaveFolder::kExportsKey, SaveFolder::stampedName(QStringLiteral("audit"), QStringLiteral("csv"))),
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    SaveFolder::remember(SaveFolder::kExportsKey, path);
    if (!exportCsv(path))
        return;
    m_progress = new QProgressDialog(tr("Exporting…"), tr("Cancel"), 0, 0, this);
    m_progress->setWindowModality(Qt::WindowModal);
    connect(m_progress, &QProgressDialog::canceled, m_export, &AuditCsvExport::cancel);
    m_progress->show();
}

ReportDialog *AuditView::reportDialog() const { return m_reportDialog; }

void AuditView::askReport() {
    if (m_reportDialog) {
        m_reportDialog->raise();
        return;
    }
    // Window-modal and opened, not exec()'d: no nested event loop while the operator decides.
    m_reportDialog = new ReportDialog(currentFilter(), this);
    m_reportDialog->setAttribute(Qt::WA_DeleteOnClose);
    m_reportDialog->setWindowModality(Qt::WindowModal);
    connect(m_reportDialog, &QDialog::accepted, this, [this, d = m_reportDialog] {
        makeReport(d->path(), d->from(), d->to(), d->ticket());
    });
    m_reportDialog->open();
}

void AuditView::setHistory(const HistoryStore *store, const QString &connectionKey) {
    m_history = store;
    m_historyKey = connectionKey;
}

void AuditView::makeReport(const QString &path) {
    const AuditFilter f = currentFilter();
    const auto [from, to] = ReportDialog::initialRange(f); // what the dialog offers first
    makeReport(path, from, to, f.ticket.trimmed());
}

void AuditView::makeReport(const QString &path, const QDateTime &from, const QDateTime &to, const QString &ticket) {
    // The same maker as the command line's --report-pdf; one per report, gone when it is done.
    auto *maker = new ReportMaker(m_gateway, m_profile, this);
    maker->setHistory(m_history, m_historyKey);
    connect(maker, &ReportMaker::finished, this, [this, maker](bool ok, const QString &pathOrMessage) {
        setStatus(ok ? tr("Incident report written to %1").arg(QDir::toNativeSeparators(pathOrMessage)) : pathOrMessage, !ok);
        emit reportFinished(ok, pathOrMessage);
        maker->deleteLater();
    });
    setStatus(tr("Making the incident report…"));
    maker->make(path, from, to, ticket);
}

} // namespace om
