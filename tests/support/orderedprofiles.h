// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The profiles with an ordering key the head-of-line tests run over: every built-in that declares
// one (outbox: aggregate_id, as its seed's relay notes), and app_outbox ordered by destination,
// a test-only variant, because outbox has no failed state, no retries and no retry of an
// unpublished row: the failing and retrying heads and Retry of a head need a table that has them.
#include "core/profile/schemaprofile.h"
#include "testprofiles.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <QTest>

namespace om::test {

/// app_outbox's built-in JSON with "ordering": {"key": "destination"}.
inline SchemaProfile appOutboxByDestination() {
    QJsonObject o = builtInJson(QStringLiteral("app_outbox"));
    o.insert(QStringLiteral("id"), QStringLiteral("app_outbox_by_destination"));
    o.insert(QStringLiteral("ordering"), QJsonObject{{QStringLiteral("key"), QStringLiteral("destination")}});
    QString error;
    const auto p = SchemaProfile::fromJson(QJsonDocument(o).toJson(), &error);
    Q_ASSERT_X(p, "appOutboxByDestination", qPrintable(error));
    return *p;
}

/// Built-in profiles that declare an ordering key, then the test-only variant.
inline QList<SchemaProfile> orderedProfiles() {
    QList<SchemaProfile> out;
    for (const SchemaProfile &p : SchemaProfile::builtIns())
        if (p.isOrdered())
            out << p;
    out << appOutboxByDestination();
    return out;
}

/// In a `_data()` function: the column `profile` and one row per ordered profile, named by its id.
inline void addOrderedProfileRows() {
    QTest::addColumn<SchemaProfile>("profile");
    for (const SchemaProfile &p : orderedProfiles())
        QTest::newRow(qPrintable(p.id)) << p;
}

} // namespace om::test

Q_DECLARE_METATYPE(om::SchemaProfile)
