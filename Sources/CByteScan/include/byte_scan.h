#ifndef MASONRY_BYTE_SCAN_H
#define MASONRY_BYTE_SCAN_H

// Scans over bytes sixteen at a time in SSE2 (and SSSE3) registers on x86-64, for the
// card parser and store.

#include <stddef.h>
#include <stdint.h>

/// Where the plain run of a JSON string that starts at `start` ends: the index of the
/// first byte from `start` on that is a quote, a backslash or below 0x20, found in whole
/// sixteen-byte blocks before `end`; when none is, the index of the first block that does
/// not fit before `end` (the caller looks at the last bytes itself). Every byte before the
/// index returned is plain.
size_t masonry_plain_run(const uint8_t *bytes, size_t start, size_t end);

/// Whether `count` bytes are well-formed UTF-8: no stray or missing continuation byte, no
/// overlong form, surrogate or value above U+10FFFF (what `String(decoding:)` would keep
/// unchanged). Sixteen bytes a step where the processor has SSSE3 (every x86-64 one of the
/// last fifteen years), a sequence at a time otherwise.
int masonry_utf8_valid(const uint8_t *bytes, size_t count);

/// The fields of a card record that `masonry_scan_card` found: where each field's string
/// is in the record (`start` from the record's first byte), by field code.
typedef struct {
  uint32_t start;
  uint32_t count;
} masonry_span;

/// What a flat card record holds, as `masonry_scan_card` read it.
typedef struct {
  /// Each field's string, by its code (0 to 7): meaningful where `present` has its bit.
  masonry_span fields[8];
  /// Bit `code`: the field was a string (a field given `null` is absent).
  uint32_t present;
  /// The tags (strings of the array of the tags' code), in order: the first `tag_count`
  /// of the `tag_capacity` spans at `tags`.
  masonry_span *tags;
  uint32_t tag_capacity;
  uint32_t tag_count;
} masonry_card_fields;

/// The keys a card's fields live under, for `masonry_scan_card`: keys of one to eight
/// bytes in 32 slots, a key's `words` (its bytes as `memcpy` makes them a word, masked)
/// in slot `(word * multiplier) >> 59`, with its length (0: an empty slot) and the code of
/// its field. Each field's kind of value: `tags_code`'s is an array of strings,
/// `required_code`'s a string that must be there, `string_or_null` (a bit a code) a
/// string or null.
typedef struct {
  const uint64_t *words;
  const uint8_t *lengths;
  const uint8_t *codes;
  uint64_t multiplier;
  int tags_code;
  int required_code;
  uint32_t string_or_null;
} masonry_card_keys;

/// Reads the card record `bytes[0..<count]` when it is the plain kind nearly every real
/// record is: white space, one object whose keys are a field's (`keys`) or another key
/// whose value is a string, a number without exponent, `true`, `false` or `null`; the
/// fields' values strings (or null where allowed), the tags an array of strings; no
/// string with an escape or a control byte, no key twice, nothing after the object.
/// Returns 1 with the fields in `out`, or 0 for any other record (the caller reads it
/// the careful way; `out` is then unspecified). Strictly JSON: what it accepts, a JSON
/// reader accepts and reads the same.
///
/// - Complexity: O(`count`), strings sixteen bytes a step.
int masonry_scan_card(
    const uint8_t *bytes, size_t count, const masonry_card_keys *keys, masonry_card_fields *out);

#endif
