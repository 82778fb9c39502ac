#include "video_headers.h"

#include <string.h>

// MARK: - MP4 and MOV (ISO base media file format)

/// How many boxes a container is walked for (a movie box holds a handful of tracks; the
/// top level of a file ftyp, free, mdat and moov, or moof/mdat pairs after moov).
#define ISO_BOX_LIMIT 1024

/// Movie brands. A file lists them in its ftyp box; "qt  " (MOV) is not among them.
static const char video_brands[][5] = {
    "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42",
    "mp71", "avc1", "dash", "M4V ", "M4VP", "M4VH", "3gp4", "3gp5", "3gp6", "3gp7", "3gp8",
    "3gp9", "3gg6", "3ge6", "3ge7", "3g2a", "3g2b", "3g2c", "mmp4", "f4v ", "f4p ", "XAVC",
    "MSNV", "NDAS", "NDSC", "NDSH", "NDSM", "NDSP", "NDSS", "NDXC", "NDXH", "NDXM", "NDXP",
    "NDXS", "cmfc", "cmfs", "msdh", "msix", "CAEP", "mqt ", "KDDI", "MPPI",
};

/// HEIF and AVIF still-image (and image-sequence) brands: such files belong to the HEIF
/// prober even when they also list "isom" or "iso8".
static const char image_brands[][5] = {
    "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "mif2",
    "msf1", "miaf", "avif", "avis", "avio", "MA1A", "MA1B",
};

/// Audio-only brands (iTunes audio and audiobooks, Flash audio): not pictures at all, although
/// they list "isom" and "mp42" as compatible.
static const char audio_brands[][5] = {"M4A ", "M4B ", "M4P ", "F4A ", "F4B "};

static int brand_in(const uint8_t *brand, const char (*list)[5], size_t count) {
  for (size_t index = 0; index < count; index++) {
    if (memcmp(brand, list[index], 4) == 0) {
      return 1;
    }
  }
  return 0;
}

#define BRAND_IN(brand, list) brand_in(brand, list, sizeof(list) / sizeof(list[0]))

/// The brands an ftyp box at the start of `bytes` holds: the major one, then the compatible
/// ones that the sniffed bytes cover. 0 when the file does not start with ftyp.
static size_t ftyp_brands(const uint8_t *bytes, size_t length, const uint8_t **brands) {
  if (length < 16 || memcmp(bytes + 4, "ftyp", 4) != 0) {
    return 0;
  }
  uint32_t size = masonry_read32(bytes, 0);
  if (size < 16) {
    return 0;
  }
  size_t end = size < length ? size : length;
  *brands = bytes + 8;
  // The major brand, then (skipping the minor version) the compatible ones.
  return 1 + (end - 16) / 4;
}

static const uint8_t *brand_at(const uint8_t *brands, size_t index) {
  return index == 0 ? brands : brands + 4 + index * 4;
}

int masonry_sniff_mp4(const uint8_t *bytes, size_t length) {
  const uint8_t *brands = NULL;
  size_t count = ftyp_brands(bytes, length, &brands);
  if (count == 0 || memcmp(brands, "qt  ", 4) == 0 || BRAND_IN(brands, image_brands) ||
      BRAND_IN(brands, audio_brands)) {
    return 0;
  }
  if (BRAND_IN(brands, video_brands)) {
    return 1;
  }
  // A major brand of neither kind: a movie when a compatible brand says so, unless one says
  // it is a HEIF image (whose prober can then read it).
  int video = 0;
  for (size_t index = 1; index < count; index++) {
    const uint8_t *brand = brand_at(brands, index);
    if (BRAND_IN(brand, image_brands)) {
      return 0;
    }
    video |= BRAND_IN(brand, video_brands);
  }
  return video;
}

int masonry_sniff_mov(const uint8_t *bytes, size_t length) {
  if (length < 8) {
    return 0;
  }
  if (memcmp(bytes + 4, "ftyp", 4) == 0) {
    return length >= 12 && memcmp(bytes + 8, "qt  ", 4) == 0;
  }
  // Old QuickTime files have no ftyp: they start with one of these boxes. Its size must be a
  // box size (0: to the end, 1: 64-bit, else at least its own header).
  uint32_t size = masonry_read32(bytes, 0);
  if (size > 1 && size < 8) {
    return 0;
  }
  static const char first_boxes[][5] = {"moov", "mdat", "wide", "free", "skip", "pnot"};
  return BRAND_IN(bytes + 4, first_boxes);
}

/// A box: its type, where its contents start and where it ends.
typedef struct {
  uint32_t type;
  uint64_t start;
  uint64_t end;
} iso_box;

/// The box whose header is at `offset` in a parent ending at `end` (UINT64_MAX for the file,
/// whose size the reader does not tell). 0 when there is none or it overruns its parent.
static int iso_read_box(const masonry_reader *reader, uint64_t offset, uint64_t end,
                        iso_box *box) {
  uint8_t head[8];
  if (offset > end || end - offset < 8 || masonry_read_at(reader, offset, head, 8) != 0) {
    return 0;
  }
  uint64_t size = masonry_read32(head, 0);
  uint64_t header = 8;
  if (size == 1) {  // a 64-bit size follows the type
    uint8_t large[8];
    if (end - offset < 16 || masonry_read_at(reader, offset + 8, large, 8) != 0) {
      return 0;
    }
    size = masonry_read64(large);
    header = 16;
  } else if (size == 0) {  // to the end of the parent (of the file, at the top level)
    size = end - offset;
  }
  if (size < header || size > end - offset) {
    return 0;
  }
  box->type = masonry_read32(head + 4, 0);
  box->start = offset + header;
  box->end = offset + size;
  return 1;
}

/// The first child of `parent` of type `type`.
static int iso_find_child(const masonry_reader *reader, const iso_box *parent, uint32_t type,
                          iso_box *child) {
  uint64_t offset = parent->start;
  for (int boxes = 0; boxes < ISO_BOX_LIMIT; boxes++) {
    if (!iso_read_box(reader, offset, parent->end, child)) {
      return 0;
    }
    if (child->type == type) {
      return 1;
    }
    offset = child->end;
  }
  return 0;
}

/// Reads the first `count` bytes of a box's contents; 0 when the box is shorter.
static int iso_read_contents(const masonry_reader *reader, const iso_box *box, uint8_t *buffer,
                             size_t count) {
  return box->end - box->start >= count && masonry_read_at(reader, box->start, buffer, count) == 0;
}

/// A time scale and a duration, as mvhd, mdhd and mehd hold them.
typedef struct {
  uint32_t timescale;
  uint64_t duration;
} iso_time;

/// mvhd and mdhd (same layout up to the duration): version 0 has 32-bit times, version 1
/// 64-bit ones. A duration of all ones means unknown.
static void iso_read_header_time(const masonry_reader *reader, const iso_box *box,
                                 iso_time *time) {
  uint8_t contents[32];
  if (!iso_read_contents(reader, box, contents, 4)) {
    return;
  }
  if (contents[0] == 1) {
    if (iso_read_contents(reader, box, contents, 32)) {
      time->timescale = masonry_read32(contents + 20, 0);
      time->duration = masonry_read64(contents + 24);
      if (time->duration == UINT64_MAX) {
        time->duration = 0;
      }
    }
  } else if (iso_read_contents(reader, box, contents, 20)) {
    time->timescale = masonry_read32(contents + 12, 0);
    time->duration = masonry_read32(contents + 16, 0);
    if (time->duration == UINT32_MAX) {
      time->duration = 0;
    }
  }
}

/// What a trak box says about its track.
typedef struct {
  int video;
  /// The presentation size from tkhd, already turned when its matrix turns it a quarter.
  uint64_t width;
  uint64_t height;
  /// The coded size from the sample description: the fallback when tkhd holds none.
  uint64_t coded_width;
  uint64_t coded_height;
  iso_time time;
} iso_track;

/// tkhd: the width and height (16.16 fixed point) at its end, after the 3x3 matrix. Those are
/// the size before the matrix: a file turned a quarter (a phone held upright; ffmpeg's
/// `rotate=90`) holds 1280x720 and a matrix of {0, -1, 1, 0}, and shows 720x1280.
static void iso_read_track_header(const masonry_reader *reader, const iso_box *box,
                                  iso_track *track) {
  uint8_t contents[96];
  if (!iso_read_contents(reader, box, contents, 4)) {
    return;
  }
  size_t matrix = contents[0] == 1 ? 52 : 40;
  if (!iso_read_contents(reader, box, contents, matrix + 44)) {
    return;
  }
  // a b u / c d v / x y w: the turn is in a, b, c, d (16.16). A quarter turn puts the weight
  // on b and c; comparing magnitudes also covers scaled or slightly skewed matrices.
  int32_t a = (int32_t)masonry_read32(contents + matrix, 0);
  int32_t b = (int32_t)masonry_read32(contents + matrix + 4, 0);
  int32_t c = (int32_t)masonry_read32(contents + matrix + 12, 0);
  int32_t d = (int32_t)masonry_read32(contents + matrix + 16, 0);
  uint64_t straight = (uint64_t)(a < 0 ? -(int64_t)a : a) + (uint64_t)(d < 0 ? -(int64_t)d : d);
  uint64_t turned = (uint64_t)(b < 0 ? -(int64_t)b : b) + (uint64_t)(c < 0 ? -(int64_t)c : c);
  // Rounded to whole pixels: 16.16 sizes are whole in practice, but not always exactly.
  uint64_t width = ((uint64_t)masonry_read32(contents + matrix + 36, 0) + 0x8000) >> 16;
  uint64_t height = ((uint64_t)masonry_read32(contents + matrix + 40, 0) + 0x8000) >> 16;
  track->width = turned > straight ? height : width;
  track->height = turned > straight ? width : height;
}

/// mdia/minf/stbl/stsd: the width and height of the first visual sample entry (after the
/// 8-byte SampleEntry fields and 16 reserved bytes), for tracks whose tkhd has no size.
static void iso_read_sample_size(const masonry_reader *reader, const iso_box *media,
                                 iso_track *track) {
  iso_box information;
  iso_box table;
  iso_box description;
  uint8_t contents[44];
  if (!iso_find_child(reader, media, FOURCC('m', 'i', 'n', 'f'), &information) ||
      !iso_find_child(reader, &information, FOURCC('s', 't', 'b', 'l'), &table) ||
      !iso_find_child(reader, &table, FOURCC('s', 't', 's', 'd'), &description) ||
      !iso_read_contents(reader, &description, contents, sizeof(contents))) {
    return;
  }
  // Full-box header and entry count (8), then the entry: size and type (8), 24 bytes more.
  if (masonry_read32(contents + 4, 0) == 0 || masonry_read32(contents + 8, 0) < 36) {
    return;
  }
  track->coded_width = masonry_read16(contents + 40, 0);
  track->coded_height = masonry_read16(contents + 42, 0);
}

/// mdia: hdlr says what the track holds ("vide" for video), mdhd its own duration.
static void iso_read_media(const masonry_reader *reader, const iso_box *media, iso_track *track) {
  uint64_t offset = media->start;
  for (int boxes = 0; boxes < ISO_BOX_LIMIT; boxes++) {
    iso_box box;
    if (!iso_read_box(reader, offset, media->end, &box)) {
      break;
    }
    uint8_t contents[12];
    if (box.type == FOURCC('h', 'd', 'l', 'r') && iso_read_contents(reader, &box, contents, 12)) {
      // Version and flags, pre_defined (MOV: the component type "mhlr"), then the handler.
      track->video = memcmp(contents + 8, "vide", 4) == 0;
    } else if (box.type == FOURCC('m', 'd', 'h', 'd')) {
      iso_read_header_time(reader, &box, &track->time);
    }
    offset = box.end;
  }
  if (track->video) {
    iso_read_sample_size(reader, media, track);
  }
}

static void iso_read_track(const masonry_reader *reader, const iso_box *trak, iso_track *track) {
  uint64_t offset = trak->start;
  for (int boxes = 0; boxes < ISO_BOX_LIMIT; boxes++) {
    iso_box box;
    if (!iso_read_box(reader, offset, trak->end, &box)) {
      break;
    }
    if (box.type == FOURCC('t', 'k', 'h', 'd')) {
      iso_read_track_header(reader, &box, track);
    } else if (box.type == FOURCC('m', 'd', 'i', 'a')) {
      iso_read_media(reader, &box, track);
    }
    offset = box.end;
  }
}

/// moov: the movie's duration (mvhd, or mvex/mehd in a fragmented file whose mvhd says 0)
/// and its first video track.
static void iso_read_movie(const masonry_reader *reader, const iso_box *movie,
                           iso_time *movie_time, uint64_t *fragment_duration,
                           iso_track *video) {
  uint64_t offset = movie->start;
  for (int boxes = 0; boxes < ISO_BOX_LIMIT; boxes++) {
    iso_box box;
    if (!iso_read_box(reader, offset, movie->end, &box)) {
      break;
    }
    if (box.type == FOURCC('m', 'v', 'h', 'd')) {
      iso_read_header_time(reader, &box, movie_time);
    } else if (box.type == FOURCC('t', 'r', 'a', 'k') && !video->video) {
      iso_track track;
      memset(&track, 0, sizeof(track));
      iso_read_track(reader, &box, &track);
      if (track.video) {
        *video = track;
      }
    } else if (box.type == FOURCC('m', 'v', 'e', 'x')) {
      iso_box extends;
      uint8_t contents[12];
      if (iso_find_child(reader, &box, FOURCC('m', 'e', 'h', 'd'), &extends) &&
          iso_read_contents(reader, &extends, contents, 8)) {
        if (contents[0] == 1) {
          if (iso_read_contents(reader, &extends, contents, 12)) {
            *fragment_duration = masonry_read64(contents + 4);
          }
        } else {
          *fragment_duration = masonry_read32(contents + 4, 0);
        }
      }
    }
    offset = box.end;
  }
}

int masonry_probe_isobmff_video(const masonry_reader *reader, masonry_picture_info *info) {
  iso_time movie_time = {0, 0};
  uint64_t fragment_duration = 0;
  iso_track video;
  memset(&video, 0, sizeof(video));
  int found_movie = 0;
  // The top level: ftyp, then moov before or after the media data (mdat, which can be
  // gigabytes: skipped by its size, never read).
  uint64_t offset = 0;
  for (int boxes = 0; boxes < ISO_BOX_LIMIT && !found_movie; boxes++) {
    iso_box box;
    if (!iso_read_box(reader, offset, UINT64_MAX, &box)) {
      break;
    }
    if (box.type == FOURCC('m', 'o', 'o', 'v')) {
      iso_read_movie(reader, &box, &movie_time, &fragment_duration, &video);
      found_movie = 1;
    }
    offset = box.end;
  }
  if (!video.video) {
    return MASONRY_PICTURE_CORRUPT;  // no movie box (a cut file) or no video track in it
  }
  uint64_t width = video.width > 0 && video.height > 0 ? video.width : video.coded_width;
  uint64_t height = video.width > 0 && video.height > 0 ? video.height : video.coded_height;
  info->width = masonry_clamp_size(width);
  info->height = masonry_clamp_size(height);
  uint64_t duration = movie_time.duration > 0 ? movie_time.duration : fragment_duration;
  info->duration_ms = masonry_video_milliseconds(duration, movie_time.timescale);
  if (info->duration_ms == 0) {
    info->duration_ms = masonry_video_milliseconds(video.time.duration, video.time.timescale);
  }
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}
