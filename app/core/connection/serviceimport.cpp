// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/serviceimport.h"
#include "core/connection/savedconnections.h"
#include "link/connectioninfo.h"
#include "link/pgservicefile.h"

namespace om {

QString ServiceImportResult::summary() const {
    QStringList lines;
    lines << ServiceImport::tr("%n connection(s) imported", nullptr, int(added.size()))
                 + (added.isEmpty() ? QString() : QStringLiteral(": ") + added.join(QStringLiteral(", ")));
    if (!alreadySaved.isEmpty())
        lines << ServiceImport::tr("Already saved: %1").arg(alreadySaved.join(QStringLiteral(", ")));
    for (const QString &r : refused)
        lines << ServiceImport::tr("Not imported: %1").arg(r);
    for (const QString &s : skippedLines)
        lines << ServiceImport::tr("Skipped in the service file: %1").arg(s);
    return lines.join(QLatin1Char('\n'));
}

ServiceImportResult ServiceImport::run(SavedConnections &store, const QString &profile) {
    ServiceImportResult result;
    const QList<PgServiceFile::Service> services = PgServiceFile::all(&result.skippedLines);
    for (const PgServiceFile::Service &s : services) {
        const QString connInfo = ConnectionInfo::format({{QStringLiteral("service"), s.name}});
        bool saved = false;
        for (const SavedConnection &c : store.all())
            saved = saved || ConnectionInfo::value(c.connInfo, QStringLiteral("service")) == s.name;
        if (saved) {
            result.alreadySaved << s.name;
            continue;
        }
        SavedConnection c;
        c.name = store.freeName(s.name);
        c.connInfo = connInfo;
        c.profile = profile;
        c.environment = Environments::fromName(s.name);
        c.note = tr("Imported from %1").arg(s.file);
        if (const QString why = store.save(c); !why.isEmpty())
            result.refused << QStringLiteral("%1: %2").arg(s.name, why);
        else
            result.added << c.name;
    }
    return result;
}

} // namespace om
