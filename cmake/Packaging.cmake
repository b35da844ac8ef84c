# SPDX-License-Identifier: GPL-3.0-or-later
# CPack: a Debian package of what cmake/Install.cmake installs (scripts/package builds it).
# The shared-library dependencies are computed by dpkg-shlibdeps (dpkg-dev) from the binary, so they
# name the runtime packages of the machine that builds it; only what the binary loads as a plugin
# (invisible to dpkg-shlibdeps) is named by hand.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME outbox-monitor)
set(CPACK_PACKAGE_VENDOR "Outbox Monitor contributors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "watch and recover transactional-outbox tables in PostgreSQL")
# Debian wants the extended description in lines of at most 80 characters.
set(CPACK_PACKAGE_DESCRIPTION
    "Outbox Monitor shows on-call operators the state of a transactional-outbox\n"
    "table in PostgreSQL (counts per state, the oldest waiting message, stuck and\n"
    "near-max-retry messages, their history) and runs audited recovery actions:\n"
    "retry, cancel, recover stuck. Auditors use it read-only and write incident\n"
    "reports as PDF, also from the command line without a display.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)   # outbox-monitor_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "Outbox Monitor maintainers <maintainers@users.noreply.a-seed-546ca0df.example>")
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The history store opens SQLite through Qt's plugin: loaded at run time, so not computed.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite")
# Qt's own Japanese texts, and a font that has Japanese glyphs.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n, fonts-vlgothic | fonts-noto-cjk")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "postgresql-client")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# CPack's install step would otherwise first build everything (every test executable: the better
# part of the build time); scripts/package builds what the package holds itself.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
include(CPack)
