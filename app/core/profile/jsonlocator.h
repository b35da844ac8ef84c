// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QByteArray>
#include <QHash>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace om {

/// Where each value of a JSON text starts: its path (`states[2].when[1].after`) mapped to its
/// 1-based line. QJsonDocument keeps no positions; this reads the text once more, after Qt has
/// accepted it, so it only has to follow valid JSON. It also notes keys written twice in one
/// object (Qt keeps one of them silently).
class JsonLocator {
public:
    explicit JsonLocator(const QByteArray &json);
    /// Line of `path`, or of its nearest parent that was seen (1 when nothing matches).
    int line(const QString &path) const;
    /// Paths of keys that appear twice in their object (the second occurrence).
    const QStringList &duplicateKeys() const { return m_duplicates; }
    /// 1-based line and column of a byte offset (for QJsonParseError's offset).
    static void position(const QByteArray &json, int offset, int *line, int *column);

private:
    void value(const QString &path);
    void object(const QString &path);
    void array(const QString &path);
    QString string();
    void skipSpace();

    const QByteArray &m_json;
    int m_pos = 0;
    int m_line = 1;
    QHash<QString, int> m_lines;
    QStringList m_duplicates;
};

/// The JSON path of a key below `parent` ("columns" + "status" -> "columns.status").
QString jsonChild(const QString &parent, const QString &key);
/// The JSON path of an array element ("states", 2 -> "states[2]").
QString jsonIndex(const QString &parent, int index);

/// What a JSON value is, in words for a message ("a string", "an array", "null").
QString jsonTypeName(const QJsonValue &v);

} // namespace om
