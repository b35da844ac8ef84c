// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/actions/actionrunner.h"
#include "core/actions/reasonrules.h"
#include "core/actions/actionsql.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHostInfo>
#include <QLoggingCategory>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QThread>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

Q_LOGGING_CATEGORY(lcAction, "om.action")

namespace om {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("om::ActionRunner", s); }

/// An ActionServer from `row`'s columns `first` .. `first + 2` (sql::serverPlace()'s order).
ActionServer placeFrom(const QVariantList &row, int first) {
    return {row.value(first).toString(), row.value(first + 1).toString(), row.value(first + 2).toString()};
}

} // namespace

void ActionRequest::fillWorkstation() {
    osUser = qEnvironmentVariable("USER", qEnvironmentVariable("LOGNAME", qEnvironmentVariable("USERNAME")));
#ifdef Q_OS_UNIX
    // Services, containers and some sudo setups have no USER: the audit row still names the
    // account the program runs as.
    if (osUser.isEmpty())
        if (const passwd *pw = getpwuid(geteuid()))
            osUser = QString::fromLocal8Bit(pw->pw_name);
#endif
    osUser = osUser.left(128);
    host = QHostInfo::localHostName().left(255);
    appVersion = QCoreApplication::applicationVersion().left(40);
}

ActionRunner::ActionRunner(SchemaProfile profile) : m_profile(std::move(profile)) {}

QString ActionRunner::check(const ActionRequest &r) const {
    if (!m_profile.actions.contains(r.action))
        return tr("The profile %1 has no action \"%2\".").arg(m_profile.id, r.action);
    if (!r.hasTarget())
        return tr("No messages were chosen.");
    ReasonRules rules;
    rules.minLength = 1; // the team's minimum is the dialog's business; the runner needs words at all
    rules.maxLength = m_profile.audit.reasonMaxLength;
    if (QString e = rules.checkReason(r.reason); !e.isEmpty())
        return e;
    return rules.checkTicket(r.ticket);
}

QString ActionRunner::actionSql(const ActionRequest &r, QVariantList &params) const {
    sql::Statement call = sql::actionCall(m_profile, r);
    params = call.params;
    return call.text;
}

ActionPreview ActionRunner::preview(PgSession &session, const ActionRequest &r, int cap, int sampleSize) const {
    // The reason is typed after the preview: only the action and the target must be valid here.
    if (!m_profile.actions.contains(r.action) || !r.hasTarget())
        throw PgError(PgError::Kind::Query, check(r));
    ActionPreview p;
    if (!r.ids.isEmpty()) {
        const sql::Statement q = sql::previewIds(m_profile, r);
        const PgResult res = session.query(q.text, q.params);
        p.requested = res.rows.size();
        for (const QVariantList &row : res.rows) {
            if (row.at(1).toString() != QLatin1String("t"))
                continue;
            ++p.eligible;
            if (p.eligibleIds.size() < cap)
                p.eligibleIds << MessageId::fromVariant(row.at(0));
            if (p.sampleKeys.size() < sampleSize)
                p.sampleKeys << row.at(2).toString();
        }
    } else {
        const sql::Statement q = sql::previewFilter(m_profile, r, cap);
        const PgResult res = session.query(q.text, q.params);
        p.eligible = res.rows.isEmpty() ? 0 : res.rows.first().at(2).toLongLong();
        p.requested = p.eligible;
        for (const QVariantList &row : res.rows) {
            p.eligibleIds << MessageId::fromVariant(row.at(0));
            if (p.sampleKeys.size() < sampleSize)
                p.sampleKeys << row.at(1).toString();
        }
    }
    p.truncated = p.eligible > p.eligibleIds.size();
    const sql::Statement place = sql::serverPlace();
    p.server = placeFrom(session.query(place.text, place.params).rows.value(0), 0);
    return p;
}

/// The session speaks UTF-8 (PgSession sets client_encoding), and the server converts what it
/// receives into the database's encoding. A database in LATIN1, EUC_JP, SJIS, ... cannot hold
/// every character: the server refuses those. Asked before the UPDATE, so that the operator reads
/// which text it was and that nothing changed, instead of a conversion error from the middle.
static void refuseUnstorableText(PgTx &tx, const ActionRequest &r) {
    QStringList texts;
    for (const QString &t : {r.reason, r.ticket, r.osUser, r.host})
        for (QChar c : t)
            if (c.unicode() > 0x7f) {
                texts << t;
                break;
            }
    if (texts.isEmpty())
        return;
    const sql::Statement encodingQuery = sql::serverEncoding();
    const QString encoding = tx.exec(encodingQuery.text, encodingQuery.params).scalar().toString();
    if (encoding == QLatin1String("UTF8"))
        return;
    for (const QString &t : texts) {
        try {
            const sql::Statement roundTrip = sql::textRoundTrip(t);
            tx.exec(roundTrip.text, roundTrip.params);
        } catch (const std::exception &) {
            throw PgError(PgError::Kind::Query,
                          // Outside the class, lupdate reads tr() as context "om": name it.
                          QCoreApplication::translate("om::ActionRunner", "This database stores text in %1, which cannot hold some characters of \"%2\". "
                                                                          "Nothing was changed; write the reason and ticket in characters the database can hold.")
                              .arg(encoding, t));
        }
    }
}

void ActionRunner::probeSkipped(PgTx &tx, const ActionRequest &r, ActionResult &result) const {
    // Why did the others not change? Same transaction: rows we changed are ours and in their
    // new state; a row still eligible now was skipped because somebody held its lock.
    if (r.ids.isEmpty()) {
        // "Everything matching the filter": what still matches was locked (or arrived since).
        const sql::Statement q = sql::skippedFilter(m_profile, r, kSkippedListCap);
        const PgResult probe = tx.exec(q.text, q.params);
        result.skippedTotal = probe.rows.isEmpty() ? 0 : probe.rows.first().at(2).toLongLong();
        for (const QVariantList &row : probe.rows)
            result.skipped << SkippedMessage{MessageId::fromVariant(row.at(0)), SkipReason::Locked, row.at(1).toString()};
        return;
    }
    const QSet<MessageId> changed(result.changedIds.cbegin(), result.changedIds.cend());
    QList<MessageId> rest;
    for (const MessageId &i : r.ids)
        if (!changed.contains(i))
            rest << i;
    if (rest.isEmpty())
        return;
    const sql::Statement q = sql::skippedIds(m_profile, r, rest);
    const PgResult probe = tx.exec(q.text, q.params);
    result.skippedTotal = probe.rows.size();
    for (const QVariantList &row : probe.rows) {
        if (result.skipped.size() >= kSkippedListCap)
            break;
        SkippedMessage s;
        s.id = MessageId::fromVariant(row.at(0));
        s.state = row.at(3).toString();
        s.reason = row.at(1).toString() != QLatin1String("t") ? SkipReason::Gone
                   : pgTrue(row.at(2))                        ? SkipReason::Locked
                                                              : SkipReason::StateChanged;
        result.skipped << s;
    }
}

ActionResult ActionRunner::run(PgSession &session, const ActionRequest &request, ActionProgress *progress) const {
    ActionRequest r = request;
    if (r.actionId.isNull())
        r.actionId = QUuid::createUuid();
    if (const QString e = check(r); !e.isEmpty())
        throw PgError(PgError::Kind::Query, e);
    const ActionDef a = m_profile.actions.value(r.action);
    ActionResult result;
    result.action = r.action;
    result.auditName = a.auditName;
    result.toState = a.to;
    result.actionId = r.actionId;
    result.confirmedOn = r.confirmedOn;
    QElapsedTimer timer;
    timer.start();
    auto reached = [progress](ActionProgress::Stage stage) {
        if (!progress)
            return;
        progress->stage.store(int(stage));
        if (progress->hook)
            progress->hook(stage);
    };

    session.transact([&](PgTx &tx) {
        if (!tx.inTransaction())
            throw PgError(PgError::Kind::ReadOnly, statementPoolingRefusal());
        // Second guard behind the Gateway's: a read-only session never gets as far as the UPDATE.
        // The transaction id (txid_status() tells its fate later, from any connection) is taken in
        // the same round trip, so that a lost COMMIT acknowledgement can be re-checked.
        const sql::Statement state = sql::transactionState();
        const PgResult first = tx.exec(state.text, state.params);
        if (first.rows.value(0).value(0).toString() == QLatin1String("on"))
            throw PgError(PgError::Kind::ReadOnly, tr("Read-only session: nothing can be changed."));
        // The operator confirmed counts read from one server; the connection may since have
        // reached another (a failover, a DNS name moved). The same data (a promoted standby:
        // the same cluster) is the same action; other data is not what was confirmed. Checked in
        // the action's own transaction, before it changes anything.
        result.ranOn = placeFrom(first.rows.value(0), 2);
        if (r.confirmedOn.isKnown() && !r.confirmedOn.sameData(result.ranOn))
            throw PgError(PgError::Kind::Query, serverChangedRefusal(r.confirmedOn, result.ranOn));
        result.xid = first.rows.value(0).value(1).toLongLong();
        tx.commitFlushed();
        if (progress)
            progress->xid.store(result.xid);
        reached(ActionProgress::Stage::Begun);
        refuseUnstorableText(tx, r);

        const sql::Statement call = sql::actionCall(m_profile, r);
        for (const QVariantList &row : tx.exec(call.text, call.params).rows)
            result.changedIds << MessageId::fromVariant(row.at(0));
        reached(ActionProgress::Stage::Changed);

        probeSkipped(tx, r, result);
        // From here on a cancel can no longer roll back for sure: COMMIT is next.
        reached(ActionProgress::Stage::Committing);
    });
    reached(ActionProgress::Stage::Committed);
    result.elapsedMs = timer.elapsed();
    qCInfo(lcAction).noquote() << m_profile.id << r.action << r.actionId.toString(QUuid::WithoutBraces) << "changed"
                               << result.changed() << "skipped" << result.skippedTotal << "in" << result.elapsedMs << "ms";
    return result;
}

QString ActionRunner::serverChangedRefusal(const ActionServer &confirmed, const ActionServer &now) {
    return QCoreApplication::translate("om::ActionRunner",
                                       "The server changed since the messages were counted: they were counted in database %1 of "
                                       "cluster %2 (at %3), and the connection now reaches database %4 of cluster %5 (at %6), "
                                       "which holds other data. Nothing was changed. Count the messages again on the server "
                                       "the window shows now.")
        .arg(confirmed.database, confirmed.systemId, confirmed.address, now.database, now.systemId, now.address);
}

ActionRecheck ActionRunner::recheck(PgSession &fresh, const QUuid &actionId, qint64 xid, int waitMs) const {
    const sql::Statement q = sql::actionRecheck(m_profile, actionId, xid);
    QElapsedTimer waited;
    waited.start();
    ActionRecheck out;
    for (;;) {
        const QVariantList row = fresh.query(q.text, q.params).rows.value(0);
        const QString status = row.value(0).toString();
        out.changedIds.clear();
        for (const QJsonValue &id : QJsonDocument::fromJson(row.value(1).toString().toUtf8()).array())
            out.changedIds << MessageId::fromText(id.toString());
        out.serverStatus = status;
        // The audit rows are written by the same statement as the changes: they exist exactly when
        // the transaction committed. txid_status says whether it is still running (then wait).
        if (status == QLatin1String("committed") || (!out.changedIds.isEmpty() && status.isEmpty())) {
            out.outcome = ActionRecheck::Outcome::Committed;
            return out;
        }
        if (status == QLatin1String("aborted") || (xid <= 0 && out.changedIds.isEmpty())) {
            out.outcome = ActionRecheck::Outcome::RolledBack;
            return out;
        }
        if (waited.elapsed() >= waitMs) {
            out.outcome = ActionRecheck::Outcome::Unknown;
            return out;
        }
        QThread::msleep(limits::kRecheckPollMs);
    }
}

} // namespace om
