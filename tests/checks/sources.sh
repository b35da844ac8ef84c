#!/usr/bin/env bash
# Rules the compiler cannot check (the tiers inside core are the build's: tiers.sh), run by CTest (checks/sources) and so by every scripts/test:
# - libpqxx only in app/pg, libpq only there and in app/link (connection strings, TLS facts): the
#   include roots keep core/ out of pg, but <pqxx/...> sits in /usr/include, visible to every target;
# - no ui/ file includes pg/ (the build already refuses it, since core links om_pg PRIVATE; this
#   says why in words): views ask core's services and never write a database job;
# - a test skips with OM_SKIP (tests/support/testmain.h), never a bare QSKIP, whose skip the
#   program's exit code would not report.
set -uo pipefail
top=${1:?source directory}
cd "$top"
status=0
if hits=$(grep -rnE '#include <(pqxx)/' app ui tests | grep -v '^app/pg/'); then
    echo "libpqxx outside app/pg:"; echo "$hits"; status=1
fi
if hits=$(grep -rnE '#include <libpq-fe\.h>' app ui tests | grep -vE '^app/(pg|link)/'); then
    echo "libpq outside app/pg and app/link:"; echo "$hits"; status=1
fi
if hits=$(grep -rn '#include "pg/' ui); then
    echo "ui/ includes pg/ (a view asks a core service; it never runs a database job itself):"; echo "$hits"; status=1
fi
if hits=$(grep -rn 'QSKIP(' tests --include='*.cpp' --include='*.h' | grep -v '^tests/support/testmain.h:'); then
    echo "bare QSKIP (use OM_SKIP):"; echo "$hits"; status=1
fi
[ $status -eq 0 ] && echo "sources: layering and skip rules hold"
exit $status
