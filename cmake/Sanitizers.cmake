# GOUGECHEK_SANITIZE=ON instruments every target with AddressSanitizer and UBSan.
if(GOUGECHEK_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
# GOUGECHEK_TSAN=ON instruments every target with ThreadSanitizer (the tsan preset, which builds
# and runs only the tests that run threads). TBB stays Debian's uninstrumented library:
# docs/testing.md#threadsanitizer says what that means for the reports.
if(GOUGECHEK_TSAN)
  if(GOUGECHEK_SANITIZE)
    message(FATAL_ERROR "GOUGECHEK_TSAN and GOUGECHEK_SANITIZE exclude each other")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()
