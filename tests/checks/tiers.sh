#!/usr/bin/env bash
# The tiers inside om_core, said in words: every #include "core/<folder>/..." in app/core/<here>/
# must name a folder that <here> may see, as the build declares it (app/CMakeLists.txt,
# om_core_part; the table is <build>/layers/core-tiers.txt). The compiler refuses such an include
# too ("No such file or directory"); this names the rule that was broken and what to do instead.
# Usage: tiers.sh <source dir> <core-tiers.txt>
set -uo pipefail
top=${1:?source directory}
table=${2:?core-tiers.txt from the build}
cd "$top"
[ -r "$table" ] || { echo "tiers: no table at $table (configure the build first)"; exit 1; }
declare -A sees
while read -r folder seen; do
    [ -n "$folder" ] && sees[${folder%:}]=" $seen "
done < "$table"
status=0
for dir in app/core/*/; do
    here=$(basename "$dir")
    if [ -z "${sees[$here]+x}" ]; then
        echo "tiers: app/core/$here/ belongs to no part: add it to an om_core_part in app/CMakeLists.txt"
        status=1; continue
    fi
    while IFS=: read -r file line text; do
        [[ $text =~ \"core/([a-z_]+)/ ]] || continue
        there=${BASH_REMATCH[1]}
        if [[ "${sees[$here]}" != *" $there "* ]]; then
            seen=$(xargs <<<"${sees[$here]}"); seen=${seen// /, }
            echo "tiers: $file:$line includes core/$there/ - $here/ may see only $seen"
            echo "       (a lower tier may not use a higher one: move the code it needs down, or the including code up)"
            status=1
        fi
    done < <(grep -nH '#include "core/' "$dir"* 2>/dev/null)
done
[ $status -eq 0 ] && echo "tiers: every include inside core points down ($(wc -l < "$table") folders)"
exit $status
