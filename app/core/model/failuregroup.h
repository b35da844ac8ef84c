// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/failuregroupkey.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace om {

/// One failure group: the failed (and retrying) messages with the same error code and the same
/// fingerprint of their error text (core/sql/fingerprintsql.h).
struct FailureGroup {
    QVariant code;        ///< the error code (text), null when unmapped or empty
    QVariant fingerprint; ///< the masked error text, null for messages without one
    qint64 messages = 0;
    QStringList destinations; ///< the first few destinations by name
    qint64 destinationCount = 0;
    double firstSeenS = 0; ///< epoch seconds
    double lastSeenS = 0;

    FailureGroupKey key() const { return {code, fingerprint}; }
    /// Same group (code and fingerprint; the counts may differ between two readings).
    bool sameGroup(const FailureGroup &o) const { return key() == o.key(); }
};

/// The groups of one reading, largest first.
struct FailureGroups {
    bool available = false; ///< false: the profile maps no failed state with an error text
    QList<FailureGroup> groups;
    qint64 queryMs = 0;
    bool truncated = false; ///< more groups exist than were asked for
};

} // namespace om

Q_DECLARE_METATYPE(om::FailureGroup)
Q_DECLARE_METATYPE(om::FailureGroups)
