# How PhotoZoom compiles and installs its Swift modules.
include_guard(GLOBAL)

# The triple a .swiftmodule is named by inside its <Module>.swiftmodule folder, so that an
# installed module is found by `import`. The compiler says which it is.
if(NOT Swift_MODULE_TRIPLE)
  set(_photozoom_target_info_command ${CMAKE_Swift_COMPILER} -print-target-info)
  if(CMAKE_Swift_COMPILER_TARGET)
    list(APPEND _photozoom_target_info_command -target ${CMAKE_Swift_COMPILER_TARGET})
  endif()
  execute_process(COMMAND ${_photozoom_target_info_command}
    OUTPUT_VARIABLE _photozoom_target_info
    RESULT_VARIABLE _photozoom_target_info_result)
  if(NOT _photozoom_target_info_result EQUAL 0)
    message(FATAL_ERROR "${CMAKE_Swift_COMPILER} -print-target-info failed")
  endif()
  string(JSON _photozoom_module_triple GET "${_photozoom_target_info}" target moduleTriple)
  set(Swift_MODULE_TRIPLE ${_photozoom_module_triple} CACHE STRING
    "The triple installed .swiftmodule files are named by")
  mark_as_advanced(Swift_MODULE_TRIPLE)
endif()

# The folder under lib/ that Swift's own libraries use on this system: swift_static/linux on Linux.
if(CMAKE_SYSTEM_NAME STREQUAL Darwin)
  set(PhotoZoom_SWIFT_OS macosx)
else()
  string(TOLOWER ${CMAKE_SYSTEM_NAME} PhotoZoom_SWIFT_OS)
endif()

# Every Swift compile of this build, argument-parser's too: clang's module cache inside the build
# folder rather than the user's, and whole-module optimisation in Release, as `swift build -c release`.
add_compile_options(
  "$<$<COMPILE_LANGUAGE:Swift>:SHELL:-module-cache-path ${CMAKE_BINARY_DIR}/module-cache>"
  "$<$<AND:$<COMPILE_LANGUAGE:Swift>,$<CONFIG:Release>>:-wmo>")

# What each of PhotoZoom's Swift targets shares: Swift 5 language mode (Package.swift's tools
# version is 5.10); one package name, as SwiftPM gives the targets of a package (so `package`
# declarations and retroactive conformances between them behave as there); and the module
# folder on the -I path of whatever links it.
function(photozoom_swift_target target)
  set_target_properties(${target} PROPERTIES
    Swift_LANGUAGE_VERSION 5
    INTERFACE_INCLUDE_DIRECTORIES ${CMAKE_Swift_MODULE_DIRECTORY})
  target_compile_options(${target} PRIVATE "SHELL:-package-name PhotoZoom")
endfunction()

# Installs a static Swift library, and its module laid out as the toolchain lays out its own
# static modules: lib/swift_static/<os>/<Module>.swiftmodule/<triple>.swiftmodule, which
# `import <Module>` finds with that lib/swift_static/<os> on the -I path.
function(photozoom_install_swift_library target)
  install(TARGETS ${target} ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  set(module_dir ${CMAKE_INSTALL_LIBDIR}/swift_static/${PhotoZoom_SWIFT_OS}/${target}.swiftmodule)
  foreach(ext swiftmodule swiftdoc)
    install(FILES ${CMAKE_Swift_MODULE_DIRECTORY}/${target}.${ext}
      DESTINATION ${module_dir}
      RENAME ${Swift_MODULE_TRIPLE}.${ext})
  endforeach()
endfunction()
