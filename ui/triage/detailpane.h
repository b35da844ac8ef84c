// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/limits.h"
#include "core/triage/detailquery.h"
#include "core/triage/triageservice.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace om {

class DataAgeLabel;
class DatabaseLink;
class JsonHighlighter;

/// Everything about one message: every column, the payload (pretty-printed JSON, raw with a note
/// when it is not JSON, the first limits::kPayloadPrefixChars only when it is big, with "show all" and "save"),
/// the last error in full and the audit/status history. All reads run on the Browse lane.
class DetailPane : public QWidget {
    Q_OBJECT
public:
    DetailPane(DatabaseLink *gateway, const SchemaProfile &profile, QWidget *parent = nullptr);

    MessageId messageId() const { return m_detail.id; }
    const MessageDetail &detail() const { return m_detail; }
    QString payloadText() const;
    QString payloadNote() const;
    QString lastErrorText() const;
    bool isPayloadTruncated() const { return m_truncated; }
    /// Whether "Show all" is offered for the message shown (truncated, and not above the limit).
    bool canShowAll() const;
    /// Characters above which "Show all" is not offered (limits::kShowAllMaxChars; tests lower it).
    void setShowAllLimit(qint64 chars) { m_showAllLimit = chars; }
    int historyRowCount() const;
    int fieldRowCount() const;
    /// How old the shown message is: "as of 14:02:31, 40 s ago" ("" when none is shown).
    QString dataAgeText() const;
    /// The connection is down: what is shown cannot be refreshed and is shown greyed, its age
    /// label saying so (MainWindow follows the poller). False when data flows again.
    void setStale(bool stale);
    bool isStale() const;
    /// The History tab's header for an audit column's logical name ("oldStatus" → "From state").
    static QString historyHeader(const QString &logicalColumn);

public slots:
    /// Fetches and shows message `id` (a newer call wins over an older one still loading).
    void showMessage(const om::MessageId &id);
    /// The message shown has left the list beside the pane (an action moved it to another state):
    /// its title says so, until another message is shown.
    void setLeftTheList(bool left);
    bool leftTheList() const { return m_leftTheList; }
    /// The pane's title line ("Message 7 · key …").
    QString titleText() const;
    void clear();
    /// Fetches the whole payload off the GUI thread and shows it.
    void showWholePayload();
    /// Writes the whole payload to `path` off the GUI thread.
    void savePayloadTo(const QString &path);
    void copyId();
    void copyKey();

signals:
    void detailShown(const om::MessageId &id);
    void wholePayloadShown(const om::MessageId &id);
    void payloadSaved(const QString &path, qint64 bytes);

private:
    void present(const MessageDetail &d);
    void showHistory(const MessageDetail &d);
    void showPayload(const MessageDetail &d);
    void setPayload(const QString &text, bool isJson, const QString &note);
    void askSavePath();

    TriageService m_service;
    MessageDetail m_detail;
    quint64 m_generation = 0;
    bool m_truncated = false;
    bool m_leftTheList = false;
    /// "Message 7 · key", and that it left the list when it did.
    void showTitle();
    qint64 m_showAllLimit = limits::kShowAllMaxChars;
    QLabel *m_title;
    DataAgeLabel *m_age;
    QTableWidget *m_fields;
    QPlainTextEdit *m_error;
    QPlainTextEdit *m_payload;
    JsonHighlighter *m_highlighter;
    QLabel *m_payloadNote;
    QPushButton *m_showAll;
    QPushButton *m_save;
    QPushButton *m_copyId;
    QPushButton *m_copyKey;
    QTableWidget *m_history;
};

} // namespace om
