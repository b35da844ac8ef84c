// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QCoreApplication>
#include <QString>

class QPagedPaintDevice;
class QTextBlock;
class QTextDocument;

namespace om {

/// Prints a report document page by page: laid out for the device's page (its margins only),
/// no heading left alone at the foot of a page, and a footer with the page number on each page.
/// QTextDocument::print() adds 2 cm margins of its own and moves a heading's following image or
/// table to the next page without its heading (CSS page-break-inside/after: avoid is not honoured).
class ReportPrinter {
    Q_DECLARE_TR_FUNCTIONS(om::ReportPrinter)
public:
    /// Lays `doc` out for `device` (a QPdfWriter) and prints it; `footer` goes before "Page n of m".
    static void print(QTextDocument &doc, QPagedPaintDevice &device, const QString &footer);
    /// With `doc` paginated (a page size set): gives each heading whose content starts on a later
    /// page a page break before it, in document order. Returns how many moved.
    static int keepHeadingsWithContent(QTextDocument &doc);
    /// With `doc` paginated: gives each paragraph (not a heading, table cell or chart) that a page
    /// end cuts in two a page break before it, so that no sentence is read across two pages; one
    /// longer than a third of a page is left to run on. Returns how many moved.
    static int keepParagraphsWhole(QTextDocument &doc);
    /// The page (from 0) the first line of `block` is laid out on.
    static int pageOf(const QTextDocument &doc, const QTextBlock &block);
    /// The page (from 0) line `line` of `block` is laid out on.
    static int pageOfLine(const QTextDocument &doc, const QTextBlock &block, int line);
};

} // namespace om
