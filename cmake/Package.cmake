# The public libraries and how they install (issue 10):
#   gougechek::core  libgougechek.so: STL parts, programs, tools, verify(), reports, the job
#                    layer. No OCCT. src/core/, src/job/ and the whole internal modules.
#   gougechek::step  libgougechek_step.so: adds STEP/IGES parts (gougechek/step.hpp).
#                    src/step/ and src/io/'s door to OCCT.
# Shared libraries, so a consumer sees only include/gougechek/ and links neither the internal
# modules nor TBB; OCCT and TBB are private.
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

function(gougechek_public_library target export_name output_name)
  file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${export_name}/*.cpp)
  add_library(${target} SHARED ${sources})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/src)
  gougechek_warnings(${target})
  set_target_properties(${target} PROPERTIES
    EXPORT_NAME ${export_name} OUTPUT_NAME ${output_name}
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${target} PUBLIC cxx_std_20)
  add_library(gougechek::${export_name} ALIAS ${target})
endfunction()

set(core_modules gougechek_geom gougechek_convex gougechek_bvh gougechek_io gougechek_gcode
    gougechek_tool gougechek_verify gougechek_report gougechek_render)
gougechek_public_library(gougechek_core core gougechek)
# The job layer (gougechek/job.hpp): a check as every front end describes and runs it.
file(GLOB job_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/job/*.cpp)
target_sources(gougechek_core PRIVATE ${job_sources})
gougechek_whole_archives(gougechek_core ${core_modules})
target_link_libraries(gougechek_core PRIVATE ${core_modules} TBB::tbb OpenSSL::Crypto)
target_compile_definitions(gougechek_core PRIVATE GOUGECHEK_VERSION="${PROJECT_VERSION}")

gougechek_public_library(gougechek_step step gougechek_step)
gougechek_whole_archives(gougechek_step gougechek_step_reader)
target_link_libraries(gougechek_step PUBLIC gougechek_core PRIVATE gougechek::occt TBB::tbb)

# An executable or module next to the libraries finds them wherever the tree is installed.
file(RELATIVE_PATH GOUGECHEK_BIN_TO_LIB ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_LIBDIR})

install(TARGETS gougechek_core gougechek_step EXPORT gougechekTargets
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

foreach(pc gougechek gougechek-step)
  configure_file(cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
    COMPONENT development)
endforeach()

# The reference of docs/ (CLI, report format, checking rules, JSON Schema) goes with it.
if(EXISTS ${PROJECT_SOURCE_DIR}/docs)
  install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT runtime)
endif()
install(FILES README.md CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT runtime)
