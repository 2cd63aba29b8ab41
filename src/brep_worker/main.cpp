// gougechek-brep-worker: reads and tessellates one STEP or IGES part for gougechek, in a
// process of its own (src/io/brep_isolation.hpp says why). Not meant to be run by hand.
#include <atomic>
#include <cstddef>

#include "io/brep_isolation.hpp"

// Under a memory limit (ulimit -v) OpenCASCADE's mesher gives up on the faces whose
// allocations fail and goes on: the part would look damaged. Every allocation of this program
// goes through malloc, calloc or realloc (OCCT's allocator and operator new use them), so they
// note a failure here, delegating the work to glibc's own. Not under AddressSanitizer or
// ThreadSanitizer, whose malloc it is then (under ThreadSanitizer, an instrumented malloc here
// is called by the loader before the sanitizer's runtime has started: the worker crashed).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GOUGECHEK_SANITIZER_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define GOUGECHEK_SANITIZER_MALLOC 1
#endif
#endif

namespace {

std::atomic<bool> allocation_failed{false};

bool memoryRanOut() {
  return allocation_failed.load(std::memory_order_relaxed);
}

}  // namespace

#ifndef GOUGECHEK_SANITIZER_MALLOC
extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* pointer, std::size_t size);

static void* noted(void* pointer, std::size_t size) {
  if (pointer == nullptr && size != 0) allocation_failed.store(true, std::memory_order_relaxed);
  return pointer;
}

void* malloc(std::size_t size) {
  return noted(__libc_malloc(size), size);
}
void* calloc(std::size_t count, std::size_t size) {
  return noted(__libc_calloc(count, size), count * size);
}
void* realloc(void* pointer, std::size_t size) {
  return noted(__libc_realloc(pointer, size), size);
}
}
#endif

int main(int argc, char** argv) {
  return gougechek::runBrepWorker(argc, argv, memoryRanOut);
}
