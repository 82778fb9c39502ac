// What text is as far as ASCII goes (ASCIIText.kind), sixteen bytes a step in SSE2
// registers on x86-64 (every x86-64 processor has them; a short text padded to sixteen,
// the last block overlapping the one before), a byte a step elsewhere. In C because
// Swift's SIMD types compile some of these operations lane by lane.

#include "text_support.h"

#include <stddef.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>

// The lanes of `x` at most `top`, unsigned (SSE2 compares bytes as signed only).
static inline __m128i at_most(__m128i x, uint8_t top) {
  return _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8((char)top)), x);
}

// Letters (`| 0x20` folds A-Z onto a-z), 0-9 with : and ;, space, line feed, ' , and .
static inline int block_is_simple(__m128i block) {
  __m128i folded = _mm_or_si128(block, _mm_set1_epi8(0x20));
  __m128i letters = at_most(_mm_sub_epi8(folded, _mm_set1_epi8(0x61)), 25);
  __m128i digits = at_most(_mm_sub_epi8(block, _mm_set1_epi8(0x30)), 11);
  __m128i simple = _mm_or_si128(letters, digits);
  simple = _mm_or_si128(simple, _mm_cmpeq_epi8(block, _mm_set1_epi8(0x20)));
  simple = _mm_or_si128(simple, _mm_cmpeq_epi8(block, _mm_set1_epi8(0x0A)));
  simple = _mm_or_si128(simple, _mm_cmpeq_epi8(block, _mm_set1_epi8(0x27)));
  simple = _mm_or_si128(simple, _mm_cmpeq_epi8(block, _mm_set1_epi8(0x2C)));
  simple = _mm_or_si128(simple, _mm_cmpeq_epi8(block, _mm_set1_epi8(0x2E)));
  return _mm_movemask_epi8(simple) == 0xFFFF;
}

// 0x20-0x7E and line feed.
static inline int block_is_printable(__m128i block) {
  __m128i printable = at_most(_mm_sub_epi8(block, _mm_set1_epi8(0x20)), 0x5E);
  printable = _mm_or_si128(printable, _mm_cmpeq_epi8(block, _mm_set1_epi8(0x0A)));
  return _mm_movemask_epi8(printable) == 0xFFFF;
}
#endif

#if !defined(__SSE2__)
// Space, line feed, ' , . 0-9 : ; (bytes 0-63); letters of either case (64-127).
static const uint64_t simple_low = (1ull << 0x0A) | (1ull << 0x20) | (1ull << 0x27) |
                                   (1ull << 0x2C) | (1ull << 0x2E) | (0x03FFull << 0x30) |
                                   (1ull << 0x3A) | (1ull << 0x3B);
static const uint64_t simple_high = 0x07FFFFFE07FFFFFEull;

static inline int is_simple(uint8_t byte) {
  if (byte < 64) return (simple_low >> byte) & 1;
  if (byte < 128) return (simple_high >> (byte - 64)) & 1;
  return 0;
}

static inline int is_printable(uint8_t byte) {
  return byte == 0x0A || (uint8_t)(byte - 0x20) < 0x5F;
}
#endif

int masonry_ascii_kind(const uint8_t *bytes, size_t count, size_t *other_from) {
  int simple = 1;
  if (other_from) *other_from = 0;
#if defined(__SSE2__)
  if (count < 16) {
    // Short text (most captions) as one block padded with a simple byte, which changes
    // no answer.
    uint8_t padded[16];
    memset(padded, 'a', sizeof padded);
    if (count > 0) memcpy(padded, bytes, count);  // empty text may come as a null pointer
    __m128i block = _mm_loadu_si128((const __m128i *)padded);
    if (block_is_simple(block)) return 0;
    return block_is_printable(block) ? 1 : 2;
  }
  size_t index = 0;
  for (;;) {
    __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
    if (!(simple && block_is_simple(block))) {
      simple = 0;
      if (!block_is_printable(block)) {
        if (other_from) *other_from = index;
        return 2;
      }
    }
    if (index + 16 == count) break;
    // The last block ends at the text's end: the bytes it shares with the one before
    // were found simple (or printable) already, which it only finds again.
    index = index + 32 <= count ? index + 16 : count - 16;
  }
#else
  for (size_t index = 0; index < count; index++) {
    uint8_t byte = bytes[index];
    if (simple && is_simple(byte)) continue;
    simple = 0;
    if (!is_printable(byte)) {
      if (other_from) *other_from = index;
      return 2;
    }
  }
#endif
  return simple ? 0 : 1;
}
