// SPDX-License-Identifier: GPL-3.0-or-later
#include "triage/blockedkeysview.h"
#include "core/common/firstline.h"
#include "core/common/sentences.h"
#include "core/triage/triageservice.h"
#include "common/dataagelabel.h"
#include "common/rowsecuritynotice.h"
#include "common/stalelook.h"
#include "link/databaselink.h"
#include "triage/blockedkeysmodel.h"
#include "triage/detailpane.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <climits>

namespace om {

BlockedKeysView::BlockedKeysView(const AppContext &context, QWidget *parent)
    : QWidget(parent), m_context(context), m_model(new BlockedKeysModel(this)), m_table(new QTableView),
      m_detail(new DetailPane(context.gateway, context.profile)), m_summary(new QLabel), m_age(new DataAgeLabel) {
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(BlockedKeysModel::ErrorMessage, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_summary->setWordWrap(true);
    if (m_context.rowSecurity)
        connect(m_context.rowSecurity, &RowSecurityNotice::changed, this, [this] {
            if (!m_summaryText.isEmpty())
                setSummary(m_summaryText);
        });

    auto *refresh = new QPushButton(tr("Refresh"));
    connect(refresh, &QPushButton::clicked, this, &BlockedKeysView::refresh);
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_age);
    top->addWidget(refresh);

    auto *left = new QWidget;
    auto *leftBox = new QVBoxLayout(left);
    leftBox->setContentsMargins(0, 0, 0, 0);
    leftBox->addWidget(m_table, 1);
    leftBox->addWidget(buildButtons());
    auto *split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("blockedKeysSplit")); // named: kept per connection (WindowState)
    split->addWidget(left);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *box = new QVBoxLayout(this);
    auto *explain = new QLabel(ruleText());
    explain->setWordWrap(true);
    box->addWidget(explain);
    box->addLayout(top);
    box->addWidget(split, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &BlockedKeysView::onCurrentChanged);
    updateButtons();
}

QString BlockedKeysView::ruleText() const {
    const SchemaProfile &p = m_context.profile;
    const HeadOfLineRule &rule = p.headOfLine;
    const QString key = p.column(p.orderingKey);
    QStringList parts;
    parts << (rule.blocking.isEmpty()
                  ? tr("Messages of one %1 are delivered in order: every message of the key waits while its head (the message "
                       "the library takes next for it) is failing, stuck or retrying.")
                        .arg(key)
                  : tr("Messages of one %1 are delivered in order: every message of the key waits while its head (the message "
                       "the library takes next for it) is failing, stuck or retrying in %2.")
                        .arg(key, rule.blocking.join(QLatin1String(", "))));
    QStringList outside;
    if (!rule.skipped.isEmpty())
        outside << tr("messages in %1 (the library passes over them)").arg(rule.skipped.join(QLatin1String(", ")));
    if (!rule.unordered.isEmpty()) {
        QStringList columns;
        for (const StateCondition &c : rule.unordered)
            columns << p.column(c.column);
        columns.removeDuplicates();
        outside << tr("messages that %1 marks as unordered").arg(columns.join(QLatin1String(", ")));
    }
    if (!rule.nullKeyIsOneLine)
        outside << tr("messages without a %1").arg(key);
    if (!outside.isEmpty())
        parts << tr("In no key's line: %1.").arg(outside.join(tr("; ", "between the items of a list in a sentence")));
    parts << orderText();
    if (!rule.lock.isEmpty())
        parts << lockText();
    parts << tr("Worst first.");
    return joinSentences(parts);
}

/// The order a key's messages are taken in, and the rule's parts that change it, in words.
QString BlockedKeysView::orderText() const {
    const SchemaProfile &p = m_context.profile;
    const HeadOfLineRule &rule = p.headOfLine;
    QStringList parts;
    if (rule.nullKeyIsOneLine)
        parts << tr("Messages without a %1 are one line of their own.").arg(p.column(p.orderingKey));
    if (!rule.atMostOneActive.isEmpty())
        parts << tr("A message in %1 runs alone in its key: it is the key's head, and the rest of the key waits until it ends.")
                     .arg(rule.atMostOneActive.join(QLatin1String(", ")));
    if (!rule.pickOrder.isEmpty()) {
        QStringList columns;
        for (const PickColumn &c : rule.pickOrder)
            columns << (c.descending ? tr("%1 descending").arg(p.column(c.column)) : p.column(c.column));
        parts << tr("A key's messages are taken by %1, then id.").arg(columns.join(QLatin1String(", ")));
    }
    return joinSentences(parts);
}

/// For an action on a head whose key's lock is also held: the action changes the message only,
/// so the operator learns what still holds the key and how the library frees it ("" otherwise).
QString BlockedKeysView::lockStillHeldText(const BlockedKey &k) const {
    if (!k.lockHeld)
        return {};
    const KeyLockTable &l = m_context.profile.headOfLine.lock;
    QStringList frees;
    if (!l.heartbeatAt.isEmpty())
        frees << tr("%n second(s) after its holder's last heartbeat", nullptr, l.heartbeatTimeoutSeconds);
    if (!l.lockedAt.isEmpty() && l.lockTimeoutSeconds > 0)
        frees << tr("%n second(s) after it was taken", nullptr, l.lockTimeoutSeconds);
    const QString table = l.schema + QLatin1Char('.') + l.table;
    const QString held = k.lockHolder.isEmpty() ? tr("The key's lock in %1 is held too, and this action does not free it.").arg(table)
                                                : tr("The key's lock in %1 is held too (by %2), and this action does not free it.")
                                                      .arg(table, k.lockHolder);
    return joinSentences({held, frees.isEmpty() ? tr("The worker takes none of the key's messages until its holder or the library frees it.")
                                                : tr("The worker takes none of the key's messages until the library frees it, %1.")
                                                      .arg(frees.join(tr(" or ", "between two times at which a lock is freed")))});
}

/// When the key's lock in another table holds it, in words.
QString BlockedKeysView::lockText() const {
    const KeyLockTable &l = m_context.profile.headOfLine.lock;
    QStringList when;
    if (!l.holderPid.isEmpty())
        when << tr("by a process that is gone");
    if (!l.heartbeatAt.isEmpty())
        when << tr("by a holder without a heartbeat for %n second(s)", nullptr, l.heartbeatTimeoutSeconds);
    if (!l.lockedAt.isEmpty())
        when << (l.lockTimeoutSeconds > 0 ? tr("for longer than %n second(s), when the library frees it itself", nullptr, l.lockTimeoutSeconds)
                                          : tr("for longer than the stuck timeout"));
    return tr("A key is also held while its lock in %1 is held %2.")
        .arg(l.schema + QLatin1Char('.') + l.table, when.join(tr(", or ", "between the cases in which a lock holds its key")));
}

QWidget *BlockedKeysView::buildButtons() {
    auto *row = new QWidget;
    auto *box = new QHBoxLayout(row);
    box->setContentsMargins(0, 0, 0, 0);
    for (const QString &kind : {QStringLiteral("retry"), QStringLiteral("cancel"), QStringLiteral("recoverStuck")}) {
        if (!m_context.profile.actions.contains(kind))
            continue;
        auto *b = new QPushButton(kind == QLatin1String("retry")    ? tr("Retry head…")
                                  : kind == QLatin1String("cancel") ? tr("Cancel head…")
                                                                    : tr("Recover stuck head…"));
        b->setObjectName(QStringLiteral("head_") + kind);
        connect(b, &QPushButton::clicked, this, [this, kind] {
            const int row = m_table->currentIndex().row();
            if (row < 0)
                return;
            const BlockedKey &k = m_model->key(row);
            emit headActionRequested(kind, k.head.id,
                                     joinSentences({tr("the head of key %1 (message %2) in Blocked keys.").arg(k.orderingKey, k.head.id.text()),
                                                    lockStillHeldText(k)}));
        });
        m_actionButtons.insert(kind, b);
        box->addWidget(b);
    }
    m_showKey = new QPushButton(tr("Messages of this key"));
    m_showKey->setObjectName(QStringLiteral("showKeyMessages"));
    m_showKey->setToolTip(tr("Opens every message of the selected key in Triage's list"));
    connect(m_showKey, &QPushButton::clicked, this, [this] {
        if (const auto f = keyFilter())
            emit keyMessagesRequested(*f);
    });
    box->addStretch(1);
    box->addWidget(m_showKey);
    return row;
}

QString BlockedKeysView::summaryText() const { return m_summary->text(); }
QPushButton *BlockedKeysView::actionButton(const QString &kind) const { return m_actionButtons.value(kind); }

void BlockedKeysView::setStuckTimeoutMinutes(int minutes) {
    if (minutes == m_stuckTimeoutMinutes)
        return;
    m_stuckTimeoutMinutes = minutes;
    refresh();
}

void BlockedKeysView::setActionsAllowed(bool allowed) {
    m_allowed = allowed && !m_context.readOnly;
    updateButtons();
}

void BlockedKeysView::setStale(bool stale) {
    // Called with every snapshot: the palettes are set only when the state changes.
    if (stale == m_age->isStale())
        return;
    m_age->setStale(stale);
    showStale(m_table, stale);
    m_detail->setStale(stale);
}

MessageId BlockedKeysView::selectedHeadId() const {
    const int row = m_table->currentIndex().row();
    return row < 0 ? MessageId() : m_model->key(row).head.id;
}

std::optional<ListFilter> BlockedKeysView::keyFilter() const {
    const int row = m_table->currentIndex().row();
    const QString &ordering = m_context.profile.orderingKey;
    // The line of NULL keys has no value to filter on.
    if (row < 0 || m_model->key(row).nullKey || (ordering != QLatin1String("key") && ordering != QLatin1String("destination")))
        return std::nullopt;
    ListFilter f;
    f.view = ListFilter::View::All;
    if (ordering == QLatin1String("key")) {
        f.keyText = m_model->key(row).orderingKey;
        f.keyMode = ListFilter::TextMode::Exact;
    } else {
        f.destinations = {m_model->key(row).orderingKey};
    }
    return f;
}

void BlockedKeysView::refresh() {
    // Newest request wins: the one in flight is cancelled, and a result of an older one that
    // still arrives is dropped by the generation.
    m_call.cancel();
    const quint64 gen = ++m_generation;
    m_keptHead = !selectedHeadId().isNull() ? selectedHeadId() : m_keptHead;
    const auto onDone = [this, gen](const BlockedKeys &k) { if (gen == m_generation) onLoaded(k); };
    const auto onFailed = [this, gen](const PgError &e) {
        if (gen != m_generation || e.kind == PgError::Kind::Cancelled) return;
        m_summary->setText(tr("Blocked keys unavailable: %1").arg(firstLine(e.message)));
    };
    m_call = TriageService(m_context.gateway, m_context.profile).blockedKeys(m_stuckTimeoutMinutes, {this, onDone, onFailed});
}

void BlockedKeysView::setSummary(const QString &text) {
    // Under row-level security on the table or its lock table, a key whose rows or lock the
    // role cannot see looks free: the summary says what it counts.
    m_summaryText = text;
    m_summary->setText(RowSecurityNotice::withNote(m_context.rowSecurity, text));
}

void BlockedKeysView::onLoaded(const BlockedKeys &keys) {
    m_model->setKeys(keys.keys);
    // At most 1,000 short rows: the columns fit their text (the last error takes what is left).
    for (int c = 0; c < BlockedKeysModel::ColumnCount; ++c)
        if (c != BlockedKeysModel::ErrorMessage)
            m_table->resizeColumnToContents(c);
    qint64 behind = 0;
    for (const BlockedKey &k : keys.keys)
        behind += k.behind;
    if (keys.keys.isEmpty()) {
        setSummary(tr("No key is blocked: every key's head is moving."));
    } else {
        QString text = tr("%1; %2.").arg(tr("%n key(s) blocked", nullptr, int(keys.keys.size())),
                                         tr("%n message(s) wait behind their heads", nullptr, int(qMin<qint64>(behind, INT_MAX))));
        if (keys.truncated)
            text = joinSentences({text, tr("Only the worst %1 keys are listed.").arg(QLocale().toString(keys.keys.size()))});
        setSummary(text);
    }
    m_age->markFresh();
    const int row = m_model->rowOfHead(m_keptHead);
    if (row >= 0)
        m_table->selectRow(row);
    else
        m_detail->clear();
    updateButtons();
    emit loaded(int(keys.keys.size()));
}

void BlockedKeysView::onCurrentChanged() {
    const MessageId head = selectedHeadId();
    if (!head.isNull()) {
        m_keptHead = head;
        if (m_detail->messageId() != head)
            m_detail->showMessage(head);
    }
    updateButtons();
}

void BlockedKeysView::updateButtons() {
    const int row = m_table->currentIndex().row();
    // A key held by its lock is not moved by anything done to its head: the lock is the
    // library's to free (or its worker's to come back for), so the head actions stay off.
    const bool byLock = row >= 0 && m_model->key(row).heldByLock();
    for (auto it = m_actionButtons.cbegin(); it != m_actionButtons.cend(); ++it) {
        const ActionDef &a = m_context.profile.actions.value(it.key());
        it.value()->setVisible(m_allowed);
        it.value()->setEnabled(row >= 0 && !byLock && a.from.contains(m_model->key(row).head.state));
        it.value()->setToolTip(byLock ? tr("This key is held by its lock in %1, not by its head: an action on the head would "
                                           "not move it.")
                                            .arg(m_context.profile.headOfLine.lock.table)
                                      : QString());
    }
    m_showKey->setEnabled(keyFilter().has_value());
}

} // namespace om
