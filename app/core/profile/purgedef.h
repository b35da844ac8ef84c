// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>
#include <QStringList>

namespace om {

/// The profile's "purge" section: which finished rows an operator may delete, and by which time
/// column their age counts. Absent from the profile = no purge (e.g. Debezium deletes its own
/// rows). Only states whose role is done or cancelled may be named (the parser refuses the rest,
/// and the kit's purge function refuses any other state again in the database).
struct PurgeDef {
    QStringList states;  ///< finished states whose old rows may be deleted
    QString sinceColumn; ///< logical time column a row's age is measured from
    QString auditName;   ///< action name of the audit rows ("PURGE" unless the profile says)

    bool isEmpty() const { return states.isEmpty(); }
};

} // namespace om
