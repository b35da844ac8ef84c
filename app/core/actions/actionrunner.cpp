#include "core/actions/actionrunner.h"
#include "core/actions/reasonrules.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHostInfo>
#include <QLoggingCategory>
#include <QSet>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

Q_LOGGING_CATEGORY(lcAction, "om.action")

namespace om {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("om::ActionRunner", s); }

QString param(QVariantList &params, const QVariant &v) {
    params << v;
    return QStringLiteral("$%1").arg(params.size());
}

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

QString ActionRunner::newStateValue(const ActionDef &a) const {
    const StateDef *to = m_profile.state(a.to);
    return to && !to->value.isEmpty() ? to->value : a.to;
}

QString ActionRunner::setList(const ActionDef &a, QVariantList &params) const {
    QStringList sets;
    const StateDef *to = m_profile.state(a.to);
    if (!to->value.isEmpty())
        sets << m_profile.col(QStringLiteral("status")) + QLatin1String(" = ") + PgSession::quoteLiteral(to->value);
    else if (!to->isNullColumn.isEmpty())
        sets << m_profile.col(to->isNullColumn) + QLatin1String(" = NULL");
    else
        sets << m_profile.col(to->notNullColumn) + QLatin1String(" = now()");
    for (const SetClause &c : a.set) {
        const QString column = m_profile.col(c.column);
        switch (c.kind) {
        case SetClause::Kind::Now: sets << column + QLatin1String(" = now()"); break;
        case SetClause::Kind::Null: sets << column + QLatin1String(" = NULL"); break;
        case SetClause::Kind::Text: sets << column + QLatin1String(" = ") + param(params, c.text); break;
        }
    }
    return sets.join(QLatin1String(", "));
}

QString ActionRunner::actionSql(const ActionRequest &r, QVariantList &params) const {
    const ActionDef a = m_profile.actions.value(r.action);
    const QString table = m_profile.qualifiedTable();
    const QString id = m_profile.col(QStringLiteral("id"));
    const QString where = eligibleCondition(a, r, params);
    // SKIP LOCKED: a row a worker holds is left out at once (reported by the probe), never
    // waited on. Under READ COMMITTED the locking read re-checks `where` on the newest row
    // version, so a row a worker moved on after the operator looked is not overwritten.
    QString target = QStringLiteral("SELECT %1 AS om_id, %2 AS om_old FROM %3 WHERE %4 ORDER BY %1 FOR UPDATE SKIP LOCKED")
                         .arg(id, m_profile.stateExpression(), table, where);
    if (!r.ids.isEmpty()) {
        // Chosen ids drive the lookup: one primary-key probe per id (the LATERAL subquery with
        // its own FOR UPDATE is run once per id, never flattened into a join). With
        // `id = ANY($ids)` as a plain condition the planner walked a state's whole index instead
        // and tested every entry against the array, or hash-joined all FAILED rows: 250-290 ms of
        // a 10,000-message retry at 10M rows, growing with the table rather than the selection.
        target = QStringLiteral("SELECT om_t.om_id, om_t.om_old FROM (SELECT DISTINCT unnest(%1::bigint[]) AS om_req) AS om_r"
                                " CROSS JOIN LATERAL (%2) AS om_t")
                     .arg(param(params, idArray(r.ids)),
                          QStringLiteral("SELECT %1 AS om_id, %2 AS om_old FROM %3 WHERE %1 = om_r.om_req AND %4 FOR UPDATE SKIP LOCKED")
                              .arg(id, m_profile.stateExpression(), table, where));
    }
    const QString sets = setList(a, params);

    // One audit row per changed message, from the UPDATE's own RETURNING: the audit can never
    // name a row that did not change, nor miss one that did.
    const AuditDef &au = m_profile.audit;
    QStringList cols, values;
    auto add = [&](const char *logical, const QString &value) {
        if (au.columns.contains(QLatin1String(logical))) {
            cols << PgSession::quoteIdentifier(au.column(QLatin1String(logical)));
            values << value;
        }
    };
    add("messageId", QStringLiteral("om_id"));
    add("action", param(params, a.auditName));
    add("reason", param(params, r.reason.trimmed()));
    add("ticket", param(params, nullIfEmpty(r.ticket.trimmed())));
    add("oldStatus", QStringLiteral("om_old"));
    add("newStatus", PgSession::quoteLiteral(newStateValue(a)));
    add("changedBy", QStringLiteral("session_user"));
    add("changedAt", QStringLiteral("now()"));
    add("osUser", param(params, nullIfEmpty(r.osUser)));
    add("host", param(params, nullIfEmpty(r.host)));
    add("appVersion", param(params, nullIfEmpty(r.appVersion)));

    return QStringLiteral(
               "WITH om_target AS (\n"
               "  %1\n"
               "), om_changed AS (\n"
               "  UPDATE %2 AS om_u SET %3 FROM om_target WHERE om_u.%4 = om_target.om_id\n"
               "  RETURNING om_target.om_id, om_target.om_old\n"
               "), om_audit AS (\n"
               "  INSERT INTO %5 (%6) SELECT %7 FROM om_changed\n"
               ")\n"
               "SELECT om_id FROM om_changed ORDER BY om_id")
        .arg(target, table, sets, id, m_profile.qualifiedAuditTable(), cols.join(QLatin1String(", ")),
             values.join(QLatin1String(", ")));
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
                          tr("This database stores text in %1, which cannot hold some characters of \"%2\". "
                             "Nothing was changed; write the reason and ticket in characters the database can hold.")
                              .arg(encoding, t));
        }
    }
}

ActionResult ActionRunner::run(PgSession &session, const ActionRequest &r) const {
    if (const QString e = check(r); !e.isEmpty())
        throw PgError(PgError::Kind::Query, e);
    const ActionDef a = m_profile.actions.value(r.action);
    ActionResult result;
    result.action = r.action;
    result.auditName = a.auditName;
    QElapsedTimer timer;
    timer.start();

    session.transact([&](PgTx &tx) {
        // Second guard behind the Gateway's: a read-only session never gets as far as the UPDATE.
        if (tx.exec(QStringLiteral("SELECT current_setting('transaction_read_only')")).scalar().toString() == QLatin1String("on"))
            throw PgError(PgError::Kind::ReadOnly, tr("Read-only session: nothing can be changed."));
        refuseUnstorableText(tx, r);

        QVariantList params;
        const QString sql = actionSql(r, params);
        for (const QVariantList &row : tx.exec(sql, params).rows)
            result.changedIds << row.at(0).toLongLong();

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

        if (!result.changedIds.isEmpty()) {
            // Queued by the server and delivered only if this transaction commits.
            tx.exec(QStringLiteral("SELECT pg_notify($1, json_build_object('profile', $2::text, 'action', $3::text,"
                                   " 'auditName', $4::text, 'count', $5::int, 'user', session_user::text,"
                                   " 'osUser', $6::text, 'host', $7::text)::text)"),
                    {channel(), m_profile.id, r.action, a.auditName, int(result.changedIds.size()),
                     nullIfEmpty(r.osUser), nullIfEmpty(r.host)});
        }
    });
    result.elapsedMs = timer.elapsed();
    qCInfo(lcAction).noquote() << m_profile.id << r.action << "changed" << result.changed() << "skipped"
                               << result.skippedTotal << "in" << result.elapsedMs << "ms";
    return result;
}

} // namespace om
