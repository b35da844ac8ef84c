// SPDX-License-Identifier: GPL-3.0-or-later
#include "profiletables.h"
#include "headoflinetables.h"
#include "testprofiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QMap>

namespace om::test {
namespace {

ProfileTable seed(const char *file) { return {true, {QLatin1String(file)}, {}}; }
ProfileTable source(const QString &relative) { return {true, {}, sourceText(relative)}; }

} // namespace

ProfileTable profileTable(const QString &profileId) {
    // The seeds of the three source designs (resources/sql/), the libraries' own DDL
    // (tests/support/ddl/, as tst_libraryprofiles makes them), the test profiles' tables.
    // clang-format off
    static const QMap<QString, QString> libraryDdl = {
        {QStringLiteral("spring_modulith_v1"),     QStringLiteral("spring_modulith_v1.sql")},
        {QStringLiteral("spring_modulith_v2"),     QStringLiteral("spring_modulith_v2.sql")},
        {QStringLiteral("debezium_outbox"),        QStringLiteral("debezium_outbox.sql")},
        {QStringLiteral("masstransit_outbox"),     QStringLiteral("masstransit_outbox.sql")},
        {QStringLiteral("nservicebus_outbox"),     QStringLiteral("nservicebus_outbox.sql")},
        {QStringLiteral("eventuate_message"),      QStringLiteral("eventuate_message.sql")},
        {QStringLiteral("wolverine_dead_letters"), QStringLiteral("wolverine.sql")},
    };
    // clang-format on
    if (profileId == QLatin1String("app_outbox"))
        return seed("seed000_app_outbox.sql");
    if (profileId == QLatin1String("batch_work_item"))
        return seed("seed003_batch_work_item.sql");
    if (profileId == QLatin1String("outbox"))
        return seed("seed004_outbox.sql");
    if (libraryDdl.contains(profileId))
        return source(QStringLiteral("tests/support/ddl/") + libraryDdl.value(profileId));
    if (QStringList{"uuid_outbox", "text_outbox", "zoned_outbox"}.contains(profileId))
        return source(QStringLiteral("tests/profiles/tables.sql"));
    // The partitioned copies of app_outbox (tst_partitioned): the daily one gets a default
    // partition here, where pg_partman's maintenance would make a partition a day.
    if (profileId == QLatin1String("part_queue_outbox") || profileId == QLatin1String("part_daily_outbox"))
        return {true, {}, sourceText(QStringLiteral("tests/support/ddl/partitioned_outbox.sql")) + QStringLiteral(";\nCREATE TABLE IF NOT EXISTS part_daily_outbox_default PARTITION OF part_daily_outbox DEFAULT;\n")};
    if (profileId == QLatin1String("library_outbox"))
        return {true, {}, QLatin1String(kLibOutboxDdl)};
    for (const HeadOfLineTable &t : headOfLineTables())
        if (t.profile == profileId)
            return {true, {}, t.ddl};
    // A test profile with its table beside it: <id>.json and <id>.sql in the same folder.
    for (const QString &file : profileFilesOnDisk()) {
        if (!file.endsWith(QLatin1Char('/') + profileId + QLatin1String(".json")))
            continue;
        const QString ddl = file.chopped(5) + QLatin1String(".sql");
        if (QFile::exists(QStringLiteral(OM_SOURCE_DIR "/") + ddl))
            return source(ddl);
    }
    return {};
}

QStringList profileFilesOnDisk() {
    const QDir top(QStringLiteral(OM_SOURCE_DIR));
    QStringList out;
    const auto collect = [&](const QString &dir, QDirIterator::IteratorFlags flags) {
        QDirIterator it(top.filePath(dir), {QStringLiteral("*.json")}, QDir::Files, flags);
        while (it.hasNext())
            out << top.relativeFilePath(it.next());
    };
    // resources/profiles/schema/ holds the JSON Schema of a profile, not a profile: not recursive there.
    collect(QStringLiteral("resources/profiles"), QDirIterator::NoIteratorFlags);
    collect(QStringLiteral("tests/profiles"), QDirIterator::NoIteratorFlags);
    collect(QStringLiteral("tests/support/profiles"), QDirIterator::Subdirectories);
    out.sort();
    return out;
}

} // namespace om::test
