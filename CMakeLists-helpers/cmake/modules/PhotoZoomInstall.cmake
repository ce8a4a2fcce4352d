# Where the executable and its assets go.
#
# photozoom finds assets/ (photos, font) by walking up from its own executable's folder, the
# path it was started by with symlinks resolved, or else in the working directory
# (PhotoFolder.assetPath). So, installed, the real executable and assets/ sit side by side in
# <prefix>/libexec/photozoom, and <prefix>/bin/photozoom is a two-line script that starts it by
# its full path: found on PATH, a program's own argv[0] holds no folder to walk up from.
#
# In the build folder, bin/assets is a link to the package's assets/, so a build folder
# anywhere runs as `swift build`'s does.
include_guard(GLOBAL)

set(PhotoZoom_INSTALL_APPDIR ${CMAKE_INSTALL_LIBEXECDIR}/photozoom CACHE STRING
  "Where the photozoom executable and its assets/ are installed, under the prefix")

function(photozoom_install_app target)
  set(assets ${PhotoZoom_PACKAGE_DIR}/assets)
  file(MAKE_DIRECTORY ${CMAKE_RUNTIME_OUTPUT_DIRECTORY})
  file(CREATE_LINK ${assets} ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/assets SYMBOLIC)

  install(TARGETS ${target} RUNTIME DESTINATION ${PhotoZoom_INSTALL_APPDIR})
  # What the executable reads (the photos and the font) and the tuning defaults with their
  # schema; not the README's pictures.
  install(DIRECTORY ${assets}/photos ${assets}/fonts DESTINATION ${PhotoZoom_INSTALL_APPDIR}/assets)
  install(FILES ${assets}/tuning.json ${assets}/tuning.schema.json DESTINATION ${PhotoZoom_INSTALL_APPDIR}/assets)

  file(RELATIVE_PATH to_app /${CMAKE_INSTALL_BINDIR} /${PhotoZoom_INSTALL_APPDIR})
  set(launcher ${CMAKE_CURRENT_BINARY_DIR}/${target}-launcher.sh)
  file(CONFIGURE OUTPUT ${launcher} @ONLY CONTENT [=[#!/bin/sh
# Starts @target@ by its full path, so that it finds the assets/ beside it.
exec "$(dirname "$(readlink -f "$0")")/@to_app@/@target@" "$@"
]=])
  install(PROGRAMS ${launcher} DESTINATION ${CMAKE_INSTALL_BINDIR} RENAME ${target})
endfunction()
