# SPDX-License-Identifier: GPL-3.0-or-later
# `cmake --install` lays the program out where Debian expects it (FHS under the prefix):
#   bin/outbox-monitor
#   share/outbox-monitor/{translations/*.qm, profiles/*.json, sql/}   found by the binary relative to
#                                                                       itself (app/cli/installpaths.cpp)
#   share/applications/outbox-monitor.desktop, share/icons/hicolor/scalable/apps/outbox-monitor.svg,
#   share/metainfo/outbox-monitor.metainfo.xml, share/man/man1/outbox-monitor.1.gz,
#   share/doc/outbox-monitor/{copyright, changelog.gz, *.md, audit-enforcement.txt, screenshots/}
#                            the manual: Help → User guide opens user-guide.md from here
#                            (core/common/userguide)
# Included from the top CMakeLists.txt after qt_add_translations() (it installs the .qm files that
# call generates next to it).
include(GNUInstallDirs)

set(OM_DATA_DIR ${CMAKE_INSTALL_DATADIR}/outbox-monitor)
set(OM_PACKAGING_DIR ${CMAKE_SOURCE_DIR}/packaging)

install(TARGETS outbox-monitor RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Translations: the same .qm files that are embedded (the embedded ones are the fallback).
foreach(ts ${OM_TS_FILES})
  get_filename_component(qm_name ${ts} NAME_WE)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${qm_name}.qm DESTINATION ${OM_DATA_DIR}/translations)
endforeach()

install(DIRECTORY ${CMAKE_SOURCE_DIR}/resources/profiles/ DESTINATION ${OM_DATA_DIR}/profiles
        FILES_MATCHING PATTERN "*.json")
# The admin kit (install.sql and the kit/ files it includes); the demo's seed ports and data stay
# out (a user's own table gets its kit from `outbox-monitor --print-kit`).
install(DIRECTORY ${CMAKE_SOURCE_DIR}/resources/sql/ DESTINATION ${OM_DATA_DIR}/sql
        PATTERN "demo" EXCLUDE PATTERN "seed*.sql" EXCLUDE)

install(FILES ${OM_PACKAGING_DIR}/outbox-monitor.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${OM_PACKAGING_DIR}/outbox-monitor.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

# Files that carry the version, then the ones Debian wants compressed (gzip -9n: no name, no time).
set(OM_GEN_DIR ${CMAKE_CURRENT_BINARY_DIR}/packaging)
configure_file(${OM_PACKAGING_DIR}/outbox-monitor.metainfo.xml ${OM_GEN_DIR}/outbox-monitor.metainfo.xml @ONLY)
configure_file(${OM_PACKAGING_DIR}/outbox-monitor.1 ${OM_GEN_DIR}/outbox-monitor.1 @ONLY)
configure_file(${OM_PACKAGING_DIR}/changelog.Debian ${OM_GEN_DIR}/changelog.Debian @ONLY)
install(FILES ${OM_GEN_DIR}/outbox-monitor.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

find_program(OM_GZIP gzip REQUIRED)
set(OM_GZIPPED)
foreach(name outbox-monitor.1 changelog.Debian)
  add_custom_command(OUTPUT ${OM_GEN_DIR}/${name}.gz
                     COMMAND ${OM_GZIP} -9nkf ${OM_GEN_DIR}/${name}
                     DEPENDS ${OM_GEN_DIR}/${name} VERBATIM)
  list(APPEND OM_GZIPPED ${OM_GEN_DIR}/${name}.gz)
endforeach()
add_custom_target(om_packaging_files ALL DEPENDS ${OM_GZIPPED})
install(FILES ${OM_GEN_DIR}/outbox-monitor.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
# Named for the package, not the CMake project (CMAKE_INSTALL_DOCDIR would say OutboxMonitor). The
# version has no Debian revision, so Debian calls it native and wants changelog.gz, not changelog.Debian.gz.
install(FILES ${OM_PACKAGING_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/outbox-monitor)
install(FILES ${OM_GEN_DIR}/changelog.Debian.gz DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/outbox-monitor
        RENAME changelog.gz)

# The manual: docs/*.md (the user guide and the guides beside it, which link to one another) and the
# screenshots they show, with the same relative paths, so that the installed user guide reads as the
# source tree's does. Only the pictures a page links to are installed: the pages are read here, and
# CMake reads them again when one changes. (The links are matched without their "]": CMake's lists
# do not split inside unbalanced square brackets.)
set(OM_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/outbox-monitor)
file(GLOB OM_DOC_PAGES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/*.md)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${OM_DOC_PAGES})
install(FILES ${OM_DOC_PAGES} ${CMAKE_SOURCE_DIR}/docs/audit-enforcement.txt DESTINATION ${OM_DOC_DIR})
set(OM_DOC_PICTURES)
foreach(page ${OM_DOC_PAGES})
  file(STRINGS ${page} lines REGEX "\\(screenshots/[^)]+\\.png\\)")
  foreach(line IN LISTS lines)
    string(REGEX MATCHALL "\\(screenshots/[^)]+\\.png\\)" links "${line}")
    foreach(link IN LISTS links)
      string(REGEX REPLACE "^\\((.*)\\)$" "\\1" picture "${link}")
      list(APPEND OM_DOC_PICTURES ${picture})
    endforeach()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES OM_DOC_PICTURES)
foreach(picture IN LISTS OM_DOC_PICTURES)
  if(NOT EXISTS ${CMAKE_SOURCE_DIR}/docs/${picture})
    message(FATAL_ERROR "docs/ links to ${picture}, which is not there")
  endif()
  get_filename_component(folder ${picture} DIRECTORY)
  install(FILES ${CMAKE_SOURCE_DIR}/docs/${picture} DESTINATION ${OM_DOC_DIR}/${folder})
endforeach()
