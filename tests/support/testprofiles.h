// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Profiles the tests load: files of the source tree, and the built-ins' JSON to derive variants.
#include "core/profile/schemaprofile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace om::test {

/// A file of the source tree as text (a test table's DDL beside its profile, say); the test
/// program stops when it cannot be read.
inline QString sourceText(const QString &relativePath) {
    QFile f(QStringLiteral(OM_SOURCE_DIR "/") + relativePath);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(relativePath));
    return QString::fromUtf8(f.readAll());
}

/// The profile in `relativePath` (from the source tree's root, e.g.
/// "tests/support/profiles/library_outbox.json"); the test program stops when it does not parse.
inline SchemaProfile profileFile(const QString &relativePath) {
    QString error;
    const auto p = SchemaProfile::fromFile(QStringLiteral(OM_SOURCE_DIR "/") + relativePath, &error);
    if (!p)
        qFatal("%s: %s", qPrintable(relativePath), qPrintable(error));
    return *p;
}

/// A built-in profile's JSON (resources/profiles/<id>.json, from the resources), to change and parse.
inline QJsonObject builtInJson(const QString &id) {
    QFile f(QStringLiteral(":/profiles/%1.json").arg(id));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace om::test
