# swift-argument-parser, built by its own CMake build from the same source SwiftPM builds:
# Package.swift's URL at the revision SwiftPM pinned in Package.resolved (git may map the URL
# to a local copy). Without a Package.resolved (`swift package resolve` writes one) it takes the
# tag below. -DFETCHCONTENT_SOURCE_DIR_ARGUMENTPARSER=<dir> builds a checkout you already have
# instead, e.g. SwiftPM's own: .build/checkouts/swift-argument-parser.
include_guard(GLOBAL)
include(FetchContent)

set(PhotoZoom_ARGUMENT_PARSER_URL https://github.com/apple/swift-argument-parser)
set(PhotoZoom_ARGUMENT_PARSER_TAG 1.8.2 CACHE STRING
  "swift-argument-parser's tag when there is no Package.resolved to take the revision from")

function(_photozoom_argument_parser_revision out_var)
  set(resolved ${PhotoZoom_PACKAGE_DIR}/Package.resolved)
  set(${out_var} ${PhotoZoom_ARGUMENT_PARSER_TAG} PARENT_SCOPE)
  if(NOT EXISTS ${resolved})
    message(STATUS "swift-argument-parser: no Package.resolved, so tag ${PhotoZoom_ARGUMENT_PARSER_TAG}")
    return()
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${resolved})
  file(READ ${resolved} json)
  string(JSON count LENGTH "${json}" pins)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON identity GET "${json}" pins ${i} identity)
    if(identity STREQUAL "swift-argument-parser")
      string(JSON revision GET "${json}" pins ${i} state revision)
      string(JSON version ERROR_VARIABLE no_version GET "${json}" pins ${i} state version)
      message(STATUS "swift-argument-parser: ${version} (${revision}), as Package.resolved pins it")
      set(${out_var} ${revision} PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "${resolved} pins no swift-argument-parser")
endfunction()

function(_photozoom_add_argument_parser)
  _photozoom_argument_parser_revision(revision)
  FetchContent_Declare(ArgumentParser
    GIT_REPOSITORY ${PhotoZoom_ARGUMENT_PARSER_URL}
    GIT_TAG ${revision})
  FetchContent_GetProperties(ArgumentParser)
  if(argumentparser_POPULATED)
    return()
  endif()
  FetchContent_Populate(ArgumentParser)

  # Its library only, linked into photozoom statically as SwiftPM does: no tests, no examples.
  # (Set here, in this function's scope, they reach its CMakeLists and nothing else.)
  set(BUILD_TESTING NO)
  set(BUILD_EXAMPLES NO)
  set(BUILD_SHARED_LIBS NO)
  add_subdirectory(${argumentparser_SOURCE_DIR} ${argumentparser_BINARY_DIR})

  # Its CMake build lists its files by hand, and a release can add a file to the package before
  # the list (1.8.2 leaves out Parsable Properties/ParentCommand.swift). SwiftPM builds every
  # Swift file in the target's folder: so does this.
  foreach(target ArgumentParser ArgumentParserToolInfo)
    set(dir ${argumentparser_SOURCE_DIR}/Sources/${target})
    get_target_property(listed ${target} SOURCES)
    file(GLOB_RECURSE present RELATIVE ${dir} CONFIGURE_DEPENDS ${dir}/*.swift)
    foreach(file IN LISTS present)
      if(NOT file IN_LIST listed AND NOT ${dir}/${file} IN_LIST listed)
        message(STATUS "swift-argument-parser: ${target} also builds ${file}, which its CMakeLists leaves out")
        target_sources(${target} PRIVATE ${dir}/${file})
      endif()
    endforeach()
    # Compiled as SwiftPM compiles it: Swift 6 language mode (its tools version is 6.0), its
    # package's name, and a dependency's warnings left unsaid.
    set_target_properties(${target} PROPERTIES Swift_LANGUAGE_VERSION 6)
    target_compile_options(${target} PRIVATE -suppress-warnings "SHELL:-package-name swift_argument_parser")
  endforeach()
endfunction()

_photozoom_add_argument_parser()
