#ifndef MASONRY_BYTE_SCAN_H
#define MASONRY_BYTE_SCAN_H

// Scans over bytes sixteen at a time in SSE2 registers (x86-64), for the card parser.

#include <stddef.h>
#include <stdint.h>

/// Where the plain run of a JSON string that starts at `start` ends: the index of the
/// first byte from `start` on that is a quote, a backslash or below 0x20, found in whole
/// sixteen-byte blocks before `end`; when none is, the index of the first block that does
/// not fit before `end` (the caller looks at the last bytes itself). Every byte before the
/// index returned is plain.
size_t masonry_plain_run(const uint8_t *bytes, size_t start, size_t end);

#endif
