// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/reportprinter.h"

#include <QAbstractTextDocumentLayout>
#include <QPainter>
#include <QPagedPaintDevice>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>

namespace om {

namespace {
bool isHeading(const QTextBlock &b) { return b.blockFormat().headingLevel() > 0; }
bool isTableCell(const QTextBlock &b) { return QTextCursor(b).currentTable() != nullptr; }
bool hasImage(const QTextBlock &b) { return b.text().contains(QChar::ObjectReplacementCharacter); }

/// What a heading belongs with: the first table or chart within the next two blocks (a one-line
/// introduction such as "The 50 earliest of 120:" stays with both), else the next block.
QTextBlock contentAfter(const QTextBlock &heading) {
    QTextBlock first;
    int seen = 0;
    for (QTextBlock b = heading.next(); b.isValid() && seen < 2; b = b.next()) {
        if (isHeading(b))
            break;
        if (b.text().trimmed().isEmpty() && !isTableCell(b))
            continue;
        if (!first.isValid())
            first = b;
        if (isTableCell(b) || hasImage(b))
            return b;
        ++seen;
    }
    return first;
}

QFont footerFont() {
    QFont f;
    f.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("VL Gothic"), QStringLiteral("Noto Sans CJK JP")});
    f.setPointSize(7);
    return f;
}
} // namespace

int ReportPrinter::pageOf(const QTextDocument &doc, const QTextBlock &block) { return pageOfLine(doc, block, 0); }

int ReportPrinter::pageOfLine(const QTextDocument &doc, const QTextBlock &block, int line) {
    const QRectF rect = doc.documentLayout()->blockBoundingRect(block);
    const QTextLayout *layout = block.layout();
    // A line pushed to the next page moves inside its block's layout, not the block itself.
    const double top = rect.top() + (layout && line < layout->lineCount() ? layout->lineAt(line).y() : 0.0);
    // A line pushed to the next page starts at its top edge, give or take rounding: 6207.203 on
    // a page 6207.21 high is the next page, not the foot of this one.
    return int((top + 1.0) / doc.pageSize().height());
}

int ReportPrinter::keepParagraphsWhole(QTextDocument &doc) {
    int moved = 0;
    doc.pageCount(); // lays the whole document out
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        const QTextLayout *layout = b.layout();
        if (isHeading(b) || isTableCell(b) || hasImage(b) || !layout || layout->lineCount() < 2)
            continue;
        if (pageOfLine(doc, b, 0) == pageOfLine(doc, b, layout->lineCount() - 1))
            continue;
        if (doc.documentLayout()->blockBoundingRect(b).height() > doc.pageSize().height() / 3)
            continue; // a long paragraph would leave most of a page empty
        QTextBlockFormat f = b.blockFormat();
        f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(b).setBlockFormat(f);
        doc.pageCount(); // lay out again: everything after it moved
        ++moved;
    }
    return moved;
}

int ReportPrinter::keepHeadingsWithContent(QTextDocument &doc) {
    int moved = 0;
    doc.pageCount(); // lays the whole document out
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        if (!isHeading(b) || b.blockFormat().pageBreakPolicy().testFlag(QTextFormat::PageBreak_AlwaysBefore))
            continue;
        const QTextBlock content = contentAfter(b);
        if (!content.isValid() || pageOf(doc, b) == pageOf(doc, content))
            continue;
        QTextBlockFormat f = b.blockFormat();
        f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(b).setBlockFormat(f);
        doc.pageCount(); // lay out again: everything after the heading moved
        ++moved;
    }
    return moved;
}

void ReportPrinter::print(QTextDocument &doc, QPagedPaintDevice &printer, const QString &footer) {
    QPainter painter(&printer);
    // Laid out in the device's own units: fonts in points and images (scaled from 96 dpi) come
    // out at their size, and page breaks fall where the device's pages end.
    doc.documentLayout()->setPaintDevice(&printer);
    const QFont small = footerFont();
    const double footerHeight = QFontMetricsF(small, &printer).height() * 2.5;
    QTextFrameFormat root = doc.rootFrame()->frameFormat();
    root.setMargin(0); // the device's page margins are the only ones
    doc.rootFrame()->setFrameFormat(root);
    const QSizeF page(printer.width(), printer.height() - footerHeight);
    doc.setPageSize(page);
    keepParagraphsWhole(doc);
    keepHeadingsWithContent(doc); // after: a heading follows its paragraph to the next page

    const int pages = doc.pageCount();
    for (int i = 0; i < pages; ++i) {
        if (i > 0)
            printer.newPage();
        const QRectF view(0, i * page.height(), page.width(), page.height());
        painter.save();
        painter.translate(0, -view.top());
        painter.setClipRect(view);
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = view;
        context.palette.setColor(QPalette::Text, Qt::black);
        doc.documentLayout()->draw(&painter, context);
        painter.restore();
        painter.setFont(small);
        painter.setPen(QColor(0x55, 0x55, 0x55));
        painter.drawText(QRectF(0, page.height(), page.width(), footerHeight), Qt::AlignRight | Qt::AlignBottom,
                         tr("%1 · Page %2 of %3").arg(footer).arg(i + 1).arg(pages));
    }
}

} // namespace om
