# GOUGECHEK_SANITIZE=ON instruments every target with AddressSanitizer and UBSan.
if(GOUGECHEK_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
