// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"
#include "core/common/quotedidentifier.h"
#include "core/profile/columntypes.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantList>

namespace om::sql {

/// The small pieces every statement is built from, in one place: profile names become quoted
/// identifiers (quoteIdentifier, from core/common), everything an operator typed becomes a bound
/// parameter.

/// Quotes a string constant as a SQL literal: 'text', with ' doubled (every session runs with
/// standard_conforming_strings on, so a backslash is an ordinary character).
QString quoteLiteral(const QString &value);
/// Names as quoted identifiers, joined by ", " (an index's column list).
QString quoteIdentifierList(const QStringList &names);
/// Appends `value` to `params` and returns its placeholder ("$3"). A null QVariant is SQL NULL.
QString param(QVariantList &params, const QVariant &value);
/// `text` with LIKE's wildcards (% and _) and the escape character itself escaped, for use in
/// `column LIKE $n ESCAPE '\'`: an operator's text is matched literally.
QString likeEscape(const QString &text);
/// The pattern for "contains `text`": %escaped%.
QString likeContains(const QString &text);
/// A PostgreSQL array literal of ids, each element quoted (`{"1","2"}`, `{"6f1c…"}`): libpqxx
/// 6.4 cannot bind a vector, so a list of ids is one bound text parameter.
QString idArrayLiteral(const QList<MessageId> &ids);
/// Binds one id as text and returns its placeholder cast to the id column's type ("$3::uuid"),
/// so that `id = $3::uuid` compares like with like and the primary key's index serves it.
QString idParam(QVariantList &params, const MessageId &id, IdType type);
/// Binds a list of ids as one array literal and returns "$3::uuid[]" (the column's type).
QString idArrayParam(QVariantList &params, const QList<MessageId> &ids, IdType type);

} // namespace om::sql
