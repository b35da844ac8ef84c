#!/usr/bin/env bash
# Rules the compiler cannot check (the tiers inside core are the build's: tiers.sh), run by CTest (checks/sources) and so by every scripts/test:
# - libpqxx and libpq headers only in app/pg (include roots keep core/ out of pg, but <pqxx/...>
#   sits in /usr/include, visible to every target);
# - a test skips with OM_SKIP (tests/support/testmain.h), never a bare QSKIP, whose skip the
#   program's exit code would not report.
set -uo pipefail
top=${1:?source directory}
cd "$top"
status=0
if hits=$(grep -rnE '#include <(pqxx/|libpq-fe\.h)' app ui tests | grep -v '^app/pg/'); then
    echo "libpqxx/libpq outside app/pg:"; echo "$hits"; status=1
fi
if hits=$(grep -rn 'QSKIP(' tests --include='*.cpp' --include='*.h' | grep -v '^tests/support/testmain.h:'); then
    echo "bare QSKIP (use OM_SKIP):"; echo "$hits"; status=1
fi
[ $status -eq 0 ] && echo "sources: layering and skip rules hold"
exit $status
