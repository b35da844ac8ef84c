// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/setclausematch.h"

namespace om {

namespace {

bool isNumber(const QVariant &v) {
    return v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Int;
}

/// The number a text spells, when it spells one.
std::optional<double> numberIn(const QString &text) {
    bool ok = false;
    const double d = text.trimmed().toDouble(&ok);
    return ok ? std::optional<double>(d) : std::nullopt;
}

bool valueMatches(const SetClause &set, const QVariant &v) {
    using Kind = SetClause::Kind;
    switch (set.kind) {
    case Kind::Bool: return v.typeId() == QMetaType::Bool && v.toBool() == set.flag;
    case Kind::Text:
        if (v.typeId() == QMetaType::QString)
            return v.toString() == set.text;
        return isNumber(v) && numberIn(set.text) == v.toDouble();
    case Kind::Number:
        if (isNumber(v))
            return set.text.toDouble() == v.toDouble();
        return v.typeId() == QMetaType::QString && numberIn(v.toString()) == set.text.toDouble();
    case Kind::Now:
    case Kind::Null: return false;
    }
    return false;
}

} // namespace

bool setSatisfies(const SetClause &set, const StateCondition &c) {
    using Op = StateCondition::Op;
    using Kind = SetClause::Kind;
    switch (c.op) {
    case Op::IsNull: return set.kind == Kind::Null;
    case Op::NotNull: return set.kind != Kind::Null;
    case Op::IsTrue: return set.kind == Kind::Bool && set.flag;
    case Op::IsFalse: return set.kind == Kind::Bool && !set.flag;
    case Op::Equals:
    case Op::In: return std::any_of(c.values.cbegin(), c.values.cend(), [&](const QVariant &v) { return valueMatches(set, v); });
    case Op::Before: return set.kind == Kind::Now && c.time.amount >= 0;
    case Op::After: return set.kind == Kind::Now && c.time.amount < 0;
    case Op::Compare: return false; // a set cannot promise how two values compare
    }
    return false;
}

} // namespace om
