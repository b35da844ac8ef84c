// SPDX-License-Identifier: GPL-3.0-or-later
// bench_outcome: timings of "what became of an action" for scripts/bench.d/insight (not a test).
//   bench_outcome measure RUNS ACTION_ID
// On the bench's app_outbox and its audit table (with the admin kit's action-id index): the outcome
// of one action as the Audit tab reads it (core/outcome, one statement), the same statement with
// the action-id index dropped inside a transaction that is rolled back (a join without the index),
// and the naive way, one query per message of the action. Prints medians in one line:
//   outcome_ms=… outcome_noindex_ms=… outcome_naive_ms=… outcome_messages=…
// and the outcome statement's EXPLAIN (ANALYZE, BUFFERS) on stderr.
// Connects through the PG* environment (serial plans, no JIT, as the lanes do).
#include "benchtiming.h"
#include "core/outcome/actionoutcomequery.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/outcomesql.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <algorithm>
#include <cstdio>
#include <functional>

using namespace om;

namespace {

/// Thrown to end the transaction without committing (the index is back at once).
struct RollBack {};

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("om.*.debug=false"));
    const QStringList args = app.arguments();
    if (args.size() < 4 || args.at(1) != QLatin1String("measure")) {
        std::fprintf(stderr, "usage: bench_outcome measure RUNS ACTION_ID\n");
        return 2;
    }
    const int runs = qMax(1, args.at(2).toInt());
    const QString actionId = args.at(3);
    SchemaProfile profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
    PgSession::Options o;
    o.applicationName = QStringLiteral("bench_outcome");
    o.statementTimeoutMs = 300000;
    o.serialPlans = true;
    o.noJit = true;
    PgSession session(o);
    try {
        session.open();
        const ActionOutcomeQuery query(profile);
        qint64 messages = 0;
        QList<double> fast, noIndex, naive;
        for (int i = 0; i < runs; ++i)
            fast << bench::timeMs([&] { messages = query.outcomes(session, {actionId}).value(actionId).messages; });

        // The same statement without the action-id index: found by a scan of the audit table.
        const sql::Statement st = sql::actionOutcomes(profile, {actionId}, profile.stuckTimeoutMinutes);
        for (const QVariantList &row : session.query(QStringLiteral("EXPLAIN (ANALYZE, BUFFERS) ") + st.text, st.params).rows)
            std::fprintf(stderr, "%s\n", qPrintable(row.value(0).toString()));
        const QString index = QStringLiteral("ix_%1_action_id").arg(profile.audit.table);
        for (int i = 0; i < qMax(1, runs / 2); ++i) {
            try {
                session.transact([&](PgTx &tx) {
                    tx.exec(QStringLiteral("DROP INDEX %1").arg(index));
                    noIndex << bench::timeMs([&] { tx.exec(st.text, st.params); });
                    throw RollBack{};
                });
            } catch (const RollBack &) {
            }
        }

        // Naive: the action's message ids, then one query per message for its status.
        const QString ids = QStringLiteral("SELECT DISTINCT outbox_id FROM app_outbox_audit WHERE action_id = $1::uuid");
        const QString one = QStringLiteral("SELECT status FROM app_outbox WHERE outbox_id = $1");
        for (int i = 0; i < qMax(1, runs / 5); ++i)
            naive << bench::timeMs([&] {
                QHash<QString, qint64> byStatus;
                for (const QVariantList &row : session.query(ids, {actionId}).rows) {
                    const PgResult r = session.queryPrepared(one, {row.value(0)});
                    ++byStatus[r.isEmpty() ? QStringLiteral("(gone)") : r.scalar().toString()];
                }
            });
        std::printf("outcome_ms=%.1f outcome_noindex_ms=%.1f outcome_naive_ms=%.1f outcome_messages=%lld\n", bench::median(fast),
                    bench::median(noIndex), bench::median(naive), messages);
    } catch (const PgError &e) {
        std::fprintf(stderr, "bench_outcome: %s\n", qPrintable(e.message));
        return 1;
    }
    return 0;
}
