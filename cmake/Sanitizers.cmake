# GOUGECHEK_SANITIZE=ON instruments every target with AddressSanitizer and UBSan.
if(GOUGECHEK_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
# GOUGECHEK_TSAN=ON instruments every target with ThreadSanitizer (the tsan preset, which builds
# and runs only the tests that run threads), linked with a oneTBB instrumented too: Debian's
# libtbb is not, and ThreadSanitizer would take each hand-over of work between TBB's threads for
# a race (docs/testing.md#threadsanitizer). scripts/tsan-tbb.sh builds it from Debian's source
# package; the programs find it by their build RPATH, so no run can pick Debian's instead.
if(GOUGECHEK_TSAN)
  if(GOUGECHEK_SANITIZE)
    message(FATAL_ERROR "GOUGECHEK_TSAN and GOUGECHEK_SANITIZE exclude each other")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
  set(GOUGECHEK_TSAN_TBB "${CMAKE_SOURCE_DIR}/build/tsan-tbb/install" CACHE PATH
    "oneTBB built with ThreadSanitizer (scripts/tsan-tbb.sh)")
  if(NOT EXISTS "${GOUGECHEK_TSAN_TBB}/lib/cmake/TBB/TBBConfig.cmake")
    message(FATAL_ERROR "GOUGECHEK_TSAN needs oneTBB built with ThreadSanitizer in "
      "${GOUGECHEK_TSAN_TBB}: run scripts/tsan-tbb.sh first")
  endif()
  set(TBB_DIR "${GOUGECHEK_TSAN_TBB}/lib/cmake/TBB" CACHE PATH "oneTBB's CMake package" FORCE)
endif()
