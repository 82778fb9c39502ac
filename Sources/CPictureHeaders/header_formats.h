#ifndef MASONRY_HEADER_FORMATS_H
#define MASONRY_HEADER_FORMATS_H

// The formats' own files (format_*.c) and the table that registers them (formats.c).
// Each format is one file: how its first bytes look (sniff) and what its header says
// (probe). Adding a format is its file, its row in formats.c and its fuzz target.

#include "picture_headers.h"

/// Whether a file's first `length` bytes (at least 16 when the file has them) are the
/// format's.
typedef int (*masonry_sniff_function)(const uint8_t *bytes, size_t length);
/// Reads the header of a file of the format: MASONRY_PICTURE_OK or why not.
typedef int (*masonry_probe_function)(const masonry_reader *reader, masonry_picture_info *info);

typedef struct {
  int format;
  masonry_sniff_function sniff;
  masonry_probe_function probe;
} masonry_header_format;

/// The formats, in the order they are tried.
extern const masonry_header_format masonry_header_formats[];
extern const size_t masonry_header_format_count;

/// A number ("12", "-3.5", ".5", "+3"; with `exponents`, "1e3" too, but "1em" is a number
/// and a unit) at `*at`, moving `*at` past it; 0 when there is none. Parsed here rather than
/// with strtod, whose decimal point follows the locale; never infinite (held at 1e15).
int masonry_read_decimal(const uint8_t *bytes, size_t length, size_t *at, double *number,
                         int exponents);

/// Little- or big-endian fields.
static inline uint16_t masonry_read16(const uint8_t *bytes, int little) {
  return little ? (uint16_t)(bytes[0] | bytes[1] << 8) : (uint16_t)(bytes[0] << 8 | bytes[1]);
}

static inline uint32_t masonry_read32(const uint8_t *bytes, int little) {
  return little ? (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
                      (uint32_t)bytes[3] << 24
                : (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 |
                      (uint32_t)bytes[3];
}

/// A frame's delay as browsers show it: under 20 ms (0 and 10 are common in GIFs meant
/// to run "as fast as possible"), 100 ms.
static inline int64_t masonry_shown_delay(int64_t milliseconds) {
  return milliseconds < 20 ? 100 : milliseconds;
}

/// Reads the orientation and DateTimeOriginal from an EXIF block (a TIFF structure after
/// "Exif\0\0"); every offset is checked against the block.
void masonry_parse_exif(const uint8_t *exif, size_t length, masonry_picture_info *info);

int masonry_sniff_jpeg(const uint8_t *bytes, size_t length);
int masonry_probe_jpeg(const masonry_reader *reader, masonry_picture_info *info);
int masonry_sniff_png(const uint8_t *bytes, size_t length);
int masonry_probe_png(const masonry_reader *reader, masonry_picture_info *info);
int masonry_sniff_webp(const uint8_t *bytes, size_t length);
int masonry_probe_webp(const masonry_reader *reader, masonry_picture_info *info);
int masonry_sniff_gif(const uint8_t *bytes, size_t length);
int masonry_probe_gif(const masonry_reader *reader, masonry_picture_info *info);
int masonry_sniff_bmp(const uint8_t *bytes, size_t length);
int masonry_probe_bmp(const masonry_reader *reader, masonry_picture_info *info);
int masonry_sniff_tiff(const uint8_t *bytes, size_t length);
int masonry_probe_tiff(const masonry_reader *reader, masonry_picture_info *info);
// HEIF (HEIC and AVIF share the box structure and the probe).
int masonry_sniff_heic(const uint8_t *bytes, size_t length);
int masonry_sniff_avif(const uint8_t *bytes, size_t length);
int masonry_probe_heif(const masonry_reader *reader, masonry_picture_info *info);
int masonry_sniff_jxl(const uint8_t *bytes, size_t length);
int masonry_probe_jxl(const masonry_reader *reader, masonry_picture_info *info);
int masonry_sniff_svg(const uint8_t *bytes, size_t length);
int masonry_probe_svg(const masonry_reader *reader, masonry_picture_info *info);
int masonry_sniff_pdf(const uint8_t *bytes, size_t length);
int masonry_probe_pdf(const masonry_reader *reader, masonry_picture_info *info);
// Videos: MP4 and MOV (ISO boxes), MKV and WebM (EBML), AVI (RIFF).
int masonry_sniff_mp4(const uint8_t *bytes, size_t length);
int masonry_sniff_mov(const uint8_t *bytes, size_t length);
int masonry_probe_isobmff_video(const masonry_reader *reader, masonry_picture_info *info);
int masonry_sniff_mkv(const uint8_t *bytes, size_t length);
int masonry_sniff_webm(const uint8_t *bytes, size_t length);
int masonry_probe_matroska(const masonry_reader *reader, masonry_picture_info *info);
int masonry_sniff_avi(const uint8_t *bytes, size_t length);
int masonry_probe_avi(const masonry_reader *reader, masonry_picture_info *info);

#endif
