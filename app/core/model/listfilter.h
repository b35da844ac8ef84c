// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"
#include "core/model/failuregroupkey.h"
#include "core/profile/schemaprofile.h"

#include <QDateTime>
#include <QMetaType>
#include <QStringList>
#include <QVariantList>
#include <optional>

namespace om {

/// What the operator narrowed a message list down to. Turned into SQL by core/sql/filtersql
/// (buildWhere) with every value bound as a parameter; shared by the triage tables, the
/// "everything matching the current filter" actions and the benchmarks.
struct ListFilter {
    enum class View {
        Stuck,
        NearMaxRetry,
        Failed,
        All
    };
    enum class TextMode {
        Exact,
        Prefix,
        Contains
    };

    View view = View::All;
    QStringList states;               ///< empty: every state the view shows
    QStringList types;                ///< event type / job name; empty: any
    QStringList destinations;         ///< empty: any
    QStringList errorCodes;           ///< empty: any
    QDateTime createdFrom, createdTo; ///< invalid: open end
    QDateTime updatedFrom, updatedTo;
    int minAgeMinutes = 0; ///< 0: any age (age of the view's "since" column, server clock)
    QString keyText;       ///< matched literally against the message key (no wildcards)
    TextMode keyMode = TextMode::Contains;
    QList<MessageId> ids; ///< message ids pasted from a ticket; empty: any
    /// The ids the operator typed cannot be read: nothing matches until they are fixed or cleared
    /// (never "any", which would show and act on every message while the box says otherwise).
    bool idsUnreadable = false;
    int stuckTimeoutMinutes = -1; ///< -1: the profile's default
    /// Only the failed rows of one failure group (sql::failureGroupPredicate); unset: any.
    std::optional<FailureGroupKey> failureGroup;

    bool operator==(const ListFilter &o) const;
    bool operator!=(const ListFilter &o) const { return !(*this == o); }
    /// For saved filters (local store).
    QByteArray toJson() const;
    /// `idType`: the profile's, so that saved ids are read back as what they are.
    static ListFilter fromJson(const QByteArray &json, IdType idType = IdType::BigInt);
};

/// Logical column a view's ages are measured from (stuck: the profile's stuckSince, else createdAt).
QString viewSinceColumn(const SchemaProfile &profile, ListFilter::View view);
/// The filter's stuck timeout, or the profile's default when the filter leaves it at -1.
int effectiveStuckTimeout(const SchemaProfile &profile, const ListFilter &filter);

} // namespace om

Q_DECLARE_METATYPE(om::ListFilter)
