// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/jsonlocator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace om {

QString jsonChild(const QString &parent, const QString &key) {
    return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
}

QString jsonIndex(const QString &parent, int index) { return parent + QStringLiteral("[%1]").arg(index); }

JsonLocator::JsonLocator(const QByteArray &json) : m_json(json) {
    skipSpace();
    if (m_pos < m_json.size())
        value(QString());
}

int JsonLocator::line(const QString &path) const {
    QString p = path;
    while (!p.isEmpty()) {
        if (const auto it = m_lines.constFind(p); it != m_lines.cend())
            return *it;
        // Up one level: "a.b[2]" -> "a.b" -> "a".
        const int cut = qMax(p.lastIndexOf(QLatin1Char('.')), p.lastIndexOf(QLatin1Char('[')));
        p = cut < 0 ? QString() : p.left(cut);
    }
    return m_lines.value(QString(), 1);
}

void JsonLocator::position(const QByteArray &json, int offset, int *line, int *column) {
    const int end = qBound(0, offset, int(json.size()));
    *line = 1 + int(json.left(end).count('\n'));
    const int lastNl = int(json.lastIndexOf('\n', end - 1));
    // Count characters, not bytes, from the start of the line.
    *column = 1 + int(QString::fromUtf8(json.mid(lastNl + 1, end - lastNl - 1)).size());
}

void JsonLocator::skipSpace() {
    while (m_pos < m_json.size()) {
        const char c = m_json.at(m_pos);
        if (c == '\n')
            ++m_line;
        else if (c != ' ' && c != '\t' && c != '\r')
            return;
        ++m_pos;
    }
}

QString JsonLocator::string() {
    const int start = m_pos; // at the opening quote
    bool escaped = false;
    for (++m_pos; m_pos < m_json.size(); ++m_pos) {
        const char c = m_json.at(m_pos);
        if (escaped)
            escaped = false;
        else if (c == '\\')
            escaped = true;
        else if (c == '"')
            break;
    }
    ++m_pos;
    const QByteArray raw = m_json.mid(start, m_pos - start);
    if (!raw.contains('\\'))
        return QString::fromUtf8(raw.mid(1, raw.size() - 2));
    // Escapes in a key: let Qt decode them exactly as it did for the document.
    return QJsonDocument::fromJson("[" + raw + "]").array().at(0).toString();
}

void JsonLocator::value(const QString &path) {
    m_lines.insert(path, m_line);
    if (m_pos >= m_json.size())
        return;
    switch (m_json.at(m_pos)) {
    case '{': object(path); return;
    case '[': array(path); return;
    case '"': string(); return;
    default:
        while (m_pos < m_json.size() && !QByteArray(",]} \t\r\n").contains(m_json.at(m_pos)))
            ++m_pos;
    }
}

void JsonLocator::object(const QString &path) {
    ++m_pos; // {
    QSet<QString> seen;
    for (;;) {
        skipSpace();
        if (m_pos >= m_json.size() || m_json.at(m_pos) == '}')
            break;
        const int keyLine = m_line;
        const QString key = string();
        const QString child = jsonChild(path, key);
        if (seen.contains(key))
            m_duplicates << child;
        seen.insert(key);
        skipSpace();
        ++m_pos; // :
        skipSpace();
        value(child);
        m_lines.insert(child, keyLine); // the key's line: where a reader looks for it
        skipSpace();
        if (m_pos < m_json.size() && m_json.at(m_pos) == ',')
            ++m_pos;
    }
    ++m_pos;
}

void JsonLocator::array(const QString &path) {
    ++m_pos; // [
    for (int i = 0;; ++i) {
        skipSpace();
        if (m_pos >= m_json.size() || m_json.at(m_pos) == ']')
            break;
        value(jsonIndex(path, i));
        skipSpace();
        if (m_pos < m_json.size() && m_json.at(m_pos) == ',')
            ++m_pos;
    }
    ++m_pos;
}

QString jsonTypeName(const QJsonValue &v) {
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

} // namespace om
