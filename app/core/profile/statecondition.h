// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>
#include <QStringList>
#include <QVariant>

namespace om {

/// A point in time relative to the server clock: now() plus a signed number of units.
/// Parsed from "now", "now + 5 minutes", "now - 1 hour" (never pasted into SQL: rendered from
/// the validated number and one of the known units).
struct NowOffset {
    qint64 amount = 0; ///< signed; 0 means now() itself
    QString unit;      ///< seconds | minutes | hours | days ("" when amount is 0)

    /// Parses `text`; nullopt-like false when it is not of the forms above.
    static bool parse(const QString &text, NowOffset *out);
    /// The units a profile may write (singular and plural forms are both accepted).
    static QStringList unitNames();
};

/// One condition over a mapped (logical) column; a state is recognised by all of its conditions.
struct StateCondition {
    enum class Op {
        Equals,
        In,
        IsNull,
        NotNull,
        IsTrue,
        IsFalse,
        Before,
        After,
        Compare
    };
    QString column; ///< logical column
    Op op = Op::Equals;
    QVariantList values; ///< Equals (one) / In (several): string, integer, double or bool
    NowOffset time;      ///< Before / After
    QString compareOp;   ///< Compare: = <> < <= > >=
    QString withColumn;  ///< Compare: another logical column (or "maxRetries" as the constant) ...
    QVariant withValue;  ///< ... or a constant

    /// Comparison operators a profile may use in "compare".
    static QStringList compareOps();
    /// True when both describe the same test (used to see that a `from` state keeps a condition).
    bool sameAs(const StateCondition &o) const;
};

} // namespace om
