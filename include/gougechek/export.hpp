#pragma once
// GOUGECHEK_API marks the declarations the shared libraries export: the public API of
// include/gougechek/, nothing else. The libraries are built with every other symbol hidden
// (CMake's CXX_VISIBILITY_PRESET hidden and VISIBILITY_INLINES_HIDDEN), so the internal
// modules under src/ stay internal, and tests/package/exported_symbols.py checks the export
// table against these headers. Compiled into a program or a static library it changes nothing.

#if defined(__GNUC__) || defined(__clang__)
/// Exported from libgougechek.so or libgougechek_step.so.
#define GOUGECHEK_API __attribute__((visibility("default")))
#else
#define GOUGECHEK_API
#endif
