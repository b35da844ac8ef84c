// SPDX-License-Identifier: GPL-3.0-or-later
// What an export hands a spreadsheet (core/common/csv.h): a cell that would start a formula gets
// an apostrophe in front, as OWASP's "CSV Injection" page advises; every other cell is written as
// it was; the program's own integers stay numbers; the stored text comes back by one rule.
#include "core/common/csv.h"
#include "testmain.h"

#include <QTest>

using namespace om;

namespace {

/// The reader's rule the manual gives: one apostrophe off a cell that begins with apostrophes
/// followed by a character that starts a formula.
QString storedText(const QString &cell) {
    qsizetype i = 0;
    while (i < cell.size() && cell.at(i) == QLatin1Char('\''))
        ++i;
    if (i == 0 || i == cell.size())
        return cell;
    static const QString kStarts = QStringLiteral("=+-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20");
    return kStarts.contains(cell.at(i)) ? cell.mid(1) : cell;
}

} // namespace

class TestSpreadsheetCells : public QObject {
    Q_OBJECT

private slots:
    void formulaStartsGetAnApostrophe_data() {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("cell");
        QTest::newRow("equals") << QStringLiteral("=HYPERLINK(\"http://x\")") << QStringLiteral("'=HYPERLINK(\"http://x\")");
        QTest::newRow("plus") << QStringLiteral("+1") << QStringLiteral("'+1");
        QTest::newRow("minus") << QStringLiteral("-2+3") << QStringLiteral("'-2+3");
        QTest::newRow("at") << QStringLiteral("@SUM(A1)") << QStringLiteral("'@SUM(A1)");
        QTest::newRow("tab") << QStringLiteral("\t=1+1") << QStringLiteral("'\t=1+1");
        QTest::newRow("carriage return") << QStringLiteral("\r=1+1") << QStringLiteral("'\r=1+1");
        QTest::newRow("line feed") << QStringLiteral("\n=1+1") << QStringLiteral("'\n=1+1");
        QTest::newRow("full-width equals") << QStringLiteral("\uFF1D1+1") << QStringLiteral("'\uFF1D1+1");
        QTest::newRow("full-width plus") << QStringLiteral("\uFF0B1") << QStringLiteral("'\uFF0B1");
        QTest::newRow("full-width minus") << QStringLiteral("\uFF0D1") << QStringLiteral("'\uFF0D1");
        QTest::newRow("full-width at") << QStringLiteral("\uFF20A1") << QStringLiteral("'\uFF20A1");
        QTest::newRow("a minus number in text") << QStringLiteral("-1") << QStringLiteral("'-1");
        // Apostrophes before a formula start are part of it: one more goes in front, so that one
        // apostrophe off always gives the stored text back.
        QTest::newRow("apostrophe then equals") << QStringLiteral("'=1") << QStringLiteral("''=1");
        QTest::newRow("apostrophes then minus") << QStringLiteral("''-1") << QStringLiteral("'''-1");
    }
    void formulaStartsGetAnApostrophe() {
        QFETCH(QString, value);
        QFETCH(QString, cell);
        QCOMPARE(spreadsheetText(value), cell);
        QCOMPARE(storedText(cell), value);
    }

    void everythingElseIsLeftAlone_data() {
        QTest::addColumn<QString>("value");
        QTest::newRow("empty") << QString();
        QTest::newRow("word") << QStringLiteral("timeout");
        QTest::newRow("formula character inside") << QStringLiteral("a=b+c-d@e");
        QTest::newRow("number") << QStringLiteral("42");
        QTest::newRow("subtraction starting with a digit") << QStringLiteral("1-2");
        QTest::newRow("space first") << QStringLiteral(" =1");
        QTest::newRow("apostrophe first") << QStringLiteral("'quoted'");
        QTest::newRow("apostrophes only") << QStringLiteral("''");
        QTest::newRow("Japanese") << QStringLiteral("宛先システムの障害");
        QTest::newRow("time with offset") << QStringLiteral("2026-12-07T17:00:00.000+09:00");
    }
    void everythingElseIsLeftAlone() {
        QFETCH(QString, value);
        QCOMPARE(spreadsheetText(value), value);
        QCOMPARE(storedText(value), value);
    }

    void plainIntegers() {
        for (const char *yes : {"0", "7", "-7", "1234567890123"})
            QVERIFY2(isPlainInteger(QLatin1String(yes)), yes);
        for (const char *no : {"", "-", "+7", "-2+3", "1.5", " 7", "7 ", "1e3", "--7"})
            QVERIFY2(!isPlainInteger(QLatin1String(no)), no);
    }

    // OWASP's own two examples, and the quoting around a neutralised cell.
    void csvRecordQuotesANeutralisedCell() {
        QCOMPARE(csvRecord({QStringLiteral("=1+2\";=1+2")}), QStringLiteral("\"'=1+2\"\";=1+2\"\r\n"));
        QCOMPARE(csvRecord({QStringLiteral("=1+2'\" ;,=1+2")}), QStringLiteral("\"'=1+2'\"\" ;,=1+2\"\r\n"));
        QCOMPARE(csvRecord({QStringLiteral("=HYPERLINK(\"http://x\")"), QStringLiteral("plain")}),
                 QStringLiteral("\"'=HYPERLINK(\"\"http://x\"\")\",plain\r\n"));
        QCOMPARE(csvRecord({QStringLiteral("+1")}), QStringLiteral("\"'+1\"\r\n"));
    }

    // A semicolon or a tab is where a spreadsheet of many locales splits a line: quoted, the
    // text after it cannot become a cell of its own that starts a formula.
    void separatorsOfOtherLocalesAreQuoted() {
        QCOMPARE(csvRecord({QStringLiteral("a;=1+2"), QStringLiteral("b\t=1+2"), QStringLiteral("c")}),
                 QStringLiteral("\"a;=1+2\",\"b\t=1+2\",c\r\n"));
    }

    // The program's integers are numbers for the spreadsheet, negative ones too; text that looks
    // like a number is still text; a non-integer in an integer column is treated as text.
    void integersByColumnKind() {
        const QList<CellKind> kinds = {CellKind::Integer, CellKind::Text, CellKind::Integer, CellKind::Integer};
        QCOMPARE(csvRecord({QStringLiteral("-7"), QStringLiteral("-7"), QStringLiteral("-2+3"), QString()}, kinds),
                 QStringLiteral("-7,\"'-7\",\"'-2+3\",\r\n"));
        QCOMPARE(tsvLine({QStringLiteral("-7"), QStringLiteral("-7"), QStringLiteral("-2+3"), QStringLiteral("12")}, kinds),
                 QStringLiteral("-7\t'-7\t'-2+3\t12"));
        // Fields beyond the kinds given are text.
        QCOMPARE(csvRecord({QStringLiteral("1"), QStringLiteral("-1")}, {CellKind::Integer}), QStringLiteral("1,\"'-1\"\r\n"));
    }

    // The clipboard's TSV is pasted into spreadsheets too: the same rule, then tabs and line
    // breaks inside a value become spaces (no cell can begin inside a value).
    void tsvNeutralisesThenFlattens() {
        QCOMPARE(tsvLine({QStringLiteral("\t=1+1"), QStringLiteral("x\t=1+1"), QStringLiteral("\r\n@A1"), QStringLiteral("ok")}),
                 QStringLiteral("' =1+1\tx =1+1\t'  @A1\tok"));
        QCOMPARE(tsvLine({QStringLiteral("=1"), QStringLiteral("a;b")}), QStringLiteral("'=1\ta;b"));
    }

    void unchangedRecordsStayAsTheyWere() {
        QCOMPARE(csvRecord({QStringLiteral("id"), QStringLiteral("text, with comma"), QStringLiteral("x\"y"), QString()}),
                 QStringLiteral("id,\"text, with comma\",\"x\"\"y\",\r\n"));
    }
};

OM_TEST_GUILESS_MAIN(TestSpreadsheetCells)
#include "tst_spreadsheetcells.moc"
