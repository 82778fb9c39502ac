// Byte scans for the card parser, sixteen bytes a step in SSE2 registers (every x86-64
// processor has them), a byte at a time elsewhere. In C because Swift's SIMD types
// compile some of these operations lane by lane, and give no mask of the lanes.

#include "byte_scan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

size_t masonry_plain_run(const uint8_t *bytes, size_t start, size_t end) {
  size_t index = start;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i control = _mm_set1_epi8(0x1F);
  while (index + 16 <= end) {
    __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
    // Below 0x20: unchanged by an unsigned minimum with 0x1F.
    __m128i stops = _mm_cmpeq_epi8(_mm_min_epu8(block, control), block);
    stops = _mm_or_si128(stops, _mm_cmpeq_epi8(block, quote));
    stops = _mm_or_si128(stops, _mm_cmpeq_epi8(block, backslash));
    int mask = _mm_movemask_epi8(stops);
    if (mask != 0) return index + (size_t)__builtin_ctz((unsigned)mask);
    index += 16;
  }
#else
  while (index + 16 <= end) {
    for (size_t offset = 0; offset < 16; offset++) {
      uint8_t byte = bytes[index + offset];
      if (byte == '"' || byte == '\\' || byte < 0x20) return index + offset;
    }
    index += 16;
  }
#endif
  return index;
}
