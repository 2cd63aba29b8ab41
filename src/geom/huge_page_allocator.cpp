#include "geom/huge_page_allocator.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>

namespace gougechek::huge_pages {

namespace {

std::mutex kept_mutex;
void* kept = nullptr;
std::size_t kept_bytes = 0;

char* at(void* block, std::size_t offset) {
  return static_cast<char*>(block) + offset;
}

// Mapped with one huge page to spare, then cut back to huge-page boundaries at both ends.
void* mapFresh(std::size_t bytes) {
  void* mapped =
      mmap(nullptr, bytes + kSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<std::uintptr_t>(mapped);
  const std::size_t head = (kSize - start % kSize) % kSize;
  if (head > 0) munmap(mapped, head);
  munmap(at(mapped, head + bytes), kSize - head);
  void* block = at(mapped, head);
  madvise(block, bytes, MADV_HUGEPAGE);  // a hint; failure leaves ordinary pages
  return block;
}

}  // namespace

void* take(std::size_t bytes) {
  if (!kKeepsFreedBlock) {
    void* block = std::aligned_alloc(kSize, bytes);
    if (block == nullptr) throw std::bad_alloc();
    madvise(block, bytes, MADV_HUGEPAGE);
    return block;
  }
  {
    const std::lock_guard lock(kept_mutex);
    void* reused = kept;
    const std::size_t reused_bytes = kept_bytes;
    kept = nullptr;
    if (reused != nullptr && reused_bytes >= bytes) {
      if (reused_bytes > bytes) munmap(at(reused, bytes), reused_bytes - bytes);
      return reused;
    }
    // Too small: given back now, rather than held while a larger block is mapped.
    if (reused != nullptr) munmap(reused, reused_bytes);
  }
  return mapFresh(bytes);
}

void give(void* block, std::size_t bytes) {
  if (!kKeepsFreedBlock) {
    std::free(block);
    return;
  }
  const std::lock_guard lock(kept_mutex);
  if (kept != nullptr) munmap(kept, kept_bytes);
  kept = block;
  kept_bytes = bytes;
}

}  // namespace gougechek::huge_pages
