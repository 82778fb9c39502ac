#ifndef MASONRY_DECODER_H
#define MASONRY_DECODER_H

// The helper process that decodes the formats whose libraries are big and young (libheif,
// libjxl, librsvg, poppler, FFmpeg): one of these crashing, hanging or blowing its memory
// on a hostile file takes down this process alone, never the browser. The browser starts
// a few and keeps them (DecoderHelpers); each reads a request at a time on standard input
// and answers on standard output (the format is in main.c).

#include <stdint.h>

#include "pictures.h"

/// What a decoder gives: the picture at most `max_side` pixels on its longer side, as it
/// is shown (orientation applied), and what the card says of the file.
typedef struct {
  int status;
  /// The picture's own size as shown (before it was made small).
  int width;
  int height;
  int64_t duration_ms;
  int pages;
  /// Why it failed, in a few words ("encrypted PDF", "video without a video stream").
  char message[160];
  masonry_pixels pixels;
} decoded;

/// Decodes the file `path` (of the format the header said) to at most `max_side` pixels.
typedef void (*decode_function)(const char *path, int max_side, decoded *out);

/// The decoders, one family a library: each is its own C target and its own shared
/// library (libmasonry-decode-NAME.so, exporting decode_NAME), so that the helper maps
/// FFmpeg's hundred and thirty libraries only when it is asked for a video, and starts in
/// a few milliseconds for an SVG.
typedef enum {
  DECODER_HEIF,
  DECODER_JXL,
  DECODER_SVG,
  DECODER_PDF,
  DECODER_VIDEO,
  DECODER_FAMILIES
} decoder_family;

/// The family's name: its library is libmasonry-decode-NAME.so, its function decode_NAME.
const char *decoder_family_name(decoder_family family);

/// Finds a family's decoder (NULL: it cannot be loaded, and `why` says so in a few words).
typedef decode_function (*decoder_finder)(decoder_family family, const char **why);

/// Sets `out` to fail with `status` and `message` (printf-style).
void decoded_fail(decoded *out, int status, const char *message, ...)
    __attribute__((format(printf, 3, 4)));

/// Makes `pixels` (RGBA, `width` × `height`, which it takes) at most `max_side` on its
/// longer side, into `out`; the picture's size as shown is noted too.
void decoded_take(decoded *out, masonry_pixels pixels, int max_side);

/// Reads the header of the file at `path` and decodes it with its format's decoder, found
/// by `find`, into `out` (its pixels to free with masonry_pixels_free).
void decoder_decode_file(const char *path, int max_side, decoder_finder find, decoded *out);

/// The most pixels a picture may have (the browser's own limit).
#define DECODER_MAXIMUM_PIXELS ((int64_t)50000000)

#endif
