#ifndef MASONRY_PICTURE_HEADERS_H
#define MASONRY_PICTURE_HEADERS_H

// Picture files without decoding them: the format from the first bytes, and the size,
// EXIF orientation and date from the header. Links no image library: the card model
// reads headers through it, and only the thumbnail layer links the decoders.

#include <stddef.h>
#include <stdint.h>

/// The formats, recognised by their first bytes (never by a file name).
enum {
  MASONRY_PICTURE_UNKNOWN = 0,
  MASONRY_PICTURE_JPEG = 1,
  MASONRY_PICTURE_PNG = 2,
  MASONRY_PICTURE_WEBP = 3,
  MASONRY_PICTURE_GIF = 4,
  MASONRY_PICTURE_BMP = 5,
  MASONRY_PICTURE_TIFF = 6,
  MASONRY_PICTURE_HEIC = 7,
  MASONRY_PICTURE_AVIF = 8,
  MASONRY_PICTURE_JXL = 9,
  MASONRY_PICTURE_SVG = 10,
  MASONRY_PICTURE_PDF = 11,
  MASONRY_PICTURE_MP4 = 12,
  MASONRY_PICTURE_MOV = 13,
  MASONRY_PICTURE_MKV = 14,
  MASONRY_PICTURE_WEBM = 15,
  MASONRY_PICTURE_AVI = 16,
};

/// Why a picture cannot be shown.
enum {
  MASONRY_PICTURE_OK = 0,
  /// Not a picture of a known format.
  MASONRY_PICTURE_NOT_AN_IMAGE = 1,
  /// The file is damaged or cut short.
  MASONRY_PICTURE_CORRUPT = 2,
  /// Over the pixel limit: refused before decoding.
  MASONRY_PICTURE_TOO_LARGE = 3,
  /// A kind of the format that is not supported (a TIFF's colour model libtiff lacks).
  MASONRY_PICTURE_UNSUPPORTED = 4,
  /// Memory ran out or a decoder's own limit (memory, progressive scans) was reached.
  MASONRY_PICTURE_LIMIT = 5,
  /// The file ends before the picture does: the rows that decoded are in the result (the
  /// rest transparent), as with OK.
  MASONRY_PICTURE_TRUNCATED = 6,
};

/// What a header says about a picture.
typedef struct {
  int format;
  /// As stored, before the EXIF orientation is applied.
  int width;
  int height;
  /// EXIF orientation, 1 to 8 (1 when there is none).
  int orientation;
  /// EXIF DateTimeOriginal, "YYYY:MM:DD HH:MM:SS", or "" when absent.
  char date[20];
  /// A video's duration in milliseconds (0: not a video, or unknown).
  int64_t duration_ms;
  /// A document's page count (0: not a document, or unknown).
  int pages;
  /// An animation's frames (GIF, WebP, APNG; 0 for a still picture), and one play's
  /// length in milliseconds as the file says it.
  int frames;
  int64_t animation_ms;
  /// What a photographer reads in the EXIF, when present: printable ASCII only, else "".
  char make[32];
  char model[48];
  char lens[64];
  /// Rationals as stored (a denominator of 0: absent).
  uint32_t exposure_numerator, exposure_denominator;
  uint32_t aperture_numerator, aperture_denominator;
  uint32_t focal_numerator, focal_denominator;
  /// ISO speed (0: absent).
  int iso;
  /// Whether the GPS position is present, and it in decimal degrees (south and west
  /// negative).
  int has_position;
  double latitude, longitude;
} masonry_picture_info;

/// How many of a file's first bytes tell its format (fewer when the file is shorter).
#define MASONRY_PICTURE_SNIFF_BYTES 1024

/// The format that `bytes` (a file's first bytes, MASONRY_PICTURE_SNIFF_BYTES of them when
/// the file has that many) start with.
int masonry_picture_sniff(const uint8_t *bytes, size_t length);

/// Reads the header of the picture file open on `descriptor` (positioned anywhere; read
/// with pread) without decoding it. Returns MASONRY_PICTURE_OK or why not.
int masonry_picture_probe(int descriptor, masonry_picture_info *info);

/// The header of the picture in `bytes` (a whole file in memory).
int masonry_picture_probe_bytes(const uint8_t *bytes, size_t length, masonry_picture_info *info);

/// Reads bytes of a picture from a file (pread) or from memory, bounds-checked (for the
/// decoders, which read the header the same way).
typedef struct {
  int descriptor;
  const uint8_t *bytes;
  size_t length;
} masonry_reader;

/// Reads exactly `count` bytes at `offset`; returns 0, or -1 when they are not there.
int masonry_read_at(const masonry_reader *reader, uint64_t offset, void *buffer, size_t count);

/// Reads at most `count` bytes at `offset`: how many there were (0 at the end or on an
/// error).
size_t masonry_read_some(const masonry_reader *reader, uint64_t offset, void *buffer,
                         size_t count);

/// The header of the picture `reader` reads (see masonry_picture_probe).
int masonry_probe_reader(const masonry_reader *reader, masonry_picture_info *info);

#endif
