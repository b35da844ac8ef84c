# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Configures and builds the project into $OM_BUILD_DIR (default: build/ at the top).
# OM_BUILD_TYPE (default RelWithDebInfo), OM_CXX_FLAGS and OM_LINK_FLAGS (e.g. -Werror or the
# sanitizers, as .ci/run sets them) are applied at every configure, so a build directory never
# keeps flags from an earlier run.
om_build() {
  local top; top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  OM_BUILD_DIR=${OM_BUILD_DIR:-$top/build}
  export OM_BUILD_DIR
  cmake -S "$top" -B "$OM_BUILD_DIR" -DCMAKE_BUILD_TYPE="${OM_BUILD_TYPE:-RelWithDebInfo}" \
        -DCMAKE_CXX_FLAGS="${OM_CXX_FLAGS:-${CXXFLAGS:-}}" \
        -DCMAKE_EXE_LINKER_FLAGS="${OM_LINK_FLAGS:-${LDFLAGS:-}}" >/dev/null
  cmake --build "$OM_BUILD_DIR" -j"$(nproc)" "$@"
}
