#include "core/triage/listfilter.h"
#include "pg/pgsession.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace om {
namespace {

// Why a cap: every value is one bound parameter; a saved filter or a pasted list should not
// produce a statement with thousands of parameters. The filter bar offers at most this many.
constexpr int kMaxValuesPerList = 200;

QString param(QVariantList &params, const QVariant &value) {
    params << value;
    return QLatin1Char('$') + QString::number(params.size());
}

/// "col IN ($1, $2, ...)" for a list of operator-chosen values.
QString inList(const QString &column, const QStringList &values, QVariantList &params) {
    QStringList ps;
    for (const QString &v : values.mid(0, kMaxValuesPerList))
        ps << param(params, v);
    return ps.size() == 1 ? column + QLatin1String(" = ") + ps.first()
                          : column + QLatin1String(" IN (") + ps.join(QLatin1String(", ")) + QLatin1Char(')');
}

QString isoTime(const QDateTime &t) { return t.toUTC().toString(Qt::ISODateWithMs); }

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

/// The states a view may show (the operator's state filter only narrows them).
QStringList viewStates(const SchemaProfile &p, ListFilter::View v) {
    switch (v) {
    case ListFilter::View::Stuck: return p.stuckStates;
    case ListFilter::View::NearMaxRetry: return p.hasRetries() ? p.nearMaxRetryStates : QStringList();
    case ListFilter::View::Failed: return p.failedStates;
    case ListFilter::View::All: break;
    }
    QStringList all;
    for (const StateDef &s : p.states)
        all << s.name;
    return all;
}

} // namespace

bool ListFilter::operator==(const ListFilter &o) const {
    return view == o.view && states == o.states && types == o.types && destinations == o.destinations
        && errorCodes == o.errorCodes && createdFrom == o.createdFrom && createdTo == o.createdTo
        && updatedFrom == o.updatedFrom && updatedTo == o.updatedTo && minAgeMinutes == o.minAgeMinutes
        && keyText == o.keyText && keyMode == o.keyMode && stuckTimeoutMinutes == o.stuckTimeoutMinutes;
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
    o.insert(QLatin1String("stuckTimeoutMinutes"), stuckTimeoutMinutes);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

ListFilter ListFilter::fromJson(const QByteArray &json) {
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
    f.stuckTimeoutMinutes = o.value(QLatin1String("stuckTimeoutMinutes")).toInt(-1);
    if (f.stuckTimeoutMinutes < 1)
        f.stuckTimeoutMinutes = -1;
    return f;
}

QString escapeLike(const QString &text) {
    QString out;
    out.reserve(text.size() + 8);
    for (const QChar c : text) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('%') || c == QLatin1Char('_'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

QString viewSinceColumn(const SchemaProfile &profile, ListFilter::View view) {
    return view == ListFilter::View::Stuck ? profile.stuckSince : QStringLiteral("createdAt");
}

int effectiveStuckTimeout(const SchemaProfile &profile, const ListFilter &filter) {
    return filter.stuckTimeoutMinutes > 0 ? filter.stuckTimeoutMinutes : profile.stuckTimeoutMinutes;
}

QString buildWhere(const SchemaProfile &p, const ListFilter &f, QVariantList &params) {
    QStringList conds;
    // A condition on something this table does not have matches nothing: an action over
    // "everything matching the filter" must never act on more rows than the filter says.
    const QString nothing = QStringLiteral("false");

    // States: the view's states, narrowed by the operator's choice. Only names the profile knows
    // reach statesPredicate, which inlines the profile's own values (so partial indexes match).
    QStringList states = viewStates(p, f.view);
    if (!f.states.isEmpty()) {
        QStringList narrowed;
        for (const QString &s : states)
            if (f.states.contains(s))
                narrowed << s;
        states = narrowed;
    }
    if (f.view != ListFilter::View::All || !f.states.isEmpty())
        conds << p.statesPredicate(states); // "false" when empty

    switch (f.view) {
    case ListFilter::View::Stuck:
        conds << QStringLiteral("%1 < now() - make_interval(mins => %2::int)")
                     .arg(p.col(p.stuckSince), param(params, effectiveStuckTimeout(p, f)));
        break;
    case ListFilter::View::NearMaxRetry:
        // Written exactly as the kit's partial index predicate so that the planner can use it.
        if (p.hasRetries())
            conds << QStringLiteral("%1 >= greatest(%2 - 1, 1)").arg(p.col(QStringLiteral("retries")), p.col(QStringLiteral("maxRetries")));
        break;
    case ListFilter::View::Failed:
    case ListFilter::View::All:
        break;
    }

    auto values = [&](const char *logical, const QStringList &list) {
        if (list.isEmpty())
            return;
        if (!p.has(QLatin1String(logical)))
            conds << nothing;
        else
            conds << inList(p.col(QLatin1String(logical)), list, params);
    };
    values("type", f.types);
    values("destination", f.destinations);
    values("errorCode", f.errorCodes);

    auto range = [&](const char *logical, const QDateTime &from, const QDateTime &to) {
        if (!from.isValid() && !to.isValid())
            return;
        if (!p.has(QLatin1String(logical))) {
            conds << nothing;
            return;
        }
        const QString c = p.col(QLatin1String(logical));
        if (from.isValid())
            conds << QStringLiteral("%1 >= %2::timestamptz").arg(c, param(params, isoTime(from)));
        if (to.isValid())
            conds << QStringLiteral("%1 < %2::timestamptz").arg(c, param(params, isoTime(to)));
    };
    range("createdAt", f.createdFrom, f.createdTo);
    range("updatedAt", f.updatedFrom, f.updatedTo);

    if (f.minAgeMinutes > 0)
        conds << QStringLiteral("%1 <= now() - make_interval(mins => %2::int)")
                     .arg(p.col(viewSinceColumn(p, f.view)), param(params, f.minAgeMinutes));

    if (!f.keyText.isEmpty()) {
        const QString key = p.col(QStringLiteral("key"));
        if (f.keyText.contains(QChar(0))) {
            conds << nothing; // PostgreSQL text cannot hold NUL: no key can match
        } else {
            switch (f.keyMode) {
            case ListFilter::TextMode::Exact:
                conds << QStringLiteral("%1 = %2").arg(key, param(params, f.keyText));
                break;
            case ListFilter::TextMode::Prefix:
                conds << QStringLiteral("%1 LIKE %2 ESCAPE '\\'").arg(key, param(params, escapeLike(f.keyText) + QLatin1Char('%')));
                break;
            case ListFilter::TextMode::Contains:
                conds << QStringLiteral("%1 LIKE %2 ESCAPE '\\'")
                             .arg(key, param(params, QLatin1Char('%') + escapeLike(f.keyText) + QLatin1Char('%')));
                break;
            }
        }
    }
    return conds.isEmpty() ? QStringLiteral("true") : conds.join(QLatin1String(" AND "));
}

} // namespace om
