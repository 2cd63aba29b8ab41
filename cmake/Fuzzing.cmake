# GOUGECHEK_FUZZ=ON instruments every target for libFuzzer's coverage feedback and with
# AddressSanitizer and UBSan; the harnesses of fuzz/ add libFuzzer's main when they link.
if(GOUGECHEK_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GOUGECHEK_FUZZ needs clang (libFuzzer): use the fuzz preset")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
