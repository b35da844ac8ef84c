// SPDX-License-Identifier: GPL-3.0-or-later
#include "detailpane.h"
#include "common/savefolder.h"
#include "core/common/countformat.h"
#include "core/common/sentences.h"
#include "common/dataagelabel.h"
#include "common/stalelook.h"
#include "core/common/timeconv.h"
#include "core/common/timeformat.h"
#include "jsonhighlighter.h"
#include "core/triage/payloadformat.h"
#include "link/databaselink.h"
#include "link/limits.h"

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace om {

namespace {
QTableWidget *makeTable(const QStringList &headers) {
    auto *t = new QTableWidget(0, int(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->horizontalHeader()->setStretchLastSection(true);
    t->setWordWrap(false);
    return t;
}

/// A text id as part of a suggested file name: characters a file system may refuse become '_'.
QString fileNamePart(const QString &id) {
    QString out = id.left(80);
    for (QChar &c : out)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('.'))
            c = QLatin1Char('_');
    return out;
}
} // namespace

DetailPane::DetailPane(DatabaseLink *gateway, const SchemaProfile &profile, QWidget *parent)
    : QWidget(parent), m_service(gateway, profile), m_title(new QLabel), m_age(new DataAgeLabel),
      m_fields(makeTable({tr("Column"), tr("Value")})), m_error(new QPlainTextEdit), m_payload(new QPlainTextEdit),
      m_highlighter(new JsonHighlighter(m_payload->document())), m_payloadNote(new QLabel),
      m_showAll(new QPushButton(tr("Show all"))), m_save(new QPushButton(tr("Save to file…"))),
      m_copyId(new QPushButton(tr("Copy id"))), m_copyKey(new QPushButton(tr("Copy key"))),
      m_history(makeTable({})) {
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_history->setObjectName(QStringLiteral("history"));
    m_error->setObjectName(QStringLiteral("lastError"));
    m_payload->setObjectName(QStringLiteral("payload"));
    m_payload->setReadOnly(true);
    m_payload->setFont(mono);
    m_payload->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_error->setReadOnly(true);
    m_error->setMaximumHeight(90);
    m_payloadNote->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setTextFormat(Qt::PlainText); // keys are data, never markup

    auto *top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_age);
    top->addWidget(m_copyId);
    top->addWidget(m_copyKey);

    auto *payloadTab = new QWidget;
    auto *pl = new QVBoxLayout(payloadTab);
    auto *pbar = new QHBoxLayout;
    pbar->addWidget(m_payloadNote, 1);
    pbar->addWidget(m_showAll);
    pbar->addWidget(m_save);
    pl->addLayout(pbar);
    pl->addWidget(m_payload, 1);

    auto *tabs = new QTabWidget;
    tabs->addTab(payloadTab, tr("Payload"));
    tabs->addTab(m_fields, tr("All columns"));
    tabs->addTab(m_history, tr("History"));

    auto *box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addLayout(top);
    box->addWidget(new QLabel(tr("Last error:")));
    box->addWidget(m_error);
    box->addWidget(tabs, 1);

    connect(m_showAll, &QPushButton::clicked, this, &DetailPane::showWholePayload);
    connect(m_save, &QPushButton::clicked, this, &DetailPane::askSavePath);
    connect(m_copyId, &QPushButton::clicked, this, &DetailPane::copyId);
    connect(m_copyKey, &QPushButton::clicked, this, &DetailPane::copyKey);
    clear();
}

QString DetailPane::payloadText() const { return m_payload->toPlainText(); }
QString DetailPane::payloadNote() const { return m_payloadNote->text(); }
QString DetailPane::lastErrorText() const { return m_error->toPlainText(); }
int DetailPane::historyRowCount() const { return m_history->rowCount(); }
int DetailPane::fieldRowCount() const { return m_fields->rowCount(); }
QString DetailPane::dataAgeText() const { return m_age->text(); }

void DetailPane::setStale(bool stale) {
    if (stale == isStale())
        return;
    m_age->setStale(stale);
    for (QWidget *w : {static_cast<QWidget *>(m_fields), static_cast<QWidget *>(m_history),
                       static_cast<QWidget *>(m_error), static_cast<QWidget *>(m_payload)})
        showStale(w, stale);
}

bool DetailPane::isStale() const { return m_age->isStale(); }

void DetailPane::clear() {
    ++m_generation;
    m_leftTheList = false;
    m_detail = {};
    m_truncated = false;
    m_title->setText(tr("Select a message to see its details."));
    m_fields->setRowCount(0);
    m_history->setRowCount(0);
    m_age->reset();
    m_error->clear();
    m_error->setPlaceholderText(QString()); // no message, so nothing to say about its error
    setPayload({}, false, {});
    for (QPushButton *b : {m_showAll, m_save, m_copyId, m_copyKey})
        b->setEnabled(false);
}

void DetailPane::setLeftTheList(bool left) {
    m_leftTheList = left;
    if (m_detail.found)
        showTitle();
}

QString DetailPane::titleText() const { return m_title->text(); }

void DetailPane::showTitle() {
    const QString title = tr("Message %1 · %2").arg(m_detail.id.text(), m_detail.key);
    m_title->setText(m_leftTheList ? tr("%1 — no longer in this list").arg(title) : title);
}

void DetailPane::showMessage(const MessageId &id) {
    if (id != m_detail.id)
        m_leftTheList = false; // another message: it is in the list it was chosen from
    const quint64 gen = ++m_generation;
    m_title->setText(tr("Loading message %1 …").arg(id.text()));
    const auto onDone = [this, gen](const MessageDetail &d) { if (gen == m_generation) present(d); };
    const auto onFailed = [this, gen](const PgError &e) {
        if (gen != m_generation) return;
        m_title->setText(tr("Could not load the message: %1").arg(e.message));
    };
    m_service.detail(id, {this, onDone, onFailed});
}

QString DetailPane::historyHeader(const QString &logicalColumn) {
    // The audit columns' logical names (SchemaProfile) in the operator's words.
    if (logicalColumn == QLatin1String("changedAt")) return tr("When (%1)").arg(localZoneName());
    if (logicalColumn == QLatin1String("action")) return tr("Action");
    if (logicalColumn == QLatin1String("oldStatus")) return tr("From state");
    if (logicalColumn == QLatin1String("newStatus")) return tr("To state");
    if (logicalColumn == QLatin1String("changedBy")) return tr("Database user");
    if (logicalColumn == QLatin1String("reason")) return tr("Reason");
    if (logicalColumn == QLatin1String("ticket")) return tr("Ticket");
    if (logicalColumn == QLatin1String("osUser")) return tr("OS user");
    if (logicalColumn == QLatin1String("host")) return tr("Host");
    if (logicalColumn == QLatin1String("appVersion")) return tr("App version");
    return logicalColumn;
}

void DetailPane::present(const MessageDetail &d) {
    m_detail = d;
    if (!d.found) {
        clear();
        m_age->markFresh();
        m_title->setText(tr("Message %1 no longer exists.").arg(d.id.text()));
        emit detailShown(d.id);
        return;
    }
    showTitle();
    m_age->markFresh();
    m_fields->setRowCount(int(d.fields.size()));
    for (int i = 0; i < d.fields.size(); ++i) {
        const DetailField &f = d.fields[i];
        m_fields->setItem(i, 0, new QTableWidgetItem(f.name));
        const QString v = f.isNull ? tr("(null)") : f.time.isValid() ? formatLocalTime(f.time)
                                                                     : f.text;
        auto *item = new QTableWidgetItem(v);
        item->setToolTip(f.type);
        m_fields->setItem(i, 1, item);
    }
    m_error->setPlainText(d.lastError);
    m_error->setPlaceholderText(tr("No error recorded"));

    showHistory(d);

    m_copyId->setEnabled(true);
    m_copyKey->setEnabled(true);
    showPayload(d);
    m_showAll->setEnabled(canShowAll());
    m_save->setEnabled(d.payloadLength >= 0);
    emit detailShown(d.id);
}

void DetailPane::showHistory(const MessageDetail &d) {
    QStringList headers;
    for (const QString &c : d.historyColumns)
        headers << historyHeader(c);
    m_history->setColumnCount(int(headers.size()));
    m_history->setHorizontalHeaderLabels(headers);
    m_history->setRowCount(int(d.history.size()));
    for (int r = 0; r < d.history.size(); ++r)
        for (int c = 0; c < d.historyColumns.size() && c < d.history[r].size(); ++c) {
            const QVariant &v = d.history[r][c];
            QString text = v.toString();
            if (d.historyColumns[c] == QLatin1String("changedAt") && !v.isNull())
                text = formatLocalTime(fromEpochSeconds(v));
            m_history->setItem(r, c, new QTableWidgetItem(text));
        }
    // Whole times and states (the time was cut to its date and "..."); a long reason may run past
    // the pane's edge: the Audit tab shows it whole.
    m_history->resizeColumnsToContents();
}

void DetailPane::showPayload(const MessageDetail &d) {
    if (d.payloadLength < 0) {
        setPayload({}, false, tr("This table has no payload column."));
    } else if (d.payloadIsNull || d.payloadLength == 0) {
        // Said as it is: "not valid JSON at byte 0" would blame a payload that is not there.
        m_truncated = false;
        setPayload({}, false, d.payloadIsNull ? tr("No payload: the column is NULL for this message.") : tr("The payload is empty."));
    } else if (d.payloadLength > d.payloadPrefixLength) {
        // Only the beginning was fetched; it cannot be parsed, so it is shown as stored.
        m_truncated = true;
        const QString first = formatCount(d.payloadPrefixLength), all = formatCount(d.payloadLength);
        const QString part = d.payloadInBytes ? tr("Showing the first %1 of %2 bytes, as stored.").arg(first, all)
                                              : tr("Showing the first %1 of %2 characters, as stored.").arg(first, all);
        setPayload(d.payloadPrefix, false,
                   joinSentences({part, d.payloadLength > m_showAllLimit
                                            ? tr("The whole payload is too large to show here; \"Save to file…\" writes all of it.")
                                            : tr("Use \"Show all\" or \"Save to file…\" for the whole payload.")}));
    } else if (d.payloadIsBinary) {
        m_truncated = false;
        setPayload(d.payloadPrefix, false, tr("Binary, not UTF-8 text: shown as hex. \"Save to file…\" writes its bytes."));
    } else {
        m_truncated = false;
        const FormattedPayload f = formatPayload(d.payloadPrefix);
        setPayload(f.text, f.isJson, f.isJson ? QString() : tr("Not valid JSON (%1): shown as stored.").arg(f.parseError));
    }
}

void DetailPane::setPayload(const QString &text, bool isJson, const QString &note) {
    m_highlighter->setDocument(isJson && text.size() <= limits::kHighlightLimitChars ? m_payload->document() : nullptr);
    m_payload->setPlainText(text);
    m_payloadNote->setText(note);
    m_payloadNote->setVisible(!note.isEmpty());
}

bool DetailPane::canShowAll() const { return m_truncated && m_detail.payloadLength <= m_showAllLimit; }

void DetailPane::showWholePayload() {
    if (!canShowAll())
        return; // the button is disabled; a shortcut or a test must not load tens of megabytes either
    const MessageId id = m_detail.id;
    const quint64 gen = m_generation;
    m_showAll->setEnabled(false);
    m_payloadNote->setText(tr("Loading the whole payload …"));
    const auto onDone = [this, gen, id](const FormattedPayload &f) {
        if (gen != m_generation) return;
        m_truncated = false;
        QString note = f.isBinary ? tr("Binary, not UTF-8 text: shown as hex. \"Save to file…\" writes its bytes.")
                       : f.isJson ? QString()
                                  : tr("Not valid JSON (%1): shown as stored.").arg(f.parseError);
        if (f.isJson && f.text.size() > limits::kHighlightLimitChars)
            note = tr("%1 characters: shown without colours.").arg(formatCount(f.text.size()));
        setPayload(f.text, f.isJson, note);
        emit wholePayloadShown(id);
    };
    const auto onFailed = [this, gen](const PgError &e) {
        if (gen != m_generation) return;
        m_showAll->setEnabled(true);
        m_payloadNote->setText(tr("Could not load the payload: %1").arg(e.message));
    };
    m_service.wholePayload(id, {this, onDone, onFailed});
}

void DetailPane::askSavePath() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save payload"), SaveFolder::proposal(SaveFolder::kExportsKey, QStringLiteral("message-%1.json").arg(fileNamePart(m_detail.id.text()))));
    if (path.isEmpty())
        return;
    SaveFolder::remember(SaveFolder::kExportsKey, path);
    savePayloadTo(path);
}

void DetailPane::savePayloadTo(const QString &path) {
    const MessageId id = m_detail.id;
    m_save->setEnabled(false);
    const auto onDone = [this, path](const qint64 &bytes) {
        m_save->setEnabled(true);
        m_payloadNote->setText(tr("Saved %1 bytes to %2.").arg(formatCount(bytes), path));
        m_payloadNote->setVisible(true);
        emit payloadSaved(path, bytes);
    };
    const auto onFailed = [this](const PgError &e) {
        m_save->setEnabled(true);
        m_payloadNote->setText(tr("Could not save the payload: %1").arg(e.message));
        m_payloadNote->setVisible(true);
    };
    m_service.savePayload(id, path, {this, onDone, onFailed});
}

void DetailPane::copyId() { QApplication::clipboard()->setText(m_detail.id.text()); }
void DetailPane::copyKey() { QApplication::clipboard()->setText(m_detail.key); }

} // namespace om
