// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/auditfilter.h"
#include "link/limits.h"

#include <QCoreApplication>

namespace om {

bool AuditFilter::operator==(const AuditFilter &o) const {
    return from == o.from && to == o.to && action == o.action && operatorName == o.operatorName
           && keyText == o.keyText && ticket == o.ticket && reasonText == o.reasonText;
}

QString AuditFilter::problem() const {
    if (from.isValid() && to.isValid() && from >= to)
        return QCoreApplication::translate("AuditFilter", "The start of the time range must be before its end.");
    for (const QString *s : {&action, &operatorName, &keyText, &ticket, &reasonText}) {
        if (s->size() > limits::kMaxAuditFilterText)
            return QCoreApplication::translate("AuditFilter", "A filter text is longer than %1 characters.").arg(limits::kMaxAuditFilterText);
        if (s->contains(QChar(0)))
            return QCoreApplication::translate("AuditFilter", "A filter text contains a NUL character, which the database cannot store.");
    }
    return {};
}

} // namespace om
