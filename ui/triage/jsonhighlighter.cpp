// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonhighlighter.h"
#include "common/tones.h"

#include <QRegularExpression>

namespace om {

JsonHighlighter::JsonHighlighter(QTextDocument *document) : QSyntaxHighlighter(document) {
    m_key.setFontWeight(QFont::DemiBold);
    followPalette(this, [this] {
        m_key.setForeground(toneColour(Tone::JsonKey));
        m_string.setForeground(toneColour(Tone::JsonString));
        m_number.setForeground(toneColour(Tone::JsonNumber));
        m_literal.setForeground(toneColour(Tone::JsonLiteral));
        rehighlight(); // the payload shown now, in the new colours
    });
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
