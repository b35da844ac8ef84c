// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QList>
#include <QStringList>
#include <QVariant>

namespace om {

/// A query result copied out of libpqxx into Qt values. Every value is a QString or a null
/// QVariant (SQL NULL); callers convert, so the adapter never guesses types.
struct PgResult {
    QStringList columns;
    QList<QVariantList> rows;
    qint64 affectedRows = 0;

    int columnIndex(const QString &name) const { return columns.indexOf(name); }
    bool isEmpty() const { return rows.isEmpty(); }
    /// First column of the first row, or a null QVariant.
    QVariant scalar() const { return rows.isEmpty() || rows.first().isEmpty() ? QVariant() : rows.first().first(); }
};

/// A boolean as the server sends it (t / f, text like every value): QVariant::toBool() would call
/// "f" true.
inline bool pgTrue(const QVariant &v) { return v.toString() == QLatin1String("t"); }

/// A NOTIFY received on a LISTENed channel.
struct PgNotification {
    QString channel;
    QString payload;
    int backendPid = 0;
};

} // namespace om
