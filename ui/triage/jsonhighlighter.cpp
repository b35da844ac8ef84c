#include "jsonhighlighter.h"

#include <QRegularExpression>

namespace om {

JsonHighlighter::JsonHighlighter(QTextDocument *document) : QSyntaxHighlighter(document) {
    m_key.setForeground(QColor(0x1f, 0x4e, 0x9c));
    m_key.setFontWeight(QFont::DemiBold);
    m_string.setForeground(QColor(0x2e, 0x7d, 0x32));
    m_number.setForeground(QColor(0xad, 0x5c, 0x00));
    m_literal.setForeground(QColor(0x8e, 0x24, 0xaa));
}

void JsonHighlighter::highlightBlock(const QString &text) {
    // A string literal with escapes, optionally followed by a colon (then it is a key).
    static const QRegularExpression str(QStringLiteral(R"("(?:[^"\\]|\\.)*"(\s*:)?)"));
    static const QRegularExpression num(QStringLiteral(R"((?<![\w."])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)"));
    static const QRegularExpression lit(QStringLiteral(R"(\b(?:true|false|null)\b)"));
    QList<QPair<int, int>> strings;
    for (auto it = str.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const bool key = m.capturedLength(1) > 0;
        const int len = m.capturedLength(0) - (key ? m.capturedLength(1) : 0);
        setFormat(int(m.capturedStart(0)), len, key ? m_key : m_string);
        strings << qMakePair(int(m.capturedStart(0)), int(m.capturedEnd(0)));
    }
    auto insideString = [&strings](int pos) {
        for (const auto &s : strings)
            if (pos >= s.first && pos < s.second)
                return true;
        return false;
    };
    for (auto it = num.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        if (!insideString(int(m.capturedStart())))
            setFormat(int(m.capturedStart()), int(m.capturedLength()), m_number);
    }
    for (auto it = lit.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        if (!insideString(int(m.capturedStart())))
            setFormat(int(m.capturedStart()), int(m.capturedLength()), m_literal);
    }
}

} // namespace om
