// SPDX-License-Identifier: GPL-3.0-or-later
// Sentences joined for the screen: one space in English, none after Japanese full-width endings.
#include "core/common/sentences.h"
#include "testmain.h"

#include <QTest>

using namespace om;

class TestSentences : public QObject {
    Q_OBJECT
private slots:
    void joined_data() {
        QTest::addColumn<QStringList>("sentences");
        QTest::addColumn<QString>("text");
        QTest::newRow("English") << QStringList{"One.", "Two.", "Three."} << QStringLiteral("One. Two. Three.");
        QTest::newRow("Japanese") << QStringList{u"一つ。"_qs, u"二つ（注）"_qs, u"三つ。"_qs} << u"一つ。二つ（注）三つ。"_qs;
        QTest::newRow("mixed") << QStringList{u"一つ。"_qs, "Two.", u"三つ？"_qs, "Four!"} << u"一つ。Two. 三つ？Four!"_qs;
        QTest::newRow("empty parts") << QStringList{"", "One.", "", "Two."} << QStringLiteral("One. Two.");
        QTest::newRow("nothing") << QStringList{} << QString();
    }
    void joined() {
        QFETCH(QStringList, sentences);
        QFETCH(QString, text);
        QCOMPARE(joinSentences(sentences), text);
    }
};

OM_TEST_GUILESS_MAIN(TestSentences)
#include "tst_sentences.moc"
