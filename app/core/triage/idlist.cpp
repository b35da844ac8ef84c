#include "core/triage/idlist.h"
#include "core/common/countformat.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

namespace om {

IdList IdList::parse(const QString &text, int maxIds) {
    IdList out;
    QSet<qint64> seen; // a list of thousands: no quadratic contains()
    static const QRegularExpression separators(QStringLiteral("[\\s,;]+"));
    for (const QString &t : text.split(separators, Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 id = t.toLongLong(&ok);
        if (!ok || id <= 0) {
            out.ids.clear();
            out.problem = QCoreApplication::translate("om::IdList", "\"%1\" is not a message id.").arg(t.left(40));
            return out;
        }
        if (!seen.contains(id)) {
            seen.insert(id);
            out.ids << id;
        }
        if (out.ids.size() > maxIds) {
            out.ids.clear();
            out.problem = QCoreApplication::translate("om::IdList", "More than %1 ids: narrow the list or use another filter.")
                              .arg(formatCount(maxIds));
            return out;
        }
    }
    return out;
}

} // namespace om
