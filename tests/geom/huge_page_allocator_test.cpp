// The large arrays' allocator: blocks of whole, aligned huge pages, and the one freed block
// kept for the next array that fits in it, cut to its size.
#include "geom/huge_page_allocator.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cerrno>
#include <cstdint>
#include <numeric>

namespace gougechek {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

// Whether [block + offset, + bytes) is mapped: msync fails with ENOMEM on unmapped pages.
bool mapped(void* block, std::size_t offset, std::size_t bytes) {
  errno = 0;
  return msync(static_cast<char*>(block) + offset, bytes, MS_ASYNC) == 0;
}

TEST(HugePageVector, LargeArraysAreAlignedToHugePagesAndHoldTheirValues) {
  HugePageVector<std::uint32_t> values(3 * kMiB);  // 12 MiB
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(values.data()) % huge_pages::kSize, 0u);
  std::iota(values.begin(), values.end(), 0u);
  EXPECT_EQ(values[3 * kMiB - 1], 3 * kMiB - 1);
  HugePageVector<std::uint32_t> small(10, 7);  // below a huge page: the ordinary allocator
  EXPECT_EQ(small[9], 7u);
}

TEST(HugePages, AFreedBlockGoesToTheNextArrayThatFitsCutToItsSize) {
  if (!huge_pages::kKeepsFreedBlock)
    GTEST_SKIP() << "AddressSanitizer's allocator makes the blocks";
  void* first = huge_pages::take(8 * kMiB);
  static_cast<char*>(first)[8 * kMiB - 1] = 1;
  huge_pages::give(first, 8 * kMiB);
  void* second = huge_pages::take(4 * kMiB);
  EXPECT_EQ(second, first) << "the freed block is taken again";
  EXPECT_TRUE(mapped(second, 0, 4 * kMiB));
  EXPECT_FALSE(mapped(second, 4 * kMiB, 4 * kMiB))
      << "what the new array does not need is unmapped";
  huge_pages::give(second, 4 * kMiB);
  // Too small for the next array: that one is mapped afresh.
  void* third = huge_pages::take(16 * kMiB);
  EXPECT_NE(third, second);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(third) % huge_pages::kSize, 0u);
  EXPECT_TRUE(mapped(third, 0, 16 * kMiB));
  static_cast<char*>(third)[16 * kMiB - 1] = 1;
  huge_pages::give(third, 16 * kMiB);
}

}  // namespace
}  // namespace gougechek
