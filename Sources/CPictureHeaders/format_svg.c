#include "header_formats.h"

#include <stdlib.h>
#include <string.h>

// SVG: XML whose root element is <svg>. The first bytes may hold a byte order mark, an
// XML declaration, comments and a DOCTYPE (with an internal subset) before the root; any
// other root (an Apple property list's <plist>, say) is not SVG. The size is in the root's
// width and height (with units) or its viewBox; only the aspect matters to the layout, and
// the decoder (librsvg) reports the real intrinsic size when it renders.

/// How much of the file the probe reads: the root's start tag is near the start.
#define SVG_PROBE_BYTES 16384
/// The longest side the probe reports (and the shortest: 1).
#define SVG_LARGEST_SIDE 100000.0

static int is_space(uint8_t byte) {
  return byte == ' ' || byte == '\t' || byte == '\r' || byte == '\n';
}

static int starts_with(const uint8_t *bytes, size_t length, size_t at, const char *text) {
  size_t count = strlen(text);
  return at <= length && count <= length - at && memcmp(bytes + at, text, count) == 0;
}

/// The offset just past the first `text` at or after `at`, or 0 when it is not there.
static size_t past(const uint8_t *bytes, size_t length, size_t at, const char *text) {
  size_t count = strlen(text);
  for (; at < length && count <= length - at; at++) {
    if (memcmp(bytes + at, text, count) == 0) {
      return at + count;
    }
  }
  return 0;
}

/// The offset just past a DOCTYPE declaration starting at `at` ("<!DOCTYPE"), or 0. The
/// declaration ends at the first '>' outside quotes and outside its internal subset
/// ("[...]"), whose entity values and comments may hold '>' and ']'.
static size_t past_doctype(const uint8_t *bytes, size_t length, size_t at) {
  uint8_t quote = 0;
  int in_subset = 0;
  for (at += 9; at < length; at++) {
    uint8_t byte = bytes[at];
    if (quote != 0) {
      if (byte == quote) {
        quote = 0;
      }
    } else if (byte == '"' || byte == '\'') {
      quote = byte;
    } else if (in_subset && starts_with(bytes, length, at, "<!--")) {
      size_t end = past(bytes, length, at + 4, "-->");
      if (end == 0) {
        return 0;
      }
      at = end - 1;  // the loop steps past the comment's '>'
    } else if (in_subset) {
      in_subset = byte != ']';
    } else if (byte == '[') {
      in_subset = 1;
    } else if (byte == '>') {
      return at + 1;
    }
  }
  return 0;
}

/// The offset just past the root element's "<svg", or 0 when the bytes do not reach a root
/// element or the root is not <svg>. Processing instructions (the XML declaration, a style
/// sheet), comments and a DOCTYPE may come first. Each step moves forward, so the loop ends.
static size_t svg_root(const uint8_t *bytes, size_t length) {
  size_t at = 0;
  if (starts_with(bytes, length, 0, "\xEF\xBB\xBF")) {
    at = 3;
  }
  while (at < length) {
    if (is_space(bytes[at])) {
      at++;
    } else if (starts_with(bytes, length, at, "<?")) {
      at = past(bytes, length, at + 2, "?>");
    } else if (starts_with(bytes, length, at, "<!--")) {
      at = past(bytes, length, at + 4, "-->");
    } else if (starts_with(bytes, length, at, "<!DOCTYPE")) {
      at = past_doctype(bytes, length, at);
    } else if (starts_with(bytes, length, at, "<svg") && length - at > 4 &&
               (is_space(bytes[at + 4]) || bytes[at + 4] == '>' || bytes[at + 4] == '/')) {
      return at + 4;
    } else {
      return 0;  // another root element, or text: not SVG
    }
    if (at == 0) {
      return 0;  // a declaration or comment that the bytes cut short
    }
  }
  return 0;
}

int masonry_sniff_svg(const uint8_t *bytes, size_t length) {
  if (length > MASONRY_PICTURE_SNIFF_BYTES) {
    length = MASONRY_PICTURE_SNIFF_BYTES;
  }
  return svg_root(bytes, length) != 0;
}

/// The pixels a length attribute ("200", "210mm", "3in") comes to at CSS's 96 per inch,
/// or -1 when it has none of its own (a percentage, "auto", a zero or negative length,
/// junk). An em is taken as 16 px, an ex as half that (as librsvg does). librsvg 2.54 itself
/// defaults to 90 per inch and a 12 px em: its sizes in absolute units come out smaller by
/// a constant factor, never in another aspect.
static double length_pixels(const uint8_t *value, size_t length) {
  static const struct {
    const char *unit;
    double pixels;
  } units[] = {{"", 1},         {"px", 1},         {"pt", 96.0 / 72},  {"pc", 16},
               {"mm", 96 / 25.4}, {"cm", 96 / 2.54}, {"in", 96},         {"em", 16},
               {"ex", 8}};
  size_t at = 0;
  while (at < length && is_space(value[at])) {
    at++;
  }
  double number;
  if (!masonry_read_decimal(value, length, &at, &number, 1) || !(number > 0)) {
    return -1;
  }
  size_t unit_start = at;
  while (at < length && ((value[at] >= 'a' && value[at] <= 'z') ||
                         (value[at] >= 'A' && value[at] <= 'Z'))) {
    at++;
  }
  size_t unit_length = at - unit_start;
  while (at < length && is_space(value[at])) {
    at++;
  }
  if (at != length) {
    return -1;  // "100%" or trailing junk
  }
  for (size_t index = 0; index < sizeof(units) / sizeof(units[0]); index++) {
    if (strlen(units[index].unit) == unit_length) {
      int same = 1;
      for (size_t letter = 0; letter < unit_length; letter++) {
        uint8_t byte = value[unit_start + letter];
        if (byte >= 'A' && byte <= 'Z') {
          byte = (uint8_t)(byte - 'A' + 'a');
        }
        same = same && byte == (uint8_t)units[index].unit[letter];
      }
      if (same) {
        return number * units[index].pixels;
      }
    }
  }
  return -1;
}

/// The width and height of a viewBox ("min-x min-y width height", separated by spaces
/// and/or commas); 0 when it is not four numbers or its size is not positive.
static int viewbox_size(const uint8_t *value, size_t length, double *width, double *height) {
  double numbers[4];
  size_t at = 0;
  for (int index = 0; index < 4; index++) {
    while (at < length && (is_space(value[at]) || value[at] == ',')) {
      at++;
    }
    if (!masonry_read_decimal(value, length, &at, &numbers[index], 1)) {
      return 0;
    }
  }
  *width = numbers[2];
  *height = numbers[3];
  return *width > 0 && *height > 0;
}

/// The length of the file, up to `limit` bytes: a binary search for its last byte, since a
/// read is all or nothing (a dozen one-byte reads for 16 KB).
static size_t readable_length(const masonry_reader *reader, size_t limit) {
  uint8_t byte;
  size_t low = 0;  // bytes known to be there
  size_t high = limit + 1;  // a count known not to be (or one past the limit)
  while (high - low > 1) {
    size_t middle = low + (high - low) / 2;
    if (masonry_read_at(reader, middle - 1, &byte, 1) == 0) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return low;
}

/// Finds width, height and viewBox in the root's start tag, which starts at `at` (just past
/// "<svg") and ends at the first '>' outside a quoted value. A tag that the bytes cut short
/// gives the attributes read before the cut.
static void root_attributes(const uint8_t *bytes, size_t length, size_t at, double *width,
                            double *height, double *box_width, double *box_height) {
  for (int attributes = 0; attributes < 4096 && at < length; attributes++) {
    while (at < length && is_space(bytes[at])) {
      at++;
    }
    if (at >= length || bytes[at] == '>' || bytes[at] == '/') {
      return;
    }
    size_t name = at;
    while (at < length && !is_space(bytes[at]) && bytes[at] != '=' && bytes[at] != '>' &&
           bytes[at] != '/' && bytes[at] != '"' && bytes[at] != '\'') {
      at++;
    }
    size_t name_length = at - name;
    while (at < length && is_space(bytes[at])) {
      at++;
    }
    if (at >= length || bytes[at] != '=') {
      if (name_length == 0) {
        at++;  // a stray quote: step over it
      }
      continue;  // an attribute without a value (not XML, but not worth refusing)
    }
    at++;
    while (at < length && is_space(bytes[at])) {
      at++;
    }
    if (at >= length) {
      return;
    }
    size_t value;
    size_t value_length;
    if (bytes[at] == '"' || bytes[at] == '\'') {
      uint8_t quote = bytes[at];
      value = at + 1;
      const uint8_t *end = memchr(bytes + value, quote, length - value);
      if (end == NULL) {
        return;
      }
      value_length = (size_t)(end - (bytes + value));
      at = value + value_length + 1;
    } else {  // unquoted (not XML either): up to a space or the tag's end
      value = at;
      while (at < length && !is_space(bytes[at]) && bytes[at] != '>') {
        at++;
      }
      value_length = at - value;
    }
    if (name_length == 5 && memcmp(bytes + name, "width", 5) == 0) {
      *width = length_pixels(bytes + value, value_length);
    } else if (name_length == 6 && memcmp(bytes + name, "height", 6) == 0) {
      *height = length_pixels(bytes + value, value_length);
    } else if (name_length == 7 && memcmp(bytes + name, "viewBox", 7) == 0 &&
               !viewbox_size(bytes + value, value_length, box_width, box_height)) {
      *box_width = -1;
      *box_height = -1;
    }
  }
}

int masonry_probe_svg(const masonry_reader *reader, masonry_picture_info *info) {
  size_t length = readable_length(reader, SVG_PROBE_BYTES);
  uint8_t *bytes = length > 0 ? malloc(length) : NULL;
  if (bytes == NULL || masonry_read_at(reader, 0, bytes, length) != 0) {
    free(bytes);
    return length > 0 ? MASONRY_PICTURE_LIMIT : MASONRY_PICTURE_CORRUPT;
  }
  size_t root = svg_root(bytes, length);
  if (root == 0) {
    free(bytes);
    return MASONRY_PICTURE_CORRUPT;
  }
  double width = -1;
  double height = -1;
  double box_width = -1;
  double box_height = -1;
  root_attributes(bytes, length, root, &width, &height, &box_width, &box_height);
  free(bytes);

  int has_box = box_width > 0 && box_height > 0;
  if (width > 0 && height <= 0) {
    // One side of its own: the other from the viewBox's aspect, else a square.
    height = has_box ? width * box_height / box_width : width;
  } else if (height > 0 && width <= 0) {
    width = has_box ? height * box_width / box_height : height;
  } else if (width <= 0 && height <= 0) {
    if (has_box) {
      // Percentages or no size: the viewBox in user units, as librsvg reports it. A viewBox
      // in tiny units ("0 0 1 1.414") would round its aspect away: scale it up first.
      width = box_width;
      height = box_height;
      double longer = width > height ? width : height;
      if (longer < 64) {
        width = width * 512 / longer;
        height = height * 512 / longer;
      }
    } else {
      // Nothing to go by: a square placeholder; the decoded size corrects it.
      width = 512;
      height = 512;
    }
  }
  // Keep the aspect within 1..100000 a side (an absurd width="1e9" is harmless). A ratio of
  // extreme numbers may overflow: the negated tests also catch NaN.
  if (!(width <= 1e15)) {
    width = 1e15;
  }
  if (!(height <= 1e15)) {
    height = 1e15;
  }
  double longer = width > height ? width : height;
  if (longer > SVG_LARGEST_SIDE) {
    width = width * SVG_LARGEST_SIDE / longer;
    height = height * SVG_LARGEST_SIDE / longer;
  }
  if (width < 1) {
    width = 1;
  }
  if (height < 1) {
    height = 1;
  }
  info->width = (int)(width + 0.5);
  info->height = (int)(height + 0.5);
  return MASONRY_PICTURE_OK;
}
