#include "core/kit/kitnames.h"

namespace om::kit {

QString objectName(const QString &base, const QString &suffix) {
    // NAMEDATALEN - 1: a longer name is truncated by the server, which would make two of the kit's
    // names for one long table collide (and IF NOT EXISTS would then skip the second).
    constexpr int kMaxBytes = 63;
    const QString tail = QLatin1Char('_') + suffix;
    QString head = base;
    while (!head.isEmpty() && (head + tail).toUtf8().size() > kMaxBytes)
        head.chop(head.back().isLowSurrogate() && head.size() > 1 ? 2 : 1);
    return head + tail;
}

QString commentText(const QString &text) {
    QString out = text;
    for (QChar &c : out)
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            c = QLatin1Char(' ');
    return out;
}

} // namespace om::kit
