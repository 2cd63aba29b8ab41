#pragma once
// An allocator for the setup's large arrays (the mesh's soup, the tree): blocks of 2 MiB or
// more are whole huge pages, aligned to 2 MiB and marked for transparent huge pages, so the
// kernel maps them 2 MiB at a time. A 1M-triangle tree fills about 500 MB: with 4 KiB pages
// that is over 100,000 page faults while it is built, and a TLB miss on most node visits while
// it is queried. Where the kernel has no transparent huge pages the mark is ignored.
//
// The setup frees one large array shortly before it makes the next (the soup before the edge
// check, the centroids before the nodes), and fresh pages cost the kernel their zeroing and, for
// huge pages, often a compaction: so the last block freed is kept, and the next large array
// that fits in it takes it, cut to size. Only that one block is ever kept, and only until the
// next large array is made.
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace gougechek {

namespace huge_pages {
constexpr std::size_t kSize = std::size_t{2} << 20;
// Whether a freed block is kept for the next array. Not under AddressSanitizer: its allocator
// then makes the blocks, checks every access to them and sees them freed, and a block kept for
// reuse would hide a use after its array was freed.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kKeepsFreedBlock = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kKeepsFreedBlock = false;
#else
constexpr bool kKeepsFreedBlock = true;
#endif
#else
constexpr bool kKeepsFreedBlock = true;
#endif
/// A block of `bytes` (a multiple of kSize), aligned to kSize and marked for huge pages: the
/// block kept from the last give() if it is large enough, else a fresh mapping. Throws
/// std::bad_alloc when there is no memory.
void* take(std::size_t bytes);
/// Ends the use of a block from take(): it is kept for the next take(), and the block kept
/// before is unmapped.
void give(void* block, std::size_t bytes);
}  // namespace huge_pages

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHugePage = huge_pages::kSize;
  static std::size_t rounded(std::size_t bytes) {
    return (bytes + kHugePage - 1) / kHugePage * kHugePage;
  }

  HugePageAllocator() = default;
  template <class U>
  explicit HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) return std::allocator<T>().allocate(n);
    return static_cast<T*>(huge_pages::take(rounded(bytes)));
  }

  /// Elements made without a value are default-initialised, not zeroed: these arrays are
  /// filled right after they are sized, and the kernel zeroes fresh pages anyway, so a second
  /// zeroing pass over hundreds of megabytes would be wasted.
  template <class U>
  void construct(U* element) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(element)) U;
  }
  template <class U, class... Args>
  void construct(U* element, Args&&... args) {
    ::new (static_cast<void*>(element)) U(std::forward<Args>(args)...);
  }

  void deallocate(T* memory, std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage)
      std::allocator<T>().deallocate(memory, n);
    else
      huge_pages::give(memory, rounded(bytes));
  }

  friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) { return true; }
};

/// Marks for huge pages the whole 2 MiB pages inside `bytes` bytes at `data`: for a large
/// buffer allocated elsewhere (a public std::vector's, say), before it is first written.
inline void adviseHugePages(void* data, std::size_t bytes) {
  constexpr std::uintptr_t kHugePage = HugePageAllocator<char>::kHugePage;
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t first = (begin + kHugePage - 1) / kHugePage * kHugePage;
  const std::uintptr_t last = (begin + bytes) / kHugePage * kHugePage;
  if (first < last) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

/// A vector whose large blocks live on huge pages; resize() leaves elements of trivial types
/// uninitialised, for the caller to fill.
template <class T>
using HugePageVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace gougechek
