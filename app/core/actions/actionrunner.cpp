#include "core/actions/actionrunner.h"
#include "core/actions/actionfunctionsql.h"
#include "core/actions/reasonrules.h"
#include "core/sql/sqltext.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHostInfo>
#include <QLoggingCategory>
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

using sql::param;

QVariant nullIfEmpty(const QString &s) { return s.isEmpty() ? QVariant() : QVariant(s); }

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

int ActionRunner::stuckTimeout(const ActionRequest &r) const {
    if (r.stuckTimeoutMinutes > 0)
        return r.stuckTimeoutMinutes;
    if (r.filter && r.filter->stuckTimeoutMinutes > 0)
        return r.filter->stuckTimeoutMinutes;
    return m_profile.stuckTimeoutMinutes;
}

QString ActionRunner::idArray(const QList<qint64> &ids) {
    // libpqxx 6.4 cannot bind a vector: an array literal, cast to bigint[] in SQL.
    QString s = QStringLiteral("{");
    s.reserve(ids.size() * 8 + 2);
    for (int i = 0; i < ids.size(); ++i) {
        if (i)
            s += QLatin1Char(',');
        s += QString::number(ids.at(i));
    }
    return s + QLatin1Char('}');
}

QString ActionRunner::eligibleCondition(const ActionDef &a, const ActionRequest &r, QVariantList &params) const {
    QStringList conds{m_profile.statesPredicate(a.from)};
    if (a.pastStuckTimeout) {
        // Server clock: a row is stuck when the database says so, whatever the workstation thinks.
        conds << QStringLiteral("%1 < now() - make_interval(mins => %2::int)")
                     .arg(m_profile.col(m_profile.stuckSince), param(params, stuckTimeout(r)));
    }
    if (r.filter)
        conds << QLatin1Char('(') + buildWhere(m_profile, *r.filter, params) + QLatin1Char(')');
    return conds.join(QLatin1String(" AND "));
}

QString ActionRunner::actionSql(const ActionRequest &r, QVariantList &params) const {
    const ActionDef a = m_profile.actions.value(r.action);
    const ActionFunctionSql fn(m_profile);
    // The kit's function does the guarded, audited change; here only its arguments are chosen.
    QVariantList scalars{r.action, r.actionId.toString(QUuid::WithoutBraces), r.reason.trimmed(),
                         nullIfEmpty(r.ticket.trimmed()), a.pastStuckTimeout ? QVariant(stuckTimeout(r)) : QVariant(),
                         nullIfEmpty(r.osUser), nullIfEmpty(r.host), nullIfEmpty(r.appVersion)};
    const int first = params.size() + 1;
    params << scalars;
    QString ids;
    if (!r.filter) {
        ids = param(params, idArray(r.ids)) + QLatin1String("::bigint[]");
    } else {
        // "Everything matching the view and filter": the candidates are chosen here, in the same
        // statement, with the same condition the dialog counted (the filter's own columns are not
        // re-checked under the lock; the action's guard — states, stuck timeout — is, by the function).
        const QString table = m_profile.qualifiedTable();
        const QString id = m_profile.col(QStringLiteral("id"));
        const QString where = eligibleCondition(a, r, params);
        if (r.ids.isEmpty()) {
            ids = QStringLiteral("ARRAY(SELECT %1 FROM %2 WHERE %3)").arg(id, table, where);
        } else {
            // The ids the operator confirmed, narrowed by the filter: one primary-key probe per id.
            ids = QStringLiteral("ARRAY(SELECT om_c.om_id FROM unnest(%1::bigint[]) AS om_r(om_req) CROSS JOIN LATERAL"
                                 " (SELECT %2 AS om_id FROM %3 WHERE %2 = om_r.om_req AND %4) AS om_c)")
                      .arg(param(params, idArray(r.ids)), id, table, where);
        }
    }
    return fn.callSql(ids, first) + QLatin1String(" ORDER BY om_id");
}

ActionPreview ActionRunner::preview(PgSession &session, const ActionRequest &r, int cap, int sampleSize) const {
    // The reason is typed after the preview: only the action and the target must be valid here.
    if (!m_profile.actions.contains(r.action) || !r.hasTarget())
        throw PgError(PgError::Kind::Query, check(r));
    const ActionDef a = m_profile.actions.value(r.action);
    const QString table = m_profile.qualifiedTable();
    const QString id = m_profile.col(QStringLiteral("id"));
    const QString key = m_profile.col(QStringLiteral("key"));
    QVariantList params;
    ActionPreview p;
    if (!r.ids.isEmpty()) {
        const QString arr = param(params, idArray(r.ids));
        const QString eligible = eligibleCondition(a, r, params);
        const PgResult res = session.query(
            // "IS NOT NULL AND": a null-based state (published_at IS NULL) is also true for a missing row.
            QStringLiteral("SELECT om_req, COALESCE(%5 IS NOT NULL AND %1, false), %2::text"
                           " FROM unnest(%3::bigint[]) AS om_r(om_req) LEFT JOIN %4 ON %5 = om_r.om_req ORDER BY om_req")
                .arg(eligible, key, arr, table, id), params);
        p.requested = res.rows.size();
        for (const QVariantList &row : res.rows) {
            if (row.at(1).toString() != QLatin1String("t"))
                continue;
            ++p.eligible;
            if (p.eligibleIds.size() < cap)
                p.eligibleIds << row.at(0).toLongLong();
            if (p.sampleKeys.size() < sampleSize)
                p.sampleKeys << row.at(2).toString();
        }
    } else {
        const QString eligible = eligibleCondition(a, r, params);
        // count(*) OVER () is computed before LIMIT: the exact total even when the list is capped.
        const PgResult res = session.query(
            QStringLiteral("SELECT %1, %2::text, count(*) OVER () FROM %3 WHERE %4 ORDER BY %1 LIMIT %5")
                .arg(id, key, table, eligible, param(params, cap)), params);
        p.eligible = res.rows.isEmpty() ? 0 : res.rows.first().at(2).toLongLong();
        p.requested = p.eligible;
        for (const QVariantList &row : res.rows) {
            p.eligibleIds << row.at(0).toLongLong();
            if (p.sampleKeys.size() < sampleSize)
                p.sampleKeys << row.at(1).toString();
        }
    }
    p.truncated = p.eligible > p.eligibleIds.size();
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
    const QString encoding = tx.exec(QStringLiteral("SELECT current_setting('server_encoding')")).scalar().toString();
    if (encoding == QLatin1String("UTF8"))
        return;
    for (const QString &t : texts) {
        try {
            tx.exec(QStringLiteral("SELECT $1::text"), {t});
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
    const ActionDef a = m_profile.actions.value(r.action);
    // Why did the others not change? Same transaction: rows we changed are ours and in their
    // new state; a row still eligible now was skipped because somebody held its lock.
    const QString table = m_profile.qualifiedTable();
    const QString id = m_profile.col(QStringLiteral("id"));
    QVariantList pp;
    const QString eligible = eligibleCondition(a, r, pp);
    if (!r.ids.isEmpty()) {
        const QSet<qint64> changed(result.changedIds.cbegin(), result.changedIds.cend());
        QList<qint64> rest;
        for (qint64 i : r.ids)
            if (!changed.contains(i))
                rest << i;
        if (!rest.isEmpty()) {
            const QString arr = param(pp, idArray(rest));
            const PgResult probe = tx.exec(
                QStringLiteral("SELECT DISTINCT om_req, %1 IS NOT NULL, COALESCE(%2, false), (%3)::text"
                               " FROM unnest(%4::bigint[]) AS om_r(om_req) LEFT JOIN %5 ON %1 = om_r.om_req"
                               " ORDER BY om_req")
                    .arg(id, eligible, m_profile.stateExpression(), arr, table), pp);
            result.skippedTotal = probe.rows.size();
            for (const QVariantList &row : probe.rows) {
                if (result.skipped.size() >= kSkippedListCap)
                    break;
                SkippedMessage s;
                s.id = row.at(0).toLongLong();
                s.state = row.at(3).toString();
                s.reason = row.at(1).toString() != QLatin1String("t") ? SkipReason::Gone
                         : row.at(2).toString() == QLatin1String("t") ? SkipReason::Locked
                                                                     : SkipReason::StateChanged;
                result.skipped << s;
            }
        }
    } else {
        // "Everything matching the filter": what still matches was locked (or arrived since).
        const PgResult probe = tx.exec(
            QStringLiteral("SELECT %1, (%2)::text, count(*) OVER () FROM %3 WHERE %4 ORDER BY %1 LIMIT %5")
                .arg(id, m_profile.stateExpression(), table, eligible, param(pp, kSkippedListCap)), pp);
        result.skippedTotal = probe.rows.isEmpty() ? 0 : probe.rows.first().at(2).toLongLong();
        for (const QVariantList &row : probe.rows)
            result.skipped << SkippedMessage{row.at(0).toLongLong(), SkipReason::Locked, row.at(1).toString()};
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
    result.actionId = r.actionId;
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
        // Second guard behind the Gateway's: a read-only session never gets as far as the UPDATE.
        // The transaction id (txid_status() tells its fate later, from any connection) is taken in
        // the same round trip, so that a lost COMMIT acknowledgement can be re-checked.
        const PgResult first = tx.exec(QStringLiteral(
            "SELECT current_setting('transaction_read_only'),"
            " CASE WHEN current_setting('transaction_read_only') = 'off' THEN txid_current() END"));
        if (first.rows.value(0).value(0).toString() == QLatin1String("on"))
            throw PgError(PgError::Kind::ReadOnly, tr("Read-only session: nothing can be changed."));
        result.xid = first.rows.value(0).value(1).toLongLong();
        if (progress)
            progress->xid.store(result.xid);
        reached(ActionProgress::Stage::Begun);
        refuseUnstorableText(tx, r);

        QVariantList params;
        const QString sql = actionSql(r, params);
        for (const QVariantList &row : tx.exec(sql, params).rows)
            result.changedIds << row.at(0).toLongLong();
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

ActionRecheck ActionRunner::recheck(PgSession &fresh, const QUuid &actionId, qint64 xid, int waitMs) const {
    const AuditDef &au = m_profile.audit;
    const QString sql = QStringLiteral("SELECT CASE WHEN $1::bigint > 0 THEN txid_status($1::bigint) END,"
                                       " ARRAY(SELECT %1 FROM %2 WHERE %3 = $2::uuid ORDER BY 1)::text")
                            .arg(sql::quoteIdentifier(au.column(QStringLiteral("messageId"))),
                                 m_profile.qualifiedAuditTable(),
                                 sql::quoteIdentifier(au.column(QStringLiteral("actionId"))));
    QElapsedTimer waited;
    waited.start();
    ActionRecheck out;
    for (;;) {
        const QVariantList row = fresh.query(sql, {xid, actionId.toString(QUuid::WithoutBraces)}).rows.value(0);
        const QString status = row.value(0).toString();
        out.changedIds.clear();
        const QString arr = row.value(1).toString().mid(1).chopped(1);
        for (const QString &id : arr.split(QLatin1Char(','), Qt::SkipEmptyParts))
            out.changedIds << id.toLongLong();
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
        QThread::msleep(200);
    }
}

} // namespace om
