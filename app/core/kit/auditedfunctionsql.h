// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/kit/auditedfunction.h"

#include <QString>

namespace om::kit {

/// `CREATE OR REPLACE FUNCTION ...` of `f`: SECURITY DEFINER with search_path = pg_catalog,
/// pg_temp (every name inside is schema-qualified), v_reason and v_ticket declared from the
/// arguments, an action id and a reason required, then the function's own checks and body.
QString functionDefinitionSql(const AuditedFunction &f);

/// The kit's part for `f`: a comment naming the profile, the tables and the function's signature,
/// then one idempotent DO block that, when the table and the audit table both exist, runs
/// f.setUp, creates the function and revokes EXECUTE from PUBLIC (a notice and nothing else
/// otherwise). Only the comment, saying why, when f is not installed or a text of the profile
/// would end one of the kit's dollar quotes.
QString functionInstallSql(const AuditedFunction &f);

} // namespace om::kit
