// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/listfilter.h"
#include "core/model/idlist.h"
#include "link/limits.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace om {
namespace {

QJsonArray toArray(const QStringList &l) { return QJsonArray::fromStringList(l); }

QStringList fromArray(const QJsonValue &v) {
    QStringList out;
    for (const QJsonValue &e : v.toArray())
        if (e.isString())
            out << e.toString();
    return out;
}

const char *viewName(ListFilter::View v) {
    switch (v) {
    case ListFilter::View::Stuck: return "stuck";
    case ListFilter::View::NearMaxRetry: return "nearMaxRetry";
    case ListFilter::View::Failed: return "failed";
    case ListFilter::View::All: break;
    }
    return "all";
}

const char *modeName(ListFilter::TextMode m) {
    switch (m) {
    case ListFilter::TextMode::Exact: return "exact";
    case ListFilter::TextMode::Prefix: return "prefix";
    case ListFilter::TextMode::Contains: break;
    }
    return "contains";
}

/// A saved text, or a null QVariant for JSON null (SQL NULL).
QVariant textOrNull(const QJsonValue &v) { return v.isString() ? QVariant(v.toString()) : QVariant(); }

} // namespace

bool ListFilter::operator==(const ListFilter &o) const {
    return view == o.view && states == o.states && types == o.types && destinations == o.destinations
           && errorCodes == o.errorCodes && createdFrom == o.createdFrom && createdTo == o.createdTo
           && updatedFrom == o.updatedFrom && updatedTo == o.updatedTo && minAgeMinutes == o.minAgeMinutes
           && keyText == o.keyText && keyMode == o.keyMode && ids == o.ids && idsUnreadable == o.idsUnreadable && stuckTimeoutMinutes == o.stuckTimeoutMinutes
           && failureGroup == o.failureGroup;
}

QByteArray ListFilter::toJson() const {
    QJsonObject o;
    o.insert(QLatin1String("view"), QLatin1String(viewName(view)));
    o.insert(QLatin1String("states"), toArray(states));
    o.insert(QLatin1String("types"), toArray(types));
    o.insert(QLatin1String("destinations"), toArray(destinations));
    o.insert(QLatin1String("errorCodes"), toArray(errorCodes));
    auto time = [&o](const char *name, const QDateTime &t) {
        if (t.isValid())
            o.insert(QLatin1String(name), t.toString(Qt::ISODateWithMs));
    };
    time("createdFrom", createdFrom);
    time("createdTo", createdTo);
    time("updatedFrom", updatedFrom);
    time("updatedTo", updatedTo);
    o.insert(QLatin1String("minAgeMinutes"), minAgeMinutes);
    o.insert(QLatin1String("keyText"), keyText);
    o.insert(QLatin1String("keyMode"), QLatin1String(modeName(keyMode)));
    QStringList idTexts; // as text: a JSON number is a double, exact only up to 2^53
    for (const MessageId &id : ids)
        idTexts << id.text();
    if (!ids.isEmpty())
        o.insert(QLatin1String("ids"), toArray(idTexts));
    o.insert(QLatin1String("stuckTimeoutMinutes"), stuckTimeoutMinutes);
    if (failureGroup) {
        const auto json = [](const QVariant &v) { return v.isNull() ? QJsonValue() : QJsonValue(v.toString()); };
        o.insert(QLatin1String("failureGroup"),
                 QJsonObject{{QLatin1String("code"), json(failureGroup->code)}, {QLatin1String("fingerprint"), json(failureGroup->fingerprint)}});
    }
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

ListFilter ListFilter::fromJson(const QByteArray &json, IdType idType) {
    // A damaged saved filter gives the default filter (every message), never an error dialog
    // at start-up: the operator just sees the unfiltered view.
    ListFilter f;
    const QJsonObject o = QJsonDocument::fromJson(json).object();
    const QString view = o.value(QLatin1String("view")).toString();
    for (View v : {View::Stuck, View::NearMaxRetry, View::Failed, View::All})
        if (view == QLatin1String(viewName(v)))
            f.view = v;
    f.states = fromArray(o.value(QLatin1String("states")));
    f.types = fromArray(o.value(QLatin1String("types")));
    f.destinations = fromArray(o.value(QLatin1String("destinations")));
    f.errorCodes = fromArray(o.value(QLatin1String("errorCodes")));
    auto time = [&o](const char *name) {
        return QDateTime::fromString(o.value(QLatin1String(name)).toString(), Qt::ISODateWithMs);
    };
    f.createdFrom = time("createdFrom");
    f.createdTo = time("createdTo");
    f.updatedFrom = time("updatedFrom");
    f.updatedTo = time("updatedTo");
    f.minAgeMinutes = qMax(0, o.value(QLatin1String("minAgeMinutes")).toInt(0));
    f.keyText = o.value(QLatin1String("keyText")).toString();
    const QString mode = o.value(QLatin1String("keyMode")).toString();
    for (TextMode m : {TextMode::Exact, TextMode::Prefix, TextMode::Contains})
        if (mode == QLatin1String(modeName(m)))
            f.keyMode = m;
    // A damaged list is dropped whole, like any damaged part: never a filter on half the ids.
    f.ids = IdList::parse(fromArray(o.value(QLatin1String("ids"))).join(QLatin1Char(' ')), limits::kMaxIdsPerFilter, idType).ids;
    if (const QJsonValue g = o.value(QLatin1String("failureGroup")); g.isObject())
        f.failureGroup = FailureGroupKey{textOrNull(g[QLatin1String("code")]), textOrNull(g[QLatin1String("fingerprint")])};
    f.stuckTimeoutMinutes = o.value(QLatin1String("stuckTimeoutMinutes")).toInt(-1);
    if (f.stuckTimeoutMinutes < 1)
        f.stuckTimeoutMinutes = -1;
    return f;
}

QString viewSinceColumn(const SchemaProfile &profile, ListFilter::View view) {
    return view == ListFilter::View::Stuck ? profile.stuckSince : QStringLiteral("createdAt");
}

int effectiveStuckTimeout(const SchemaProfile &profile, const ListFilter &filter) {
    return filter.stuckTimeoutMinutes > 0 ? filter.stuckTimeoutMinutes : profile.stuckTimeoutMinutes;
}

} // namespace om
