# Warnings are errors in our own code: the build must stay clean under -Wall -Wextra.
function(gougechek_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Werror)
endfunction()
