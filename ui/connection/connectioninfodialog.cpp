// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/connectioninfodialog.h"
#include "core/common/sentences.h"
#include "link/databaselink.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace om {
namespace {

QString seconds(int ms) { return QLocale().toString(ms / 1000.0, 'g', 3); }

QString pathText(const LinkFacts &f) {
    switch (f.mode) {
    case PoolMode::Own: // never where a pooler answered (PgSession::settle)
        return ConnectionInfoDialog::tr("Direct: the server connection is this window's own.");
    case PoolMode::Transaction:
        if (f.ownOverruled)
            return ConnectionInfoDialog::tr("Declared as its own connection, but a connection pooler answered: treated as transaction "
                                            "pooling, as each transaction may run on another server connection, shared with other clients.");
        return ConnectionInfoDialog::tr("Through a connection pooler, treated as transaction pooling: each transaction may run on "
                                        "another server connection, shared with other clients.");
    case PoolMode::Statement:
        return ConnectionInfoDialog::tr("Through a connection pooler in statement mode: no transactions, so no actions. "
                                        "Monitoring works.");
    }
    return {};
}

QString howKnownText(const LinkFacts &f) {
    if (!f.learnedBecause.isEmpty())
        return ConnectionInfoDialog::tr("Found out after connecting: %1.").arg(f.learnedBecause);
    if (f.ownOverruled)
        return ConnectionInfoDialog::tr("The connection's settings say it is its own (direct, or a session pool), but at connect the "
                                        "server process that answered was not the one the connection was given: a pooler stands in "
                                        "between. A session pool cannot be told from a transaction pool from outside, so the window "
                                        "keeps to what is safe in front of any pooler.");
    if (f.modeConfigured)
        return ConnectionInfoDialog::tr("As the connection's settings say.");
    return f.poolerAnswered
               ? ConnectionInfoDialog::tr("Found out at connect: the server process that answers is not the one the connection was "
                                          "given, so a pooler stands in between. A session pool cannot be told from a transaction pool "
                                          "from outside, so either is used as a transaction pool.")
               : ConnectionInfoDialog::tr("Found out at connect: the server process that answers is the connection's own.");
}

QString leavesText(const LinkFacts &f) {
    if (f.mode == PoolMode::Own)
        return ConnectionInfoDialog::tr("While connected: session settings (time zone, date style, time limits, read-only), "
                                        "prepared statements, and LISTEN for other operators' actions. All end with the connection.");
    if (f.ownOverruled)
        return ConnectionInfoDialog::tr("Declared as its own connection, but a connection pooler answered: nothing is kept beyond each "
                                        "transaction. Settings are SET LOCAL inside it, statements are not prepared by name, nothing is "
                                        "listened for, and a cancel ends the window's side of the connection instead of being sent to "
                                        "the pooler.");
    return ConnectionInfoDialog::tr("Nothing beyond each transaction: settings are SET LOCAL inside it, statements are not "
                                    "prepared by name, nothing is listened for, and a cancel ends the window's side of the "
                                    "connection instead of being sent to the pooler.");
}

QString encryptionText(const TlsFacts &t) {
    if (!t.inUse)
        return ConnectionInfoDialog::tr("Not encrypted (sslmode=%1): what the window reads and sends crosses the network as it is.")
            .arg(t.sslMode.isEmpty() ? QStringLiteral("prefer") : t.sslMode);
    QString text = ConnectionInfoDialog::tr("Encrypted: %1, %2 (%3-bit key).").arg(t.protocol, t.cipher).arg(t.keyBits);
    if (t.hostVerified)
        text = joinSentences({text, ConnectionInfoDialog::tr("The server's certificate and its host name were verified (sslmode=%1).").arg(t.sslMode)});
    else if (t.serverVerified)
        text = joinSentences({text, ConnectionInfoDialog::tr("The server's certificate was verified against a root certificate, not its host name (sslmode=%1).").arg(t.sslMode)});
    else
        text = joinSentences({text, ConnectionInfoDialog::tr("The server's certificate was not verified (sslmode=%1): encrypted, but to whoever answered.").arg(t.sslMode)});
    if (t.clientCertificate)
        text = joinSentences({text, ConnectionInfoDialog::tr("A client certificate was offered.")});
    return text;
}

QString timeLimitText(const LinkFacts &f) {
    if (f.statementTimeoutMs <= 0)
        return ConnectionInfoDialog::tr("None: statements run until they end or are cancelled.");
    if (f.serverStatementTimeoutMs > 0 && f.statementTimeoutMs == f.serverStatementTimeoutMs)
        return ConnectionInfoDialog::tr("%1 s: the server's own limit for this role or database, which the window keeps "
                                        "(it is not longer than the window's own).")
            .arg(seconds(f.statementTimeoutMs));
    return ConnectionInfoDialog::tr("%1 s, the window's own.").arg(seconds(f.statementTimeoutMs));
}

} // namespace

ConnectionInfoDialog::ConnectionInfoDialog(DatabaseLink *gateway, QString connectionLabel, QWidget *parent)
    : QDialog(parent), m_gateway(gateway), m_label(std::move(connectionLabel)), m_form(new QFormLayout) {
    setWindowTitle(tr("Connection information"));
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_form);
    layout->addWidget(buttons);
    // A lane that reconnects may have found another path (a failover, a pooler put in between).
    connect(gateway, &DatabaseLink::connectionChanged, this, &ConnectionInfoDialog::fill);
    fill();
    resize(640, sizeHint().height());
}

void ConnectionInfoDialog::setNotifications(const QString &how) {
    m_notifications = how;
    fill();
}

QString ConnectionInfoDialog::pathWords(const LinkFacts &f) {
    if (!f.known)
        return tr("not connected yet");
    switch (f.mode) {
    case PoolMode::Own: return tr("direct");
    case PoolMode::Transaction: return f.ownOverruled ? tr("transaction pooler (declared own, but a pooler answered)") : tr("transaction pooler");
    case PoolMode::Statement: return tr("statement pooler");
    }
    return {};
}

void ConnectionInfoDialog::addRow(const QString &label, const QString &value) {
    auto *text = new QLabel(value);
    text->setWordWrap(true);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form->addRow(label, text);
}

void ConnectionInfoDialog::fill() {
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    addRow(tr("Database"), m_label);
    // The Action lane reaches the primary; its facts speak for the connection the changes take.
    const LinkFacts f = m_gateway->linkFacts(Lane::Action).known ? m_gateway->linkFacts(Lane::Action)
                                                                 : m_gateway->linkFacts(Lane::Monitor);
    if (!f.known) {
        addRow(tr("Path"), tr("Not connected yet."));
        return;
    }
    addRow(tr("Path"), pathText(f));
    addRow(tr("Encryption"), encryptionText(m_gateway->tlsFacts(m_gateway->linkFacts(Lane::Action).known ? Lane::Action : Lane::Monitor)));
    addRow(tr("How the window knows"), howKnownText(f));
    addRow(tr("Left on the server"), leavesText(f));
    addRow(tr("Statement time limit"), timeLimitText(f));
    if (m_gateway->isReadOnly())
        addRow(tr("Read-only"), f.readOnlyByServer
                                    ? tr("Enforced by the server in every transaction.")
                                    : tr("Kept by the window only: statement pooling allows no read-only transactions. "
                                         "Use a role that cannot write to be sure."));
    if (!m_notifications.isEmpty())
        addRow(tr("Other operators' actions"), m_notifications);
    QStringList lanes;
    for (const auto &[lane, name] : {std::pair{Lane::Monitor, tr("Monitor")}, {Lane::Browse, tr("Browse")}, {Lane::Action, tr("Action")}}) {
        const LinkFacts l = m_gateway->linkFacts(lane);
        if (l.known)
            lanes << tr("%1: %2, server process %3, %n server connection(s) seen", nullptr, l.serverConnectionsSeen)
                         .arg(name, pathWords(l))
                         .arg(l.serverPid);
        else if (lane == Lane::Action && m_gateway->isReadOnly())
            lanes << tr("%1: not used, the window is read-only").arg(name);
        else
            lanes << tr("%1: not connected yet (it connects at its first job)").arg(name);
    }
    addRow(tr("Connections"), lanes.join(QLatin1Char('\n')));
}

QList<QPair<QString, QString>> ConnectionInfoDialog::rows() const {
    QList<QPair<QString, QString>> out;
    for (int i = 0; i < m_form->rowCount(); ++i) {
        auto *label = qobject_cast<QLabel *>(m_form->itemAt(i, QFormLayout::LabelRole) ? m_form->itemAt(i, QFormLayout::LabelRole)->widget() : nullptr);
        auto *value = qobject_cast<QLabel *>(m_form->itemAt(i, QFormLayout::FieldRole) ? m_form->itemAt(i, QFormLayout::FieldRole)->widget() : nullptr);
        if (label && value)
            out << qMakePair(label->text(), value->text());
    }
    return out;
}

} // namespace om
