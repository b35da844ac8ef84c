// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QByteArray>
#include <QString>

namespace om {

/// A bytea payload made readable: its bytes left the server as hex (core/sql/textsql).
struct PayloadBytes {
    QByteArray bytes;
    QString text;        ///< the bytes as UTF-8 text, or a hex dump when they are not UTF-8
    bool binary = false; ///< not UTF-8 text: `text` is a hex dump
};

/// Decodes hex from the server. The bytes may end inside a UTF-8 sequence (a prefix cut by
/// count): that still reads as text; any invalid sequence makes the whole a hex dump.
PayloadBytes payloadFromHex(const QString &hex);

/// A hex dump, 16 bytes to a line, each line led by its offset ("00000010  7b 22 …").
QString hexDump(const QByteArray &bytes);

} // namespace om
