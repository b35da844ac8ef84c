// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>
#include <QStringList>

namespace om::test {

/// Poppler's command-line tools (Debian package poppler-utils, installed by scripts/bootstrap),
/// which the report tests read their PDFs with. "" when `tool` is on PATH, otherwise a message
/// naming the package, for QFAIL: a missing tool must fail the test, never skip it.
QString pdfToolProblem(const QString &tool);
/// `pdftotext -layout -enc UTF-8 pdf -`: the text of every page, pages separated by '\f'.
QString pdfLayoutText(const QString &pdf);
/// `pdftoppm -r dpi -png`: one PNG per page under `prefix` ("prefix-1.png" or "prefix-01.png"),
/// returned in page order.
QStringList pdfPagesToPng(const QString &pdf, const QString &prefix, int dpi = 60);

} // namespace om::test
