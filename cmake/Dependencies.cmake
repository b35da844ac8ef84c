# SPDX-License-Identifier: GPL-3.0-or-later
# Finds what the build needs and, when something is missing, stops with the Debian 12 package
# that provides it (scripts/bootstrap installs them all). A bare "Qt6Charts could not be found
# because dependency Qt6OpenGL could not be found" does not tell a new machine what to install.

# om_require_qt(COMPONENT DEBIAN-PACKAGE...): a macro, so that what Qt's config sets stays visible.
macro(om_require_qt component)
  find_package(Qt6 6.4 QUIET COMPONENTS ${component})
  if(NOT Qt6${component}_FOUND)
    string(REPLACE ";" " " _om_packages "${ARGN}")
    message(FATAL_ERROR "Qt6${component} (Qt 6.4 or newer) was not found. On Debian 12 install it with:\n"
                        "  apt-get install ${_om_packages}\n(scripts/bootstrap installs everything the build needs.)")
  endif()
endmacro()

om_require_qt(Core qt6-base-dev)
om_require_qt(Gui qt6-base-dev)
om_require_qt(Widgets qt6-base-dev)
om_require_qt(Sql qt6-base-dev)
om_require_qt(Network qt6-base-dev)
om_require_qt(Test qt6-base-dev)
# The desktop's light or dark preference is read from the XDG settings portal over D-Bus.
om_require_qt(DBus qt6-base-dev)
# Qt6Charts' CMake package loads Qt6OpenGL's; ask for it first so that the message names its package.
om_require_qt(OpenGL libqt6opengl6-dev)
om_require_qt(Charts qt6-charts-dev)
# Qt6LinguistTools' config also requires /usr/lib/qt6/bin/lrelease, from qt6-l10n-tools.
om_require_qt(LinguistTools qt6-tools-dev qt6-l10n-tools)

find_package(PkgConfig QUIET)
if(NOT PKG_CONFIG_FOUND)
  message(FATAL_ERROR "pkg-config was not found. On Debian 12 install it with:\n  apt-get install pkg-config")
endif()
# Debian's libpqxx 6.4 ships only a pkg-config file.
pkg_check_modules(PQXX QUIET IMPORTED_TARGET libpqxx)
if(NOT PQXX_FOUND)
  message(FATAL_ERROR "libpqxx (pkg-config module libpqxx) was not found. On Debian 12 install it with:\n"
                      "  apt-get install libpqxx-dev")
endif()
# PgSession calls libpq itself for what libpqxx 6.4 does not wrap (the cancel handle, PQgetCancel).
pkg_check_modules(PQ QUIET IMPORTED_TARGET libpq)
if(NOT PQ_FOUND)
  message(FATAL_ERROR "libpq (pkg-config module libpq) was not found. On Debian 12 install it with:\n"
                      "  apt-get install libpq-dev")
endif()

# Optional: the OS keychain (qtkeychain) for remembered passwords. Without it the program builds
# and works the same, with passwords from .pgpass, a service file or the environment only.
find_package(Qt6Keychain CONFIG QUIET)
if(Qt6Keychain_FOUND)
  message(STATUS "OS keychain (qtkeychain): yes")
else()
  message(STATUS "OS keychain (qtkeychain): no (apt-get install qtkeychain-qt6-dev to remember passwords)")
endif()
