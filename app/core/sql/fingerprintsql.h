// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om::sql {

/// The fingerprint of an error text (failure groups): what is left of the text when
/// everything that varies between two occurrences of the same failure is masked — uuids, quoted
/// values ('x', "x", 「x」), URL query values, hosts and IPv4 addresses (a Java class name such as
/// java.net.SocketTimeoutException is not a host), long ids, numbers (ASCII and full-width) and
/// ISO times — with white space collapsed. Words, Japanese text and the status numbers after
/// "HTTP ", "status " and "SQLSTATE " are kept. Only the first kFingerprintInputChars characters
/// count.
///
/// Defined here once, as SQL: the program sends fingerprintExpression() in its queries, and the
/// kit installs the same expression as the IMMUTABLE function fingerprintFunction(). PostgreSQL
/// inlines a one-expression SQL function, so an index on `error_fingerprint(column)` serves a
/// query that spells the expression out (tests/db/tst_failuregroups checks both agree and that
/// the plan reads the index).

inline constexpr int kFingerprintInputChars = 300;

/// The fingerprint of the text expression `text` (an SQL expression, e.g. a quoted column).
QString fingerprintExpression(const QString &text);
/// outbox_monitor.error_fingerprint, quoted as SQL.
QString fingerprintFunction();
/// The kit's SQL that installs fingerprintFunction(): created when missing; when it exists with
/// another body (an older program's), dropped with the indexes built on it (CASCADE) and created
/// anew, because an index on an IMMUTABLE function whose body changed would give wrong answers.
/// The caller creates those indexes again afterwards.
QString fingerprintFunctionSql();

} // namespace om::sql
