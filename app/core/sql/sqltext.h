#pragma once
#include <QList>
#include <QString>
#include <QVariant>
#include <QVariantList>

namespace om::sql {

/// The small pieces every statement is built from, in one place: profile names become quoted
/// identifiers, everything an operator typed becomes a bound parameter.

/// Quotes an identifier from a profile (never from a user's free text): "name", with " doubled.
QString quoteIdentifier(const QString &name);
/// Quotes a string constant as a SQL literal: 'text', with ' doubled (every session runs with
/// standard_conforming_strings on, so a backslash is an ordinary character).
QString quoteLiteral(const QString &value);
/// Appends `value` to `params` and returns its placeholder ("$3"). A null QVariant is SQL NULL.
QString param(QVariantList &params, const QVariant &value);
/// `text` with LIKE's wildcards (% and _) and the escape character itself escaped, for use in
/// `column LIKE $n ESCAPE '\'`: an operator's text is matched literally.
QString likeEscape(const QString &text);
/// The pattern for "contains `text`": %escaped%.
QString likeContains(const QString &text);
/// `SET LOCAL statement_timeout = ms` (an integer the program chose, never an operator's text):
/// bounds one statement of a transaction more tightly than the session's timeout.
QString setLocalStatementTimeout(int ms);
/// A PostgreSQL array literal of ids ("{1,2,3}"), bound and cast to bigint[] in SQL: libpqxx 6.4
/// cannot bind a vector.
QString bigintArray(const QList<qint64> &ids);

} // namespace om::sql
