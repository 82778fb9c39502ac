#include "header_formats.h"

#include <stdlib.h>
#include <string.h>

// PDF: "%PDF-1.x" near the start (readers allow junk before it). The page size and count
// live in dictionaries that may lie anywhere, possibly compressed in object streams: the
// probe is a bounded heuristic, a scan of the file's first 4 MB and last 1 MB for
// /MediaBox, /Rotate and the page tree's /Count in the objects written as plain text. The
// decoder (poppler) gives page 1's real size later; the layout only needs the aspect, so
// points count as pixels 1:1. An encrypted PDF (/Encrypt in the trailer) encrypts strings
// and streams, not dictionary keys and numbers: it is read like any other, and the decoder
// says "encrypted PDF".

#define PDF_HEAD_BYTES (4u << 20)
#define PDF_TAIL_BYTES (1u << 20)
/// The scan reads 64 KB at a time; each read holds the next 256 bytes too, so that a key
/// and its value that straddle two reads are seen whole (a MediaBox of four long reals is
/// about 60 bytes).
#define PDF_CHUNK_BYTES 65536
#define PDF_OVERLAP_BYTES 256
/// The longest side the probe reports (and the shortest: 1).
#define PDF_LARGEST_SIDE 100000.0

int masonry_sniff_pdf(const uint8_t *bytes, size_t length) {
  if (length > MASONRY_PICTURE_SNIFF_BYTES) {
    length = MASONRY_PICTURE_SNIFF_BYTES;
  }
  for (size_t at = 0; length >= 6 && at <= length - 6; at++) {
    if (memcmp(bytes + at, "%PDF-", 5) == 0 && bytes[at + 5] >= '0' && bytes[at + 5] <= '9') {
      return 1;
    }
  }
  return 0;
}

/// What the scan has found, and where it is in the file's objects.
typedef struct {
  /// The first usable /MediaBox (and a /CropBox and /Rotate of the same object).
  int has_box;
  double box_width;
  double box_height;
  int has_crop;
  double crop_width;
  double crop_height;
  int rotate;
  /// The largest /Count of a /Type /Pages dictionary (-1: none seen).
  double pages;

  /// The object being read ("N G obj" to "endobj"): whether it holds the box chosen,
  /// whether it is a page tree node, its /Count before its /Type was seen (-1: none), and
  /// a /Rotate and /CropBox read before its /MediaBox.
  int holds_box;
  int is_pages;
  double pending_count;
  int has_object_rotate;
  int object_rotate;
  int has_object_crop;
  double object_crop_width;
  double object_crop_height;
  /// Inside a stream's data, which is skipped up to "endstream".
  int in_stream;
  /// The byte before the one being looked at (keywords need a delimiter before them).
  uint8_t previous;
} pdf_scan;

static int is_space(uint8_t byte) {
  return byte == ' ' || byte == '\n' || byte == '\r' || byte == '\t' || byte == '\f' ||
         byte == 0;
}

/// A byte that can be part of a name or keyword (not white space, not a delimiter).
static int is_regular(uint8_t byte) {
  return !is_space(byte) && strchr("()<>[]{}/%", byte) == NULL;
}

/// The offset just past `text` at `at` when the bytes hold it there followed by something
/// that ends it (or by the end of the bytes), else 0.
static size_t keyword_end(const uint8_t *bytes, size_t length, size_t at, const char *text) {
  size_t count = strlen(text);
  if (count > length - at || memcmp(bytes + at, text, count) != 0) {
    return 0;
  }
  return at + count < length && is_regular(bytes[at + count]) ? 0 : at + count;
}

/// A number after white space at `*at` (`masonry_read_decimal`, no exponent: PDF has
/// none), moving `*at` past it; 0 when there is none.
static int read_number(const uint8_t *bytes, size_t length, size_t *at, double *number) {
  size_t index = *at;
  while (index < length && is_space(bytes[index])) {
    index++;
  }
  if (!masonry_read_decimal(bytes, length, &index, number, 0)) {
    return 0;
  }
  *at = index;
  return 1;
}

/// The size of a rectangle "[a b c d]" after white space at `at`: |c - a| by |d - b|.
/// 0 when it is not one (an indirect reference "12 0 R", say) or has no area.
static int read_box(const uint8_t *bytes, size_t length, size_t at, double *width,
                    double *height) {
  while (at < length && is_space(bytes[at])) {
    at++;
  }
  if (at >= length || bytes[at] != '[') {
    return 0;
  }
  at++;
  double corners[4];
  for (int index = 0; index < 4; index++) {
    if (!read_number(bytes, length, &at, &corners[index])) {
      return 0;
    }
  }
  while (at < length && is_space(bytes[at])) {
    at++;
  }
  if (at >= length || bytes[at] != ']') {
    return 0;
  }
  *width = corners[2] > corners[0] ? corners[2] - corners[0] : corners[0] - corners[2];
  *height = corners[3] > corners[1] ? corners[3] - corners[1] : corners[1] - corners[3];
  return *width > 0 && *height > 0;
}

/// A new object starts, or one ends: what was found about the last one no longer applies.
static void leave_object(pdf_scan *scan) {
  scan->holds_box = 0;
  scan->is_pages = 0;
  scan->pending_count = -1;
  scan->has_object_rotate = 0;
  scan->has_object_crop = 0;
}

/// A key ("/MediaBox") at `at`, the '/' of its name.
static void read_key(pdf_scan *scan, const uint8_t *bytes, size_t length, size_t at) {
  size_t end;
  double width;
  double height;
  double number;
  if ((end = keyword_end(bytes, length, at, "/MediaBox")) != 0) {
    if (!scan->has_box && read_box(bytes, length, end, &width, &height)) {
      scan->has_box = 1;
      scan->box_width = width;
      scan->box_height = height;
      scan->holds_box = 1;
      // A /Rotate or /CropBox earlier in the same object belongs to this box.
      scan->rotate = scan->has_object_rotate ? scan->object_rotate : 0;
      scan->has_crop = scan->has_object_crop;
      scan->crop_width = scan->object_crop_width;
      scan->crop_height = scan->object_crop_height;
    }
  } else if ((end = keyword_end(bytes, length, at, "/CropBox")) != 0) {
    // What a viewer shows (poppler's page size is the crop box's).
    if (read_box(bytes, length, end, &width, &height)) {
      scan->has_object_crop = 1;
      scan->object_crop_width = width;
      scan->object_crop_height = height;
      if (scan->holds_box) {
        scan->has_crop = 1;
        scan->crop_width = width;
        scan->crop_height = height;
      }
    }
  } else if ((end = keyword_end(bytes, length, at, "/Rotate")) != 0) {
    // A multiple of 90, possibly negative or past 360.
    if (read_number(bytes, length, &end, &number) && number > -1e6 && number < 1e6 &&
        number == (double)(long)number) {
      scan->has_object_rotate = 1;
      scan->object_rotate = (int)(((long)number % 360 + 360) % 360);
      if (scan->holds_box) {
        scan->rotate = scan->object_rotate;
      }
    }
  } else if ((end = keyword_end(bytes, length, at, "/Count")) != 0) {
    // Outlines have a /Count too: only a page tree node's counts pages. Its /Type may come
    // before or after its /Count.
    if (read_number(bytes, length, &end, &number) && number >= 0 && number <= 0x7FFFFFFF &&
        number == (double)(long)number) {
      if (scan->is_pages) {
        scan->pages = number > scan->pages ? number : scan->pages;
      } else if (number > scan->pending_count) {
        scan->pending_count = number;
      }
    }
  } else if ((end = keyword_end(bytes, length, at, "/Type")) != 0) {
    while (end < length && is_space(bytes[end])) {
      end++;
    }
    if (end < length && keyword_end(bytes, length, end, "/Pages") != 0) {
      scan->is_pages = 1;
      scan->pages = scan->pending_count > scan->pages ? scan->pending_count : scan->pages;
    }
  }
}

/// Looks at the bytes' first `owned` (the rest, up to `length`, only completes a key or
/// value that starts there; the next read starts with it).
static void scan_bytes(pdf_scan *scan, const uint8_t *bytes, size_t length, size_t owned) {
  for (size_t at = 0; at < owned; at++) {
    uint8_t byte = bytes[at];
    uint8_t previous = scan->previous;
    scan->previous = byte;
    if (scan->in_stream) {
      // Images and compressed data: nothing to read until the stream ends.
      if (byte == 'e' && keyword_end(bytes, length, at, "endstream") != 0) {
        scan->in_stream = 0;
      }
    } else if (byte == '/') {
      read_key(scan, bytes, length, at);
    } else if (byte == 'o' && is_space(previous) && keyword_end(bytes, length, at, "obj") != 0) {
      leave_object(scan);  // "N G obj": a new object
    } else if (byte == 'e' && !is_regular(previous) &&
               keyword_end(bytes, length, at, "endobj") != 0) {
      leave_object(scan);
    } else if (byte == 's' && (is_space(previous) || previous == '>') && length - at > 6 &&
               memcmp(bytes + at, "stream", 6) == 0 &&
               (bytes[at + 6] == '\r' || bytes[at + 6] == '\n')) {
      scan->in_stream = 1;
    }
  }
}

/// The file's length: a read is all or nothing, so a search for its last byte (about 2 x
/// log2(length) one-byte reads).
static uint64_t file_length(const masonry_reader *reader) {
  uint8_t byte;
  if (masonry_read_at(reader, 0, &byte, 1) != 0) {
    return 0;
  }
  uint64_t low = 1;  // bytes known to be there
  uint64_t high = 2;  // a count known not to be, once the doubling stops
  while (masonry_read_at(reader, high - 1, &byte, 1) == 0) {
    low = high;
    if (high >= (uint64_t)1 << 62) {
      return low;
    }
    high *= 2;
  }
  while (high - low > 1) {
    uint64_t middle = low + (high - low) / 2;
    if (masonry_read_at(reader, middle - 1, &byte, 1) == 0) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return low;
}

/// Whether the scan has what the head of the file can give: a box (its object finished,
/// so that its /Rotate was seen) and a page count. A root page tree node written last may
/// still raise the count: the tail is read for it.
static int scan_has_enough(const pdf_scan *scan) {
  return scan->has_box && !scan->holds_box && scan->pages >= 0;
}

/// Scans [start, end) of a file of `size` bytes; returns where it stopped (before `end`
/// when the head has given enough, or a read failed).
static uint64_t scan_range(pdf_scan *scan, const masonry_reader *reader, uint8_t *buffer,
                           uint64_t start, uint64_t end, uint64_t size, int stop_early) {
  uint64_t at = start;
  while (at < end) {
    size_t owned = end - at < PDF_CHUNK_BYTES ? (size_t)(end - at) : PDF_CHUNK_BYTES;
    size_t length = size - at < PDF_CHUNK_BYTES + PDF_OVERLAP_BYTES
                        ? (size_t)(size - at)
                        : PDF_CHUNK_BYTES + PDF_OVERLAP_BYTES;
    if (masonry_read_at(reader, at, buffer, length) != 0) {
      break;
    }
    scan_bytes(scan, buffer, length, owned);
    at += owned;
    if (stop_early && scan_has_enough(scan)) {
      break;
    }
  }
  return at;
}

int masonry_probe_pdf(const masonry_reader *reader, masonry_picture_info *info) {
  uint64_t size = file_length(reader);
  if (size == 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  uint8_t *buffer = malloc(PDF_CHUNK_BYTES + PDF_OVERLAP_BYTES);
  if (buffer == NULL) {
    return MASONRY_PICTURE_LIMIT;
  }
  pdf_scan scan;
  memset(&scan, 0, sizeof(scan));
  scan.pages = -1;
  scan.pending_count = -1;
  scan.previous = '\n';

  uint64_t head_end = size < PDF_HEAD_BYTES ? size : PDF_HEAD_BYTES;
  uint64_t stopped = scan_range(&scan, reader, buffer, 0, head_end, size, 1);
  // The tail: where the trailer is, and often the page tree's root (written last).
  uint64_t tail_start = size > PDF_TAIL_BYTES ? size - PDF_TAIL_BYTES : 0;
  if (tail_start <= stopped) {
    tail_start = stopped;  // contiguous: the scan simply goes on
  } else {
    // A gap: the tail starts amid some object, possibly amid a stream's data.
    leave_object(&scan);
    scan.in_stream = 0;
    scan.previous = '\n';
  }
  (void)scan_range(&scan, reader, buffer, tail_start, size, size, 0);
  free(buffer);

  double width = 612;  // no readable page box (object streams hide it): US Letter
  double height = 792;
  if (scan.has_box) {
    width = scan.box_width;
    height = scan.box_height;
    if (scan.has_crop) {  // a crop box bigger than the media box is cut to it
      width = scan.crop_width < width ? scan.crop_width : width;
      height = scan.crop_height < height ? scan.crop_height : height;
    }
    if (scan.rotate == 90 || scan.rotate == 270) {
      double turned = width;
      width = height;
      height = turned;
    }
  }
  double longer = width > height ? width : height;
  if (longer > PDF_LARGEST_SIDE) {
    width = width * PDF_LARGEST_SIDE / longer;
    height = height * PDF_LARGEST_SIDE / longer;
  }
  info->width = width < 1 ? 1 : (int)(width + 0.5);
  info->height = height < 1 ? 1 : (int)(height + 0.5);
  info->pages = scan.pages > 0 ? (int)scan.pages : 0;
  return MASONRY_PICTURE_OK;
}
