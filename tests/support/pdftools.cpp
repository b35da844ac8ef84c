// SPDX-License-Identifier: GPL-3.0-or-later
#include "pdftools.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

namespace om::test {

namespace {
QString runTool(const QString &tool, const QStringList &args) {
    QProcess p;
    p.start(tool, args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QString();
    return QString::fromUtf8(p.readAllStandardOutput());
}
} // namespace

QString pdfToolProblem(const QString &tool) {
    if (!QStandardPaths::findExecutable(tool).isEmpty())
        return QString();
    return QStringLiteral("%1 not found on PATH: install the Debian package poppler-utils (scripts/bootstrap does)").arg(tool);
}

QString pdfLayoutText(const QString &pdf) { return runTool(QStringLiteral("pdftotext"), {"-layout", "-enc", "UTF-8", pdf, "-"}); }

QStringList pdfPagesToPng(const QString &pdf, const QString &prefix, int dpi) {
    runTool(QStringLiteral("pdftoppm"), {"-r", QString::number(dpi), "-png", pdf, prefix});
    const QFileInfo p(prefix);
    QStringList pages;
    // pdftoppm pads the page number to the width of the page count: -1 ... or -01 ...
    for (const QString &f : QDir(p.absolutePath()).entryList({p.fileName() + "-*.png"}, QDir::Files, QDir::Name))
        pages << QDir(p.absolutePath()).filePath(f);
    return pages;
}

} // namespace om::test
