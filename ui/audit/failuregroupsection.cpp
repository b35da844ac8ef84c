// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/failuregroupsection.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"
#include "core/model/failuregrouptext.h"

#include <QCoreApplication>

namespace om {

namespace {

struct Section {
    Q_DECLARE_TR_FUNCTIONS(FailureGroupSection)
};

QString esc(const QString &s) { return s.toHtmlEscaped(); }
QString when(double epochS) { return formatLocalMinutes(QDateTime::fromMSecsSinceEpoch(qint64(epochS * 1000), Qt::UTC)); }

} // namespace

QString failureGroupSectionHtml(const FailureGroups &groups, const QDateTime &from, const QDateTime &to) {
    if (!groups.available)
        return QString();
    QString h = QStringLiteral("<h3>%1</h3>").arg(esc(Section::tr("Failure groups within the range: %1").arg(FailureGroupText::distinct(groups))));
    h += QStringLiteral("<p>%1</p>").arg(esc(Section::tr("Messages failed now and last seen between %1 and %2, grouped by error code and "
                                                         "error text with numbers, ids, hosts and quoted values masked, read from the table itself.")
                                                 .arg(formatLocalMinutes(from), formatLocalMinutes(to))));
    if (groups.groups.isEmpty())
        return h + QStringLiteral("<p>%1</p>").arg(esc(Section::tr("None.")));
    if (groups.truncated)
        h += QStringLiteral("<p>%1</p>").arg(esc(Section::tr("The %1 largest groups are shown.").arg(formatCount(groups.groups.size()))));
    h += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\" style=\"font-size: 7pt\"><thead><tr>");
    for (const QString &c : {Section::tr("Code"), Section::tr("Error (masked)"), Section::tr("Messages"), Section::tr("Destinations"),
                             Section::tr("First seen (%1)").arg(localZoneName()), Section::tr("Last seen")})
        h += QStringLiteral("<th style=\"white-space: nowrap\">%1</th>").arg(esc(c));
    h += QStringLiteral("</tr></thead>");
    for (const FailureGroup &g : groups.groups)
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td align=\"right\">%3</td><td>%4</td><td style=\"white-space: nowrap\">%5</td>"
                            "<td style=\"white-space: nowrap\">%6</td></tr>")
                 .arg(esc(FailureGroupText::code(g.key())), esc(FailureGroupText::error(g.key()).left(300)), esc(formatCount(g.messages)),
                      esc(FailureGroupText::destinations(g)), esc(when(g.firstSeenS)), esc(when(g.lastSeenS)));
    return h + QStringLiteral("</table><p>&nbsp;</p>");
}

} // namespace om
