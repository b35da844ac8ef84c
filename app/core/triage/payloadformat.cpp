// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/triage/payloadformat.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace om {

FormattedPayload formatPayload(const QString &raw) {
    FormattedPayload out;
    const QByteArray utf8 = raw.toUtf8();
    QJsonParseError err;
    QJsonDocument doc = QJsonDocument::fromJson(utf8, &err);
    if (err.error == QJsonParseError::NoError) {
        out.isJson = true;
        out.text = QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed();
        return out;
    }
    // QJsonDocument only takes an object or an array at the top; a bare scalar is valid JSON too.
    QJsonParseError err2;
    const QJsonDocument wrapped = QJsonDocument::fromJson("[" + utf8 + "]", &err2);
    if (err2.error == QJsonParseError::NoError && wrapped.array().size() == 1) {
        out.isJson = true;
        out.text = raw.trimmed();
        return out;
    }
    out.text = raw;
    out.parseError = QCoreApplication::translate("PayloadFormat", "%1 at byte %2").arg(err.errorString()).arg(err.offset);
    return out;
}

} // namespace om
