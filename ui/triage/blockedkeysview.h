// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appcontext.h"
#include "core/triage/blockedkeys.h"
#include "link/pendingcall.h"
#include "core/model/listfilter.h"

#include <QMap>
#include <QWidget>
#include <optional>

class QLabel;
class QPushButton;
class QTableView;

namespace om {

class BlockedKeysModel;
class DataAgeLabel;
class DetailPane;

/// Head of line, for profiles with an ordering key: the keys whose head (earliest
/// open message) is failing, stuck or retrying, worst first, with the head in the detail pane.
/// The head can be retried or cancelled through the audited action path (headActionRequested:
/// MainWindow hands it to the ActionController with the head as the only target), and "Messages
/// of this key" opens the key in Triage's list. Loads on the Browse lane, newest request wins.
class BlockedKeysView : public QWidget {
    Q_OBJECT
public:
    explicit BlockedKeysView(const AppContext &context, QWidget *parent = nullptr);

    BlockedKeysModel *model() const { return m_model; }
    DetailPane *detailPane() const { return m_detail; }
    QTableView *table() const { return m_table; }
    /// "12 keys blocked; 340 messages wait behind their heads" ("" before the first load).
    QString summaryText() const;
    /// The connection's stuck timeout (dashboard Settings): a head stuck for longer blocks.
    void setStuckTimeoutMinutes(int minutes);
    /// Whether the role may change messages: the head's buttons exist only then.
    void setActionsAllowed(bool allowed);
    void setStale(bool stale);
    /// The Triage filter that lists every message of the selected key (nullopt: none selected,
    /// or the ordering key is not a column Triage filters by).
    std::optional<ListFilter> keyFilter() const;
    MessageId selectedHeadId() const;
    /// The button of an action kind (retry, cancel, recoverStuck), for tests.
    QPushButton *actionButton(const QString &kind) const;

public slots:
    /// Loads the blocked keys again (selection kept by head id).
    void refresh();

signals:
    /// The operator asked for `kind` on the selected key's head; `scope` names it in words.
    void headActionRequested(const QString &kind, const om::MessageId &headId, const QString &scope);
    /// "Messages of this key": Triage should show `filter`.
    void keyMessagesRequested(const om::ListFilter &filter);
    /// A load finished (`keys` rows listed).
    void loaded(int keys);

private:
    QWidget *buildButtons();
    /// The profile's head-of-line rule in words, above the table.
    QString ruleText() const;
    QString orderText() const;
    QString lockText() const;
    QString lockStillHeldText(const BlockedKey &k) const;
    void onLoaded(const BlockedKeys &keys);
    void onCurrentChanged();
    void updateButtons();

    AppContext m_context;
    int m_stuckTimeoutMinutes = -1;
    bool m_allowed = false;
    quint64 m_generation = 0;
    PendingCall m_call;
    MessageId m_keptHead;
    BlockedKeysModel *m_model;
    QTableView *m_table;
    DetailPane *m_detail;
    QLabel *m_summary;
    QString m_summaryText; ///< the summary without the row-security note
    void setSummary(const QString &text);
    DataAgeLabel *m_age;
    QPushButton *m_showKey;
    QMap<QString, QPushButton *> m_actionButtons;
};

} // namespace om
