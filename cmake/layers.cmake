# SPDX-License-Identifier: GPL-3.0-or-later
# Layers the build enforces: each library sees only the include roots of what it links.
#
# Sources include one another with the layer as prefix ("pg/gateway.h", "core/triage/listquery.h").
# If the include root of both were app/, a pg file could still write #include "core/..." and
# compile. So each layer gets its own root in the build tree holding one entry, a link named after
# the prefix that points at the layer's folder: om_pg's root has only pg/, om_core's only core/.
# A target sees a root only through target_include_directories/target_link_libraries, so an
# include against the layering fails with "No such file or directory".

# Makes `prefix/...` includable for `target` (and, with PUBLIC, for what links it) from `dir`.
function(om_layer_include_root target visibility prefix dir)
  set(root ${CMAKE_BINARY_DIR}/layers/${target})
  get_filename_component(parent ${root}/${prefix} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  file(CREATE_LINK ${dir} ${root}/${prefix} SYMBOLIC)
  target_include_directories(${target} ${visibility} ${root})
endfunction()

# Tiers inside om_core, the same way: each part is a library whose root holds links for its own
# folders only (core/sql -> app/core/sql), so it sees its folders and those of the parts it links,
# and an include of a folder above it fails with "No such file or directory".
#   om_core_part(<name> FOLDERS <folder>... [LINKS <part>...])  defines om_core_<name>
# Parts are declared lowest first. What each folder may see is also written to
# <build>/layers/core-tiers.txt ("folder: seen folders"), which tests/checks/tiers.sh reads to
# name an upward include in words before the compiler does.
function(om_core_part name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "" "FOLDERS;LINKS")
  set(target om_core_${name})
  set(sources)
  foreach(folder IN LISTS ARG_FOLDERS)
    file(GLOB found CONFIGURE_DEPENDS ${OM_CORE_DIR}/${folder}/*.cpp ${OM_CORE_DIR}/${folder}/*.h)
    list(APPEND sources ${found})
  endforeach()
  qt_add_library(${target} STATIC ${sources})
  # Every part may run jobs on the Gateway, none passes pg/ on: PRIVATE keeps its include root
  # from what links the part (ui above all), while the static library's link still reaches it.
  target_link_libraries(${target} PRIVATE om_pg)
  set(sees ${ARG_FOLDERS})
  foreach(folder IN LISTS ARG_FOLDERS)
    om_layer_include_root(${target} PUBLIC core/${folder} ${OM_CORE_DIR}/${folder})
  endforeach()
  foreach(part IN LISTS ARG_LINKS)
    if(NOT TARGET om_core_${part})
      message(FATAL_ERROR "om_core_part(${name}): links ${part}, which is not declared below it")
    endif()
    target_link_libraries(${target} PUBLIC om_core_${part})
    get_property(below GLOBAL PROPERTY OM_CORE_SEES_${part})
    list(APPEND sees ${below})
  endforeach()
  list(REMOVE_DUPLICATES sees)
  set_property(GLOBAL PROPERTY OM_CORE_SEES_${name} ${sees})
  set_property(GLOBAL APPEND PROPERTY OM_CORE_PARTS ${target})
  foreach(folder IN LISTS ARG_FOLDERS)
    list(JOIN sees " " seen)
    set_property(GLOBAL APPEND PROPERTY OM_CORE_TIER_LINES "${folder}: ${seen}")
  endforeach()
endfunction()

# om_core: every part, for what sits above core (ui, the executable, tests); writes the tier table.
function(om_core_finish)
  get_property(parts GLOBAL PROPERTY OM_CORE_PARTS)
  add_library(om_core INTERFACE)
  target_link_libraries(om_core INTERFACE ${parts})
  get_property(lines GLOBAL PROPERTY OM_CORE_TIER_LINES)
  list(JOIN lines "\n" text)
  file(WRITE ${CMAKE_BINARY_DIR}/layers/core-tiers.txt "${text}\n")
endfunction()
