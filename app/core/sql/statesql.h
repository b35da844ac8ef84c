// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>
#include <QStringList>
#include <QVariant>

namespace om::sql {

/// The SQL of a profile's states: the profile (core/profile) says what a state is, this writes
/// it as conditions over the quoted columns, constants inline (validated types only), so that a
/// state's predicate matches the kit's partial indexes word for word.

/// A profile's JSON value as a SQL constant: a quoted string, a number or a boolean keyword.
QString constant(const QVariant &v);
/// now(), or (now() + interval '5 minutes') from the validated parts (never pasted text).
QString nowOffset(const NowOffset &t);
/// The maximum retries as SQL: the quoted column, or the profile's constant.
QString maxRetries(const SchemaProfile &p);
/// The message key as text, NULL::text when the profile maps none (a table whose messages have
/// no key: nothing is ordered, nothing is listed by key).
QString keyText(const SchemaProfile &p);
/// One condition, columns quoted and constants inline.
QString condition(const SchemaProfile &p, const StateCondition &c);
/// One state's conditions (AND-ed, parenthesised when more than one).
QString stateCondition(const SchemaProfile &p, const StateDef &s);
/// True for rows in any of `names` (literals inlined so partial indexes match).
QString statesPredicate(const SchemaProfile &p, const QStringList &names);
/// A row's state name: the status column when every state is a plain status value, otherwise a
/// CASE over the states' conditions (first match wins).
QString stateExpression(const SchemaProfile &p);

} // namespace om::sql
