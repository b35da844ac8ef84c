// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>
#include <QVariantList>

namespace om::sql {

/// The contract between core/sql and the feature queries: the text of one statement and the
/// values its $1, $2, ... placeholders stand for, in order. Built only by core/sql; the feature
/// classes pass it to PgSession::query / PgTx::exec unchanged.
struct Statement {
    QString text;
    QVariantList params;
};

/// The same statement under `EXPLAIN (FORMAT JSON)`: the plan, nothing run.
inline Statement explainJson(const Statement &s) {
    return {QStringLiteral("EXPLAIN (FORMAT JSON) ") + s.text, s.params};
}

} // namespace om::sql
