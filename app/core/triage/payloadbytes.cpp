// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/triage/payloadbytes.h"

#include <QStringDecoder>

namespace om {

PayloadBytes payloadFromHex(const QString &hex) {
    PayloadBytes out;
    out.bytes = QByteArray::fromHex(hex.toLatin1());
    QStringDecoder utf8(QStringDecoder::Utf8);
    // Stateful: an unfinished sequence at the end of a cut prefix waits for more, not an error.
    const QString text = utf8.decode(out.bytes);
    out.binary = utf8.hasError() || text.contains(QChar(0));
    out.text = out.binary ? hexDump(out.bytes) : text;
    return out;
}

QString hexDump(const QByteArray &bytes) {
    QString out;
    for (qsizetype line = 0; line < bytes.size(); line += 16) {
        out += QStringLiteral("%1 ").arg(line, 8, 16, QLatin1Char('0'));
        for (qsizetype i = line; i < qMin(line + 16, bytes.size()); ++i)
            out += QStringLiteral(" %1").arg(quint8(bytes[i]), 2, 16, QLatin1Char('0'));
        out += QLatin1Char('\n');
    }
    out.chop(1);
    return out;
}

} // namespace om
