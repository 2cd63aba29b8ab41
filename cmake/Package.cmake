# The public libraries and how they install (issue 10):
#   gougechek::core  libgougechek.so: STL parts, programs, tools, verify(), reports, the job
#                    layer. No OCCT. src/core/, src/job/ and the internal modules they call.
#   gougechek::step  libgougechek_step.so: adds STEP/IGES parts (gougechek/step.hpp).
#                    src/step/ and src/io/'s door to OCCT, with the src/io/ and src/geom/ code
#                    they call; gougechek::core through its public API.
# Shared libraries, so a consumer sees only include/gougechek/ and links neither the internal
# modules nor TBB; OCCT and TBB are private. Each exports only its part of the public API
# (symbols hidden by default, GOUGECHEK_API, and exports.map for what is linked in).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(GOUGECHEK_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/gougechek)

# Links every object of the static `archives` into the shared `target` (a shared library only
# takes the archive members something in it calls, and a consumer may call any public one).
function(gougechek_whole_archives target)
  set(files)
  foreach(archive ${ARGN})
    list(APPEND files "$<TARGET_FILE:${archive}>")
    add_dependencies(${target} ${archive})
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "$<TARGET_FILE:${archive}>")
  endforeach()
  # One option: CMake would merge repeated --whole-archive flags into one.
  list(JOIN files "," joined)
  target_link_options(${target} PRIVATE "LINKER:--whole-archive,${joined},--no-whole-archive")
endfunction()

# A shared library made of the whole MODULES (their archives; no sources of its own), named
# gougechek::`export_name`, lib`output_name`.so, on the public libraries PUBLIC_DEPS. These come
# first on the link line: the public functions the modules call bind to them, and only the
# internal code the modules need comes from the archives (so nothing is exported twice).
set(gougechek_exports_map ${PROJECT_SOURCE_DIR}/cmake/exports.map)
file(WRITE ${PROJECT_BINARY_DIR}/generated/shared_library.cpp
  "// The shared libraries are made of the modules' archives (cmake/Package.cmake).\n")
function(gougechek_public_library target export_name output_name)
  cmake_parse_arguments(L "" "" "MODULES;PUBLIC_DEPS" ${ARGN})
  add_library(${target} SHARED ${PROJECT_BINARY_DIR}/generated/shared_library.cpp)
  gougechek_whole_archives(${target} ${L_MODULES})
  target_link_libraries(${target} PUBLIC ${L_PUBLIC_DEPS} PRIVATE ${L_MODULES})
  target_link_options(${target} PRIVATE "LINKER:--version-script=${gougechek_exports_map}")
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${gougechek_exports_map})
  gougechek_warnings(${target})
  # INSTALL_RPATH: gougechek::step finds gougechek::core beside itself wherever both are.
  set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN"
    EXPORT_NAME ${export_name} OUTPUT_NAME ${output_name}
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${target} PUBLIC cxx_std_20)
  add_library(gougechek::${export_name} ALIAS ${target})
endfunction()

gougechek_public_library(gougechek_shared_core core gougechek MODULES gougechek_job
  gougechek_core gougechek_fixture gougechek_geom gougechek_convex gougechek_bvh gougechek_io
  gougechek_gcode gougechek_tool gougechek_verify gougechek_stock gougechek_report
  gougechek_render)
target_link_libraries(gougechek_shared_core PRIVATE TBB::tbb OpenSSL::Crypto)

gougechek_public_library(gougechek_shared_step step gougechek_step
  MODULES gougechek_step gougechek_step_reader PUBLIC_DEPS gougechek_shared_core)
target_link_libraries(gougechek_shared_step PRIVATE gougechek::occt TBB::tbb)

install(TARGETS gougechek_shared_core gougechek_shared_step EXPORT gougechekTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT development
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/gougechek DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT development)
install(EXPORT gougechekTargets NAMESPACE gougechek:: DESTINATION ${GOUGECHEK_CMAKE_INSTALL_DIR}
  COMPONENT development)
configure_package_config_file(cmake/gougechekConfig.cmake.in
  ${PROJECT_BINARY_DIR}/gougechekConfig.cmake INSTALL_DESTINATION ${GOUGECHEK_CMAKE_INSTALL_DIR})
# 0.x: a minor version may change the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/gougechekConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/gougechekConfig.cmake
  ${PROJECT_BINARY_DIR}/gougechekConfigVersion.cmake
  DESTINATION ${GOUGECHEK_CMAKE_INSTALL_DIR} COMPONENT development)

# The pkg-config files name their prefix relative to themselves (${pcfiledir}), so that they
# hold wherever the tree is installed or moved: the path from their folder up to the prefix.
set(GOUGECHEK_PKGCONFIG_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH GOUGECHEK_PC_TO_PREFIX
  ${CMAKE_INSTALL_PREFIX}/${GOUGECHEK_PKGCONFIG_INSTALL_DIR} ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" GOUGECHEK_PC_TO_PREFIX "${GOUGECHEK_PC_TO_PREFIX}")
foreach(pc gougechek gougechek-step)
  configure_file(cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${GOUGECHEK_PKGCONFIG_INSTALL_DIR}
    COMPONENT development)
endforeach()

# The reference of docs/ (CLI, report format, checking rules, JSON Schema) goes with it.
if(EXISTS ${PROJECT_SOURCE_DIR}/docs)
  install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT runtime)
endif()
install(FILES README.md CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT runtime)
