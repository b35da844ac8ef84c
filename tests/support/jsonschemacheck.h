// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A JSON Schema (draft 2020-12) validator for the keywords the profile schema uses, so that the
// tests can hold every profile against resources/profiles/schema/profile.schema.json without a
// package the machines do not have. A keyword it does not know is itself an error
// (unknownKeywords), never silently passed over.
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

namespace om::test {

class JsonSchemaCheck {
public:
    explicit JsonSchemaCheck(QJsonObject schema);

    /// Where `document` breaks the schema: one line per failure, "<json path>: <why>" (empty: valid).
    QStringList errors(const QJsonValue &document) const;
    /// Keywords in the schema that this validator does not check, with their path.
    QStringList unknownKeywords() const;

private:
    void check(const QJsonValue &value, const QJsonObject &schema, const QString &path, QStringList *out) const;
    void checkType(const QJsonValue &value, const QJsonObject &schema, const QString &path, QStringList *out) const;
    void checkObject(const QJsonObject &value, const QJsonObject &schema, const QString &path, QStringList *out) const;
    void checkArray(const QJsonArray &value, const QJsonObject &schema, const QString &path, QStringList *out) const;
    void checkScalar(const QJsonValue &value, const QJsonObject &schema, const QString &path, QStringList *out) const;
    void checkCombinations(const QJsonValue &value, const QJsonObject &schema, const QString &path, QStringList *out) const;
    QJsonObject resolve(const QString &ref) const;
    void collectUnknown(const QJsonValue &schema, const QString &path, QStringList *out) const;

    QJsonObject m_schema;
};

} // namespace om::test
