#ifndef MASONRY_PICTURES_H
#define MASONRY_PICTURES_H

// Pictures for a terminal: reading a picture's header without decoding it, decoding it
// small (libjpeg-turbo, libpng, libwebp, giflib, each bounded for untrusted files), and
// drawing it as terminal symbols with libchafa. Plain C types only: no glib or decoder
// type crosses this header.

#include <stddef.h>
#include <stdint.h>

/// The formats, recognised by their first bytes (never by a file name).
enum {
  MASONRY_PICTURE_UNKNOWN = 0,
  MASONRY_PICTURE_JPEG = 1,
  MASONRY_PICTURE_PNG = 2,
  MASONRY_PICTURE_WEBP = 3,
  MASONRY_PICTURE_GIF = 4,
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
  /// A kind of the format that is not supported (an animated WebP, say).
  MASONRY_PICTURE_UNSUPPORTED = 4,
  /// Memory ran out or a decoder's own limit (memory, progressive scans) was reached.
  MASONRY_PICTURE_LIMIT = 5,
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
} masonry_picture_info;

/// The format that `bytes` (a file's first bytes, at least 12 of them) start with.
int masonry_picture_sniff(const uint8_t *bytes, size_t length);

/// Reads the header of the picture file open on `descriptor` (positioned anywhere; read
/// with pread) without decoding it. Returns MASONRY_PICTURE_OK or why not.
int masonry_picture_probe(int descriptor, masonry_picture_info *info);

/// The header of the picture in `bytes` (a whole file in memory).
int masonry_picture_probe_bytes(const uint8_t *bytes, size_t length, masonry_picture_info *info);

/// A decoded picture: RGBA, 8 bits a channel, not premultiplied, rows of width × 4 bytes.
typedef struct {
  uint8_t *pixels;
  int width;
  int height;
} masonry_pixels;

/// Decodes the picture in `bytes` at most `max_side` pixels on its longer side (using the
/// decoder's own scaling where it has one, then an area average), with its EXIF
/// orientation applied. Pictures of more than `max_pixels` pixels are refused from their
/// header. On success `out` holds pixels to free with masonry_pixels_free.
///
/// With `accurate` nonzero, decoding favours accuracy over speed (libjpeg's exact DCT,
/// every scan of a progressive file): for reference pictures in measurements, never for
/// thumbnails.
int masonry_picture_decode(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                           int accurate, masonry_pixels *out);

void masonry_pixels_free(masonry_pixels *pixels);


/// How symbols are coloured.
enum {
  /// 24-bit colours: fg and bg are 0xRRGGBB.
  MASONRY_SYMBOLS_TRUECOLOR = 0,
  /// The 240 palette entries 16-255: fg and bg are palette indices.
  MASONRY_SYMBOLS_PALETTE_240 = 1,
  /// No colour: the shape in symbols only (fg and bg are -1).
  MASONRY_SYMBOLS_NONE = 2,
  /// The 16 ANSI colours: fg and bg are 0-15.
  MASONRY_SYMBOLS_PALETTE_16 = 3,
};

/// One cell of a picture drawn in symbols. A colour of -1 is the terminal's default
/// (where the picture is transparent, or in MASONRY_SYMBOLS_NONE).
typedef struct {
  uint32_t symbol;
  int32_t foreground;
  int32_t background;
} masonry_symbol_cell;

/// Draws `pixels` into `columns` × `rows` cells (stretched to them: keep the aspect
/// yourself), writing columns × rows cells row by row. Returns 0, or -1 on failure.
int masonry_picture_symbols(const masonry_pixels *pixels, int columns, int rows, int mode,
                            masonry_symbol_cell *cells);

#endif
