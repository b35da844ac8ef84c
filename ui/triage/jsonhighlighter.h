// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace om {

/// Colours keys, strings, numbers and true/false/null of indented JSON, one line at a time (no
/// state across lines is needed because the pretty-printer puts one value per line).
class JsonHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit JsonHighlighter(QTextDocument *document);

protected:
    void highlightBlock(const QString &text) override;

private:
    QTextCharFormat m_key, m_string, m_number, m_literal;
};

} // namespace om
