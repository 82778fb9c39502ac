#ifndef MASONRY_PICTURES_H
#define MASONRY_PICTURES_H

// Pictures for a terminal: decoding a picture small (libjpeg-turbo, libpng, libwebp,
// giflib, each bounded for untrusted files) and drawing it as terminal symbols with
// libchafa. Plain C types only: no glib or decoder type crosses this header. Reading a
// header without decoding is CPictureHeaders', which links no image library.

#include <stddef.h>
#include <stdint.h>

#include "picture_headers.h"

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

/// An animation read a frame at a time (animated GIF, WebP, APNG).
typedef struct masonry_animation masonry_animation;

/// Opens the animation in `bytes` (which must outlive it) to read its frames, each
/// composed as the format says (offsets, disposal, blending) and made at most `max_side`
/// pixels on its longer side. NULL when the picture is not animated (one frame), cannot
/// be read as an animation, or its canvas is over `max_pixels` or 16 megapixels: the
/// still decoder (masonry_picture_decode) is then the one to ask.
masonry_animation *masonry_animation_open(const uint8_t *bytes, size_t length, int max_side,
                                          int64_t max_pixels);

/// How many times the whole animation plays: 0 forever.
int masonry_animation_plays(const masonry_animation *animation);

/// The canvas's size, as stored.
void masonry_animation_size(const masonry_animation *animation, int *width, int *height);

/// The next frame (to free with masonry_pixels_free) and how long it shows, in
/// milliseconds (under 20 ms in the file: 100 ms, as browsers show it). Returns 1 with a
/// frame; 0 after the last (or past 2,000 frames, or a bound on the work); -1 where the
/// file is damaged (the frames before stand).
int masonry_animation_next(masonry_animation *animation, masonry_pixels *frame, int *delay_ms);

void masonry_animation_close(masonry_animation *animation);

/// `pixels` turned by the EXIF `orientation` (1-8), in place (it may reallocate); 0, or -1
/// when memory runs out (the pixels are then as they were).
int masonry_pixels_orient(masonry_pixels *pixels, int orientation);


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

/// Which symbols pictures are drawn with.
enum {
  /// Blocks, half blocks, quadrants and border glyphs (never wide or inverted).
  MASONRY_SYMBOLS_BLOCKS = 0,
  /// Printable ASCII only.
  MASONRY_SYMBOLS_ASCII = 1,
  /// The blocks and sextants (U+1FB00…), for terminals that draw them themselves.
  MASONRY_SYMBOLS_SEXTANTS = 2,
};

/// Draws `pixels` into `columns` × `rows` cells (stretched to them: keep the aspect
/// yourself) with the symbols of `symbol_set`, writing columns × rows cells row by row.
/// Returns 0, or -1 on failure.
int masonry_picture_symbols(const masonry_pixels *pixels, int columns, int rows, int mode,
                            int symbol_set, masonry_symbol_cell *cells);

/// Bytes made here, to free with masonry_bytes_free.
typedef struct {
  uint8_t *bytes;
  size_t length;
} masonry_bytes;

void masonry_bytes_free(masonry_bytes *bytes);

/// `in` resized to exactly `width` × `height`: by exact areas when smaller both ways,
/// bilinear otherwise. On success `out` holds pixels to free with masonry_pixels_free.
int masonry_pixels_resize(const masonry_pixels *in, int width, int height, masonry_pixels *out);

/// `in` as a PNG file (RGBA), for kitty's graphics protocol and iTerm2's images.
int masonry_png_encode(const masonry_pixels *in, masonry_bytes *out);

/// Rows `top` ..< `top + rows` of `in` as one sixel picture (DCS … ST): 1:1 pixels, a cube
/// of at most `max_colors` colours (the terminal's colour registers; 252 from 256) with an
/// ordered dither, transparent pixels left unset. The whole escape sequence,
/// from ESC P to ESC \\.
int masonry_sixel_encode(const masonry_pixels *in, int top, int rows, int max_colors,
                         masonry_bytes *out);

/// Columns `left` ..< `left + columns` of rows `top` ..< `top + rows` of `in` as one
/// sixel picture, each pixel as `masonry_sixel_encode` draws it in the whole picture.
int masonry_sixel_encode_region(const masonry_pixels *in, int left, int top, int columns,
                                int rows, int max_colors, masonry_bytes *out);

/// The MD5 of `length` bytes at `bytes` as 32 lowercase hexadecimal digits and a NUL in
/// `hex`, through GLib (linked for libchafa): the names of the freedesktop thumbnail
/// cache's files. Returns 0, or -1 when GLib could not make it.
int masonry_md5_hex(const uint8_t *bytes, size_t length, char hex[33]);

#endif
