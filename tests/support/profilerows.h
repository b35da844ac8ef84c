// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Data-driven tests over every built-in profile: one row per profile, named after it, so that a
// failure says which table it was (e.g. "FAIL!  : TestX::f(batch_work_item)").
#include <QStringList>
#include <QTest>

namespace om::test {

/// The built-in profiles of the three source designs, each with a seed schema in resources/sql/
/// (the library outboxes' built-ins are tested on their projects' DDL: tst_libraryprofiles).
inline QStringList builtInProfileIds() {
    return {QStringLiteral("app_outbox"), QStringLiteral("batch_work_item"), QStringLiteral("outbox")};
}

/// In a `_data()` function: the column `profileId` and one row per built-in profile.
inline void addProfileRows() {
    QTest::addColumn<QString>("profileId");
    for (const QString &id : builtInProfileIds())
        QTest::newRow(qPrintable(id)) << id;
}

} // namespace om::test
