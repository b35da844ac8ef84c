// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kit/auditedfunctionsql.h"
#include "core/sql/kitnames.h"
#include "core/sql/sqltext.h"

namespace om::kit {
namespace {

QString lit(const QString &s) { return sql::quoteLiteral(s); }

/// `name type` lines, the types aligned.
QString declarations(const QList<SqlVariable> &variables) {
    qsizetype width = 0;
    for (const SqlVariable &v : variables)
        width = std::max(width, v.name.size());
    QString out;
    for (const SqlVariable &v : variables)
        out += QStringLiteral("    %1 %2;\n").arg(v.name.leftJustified(width), v.type);
    return out;
}

/// The tag of a dollar quote the definition would end early ("" when none): a profile's text
/// constants end up inside the kit's dollar quotes.
QString brokenDollarQuote(const QString &definition) {
    for (const char *tag : {"$om_fn$", "$om_def$", "$om_kit$"})
        if (definition.count(QLatin1String(tag)) > (qstrcmp(tag, "$om_fn$") == 0 ? 2 : 0))
            return QLatin1String(tag);
    return {};
}

} // namespace

QString functionDefinitionSql(const AuditedFunction &f) {
    QStringList args;
    for (const SqlVariable &a : f.arguments)
        args << a.name + QLatin1Char(' ') + a.type;
    const QList<SqlVariable> variables = QList<SqlVariable>{{QStringLiteral("v_reason"), QStringLiteral("text := btrim(p_reason)")},
                                                            {QStringLiteral("v_ticket"), QStringLiteral("text := nullif(btrim(p_ticket), '')")}}
                                         + f.variables;
    return QStringLiteral(
               "CREATE OR REPLACE FUNCTION %1(\n    %2)\n"
               "RETURNS %3\n"
               "LANGUAGE plpgsql VOLATILE SECURITY DEFINER\n"
               "SET search_path = pg_catalog, pg_temp\n"
               "AS $om_fn$\n"
               "DECLARE\n"
               "%4"
               "BEGIN\n"
               "    IF p_action_id IS NULL THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';\n"
               "    END IF;\n"
               "    IF v_reason IS NULL OR v_reason = '' THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               "%5"
               "%6"
               "END\n"
               "$om_fn$")
        .arg(f.qualifiedName(), args.join(QLatin1String(",\n    ")), f.returns, declarations(variables), f.checks, f.body);
}

QString functionInstallSql(const AuditedFunction &f) {
    // Names inside a comment: a line break in one must not end the comment (kit::commentText).
    const QString header = commentText(QStringLiteral("-- profile %1: %2, audit %3, %4 %5")
                                           .arg(f.profileId, f.table, f.auditTable, f.kind, f.signature()))
                           + QLatin1Char('\n');
    if (!f.installs())
        // clang-format off
        return header + QStringLiteral("-- (%1)\n").arg(commentText(f.notInstalled));
    const QString definition = functionDefinitionSql(f);
    if (const QString tag = brokenDollarQuote(definition); !tag.isEmpty())
        return header + QStringLiteral("-- (a text constant of the profile contains %1: not generated)\n").arg(tag);
    QString setUp;
    for (const QString &statement : f.setUp)
        setUp += QStringLiteral("    EXECUTE %1;\n").arg(lit(statement));
    return header + QStringLiteral(
               "DO $om_kit$\n"
               "BEGIN\n"
               "    IF to_regclass(%1) IS NULL OR to_regclass(%2) IS NULL THEN\n"
               "        RAISE NOTICE 'outbox monitor kit: % or % does not exist, skipped', %1, %2;\n"
               "        RETURN;\n"
               "    END IF;\n"
               "%3"
               "    EXECUTE $om_def$\n%4\n$om_def$;\n"
               // SECURITY DEFINER: only the kit's operator role may call it (kit/kitgrants grants it).
               "    EXECUTE %5;\n"
               "END\n"
               "$om_kit$;\n")
        .arg(lit(f.table), lit(f.auditTable), setUp, definition,
             lit(QStringLiteral("REVOKE ALL ON FUNCTION %1 FROM PUBLIC").arg(f.signature())));
    // clang-format on
}

} // namespace om::kit
