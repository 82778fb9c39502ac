// Byte scans for the card parser, sixteen bytes a step in SSE2 registers (every x86-64
// processor has them), a byte at a time elsewhere. In C because Swift's SIMD types
// compile some of these operations lane by lane, and give no mask of the lanes.

#include "byte_scan.h"
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline __attribute__((always_inline)) size_t plain_run(
    const uint8_t *bytes, size_t start, size_t end) {
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

size_t masonry_plain_run(const uint8_t *bytes, size_t start, size_t end) {
  return plain_run(bytes, start, end);
}

// MARK: Flat card records

static inline int is_white(uint8_t byte) {
  return byte == ' ' || byte == '\n' || byte == '\r' || byte == '\t';
}

static inline size_t skip_white(const uint8_t *bytes, size_t index, size_t end) {
  while (index < end && is_white(bytes[index])) index++;
  return index;
}

// The string whose opening quote is at `index`: its bytes (`*start`, `*count`) and the
// index past its closing quote, or 0 when it has an escape or a control byte, or no end.
static inline __attribute__((always_inline)) size_t scan_string(
    const uint8_t *bytes, size_t index, size_t end, uint32_t *start, uint32_t *count) {
  size_t first = index + 1;
  size_t at = plain_run(bytes, first, end);
  while (at < end) {
    uint8_t byte = bytes[at];
    if (byte == '"') {
      *start = (uint32_t)first;
      *count = (uint32_t)(at - first);
      return at + 1;
    }
    if (byte == '\\' || byte < 0x20) return 0;
    at++;
  }
  return 0;
}

// The index past `word` (a literal: true, false, null) at `index`, or 0.
static inline size_t scan_literal(
    const uint8_t *bytes, size_t index, size_t end, const char *word, size_t length) {
  if (end - index < length || memcmp(bytes + index, word, length) != 0) return 0;
  return index + length;
}

static inline int is_digit(uint8_t byte) { return (uint8_t)(byte - '0') < 10; }

// The index past the number at `index` in JSON's grammar, or 0 (and for one with an
// exponent, or of 300 digits or more before its point, as the careful reader checks its
// range).
static size_t scan_number(const uint8_t *bytes, size_t index, size_t end) {
  if (bytes[index] == '-') index++;
  size_t first = index;
  while (index < end && is_digit(bytes[index])) index++;
  size_t digits = index - first;
  if (digits == 0 || digits >= 300 || (digits > 1 && bytes[first] == '0')) return 0;
  if (index < end && bytes[index] == '.') {
    size_t fraction = ++index;
    while (index < end && is_digit(bytes[index])) index++;
    if (index == fraction) return 0;
  }
  if (index < end && (bytes[index] == 'e' || bytes[index] == 'E')) return 0;
  return index;
}

// The index past the white space, the comma and the white space after a member of an
// object or array, or past its closing `close` (`*closed` set); 0 for anything else.
static inline __attribute__((always_inline)) size_t after_member(
    const uint8_t *bytes, size_t index, size_t end, uint8_t close, int *closed) {
  index = skip_white(bytes, index, end);
  if (index >= end) return 0;
  uint8_t next = bytes[index++];
  if (next == close) {
    *closed = 1;
    return index;
  }
  if (next != ',') return 0;
  return skip_white(bytes, index, end);
}

int masonry_scan_card(
    const uint8_t *bytes, size_t count, const masonry_card_keys *keys, masonry_card_fields *out) {
  const size_t end = count;
  uint32_t seen = 0;
  out->present = 0;
  out->tag_count = 0;
  size_t index = skip_white(bytes, 0, end);
  if (index >= end || bytes[index] != '{') return 0;
  index = skip_white(bytes, index + 1, end);
  for (;;) {
    if (index >= end || bytes[index] != '"') return 0;
    uint32_t key_start, key_count;
    index = scan_string(bytes, index, end, &key_start, &key_count);
    if (index == 0) return 0;
    int code = -1;
    if (key_count >= 1 && key_count <= 8) {
      uint64_t word = 0;
      if (key_start + 8 <= end) {
        // One load (the value follows the key, so eight bytes are there), masked.
        memcpy(&word, bytes + key_start, 8);
        word &= key_count == 8 ? ~0ull : (1ull << (8 * key_count)) - 1;
      } else {
        memcpy(&word, bytes + key_start, key_count);
      }
      unsigned slot = (unsigned)((word * keys->multiplier) >> 59);
      if (keys->lengths[slot] == key_count && keys->words[slot] == word) code = keys->codes[slot];
    }
    index = skip_white(bytes, index, end);
    if (index >= end || bytes[index] != ':') return 0;
    index = skip_white(bytes, index + 1, end);
    if (index >= end) return 0;
    uint8_t first = bytes[index];
    if (code >= 0) {
      // A field's key twice: the careful reader keeps the last.
      uint32_t bit = 1u << code;
      if (seen & bit) return 0;
      seen |= bit;
      if (code == keys->tags_code) {
        if (first == 'n') {
          if ((index = scan_literal(bytes, index, end, "null", 4)) == 0) return 0;
        } else if (first == '[') {
          index = skip_white(bytes, index + 1, end);
          if (index < end && bytes[index] == ']') {
            index++;
          } else {
            for (;;) {
              if (index >= end || bytes[index] != '"' || out->tag_count == out->tag_capacity) {
                return 0;
              }
              masonry_span *tag = &out->tags[out->tag_count++];
              index = scan_string(bytes, index, end, &tag->start, &tag->count);
              if (index == 0) return 0;
              int closed = 0;
              if ((index = after_member(bytes, index, end, ']', &closed)) == 0) return 0;
              if (closed) break;
            }
          }
        } else {
          return 0;
        }
      } else if (first == '"') {
        masonry_span *field = &out->fields[code];
        index = scan_string(bytes, index, end, &field->start, &field->count);
        if (index == 0) return 0;
        out->present |= bit;
      } else if (first == 'n' && (keys->string_or_null & bit)) {
        if ((index = scan_literal(bytes, index, end, "null", 4)) == 0) return 0;
      } else {
        return 0;
      }
    } else {
      // Another key: its value passed over when it is a scalar.
      uint32_t start, length;
      switch (first) {
      case '"': index = scan_string(bytes, index, end, &start, &length); break;
      case 't': index = scan_literal(bytes, index, end, "true", 4); break;
      case 'f': index = scan_literal(bytes, index, end, "false", 5); break;
      case 'n': index = scan_literal(bytes, index, end, "null", 4); break;
      default:
        index = (first == '-' || is_digit(first)) ? scan_number(bytes, index, end) : 0;
      }
      if (index == 0) return 0;
    }
    int closed = 0;
    if ((index = after_member(bytes, index, end, '}', &closed)) == 0) return 0;
    if (closed) break;
  }
  if (skip_white(bytes, index, end) != end) return 0;
  if (keys->required_code >= 0 && !(out->present & (1u << keys->required_code))) return 0;
  return 1;
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
      // Empty input may come as a null pointer, which must not be offset or copied from.
      if (count > index) memcpy(padded, bytes + index, count - index);
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
