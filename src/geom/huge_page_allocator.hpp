#pragma once
// An allocator for the tree's large arrays: blocks of 2 MiB or more are aligned to 2 MiB and
// marked for transparent huge pages, so the kernel maps them 2 MiB at a time. A 1M-triangle
// tree fills about 500 MB: with 4 KiB pages that is over 100,000 page faults while it is
// built, and a TLB miss on most node visits while it is queried. Where the kernel has no
// transparent huge pages the mark is ignored and this is plain aligned memory.
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace gougechek {

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  HugePageAllocator() = default;
  template <class U>
  explicit HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) return std::allocator<T>().allocate(n);
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* memory = std::aligned_alloc(kHugePage, rounded);
    if (memory == nullptr) throw std::bad_alloc();
    madvise(memory, rounded, MADV_HUGEPAGE);  // a hint; failure leaves ordinary pages
    return static_cast<T*>(memory);
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
    if (n * sizeof(T) < kHugePage)
      std::allocator<T>().deallocate(memory, n);
    else
      std::free(memory);
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
