// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/jsonlocator.h"
#include "core/profile/schemaprofile.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

namespace om {

/// Reads a profile's JSON one section at a time into `prof`. Every value is checked for its
/// type, every object for keys it does not know; the first problem found is kept in `error`
/// with its JSON path and line (later sections are still read, so that their own checks do not
/// crash on gaps). Used only by SchemaProfile::fromJson.
class ProfileParser {
    // The messages keep their context (they were first written in SchemaProfile::fromJson).
    Q_DECLARE_TR_FUNCTIONS(om::SchemaProfile)
public:
    ProfileParser(const QByteArray &json, const QString &fileName);
    /// Parses the whole document; false when `error` holds why not.
    bool parse();

    SchemaProfile prof;
    ProfileError error;

private:
    bool fail(const QString &path, const QString &msg);
    // Typed readers: a missing key gives `def`, a present one of another type is refused.
    bool knownKeys(const QJsonObject &o, const QString &path, const QStringList &allowed);
    QString text(const QJsonObject &o, const QString &key, const QString &path, const QString &def = {});
    int integer(const QJsonObject &o, const QString &key, const QString &path, int def);
    bool boolean(const QJsonObject &o, const QString &key, const QString &path, bool def);
    QStringList texts(const QJsonObject &o, const QString &key, const QString &path);
    QJsonObject object(const QJsonObject &o, const QString &key, const QString &path);
    QJsonArray array(const QJsonObject &o, const QString &key, const QString &path);
    bool identifier(const QString &name, const QString &path);

    void table(const QJsonObject &o);
    void columns(const QJsonObject &o);
    void columnGroup(const QJsonObject &group, const QString &path);
    void maxRetries(const QJsonObject &o);
    void retryCounting(const QJsonObject &o); // retrysection.cpp
    void states(const QJsonObject &o);
    void state(const QJsonObject &so, const QString &path);
    void conditions(const QJsonObject &so, const QString &path, StateDef &s);
    bool condition(const QJsonObject &co, const QString &path, StateCondition &c);
    /// The conditions of an array ("when", "ordering.unordered"), each refused at its index.
    QList<StateCondition> conditionList(const QJsonArray &all, const QString &path);
    bool constant(const QJsonValue &v, const QString &path, QVariant *out);
    void checkTerminal(const StateDef &s, const QString &path);
    void checkStates(const QStringList &names, const QString &path);
    void checkColumn(const QString &c, const QString &path);
    void views(const QJsonObject &o);
    // The "stuck" section (stucksection.cpp).
    void stuck(const QJsonObject &o);
    SchemaProfile::StuckClock stuckClock(const QJsonObject &co, const QString &path, bool inList);
    void stuckTimeoutColumn(const QJsonObject &co, const QString &path, SchemaProfile::StuckClock &clock);
    void actions(const QJsonObject &o);
    void action(const QString &kind, const QJsonObject &ao, const QString &path);
    void setClauses(const QJsonObject &set, const QString &path, ActionDef &a);
    void checkSetRepeatsTarget(const ActionDef &a, const QString &path);
    void checkReachable(const ActionDef &a, const QString &path);
    void audit(const QJsonObject &o);
    void archive(const QJsonObject &o);
    void lookups(const QJsonObject &o);
    void base(const QJsonObject &o);
    void columnTypes(const QJsonObject &o);
    // The "ordering" section (orderingsection.cpp).
    void ordering(const QJsonObject &o);
    void orderingStates(const QJsonObject &ord, const QString &key, QStringList *out);
    void unorderedRows(const QJsonObject &ord);
    void keyLockTable(const QJsonObject &ord);
    void lockTimeouts(const QJsonObject &lo, const QString &path);
    void nullKey(const QJsonObject &ord);
    void singletonStates(const QJsonObject &ord);
    void pickOrder(const QJsonObject &ord);
    void replicationSlot(const QJsonObject &o);
    void purge(const QJsonObject &o);

    const QByteArray &m_json;
    JsonLocator m_locator;
    bool m_clocksListed = false; ///< "stuck.clocks" was written: each state's clock is named

};

} // namespace om
