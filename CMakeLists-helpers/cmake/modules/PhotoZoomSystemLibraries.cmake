# The C libraries PhotoZoom imports, each as an INTERFACE target named as its system-library
# target in Package.swift (CSDL2, CGif, ...). Such a target puts the module's folder under
# Sources/ (its module.modulemap and shim.h) on Swift's -I path, hands the library's header
# folders and other C flags to clang with -Xcc, and links the library, all from pkg-config or a
# CMake find module: SwiftPM's own pkg-config handling plays no part.
include_guard(GLOBAL)

find_package(PkgConfig REQUIRED)

# photozoom_system_library(<name> PKG_CONFIG <module>...)
# photozoom_system_library(<name> FIND_PACKAGE <package>)   for a library without a .pc file;
#                                                           uses <package>_INCLUDE_DIRS and _LIBRARIES
# photozoom_system_library(<name> HEADER_ONLY)              static inline functions over libc: nothing to link
function(photozoom_system_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "HEADER_ONLY" "FIND_PACKAGE" "PKG_CONFIG")
  if(arg_PKG_CONFIG)
    pkg_check_modules(PhotoZoom_${name} REQUIRED ${arg_PKG_CONFIG})
    set(include_dirs ${PhotoZoom_${name}_INCLUDE_DIRS})
    set(c_flags ${PhotoZoom_${name}_CFLAGS_OTHER})
    set(libraries ${PhotoZoom_${name}_LINK_LIBRARIES})
  elseif(arg_FIND_PACKAGE)
    find_package(${arg_FIND_PACKAGE} REQUIRED)
    set(include_dirs ${${arg_FIND_PACKAGE}_INCLUDE_DIRS})
    set(c_flags)
    set(libraries ${${arg_FIND_PACKAGE}_LIBRARIES})
  elseif(arg_HEADER_ONLY)
    set(include_dirs)
    set(c_flags)
    set(libraries)
  else()
    message(FATAL_ERROR "photozoom_system_library(${name}): give PKG_CONFIG, FIND_PACKAGE or HEADER_ONLY")
  endif()

  set(module_dir ${PhotoZoom_PACKAGE_DIR}/Sources/${name})
  if(NOT EXISTS ${module_dir}/module.modulemap)
    message(FATAL_ERROR "photozoom_system_library(${name}): no ${module_dir}/module.modulemap")
  endif()

  add_library(${name} INTERFACE)
  target_include_directories(${name} INTERFACE ${module_dir})
  # Not the compiler's own folders (FindGIF's /usr/include): an -I there reorders clang's.
  list(REMOVE_ITEM include_dirs ${CMAKE_C_IMPLICIT_INCLUDE_DIRECTORIES})
  foreach(dir IN LISTS include_dirs)
    target_compile_options(${name} INTERFACE "SHELL:-Xcc -I${dir}")
  endforeach()
  foreach(flag IN LISTS c_flags)
    target_compile_options(${name} INTERFACE "SHELL:-Xcc ${flag}")
  endforeach()
  target_link_libraries(${name} INTERFACE ${libraries})
  # An installed PhotoZoomSDL module imports these: they go where a consumer can put them on -I.
  install(FILES ${module_dir}/module.modulemap ${module_dir}/shim.h
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${name})
  set_property(GLOBAL APPEND PROPERTY PhotoZoom_EXPORTS ${name})
endfunction()
