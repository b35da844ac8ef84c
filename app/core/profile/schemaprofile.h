// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/columntypes.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <optional>

#include "core/profile/headoflinerule.h"
#include "core/profile/profileerror.h"
#include "core/profile/purgedef.h"
#include "core/profile/retrycounting.h"
#include "core/profile/statecondition.h"

namespace om {

/// One state a message can be in, and how a row is recognised as being in it: by all of its
/// conditions. The profile's shorthands ("value", "isNull", "notNull") are one condition each.
struct StateDef {
    QString name;               ///< shown to the operator, e.g. PENDING
    QString role;               ///< waiting | inFlight | done | failed | cancelled
    QList<StateCondition> when; ///< all must hold (at least one)
    bool terminal = false;      ///< huge, never changes again: counted from planner statistics

    /// The status value when the state is exactly "status = value" (the shorthand), else "".
    QString statusValue() const;
    /// True when the state is one condition an action reaches by itself (status = value, a
    /// column set to NULL or to now()); other target states must be reached by the action's set.
    bool reachedImplicitly() const;
};

/// One column assignment of an action: `now`, NULL or a text constant.
struct SetClause {
    enum class Kind {
        Now,
        Null,
        Text,
        Bool,
        Number
    };
    QString column; ///< logical column
    Kind kind = Kind::Null;
    QString text;      ///< Kind::Text; Kind::Number: the number as a plain SQL literal
    bool flag = false; ///< Kind::Bool
};

/// How an action (retry, cancel, recoverStuck) changes a row; see the profile's "actions".
struct ActionDef {
    QString kind;      ///< retry | cancel | recoverStuck
    QString auditName; ///< action name written to the audit row
    QStringList from;  ///< states a row must still be in
    QString to;        ///< state it moves to
    bool pastStuckTimeout = false;
    QList<SetClause> set;
};

/// Where a library's maintenance moves finished rows ("archive"): a table of the same columns
/// (at least the id, the created time and the finished time the flow reads). Its rows are in the
/// states the profile's rules give them (the archive keeps the state columns), or, where the
/// archive has no state columns, all in one terminal state (`state`). Empty table: no archive.
struct ArchiveDef {
    QString schema;
    QString table;
    QString state; ///< the terminal state every archived row counts as; "" = by the state rules
    bool isEmpty() const { return table.isEmpty(); }
    /// The archive keeps each row's state: classified by the profile's state rules.
    bool keepsState() const { return state.isEmpty(); }
};

/// A table the window reads (SchemaProfile::readTables): its quoted name, and what it is read for.
struct ReadTable {
    enum class Use {
        Table,   ///< the profile's table (or view)
        Base,    ///< the table a view reads ("base")
        Archive, ///< "archive"
        Lock,    ///< "ordering.lock"
        Lookup,  ///< "lookups"
        Audit    ///< "audit"
    };
    QString name;
    Use use = Use::Table;
};

/// A table of names for the ids a column stores ("lookups": a type's or a destination's id):
/// shown, grouped and filtered by the name. `idColumn` is compared with the column's values.
struct LookupDef {
    QString schema;
    QString table;
    QString idColumn;
    QString nameColumn;
    QString qualifiedTable() const;
};

struct AuditDef {
    QString schema;
    QString table;
    QMap<QString, QString> columns; ///< logical -> real: auditId messageId action reason ticket ...
    int reasonMaxLength = 1000;
    QString column(const QString &logical) const { return columns.value(logical); }
};

/// How one outbox-like table is shaped: tables, columns, which values mean which state, what
/// each action does and where audit rows go. Built-ins live in resources/profiles/; users may
/// load their own files. Identifiers are always quoted when they reach SQL, and a profile can
/// only name columns, never inject SQL text.
class SchemaProfile {
public:
    /// Parses and validates; on failure returns nullopt and says what is wrong and where (the
    /// JSON path and line; `fileName` only labels the error).
    static std::optional<SchemaProfile> fromJson(const QByteArray &json, ProfileError *error, const QString &fileName = {});
    static std::optional<SchemaProfile> fromFile(const QString &path, ProfileError *error);
    /// The same, with the error formatted on one line (ProfileError::format).
    static std::optional<SchemaProfile> fromJson(const QByteArray &json, QString *error);
    static std::optional<SchemaProfile> fromFile(const QString &path, QString *error);
    /// The profiles compiled into the binary (app_outbox, batch_work_item, outbox).
    static QList<SchemaProfile> builtIns();
    static std::optional<SchemaProfile> builtIn(const QString &id);

    QString id;
    QString title;
    QString schema;
    QString table;
    QList<StateDef> states;
    QStringList waitingStates;
    QString waitingSince; ///< logical column of "oldest waiting"
    /// Every state of every stuck clock, in the profile's order of the clocks.
    QStringList stuckStates;
    /// The first clock's since column: the Stuck list's order (a row claimed and then started
    /// keeps its claim time), the workers' oldest hold and the kit's stuck index.
    QString stuckSince;
    /// The timeout for rows without one of their own (and the operator's setting overrides it).
    int stuckTimeoutMinutes = 30;
    /// The first clock's timeout column ("" when none; see StuckClock).
    QString stuckTimeoutColumn;
    /// What a timeout column holds ("timeoutUnit").
    enum class TimeoutUnit {
        Interval,
        Seconds,
        Milliseconds
    };
    TimeoutUnit stuckTimeoutUnit = TimeoutUnit::Interval;
    /// One stuck clock ("stuck.clocks", or the one clock of the plain "stuck" section): a row in
    /// one of its states is stuck once it has been in it longer than its timeout, measured from
    /// its own since column. A library whose workers claim a row and then start it keeps two:
    /// claimed-but-not-started rows are stale after seconds, running ones past their own timeout.
    struct StuckClock {
        QStringList states;
        QString since;           ///< logical time column the clock runs from
        int timeoutSeconds = 0;  ///< the clock's own fixed timeout; 0: stuckTimeoutMinutes (the operator's)
        QString timeoutColumn;   ///< logical column of each row's own timeout ("" when none); NULL there: the above
        TimeoutUnit timeoutUnit = TimeoutUnit::Interval;
        /// True when the rule is the clock's own (a timeout column or fixed seconds), not the operator's minutes.
        bool ownRule() const { return timeoutSeconds > 0 || !timeoutColumn.isEmpty(); }
    };
    QList<StuckClock> stuckClocks;
    /// The clock that times `state` (nullptr when it is no stuck state).
    const StuckClock *stuckClock(const QString &state) const;
    QStringList nearMaxRetryStates;
    QStringList failedStates;
    int maxRetriesConstant = 0; ///< "maxRetries": N when no column holds the maximum (0: none)
    /// What the retries column counts and when it moves ("retries"): the near-max rule.
    RetryCounting retryCounting;
    /// Logical column of the ordering key ("ordering": {"key": ...}): rows of one key are delivered
    /// in order (created time, then id), so a failing or stuck head blocks every row behind it.
    /// Empty: the table is not ordered and has no head-of-line view.
    QString orderingKey;
    /// How the library picks each key's rows ("ordering" beside "key"): which rows are in a key's
    /// line, which heads block it, and where a lock on the key lives.
    HeadOfLineRule headOfLine;
    /// Name of the logical replication slot that captures this table ("replicationSlot"), e.g. a
    /// Debezium connector's: the dashboard shows how far its consumer is behind. Empty: none.
    QString replicationSlot;
    QMap<QString, ActionDef> actions;
    /// "purge": the finished rows an operator may delete (empty: the profile has no purge).
    PurgeDef purge;
    AuditDef audit;
    ArchiveDef archive;
    /// The table a view reads ("base": {"table", "schema"}), when the profile's table is a view
    /// with the same column names: the window reads through the view; the actions change, and the
    /// kit indexes, the base table, and sizes and estimates come from it. Empty: none.
    QString baseSchema;
    QString baseTable;
    QMap<QString, LookupDef> lookups; ///< logical column (type, destination) -> its names
    ColumnTypes types;                ///< the id's and time columns' SQL types ("types", "timeZone")

    /// Real column name for a logical one ("" when the table has no such column).
    QString column(const QString &logical) const { return m_columns.value(logical); }
    bool has(const QString &logical) const { return m_columns.contains(logical); }
    /// Every mapped column, logical -> real ("columns" and "extraColumns" of the file).
    const QMap<QString, QString> &columnMap() const { return m_columns; }
    /// Quoted real column, e.g. "status". Asserts the column exists.
    QString col(const QString &logical) const;
    QString qualifiedTable() const;
    QString qualifiedAuditTable() const;
    QString qualifiedArchiveTable() const;
    /// The table that holds the rows: the base table of a view ("base"), else the table itself.
    QString qualifiedStorageTable() const;
    QString storageSchema() const { return baseTable.isEmpty() ? schema : baseSchema; }
    QString storageTable() const { return baseTable.isEmpty() ? table : baseTable; }
    bool hasArchive() const { return !archive.isEmpty(); }
    /// The names of a column's ids, or nullptr when the column shows its own values.
    const LookupDef *lookup(const QString &logical) const {
        const auto it = lookups.constFind(logical);
        return it == lookups.cend() ? nullptr : &*it;
    }
    /// Every table the window reads for this profile, the profile's own first, then the base
    /// table of a view, the archive, the ordering's lock table, the lookups and the audit table:
    /// row-level security on any of them changes what the window shows.
    QList<ReadTable> readTables() const;
    /// True when the profile names an audit table: without one there are no actions, no Audit
    /// tab data and no audit history in the detail pane.
    bool hasAudit() const { return !audit.table.isEmpty(); }

    const StateDef *state(const QString &name) const;
    /// The states that are not terminal, in the profile's order: rows that may still change.
    QStringList openStates() const;
    /// True when every state is "status = value" with the state's own name as the value: the
    /// status column itself names the state.
    bool statesAreStatusValues() const;
    /// True when a retries column exists and the maximum is known (a column or a constant).
    bool hasRetries() const { return has(QStringLiteral("retries")) && (has(QStringLiteral("maxRetries")) || maxRetriesConstant > 0); }
    /// True when the profile names an ordering key (the head-of-line view and tile exist).
    bool isOrdered() const { return !orderingKey.isEmpty(); }
    /// True when the profile declares a purge (which also needs actions and an audit table).
    bool hasPurge() const { return !purge.isEmpty() && !actions.isEmpty() && hasAudit(); }

private:
    friend class ProfileParser; // fromJson's steps (schemaprofile.cpp)
    QMap<QString, QString> m_columns;
};

} // namespace om
