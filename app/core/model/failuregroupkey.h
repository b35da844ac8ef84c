// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QVariant>

namespace om {

/// What makes a failure group: the error code and the fingerprint of the error text
/// (core/sql/fingerprintsql.h); a null value stands for SQL NULL (no code, no error text).
struct FailureGroupKey {
    QVariant code;
    QVariant fingerprint;
    bool operator==(const FailureGroupKey &o) const { return code == o.code && fingerprint == o.fingerprint; }
    bool operator!=(const FailureGroupKey &o) const { return !(*this == o); }
};

} // namespace om
