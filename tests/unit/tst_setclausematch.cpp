// SPDX-License-Identifier: GPL-3.0-or-later
// Whether an action's "set" of a column satisfies its target state's condition on that column, as
// the profile parser decides it before the kit is printed: numbers with numbers (and with the
// text of the same number), text with text, true/false, NULL, and "now" against conditions on
// now() that every later read evaluates.
#include "core/profile/setclausematch.h"
#include "testmain.h"

#include <QTest>

using namespace om;

namespace {

SetClause set(SetClause::Kind kind, const QString &text = {}, bool flag = false) {
    SetClause c;
    c.column = QStringLiteral("x");
    c.kind = kind;
    c.text = text;
    c.flag = flag;
    return c;
}
StateCondition equals(const QVariant &v) {
    StateCondition c;
    c.column = QStringLiteral("x");
    c.op = StateCondition::Op::Equals;
    c.values = {v};
    return c;
}
StateCondition timed(StateCondition::Op op, qint64 amount) {
    StateCondition c;
    c.column = QStringLiteral("x");
    c.op = op;
    c.time.amount = amount;
    c.time.unit = amount ? QStringLiteral("minutes") : QString();
    return c;
}
StateCondition is(StateCondition::Op op) {
    StateCondition c;
    c.column = QStringLiteral("x");
    c.op = op;
    return c;
}

} // namespace

Q_DECLARE_METATYPE(om::SetClause)
Q_DECLARE_METATYPE(om::StateCondition)

class TestSetClauseMatch : public QObject {
    Q_OBJECT
private slots:
    void matches_data() {
        using K = SetClause::Kind;
        using Op = StateCondition::Op;
        QTest::addColumn<SetClause>("set");
        QTest::addColumn<StateCondition>("condition");
        QTest::addColumn<bool>("satisfied");
        QTest::newRow("0 equals 0") << set(K::Number, "0") << equals(qint64(0)) << true;
        QTest::newRow("2.5 equals 2.5") << set(K::Number, "2.5") << equals(2.5) << true;
        QTest::newRow("1 does not equal 0") << set(K::Number, "1") << equals(qint64(0)) << false;
        QTest::newRow("0 equals \"0\"") << set(K::Number, "0") << equals(QStringLiteral("0")) << true;
        QTest::newRow("text 0 equals 0") << set(K::Text, "0") << equals(qint64(0)) << true;
        QTest::newRow("text x does not equal 0") << set(K::Text, "x") << equals(qint64(0)) << false;
        QTest::newRow("text equals text") << set(K::Text, "NEW") << equals(QStringLiteral("NEW")) << true;
        QTest::newRow("text is case-sensitive") << set(K::Text, "new") << equals(QStringLiteral("NEW")) << false;
        QTest::newRow("true equals true") << set(K::Bool, {}, true) << equals(true) << true;
        QTest::newRow("true is not 1") << set(K::Bool, {}, true) << equals(qint64(1)) << false;
        QTest::newRow("null is null") << set(K::Null) << is(Op::IsNull) << true;
        QTest::newRow("0 is not null") << set(K::Number, "0") << is(Op::NotNull) << true;
        QTest::newRow("null is not notNull") << set(K::Null) << is(Op::NotNull) << false;
        QTest::newRow("now before now") << set(K::Now) << timed(Op::Before, 0) << true;
        QTest::newRow("now before now + 5 min") << set(K::Now) << timed(Op::Before, 5) << true;
        QTest::newRow("now not before now - 5 min") << set(K::Now) << timed(Op::Before, -5) << false;
        QTest::newRow("now after now - 5 min") << set(K::Now) << timed(Op::After, -5) << true;
        QTest::newRow("now not after now") << set(K::Now) << timed(Op::After, 0) << false;
        QTest::newRow("null not before now") << set(K::Null) << timed(Op::Before, 0) << false;
    }
    void matches() {
        QFETCH(SetClause, set);
        QFETCH(StateCondition, condition);
        QFETCH(bool, satisfied);
        QCOMPARE(setSatisfies(set, condition), satisfied);
    }
};

OM_TEST_GUILESS_MAIN(TestSetClauseMatch)
#include "tst_setclausematch.moc"
