// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The process's resident memory, as the kernel counts it (the soak benchmark and tst_heaptrimmer).
#include <QByteArray>
#include <QFile>

namespace om::test {

/// VmRSS of this process in KiB, -1 when /proc cannot tell.
inline qint64 rssKb() {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

} // namespace om::test
