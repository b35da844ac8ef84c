# shellcheck shell=bash
# Configures and builds the project into $OM_BUILD_DIR (default: build/ at the top).
om_build() {
  local top; top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  OM_BUILD_DIR=${OM_BUILD_DIR:-$top/build}
  export OM_BUILD_DIR
  cmake -S "$top" -B "$OM_BUILD_DIR" -DCMAKE_BUILD_TYPE=${OM_BUILD_TYPE:-RelWithDebInfo} >/dev/null
  cmake --build "$OM_BUILD_DIR" -j"$(nproc)" "$@"
}
