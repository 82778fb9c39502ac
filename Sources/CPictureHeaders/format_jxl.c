#include "header_formats.h"

#include <string.h>

// JPEG XL: a bare codestream (FF 0A), or the codestream in an ISO-style container (a 12-byte
// signature box "JXL ", then boxes; the codestream whole in jxlc, or split over jxlp boxes).
// The codestream starts with its size (SizeHeader) and the image metadata, whose first
// field is the orientation: a dozen bytes at most. libjxl applies the orientation when
// decoding and reports the turned size, so the size given is the one displayed and the
// orientation stays 1.

static const uint8_t container_signature[12] = {0x00, 0x00, 0x00, 0x0C, 'J',  'X',
                                                'L',  ' ',  0x0D, 0x0A, 0x87, 0x0A};

int masonry_sniff_jxl(const uint8_t *bytes, size_t length) {
  return (length >= 2 && bytes[0] == 0xFF && bytes[1] == 0x0A) ||
         (length >= 12 && memcmp(bytes, container_signature, 12) == 0);
}

/// How many codestream bytes are read: the headers need at most 12 (16 bits of signature,
/// up to 68 of size and 5 of metadata).
enum { JXL_HEAD_BYTES = 64 };

/// Reads up to `count` bytes at `offset` into `buffer`: all of them, or (when the file ends
/// sooner) as many as there are. Returns how many.
static size_t read_up_to(const masonry_reader *reader, uint64_t offset, uint8_t *buffer,
                         size_t count) {
  if (masonry_read_at(reader, offset, buffer, count) == 0) {
    return count;
  }
  size_t have = 0;
  while (have < count && masonry_read_at(reader, offset + have, buffer + have, 1) == 0) {
    have++;
  }
  return have;
}

/// Reads the header of the box at `offset` (UINT64_MAX: no end known): its type and where
/// its contents lie. Returns 0, or -1 when there is no whole box header.
static int read_box(const masonry_reader *reader, uint64_t offset, char type[4], uint64_t *start,
                    uint64_t *end) {
  uint8_t head[16];
  if (masonry_read_at(reader, offset, head, 8) != 0) {
    return -1;
  }
  uint64_t size = masonry_read32(head, 0);
  uint64_t header = 8;
  if (size == 1) {  // a 64-bit size follows the type
    if (masonry_read_at(reader, offset + 8, head + 8, 8) != 0) {
      return -1;
    }
    size = (uint64_t)masonry_read32(head + 8, 0) << 32 | masonry_read32(head + 12, 0);
    header = 16;
  } else if (size == 0) {  // the last box: to the end of the file
    size = UINT64_MAX - offset;
  }
  if (size < header || size > UINT64_MAX - offset) {
    return -1;
  }
  memcpy(type, head + 4, 4);
  *start = offset + header;
  *end = offset + size;
  return 0;
}

/// The first bytes of a container's codestream: jxlc's contents, or those of the jxlp boxes
/// in order (each starts with a 4-byte part index, whose high bit marks the last part; other
/// boxes may lie between them). Returns how many bytes were found.
static size_t container_codestream(const masonry_reader *reader, uint8_t *buffer) {
  size_t have = 0;
  uint64_t offset = 0;
  for (int count = 0; count < 4096 && have < JXL_HEAD_BYTES; count++) {
    char type[4];
    uint64_t start;
    uint64_t end;
    if (read_box(reader, offset, type, &start, &end) != 0) {
      break;
    }
    int whole = memcmp(type, "jxlc", 4) == 0;
    if (whole || memcmp(type, "jxlp", 4) == 0) {
      int last = whole;
      if (!whole) {
        uint8_t index[4];
        if (end - start < 4 || masonry_read_at(reader, start, index, 4) != 0) {
          break;
        }
        last = index[0] >> 7;
        start += 4;
      }
      size_t want = JXL_HEAD_BYTES - have;
      if (end - start < want) {
        want = (size_t)(end - start);
      }
      size_t got = read_up_to(reader, start, buffer + have, want);
      have += got;
      if (last || got < want) {
        break;
      }
    }
    offset = end;
  }
  return have;
}

/// The codestream's bits, least significant first.
typedef struct {
  const uint8_t *bytes;
  size_t length;
  size_t position;
  int overrun;
} bit_reader;

static uint32_t read_bits(bit_reader *reader, int count) {
  uint32_t value = 0;
  for (int bit = 0; bit < count; bit++) {
    size_t byte = reader->position >> 3;
    if (byte >= reader->length) {
      reader->overrun = 1;
      return 0;
    }
    value |= (uint32_t)(reader->bytes[byte] >> (reader->position & 7) & 1) << bit;
    reader->position++;
  }
  return value;
}

/// A dimension that is not small: U32(Bits(9), Bits(13), Bits(18), Bits(30)) plus 1, a
/// 2-bit selector picking the width (at most 2^30).
static uint32_t read_dimension(bit_reader *reader) {
  static const int bits[4] = {9, 13, 18, 30};
  return read_bits(reader, bits[read_bits(reader, 2)]) + 1;
}

/// The width a fixed aspect ratio (1 to 7) gives a height, as libjxl rounds it (down).
static uint32_t ratio_width(uint32_t height, uint32_t ratio) {
  static const uint32_t numerator[8] = {0, 1, 12, 4, 3, 16, 5, 2};
  static const uint32_t denominator[8] = {1, 1, 10, 3, 2, 9, 4, 1};
  return (uint32_t)((uint64_t)height * numerator[ratio] / denominator[ratio]);
}

int masonry_probe_jxl(const masonry_reader *reader, masonry_picture_info *info) {
  uint8_t bytes[JXL_HEAD_BYTES];
  size_t length;
  uint8_t start[12];
  if (masonry_read_at(reader, 0, start, 12) == 0 &&
      memcmp(start, container_signature, 12) == 0) {
    length = container_codestream(reader, bytes);
  } else {
    length = read_up_to(reader, 0, bytes, sizeof(bytes));
  }
  if (length < 2 || bytes[0] != 0xFF || bytes[1] != 0x0A) {
    return MASONRY_PICTURE_CORRUPT;
  }
  bit_reader bits = {bytes, length, 16, 0};
  // SizeHeader: small (multiples of 8 up to 256, 5 bits each) or not; the width either
  // given or a fixed ratio of the height.
  uint32_t height;
  uint32_t width;
  int small = (int)read_bits(&bits, 1);
  if (small) {
    height = (read_bits(&bits, 5) + 1) * 8;
  } else {
    height = read_dimension(&bits);
  }
  uint32_t ratio = read_bits(&bits, 3);
  if (ratio != 0) {
    width = ratio_width(height, ratio);
  } else if (small) {
    width = (read_bits(&bits, 5) + 1) * 8;
  } else {
    width = read_dimension(&bits);
  }
  // ImageMetadata: all_default, then extra_fields, whose first field is the orientation.
  int orientation = 1;
  if (!read_bits(&bits, 1) && read_bits(&bits, 1)) {
    orientation = 1 + (int)read_bits(&bits, 3);
  }
  if (bits.overrun || width == 0 || height == 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  if (orientation >= 5) {  // a quarter turn: displayed on its side
    uint32_t swap = width;
    width = height;
    height = swap;
  }
  info->width = width > 0x7FFFFFFF ? 0x7FFFFFFF : (int)width;
  info->height = height > 0x7FFFFFFF ? 0x7FFFFFFF : (int)height;
  return MASONRY_PICTURE_OK;
}
