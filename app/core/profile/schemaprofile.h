#pragma once
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <optional>

namespace om {

/// One state a message can be in, and how a row is recognised as being in it.
struct StateDef {
    QString name;          ///< shown to the operator, e.g. PENDING
    QString role;          ///< waiting | inFlight | done | failed | cancelled
    QString value;         ///< status column equals this value ...
    QString isNullColumn;  ///< ... or this logical column IS NULL ...
    QString notNullColumn; ///< ... or this logical column IS NOT NULL
    bool terminal = false; ///< huge, never changes again: counted from planner statistics
};

/// One column assignment of an action: `now`, NULL or a text constant.
struct SetClause {
    enum class Kind { Now, Null, Text };
    QString column; ///< logical column
    Kind kind = Kind::Null;
    QString text;
};

/// How an action (retry, cancel, recoverStuck) changes a row; see the profile's "actions".
struct ActionDef {
    QString kind;       ///< retry | cancel | recoverStuck
    QString auditName;  ///< action name written to the audit row
    QStringList from;   ///< states a row must still be in
    QString to;         ///< state it moves to
    bool pastStuckTimeout = false;
    QList<SetClause> set;
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
    /// Parses and validates; on failure returns nullopt and a message naming the bad field.
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
    QString waitingSince;        ///< logical column of "oldest waiting"
    QStringList stuckStates;
    QString stuckSince;          ///< logical column the stuck age is measured from
    int stuckTimeoutMinutes = 30;
    QStringList nearMaxRetryStates;
    QStringList failedStates;
    /// Logical column of the ordering key ("ordering": {"key": ...}): rows of one key are delivered
    /// in order (created time, then id), so a failing or stuck head blocks every row behind it.
    /// Empty: the table is not ordered and has no head-of-line view.
    QString orderingKey;
    QMap<QString, ActionDef> actions;
    AuditDef audit;

    /// Real column name for a logical one ("" when the table has no such column).
    QString column(const QString &logical) const { return m_columns.value(logical); }
    bool has(const QString &logical) const { return m_columns.contains(logical); }
    /// Quoted real column, e.g. "status". Asserts the column exists.
    QString col(const QString &logical) const;
    QString qualifiedTable() const;
    QString qualifiedAuditTable() const;

    const StateDef *state(const QString &name) const;
    /// SQL predicate true for rows in any of `names` (literals inlined so partial indexes match).
    QString statesPredicate(const QStringList &names) const;
    /// SQL expression giving a row's state name (the status column, or a CASE for null-based states).
    QString stateExpression() const;
    /// True when retries/maxRetries columns exist (near-max-retry makes sense).
    bool isOrdered() const { return !orderingKey.isEmpty(); }
    bool hasRetries() const { return has(QStringLiteral("retries")) && has(QStringLiteral("maxRetries")); }

private:
    friend class ProfileParser; // fromJson's steps (schemaprofile.cpp)
    QMap<QString, QString> m_columns;
};

} // namespace om
