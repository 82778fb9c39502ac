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

#endif
