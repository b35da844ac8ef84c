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
  file(MAKE_DIRECTORY ${root})
  file(CREATE_LINK ${dir} ${root}/${prefix} SYMBOLIC)
  target_include_directories(${target} ${visibility} ${root})
endfunction()
