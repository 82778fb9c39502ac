// Byte scans for the card parser, sixteen bytes a step in SSE2 registers (every x86-64
// processor has them), a byte at a time elsewhere. In C because Swift's SIMD types
// compile some of these operations lane by lane, and give no mask of the lanes.

#include "byte_scan.h"
#include <string.h>

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

// UTF-8, a sequence at a time: ASCII eight bytes a step, then each sequence's lead and
// continuation bytes checked against the ranges of the Unicode standard's table 3-7.
static int utf8_valid_scalar(const uint8_t *bytes, size_t count) {
  size_t index = 0;
  while (index < count) {
    if (index + 8 <= count) {
      uint64_t word;
      memcpy(&word, bytes + index, 8);
      if ((word & 0x8080808080808080ull) == 0) {
        index += 8;
        continue;
      }
    }
    uint8_t lead = bytes[index];
    if (lead < 0x80) {
      index++;
      continue;
    }
    size_t length;
    uint8_t low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return 0;
    }
    if (count - index < length) return 0;
    if (bytes[index + 1] < low || bytes[index + 1] > high) return 0;
    for (size_t offset = 2; offset < length; offset++) {
      if ((bytes[index + offset] & 0xC0) != 0x80) return 0;
    }
    index += length;
  }
  return 1;
}

#if defined(__x86_64__)
#include <tmmintrin.h>

// The "lookup" algorithm of Keiser and Lemire ("Validating UTF-8 in less than one
// instruction per byte", 2021; simdjson's and simdutf's): each byte with the one before
// it is classified by three table lookups of their nibbles, whose AND is non-zero for a
// pair no well-formed text has (a lead without its continuation, a continuation without
// a lead, overlong forms, surrogates, values above U+10FFFF); a continuation two or three
// bytes after a lead of three or four bytes is expected from those leads.
enum {
  TOO_SHORT = 1 << 0,  // 11______ 0_______ or 11______ 11______
  TOO_LONG = 1 << 1,   // 0_______ 10______
  OVERLONG_3 = 1 << 2, // 11100000 100_____
  TOO_LARGE = 1 << 3,  // 11110100 1001____, 11110100 101_____, 11110101-11111111 10______
  SURROGATE = 1 << 4,  // 11101101 101_____
  OVERLONG_2 = 1 << 5, // 1100000_ 10______
  TOO_LARGE_1000 = 1 << 6, // 11110101-11111111 1000____
  OVERLONG_4 = 1 << 6, // 11110000 1000____
  TWO_CONTS = 1 << 7,  // 10______ 10______ (allowed where a longer sequence continues)
  CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS,
};

// The three tables, by the nibble looked up (bytes, loaded into registers at each use:
// the compiler keeps them in registers across a loop).
#define LARGE (CARRY | TOO_LARGE | TOO_LARGE_1000)
static const uint8_t byte_1_high_bytes[16] = {
    TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
    TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS, TOO_SHORT | OVERLONG_2, TOO_SHORT,
    TOO_SHORT | OVERLONG_3 | SURROGATE, TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4};
// (Lanes 5 to 15 alike but for D: 1110_1101 is ED, whose 101_____ are surrogates.)
static const uint8_t byte_1_low_bytes[16] = {
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY,
    CARRY | TOO_LARGE, LARGE, LARGE, LARGE, LARGE, LARGE, LARGE, LARGE, LARGE,
    LARGE | SURROGATE, LARGE, LARGE};
static const uint8_t byte_2_high_bytes[16] = {
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, TOO_SHORT, TOO_SHORT, TOO_SHORT,
    TOO_SHORT};
#undef LARGE

__attribute__((target("ssse3"))) static inline __m128i
utf8_block_errors(__m128i input, __m128i previous) {
  const __m128i nibble = _mm_set1_epi8(0x0F);
  const __m128i byte_1_high_table = _mm_loadu_si128((const __m128i *)byte_1_high_bytes);
  const __m128i byte_1_low_table = _mm_loadu_si128((const __m128i *)byte_1_low_bytes);
  const __m128i byte_2_high_table = _mm_loadu_si128((const __m128i *)byte_2_high_bytes);
  // Lane i of prevN is the byte N places before lane i of input.
  __m128i prev1 = _mm_alignr_epi8(input, previous, 15);
  __m128i byte_1_high =
      _mm_shuffle_epi8(byte_1_high_table, _mm_and_si128(_mm_srli_epi16(prev1, 4), nibble));
  __m128i byte_1_low = _mm_shuffle_epi8(byte_1_low_table, _mm_and_si128(prev1, nibble));
  __m128i byte_2_high =
      _mm_shuffle_epi8(byte_2_high_table, _mm_and_si128(_mm_srli_epi16(input, 4), nibble));
  __m128i special = _mm_and_si128(_mm_and_si128(byte_1_high, byte_1_low), byte_2_high);
  // 0x80 or more only after a lead of three (two back) or four bytes (three back).
  __m128i third = _mm_subs_epu8(_mm_alignr_epi8(input, previous, 14), _mm_set1_epi8(0xE0 - 0x80));
  __m128i fourth = _mm_subs_epu8(_mm_alignr_epi8(input, previous, 13), _mm_set1_epi8(0xF0 - 0x80));
  __m128i expected = _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8((char)0x80));
  return _mm_xor_si128(expected, special);
}

__attribute__((target("ssse3"))) static int utf8_valid_ssse3(const uint8_t *bytes, size_t count) {
  // Non-zero in a lane of a block's last three whose lead needs more bytes than are left.
  const __m128i last_leads = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                           (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
  __m128i errors = _mm_setzero_si128();
  __m128i previous = _mm_setzero_si128();
  __m128i incomplete = _mm_setzero_si128();
  size_t index = 0;
  for (;;) {
    __m128i input;
    int last = index + 16 > count;
    if (last) {
      // The rest (perhaps nothing) padded with zeros: ASCII, which ends any sequence, so
      // one cut short at the end is an error within this block.
      uint8_t padded[16] = {0};
      memcpy(padded, bytes + index, count - index);
      input = _mm_loadu_si128((const __m128i *)padded);
    } else {
      input = _mm_loadu_si128((const __m128i *)(bytes + index));
    }
    if (_mm_movemask_epi8(input) == 0) {
      // ASCII: an error only if the block before ended inside a sequence.
      errors = _mm_or_si128(errors, incomplete);
      incomplete = _mm_setzero_si128();
    } else {
      errors = _mm_or_si128(errors, utf8_block_errors(input, previous));
      incomplete = _mm_subs_epu8(input, last_leads);
    }
    previous = input;
    if (last) break;
    index += 16;
  }
  return _mm_movemask_epi8(_mm_cmpeq_epi8(errors, _mm_setzero_si128())) == 0xFFFF;
}
#endif

int masonry_utf8_valid(const uint8_t *bytes, size_t count) {
#if defined(__x86_64__)
  if (__builtin_cpu_supports("ssse3")) return utf8_valid_ssse3(bytes, count);
#endif
  return utf8_valid_scalar(bytes, count);
}
