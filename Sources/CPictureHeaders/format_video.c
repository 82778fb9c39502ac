#include "header_formats.h"

#include <string.h>

// Videos: the display size and the duration from the container's header, never from the
// coded stream. MP4 and MOV are ISO boxes (the movie box often at the END of the file, after
// the media data), MKV and WebM are EBML elements (the clusters of media data skipped, never
// read), AVI is RIFF chunks. Every size comes from the file and is checked against its parent
// before use; every loop is bounded by a count as well as by its parent's end.

/// `units` of which `per_second` make a second, in milliseconds; 0 when unknown or absurd.
static int64_t milliseconds(uint64_t units, uint32_t per_second) {
  if (per_second == 0) {
    return 0;
  }
  uint64_t seconds = units / per_second;
  if (seconds > (uint64_t)INT64_MAX / 1000 - 1) {
    return 0;
  }
  return (int64_t)(seconds * 1000 + (units % per_second) * 1000 / per_second);
}

/// A size from the file as an int (sizes past INT_MAX are held at it, as the TIFF probe does).
static int clamp_size(uint64_t size) { return size > 0x7FFFFFFF ? 0x7FFFFFFF : (int)size; }

static uint64_t read64(const uint8_t *bytes) {
  return (uint64_t)masonry_read32(bytes, 0) << 32 | masonry_read32(bytes + 4, 0);
}

// MARK: - MP4 and MOV (ISO base media file format)

/// Four characters as the big-endian number a box type is compared as.
#define FOURCC(a, b, c, d) \
  ((uint32_t)(uint8_t)(a) << 24 | (uint32_t)(uint8_t)(b) << 16 | (uint32_t)(uint8_t)(c) << 8 | \
   (uint32_t)(uint8_t)(d))

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
    size = read64(large);
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
      time->duration = read64(contents + 24);
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
            *fragment_duration = read64(contents + 4);
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
  info->width = clamp_size(width);
  info->height = clamp_size(height);
  uint64_t duration = movie_time.duration > 0 ? movie_time.duration : fragment_duration;
  info->duration_ms = milliseconds(duration, movie_time.timescale);
  if (info->duration_ms == 0) {
    info->duration_ms = milliseconds(video.time.duration, video.time.timescale);
  }
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}

// MARK: - MKV and WebM (Matroska: EBML elements)

#define EBML_HEADER 0x1A45DFA3u
#define EBML_DOCTYPE 0x4282u
#define MKV_SEGMENT 0x18538067u
#define MKV_SEEKHEAD 0x114D9B74u
#define MKV_SEEK 0x4DBBu
#define MKV_SEEK_ID 0x53ABu
#define MKV_SEEK_POSITION 0x53ACu
#define MKV_INFO 0x1549A966u
#define MKV_TIMECODE_SCALE 0x2AD7B1u
#define MKV_DURATION 0x4489u
#define MKV_TRACKS 0x1654AE6Bu
#define MKV_TRACK_ENTRY 0xAEu
#define MKV_TRACK_TYPE 0x83u
#define MKV_VIDEO 0xE0u
#define MKV_PIXEL_WIDTH 0xB0u
#define MKV_PIXEL_HEIGHT 0xBAu
#define MKV_PIXEL_CROP_BOTTOM 0x54AAu
#define MKV_PIXEL_CROP_TOP 0x54BBu
#define MKV_PIXEL_CROP_LEFT 0x54CCu
#define MKV_PIXEL_CROP_RIGHT 0x54DDu
#define MKV_DISPLAY_WIDTH 0x54B0u
#define MKV_DISPLAY_HEIGHT 0x54BAu
#define MKV_DISPLAY_UNIT 0x54B2u
#define MKV_PROJECTION 0x7670u
#define MKV_PROJECTION_TYPE 0x7671u
#define MKV_PROJECTION_ROLL 0x7675u
#define MKV_CLUSTER 0x1F43B675u

/// How many children an element is walked for (Info and a track hold a dozen or two).
#define EBML_ELEMENT_LIMIT 512

/// An element: its ID (with the length marker, as IDs are written), where its data starts
/// and ends (the parent's end when its size is unknown, which only Segment and Cluster use).
typedef struct {
  uint32_t id;
  uint64_t start;
  uint64_t end;
  int unknown_size;
} ebml_element;

/// A variable-length number at `offset` (before `end`): 1 to 8 bytes, the count given by
/// the leading zeros of the first byte. IDs keep the marker bit and are at most 4 bytes;
/// sizes drop it. Returns the byte count, or 0.
static int ebml_read_number(const masonry_reader *reader, uint64_t offset, uint64_t end, int id,
                            uint64_t *value, int *all_ones) {
  uint8_t bytes[8];
  if (offset >= end || masonry_read_at(reader, offset, bytes, 1) != 0 || bytes[0] == 0) {
    return 0;
  }
  int count = 1;
  while (!(bytes[0] & (0x80 >> (count - 1)))) {
    count++;
  }
  if ((id && count > 4) || end - offset < (uint64_t)count ||
      (count > 1 && masonry_read_at(reader, offset + 1, bytes + 1, (size_t)count - 1) != 0)) {
    return 0;
  }
  uint64_t number = id ? bytes[0] : bytes[0] & (0xFFu >> count);
  // All value bits set (the marker and the zeros before it masked in): an unknown size.
  int ones = (bytes[0] | ((0xFF00u >> count) & 0xFFu)) == 0xFF;
  for (int index = 1; index < count; index++) {
    number = number << 8 | bytes[index];
    ones = ones && bytes[index] == 0xFF;
  }
  *value = number;
  *all_ones = ones;
  return count;
}

/// The element whose ID is at `offset` in a parent ending at `end`.
static int ebml_read_element(const masonry_reader *reader, uint64_t offset, uint64_t end,
                             ebml_element *element) {
  uint64_t id;
  uint64_t size;
  int ones;
  int id_length = ebml_read_number(reader, offset, end, 1, &id, &ones);
  if (id_length == 0) {
    return 0;
  }
  int size_length = ebml_read_number(reader, offset + id_length, end, 0, &size, &ones);
  if (size_length == 0) {
    return 0;
  }
  element->id = (uint32_t)id;
  element->start = offset + id_length + size_length;
  element->unknown_size = ones;
  if (ones) {
    element->end = end;
  } else if (size > end - element->start) {
    return 0;
  } else {
    element->end = element->start + size;
  }
  return 1;
}

/// An unsigned integer element (0 to 8 bytes, big-endian); 0 when it is longer.
static uint64_t ebml_read_unsigned(const masonry_reader *reader, const ebml_element *element) {
  uint8_t bytes[8];
  uint64_t size = element->end - element->start;
  if (size > 8 || masonry_read_at(reader, element->start, bytes, (size_t)size) != 0) {
    return 0;
  }
  uint64_t value = 0;
  for (uint64_t index = 0; index < size; index++) {
    value = value << 8 | bytes[index];
  }
  return value;
}

/// A float element (4 or 8 bytes, IEEE big-endian); 0 otherwise.
static double ebml_read_float(const masonry_reader *reader, const ebml_element *element) {
  uint8_t bytes[8];
  uint64_t size = element->end - element->start;
  if ((size != 4 && size != 8) || masonry_read_at(reader, element->start, bytes, (size_t)size)) {
    return 0;
  }
  if (size == 4) {
    uint32_t bits = masonry_read32(bytes, 0);
    float value;
    memcpy(&value, &bits, sizeof(value));
    return value;
  }
  uint64_t bits = read64(bytes);
  double value;
  memcpy(&value, &bits, sizeof(value));
  return value;
}

/// The DocType in the EBML header the sniffed bytes start with ("matroska" when the header
/// names none, as the EBML default says); 0 when they do not start with one.
static int ebml_doc_type(const uint8_t *bytes, size_t length, char doc_type[17]) {
  masonry_reader reader = {-1, bytes, length};
  ebml_element header;
  if (length < 4 || masonry_read32(bytes, 0) != EBML_HEADER ||
      !ebml_read_element(&reader, 0, length, &header) || header.unknown_size) {
    return 0;
  }
  strcpy(doc_type, "matroska");
  uint64_t offset = header.start;
  for (int elements = 0; elements < 64; elements++) {
    ebml_element element;
    if (!ebml_read_element(&reader, offset, header.end, &element)) {
      break;
    }
    uint64_t size = element.end - element.start;
    if (element.id == EBML_DOCTYPE && size <= 16) {
      memcpy(doc_type, bytes + element.start, (size_t)size);
      doc_type[size] = 0;  // strings may be padded with zeros: those end it too
      break;
    }
    offset = element.end;
  }
  return 1;
}

int masonry_sniff_mkv(const uint8_t *bytes, size_t length) {
  char doc_type[17];
  return ebml_doc_type(bytes, length, doc_type) && strcmp(doc_type, "matroska") == 0;
}

int masonry_sniff_webm(const uint8_t *bytes, size_t length) {
  char doc_type[17];
  return ebml_doc_type(bytes, length, doc_type) && strcmp(doc_type, "webm") == 0;
}

/// What Info and the first video track say.
typedef struct {
  uint64_t timecode_scale;
  double duration;
  int have_info;
  int have_video;
  uint64_t pixel_width;
  uint64_t pixel_height;
  uint64_t crop[4];  // bottom, top, left, right
  uint64_t display_width;
  uint64_t display_height;
  uint64_t display_unit;
  double roll;
  /// Where the SeekHead says Info and Tracks are (offsets in the segment's data; 0: not said).
  uint64_t info_position;
  uint64_t tracks_position;
  uint64_t seek_head_position;
} matroska_header;

/// Info: the tick length in nanoseconds (default 1 ms) and the duration in ticks.
static void matroska_read_info(const masonry_reader *reader, const ebml_element *info,
                               matroska_header *header) {
  uint64_t offset = info->start;
  for (int elements = 0; elements < EBML_ELEMENT_LIMIT; elements++) {
    ebml_element element;
    if (!ebml_read_element(reader, offset, info->end, &element) || element.unknown_size) {
      break;
    }
    if (element.id == MKV_TIMECODE_SCALE) {
      header->timecode_scale = ebml_read_unsigned(reader, &element);
    } else if (element.id == MKV_DURATION) {
      header->duration = ebml_read_float(reader, &element);
    }
    offset = element.end;
  }
  header->have_info = 1;
}

/// Projection: a roll (degrees) turns a rectangular picture as tkhd's matrix does.
static void matroska_read_projection(const masonry_reader *reader,
                                     const ebml_element *projection, matroska_header *header) {
  uint64_t offset = projection->start;
  uint64_t type = 0;
  double roll = 0;
  for (int elements = 0; elements < EBML_ELEMENT_LIMIT; elements++) {
    ebml_element element;
    if (!ebml_read_element(reader, offset, projection->end, &element) || element.unknown_size) {
      break;
    }
    if (element.id == MKV_PROJECTION_TYPE) {
      type = ebml_read_unsigned(reader, &element);
    } else if (element.id == MKV_PROJECTION_ROLL) {
      roll = ebml_read_float(reader, &element);
    }
    offset = element.end;
  }
  if (type == 0) {  // rectangular: the others are 360° videos, not turned pictures
    header->roll = roll;
  }
}

/// Video: the coded size, the crop, the display size and its unit.
static void matroska_read_video(const masonry_reader *reader, const ebml_element *video,
                                matroska_header *track) {
  uint64_t offset = video->start;
  for (int elements = 0; elements < EBML_ELEMENT_LIMIT; elements++) {
    ebml_element element;
    if (!ebml_read_element(reader, offset, video->end, &element) || element.unknown_size) {
      break;
    }
    switch (element.id) {
      case MKV_PIXEL_WIDTH: track->pixel_width = ebml_read_unsigned(reader, &element); break;
      case MKV_PIXEL_HEIGHT: track->pixel_height = ebml_read_unsigned(reader, &element); break;
      case MKV_PIXEL_CROP_BOTTOM: track->crop[0] = ebml_read_unsigned(reader, &element); break;
      case MKV_PIXEL_CROP_TOP: track->crop[1] = ebml_read_unsigned(reader, &element); break;
      case MKV_PIXEL_CROP_LEFT: track->crop[2] = ebml_read_unsigned(reader, &element); break;
      case MKV_PIXEL_CROP_RIGHT: track->crop[3] = ebml_read_unsigned(reader, &element); break;
      case MKV_DISPLAY_WIDTH: track->display_width = ebml_read_unsigned(reader, &element); break;
      case MKV_DISPLAY_HEIGHT: track->display_height = ebml_read_unsigned(reader, &element); break;
      case MKV_DISPLAY_UNIT: track->display_unit = ebml_read_unsigned(reader, &element); break;
      case MKV_PROJECTION: matroska_read_projection(reader, &element, track); break;
      default: break;
    }
    offset = element.end;
  }
}

/// Tracks: the first entry of type 1 (video) with a size.
static void matroska_read_tracks(const masonry_reader *reader, const ebml_element *tracks,
                                 matroska_header *header) {
  uint64_t offset = tracks->start;
  for (int entries = 0; entries < EBML_ELEMENT_LIMIT && !header->have_video; entries++) {
    ebml_element entry;
    if (!ebml_read_element(reader, offset, tracks->end, &entry) || entry.unknown_size) {
      break;
    }
    offset = entry.end;
    if (entry.id != MKV_TRACK_ENTRY) {
      continue;
    }
    // The Video element may come before TrackType: read into a copy, keep it if video.
    matroska_header track = *header;
    memset(track.crop, 0, sizeof(track.crop));
    track.pixel_width = track.pixel_height = track.display_width = track.display_height = 0;
    track.display_unit = 0;
    track.roll = 0;
    uint64_t type = 0;
    uint64_t child_offset = entry.start;
    for (int elements = 0; elements < EBML_ELEMENT_LIMIT; elements++) {
      ebml_element element;
      if (!ebml_read_element(reader, child_offset, entry.end, &element) ||
          element.unknown_size) {
        break;
      }
      if (element.id == MKV_TRACK_TYPE) {
        type = ebml_read_unsigned(reader, &element);
      } else if (element.id == MKV_VIDEO) {
        matroska_read_video(reader, &element, &track);
      }
      child_offset = element.end;
    }
    if (type == 1 && track.pixel_width > 0 && track.pixel_height > 0) {
      track.have_video = 1;
      *header = track;
    }
  }
}

/// SeekHead: where Info, Tracks and a further SeekHead are, for files that put them after
/// the clusters.
static void matroska_read_seek_head(const masonry_reader *reader, const ebml_element *seek_head,
                                    matroska_header *header) {
  uint64_t offset = seek_head->start;
  for (int seeks = 0; seeks < EBML_ELEMENT_LIMIT; seeks++) {
    ebml_element seek;
    if (!ebml_read_element(reader, offset, seek_head->end, &seek) || seek.unknown_size) {
      break;
    }
    offset = seek.end;
    if (seek.id != MKV_SEEK) {
      continue;
    }
    uint64_t id = 0;
    uint64_t position = 0;
    uint64_t child_offset = seek.start;
    for (int elements = 0; elements < 8; elements++) {
      ebml_element element;
      if (!ebml_read_element(reader, child_offset, seek.end, &element) || element.unknown_size) {
        break;
      }
      if (element.id == MKV_SEEK_ID) {
        id = ebml_read_unsigned(reader, &element);  // the ID's bytes, as a number
      } else if (element.id == MKV_SEEK_POSITION) {
        position = ebml_read_unsigned(reader, &element);
      }
      child_offset = element.end;
    }
    if (id == MKV_INFO && header->info_position == 0) {
      header->info_position = position;
    } else if (id == MKV_TRACKS && header->tracks_position == 0) {
      header->tracks_position = position;
    } else if (id == MKV_SEEKHEAD && header->seek_head_position == 0) {
      header->seek_head_position = position;
    }
  }
}

/// The element `position` bytes into the segment's data, if it is one of type `id`.
static int matroska_seek(const masonry_reader *reader, const ebml_element *segment,
                         uint64_t position, uint32_t id, ebml_element *element) {
  if (position == 0 || position >= segment->end - segment->start) {
    return 0;
  }
  return ebml_read_element(reader, segment->start + position, segment->end, element) &&
         element->id == id && !element->unknown_size;
}

int masonry_probe_matroska(const masonry_reader *reader, masonry_picture_info *info) {
  ebml_element element;
  if (!ebml_read_element(reader, 0, UINT64_MAX, &element) || element.id != EBML_HEADER ||
      element.unknown_size) {
    return MASONRY_PICTURE_CORRUPT;
  }
  // The Segment follows the EBML header (perhaps after Void elements).
  ebml_element segment;
  uint64_t offset = element.end;
  for (int elements = 0;; elements++) {
    if (elements == 16 || !ebml_read_element(reader, offset, UINT64_MAX, &segment) ||
        (segment.id != MKV_SEGMENT && segment.unknown_size)) {
      return MASONRY_PICTURE_CORRUPT;
    }
    if (segment.id == MKV_SEGMENT) {
      break;
    }
    offset = segment.end;
  }
  matroska_header header;
  memset(&header, 0, sizeof(header));
  // The segment's children up to the first Cluster: SeekHead, Info and Tracks come first in
  // files from ffmpeg, mkvmerge and browsers (whose live WebM has clusters of unknown size,
  // which cannot be skipped). Clusters are never read.
  offset = segment.start;
  for (int elements = 0; elements < EBML_ELEMENT_LIMIT; elements++) {
    if (header.have_info && header.have_video) {
      break;
    }
    if (!ebml_read_element(reader, offset, segment.end, &element) ||
        element.id == MKV_CLUSTER || element.unknown_size) {
      break;
    }
    if (element.id == MKV_INFO && !header.have_info) {
      matroska_read_info(reader, &element, &header);
    } else if (element.id == MKV_TRACKS && !header.have_video) {
      matroska_read_tracks(reader, &element, &header);
    } else if (element.id == MKV_SEEKHEAD) {
      matroska_read_seek_head(reader, &element, &header);
    }
    offset = element.end;
  }
  // What the walk did not reach, where the SeekHead (or a second one it points to) says.
  if ((!header.have_info || !header.have_video) &&
      matroska_seek(reader, &segment, header.seek_head_position, MKV_SEEKHEAD, &element)) {
    matroska_read_seek_head(reader, &element, &header);
  }
  if (!header.have_info &&
      matroska_seek(reader, &segment, header.info_position, MKV_INFO, &element)) {
    matroska_read_info(reader, &element, &header);
  }
  if (!header.have_video &&
      matroska_seek(reader, &segment, header.tracks_position, MKV_TRACKS, &element)) {
    matroska_read_tracks(reader, &element, &header);
  }
  if (!header.have_video) {
    return MASONRY_PICTURE_CORRUPT;
  }
  // The display size: DisplayWidth/Height in pixels (unit 0) as they are; in other units
  // (centimetres, inches, an aspect ratio) only their ratio counts, applied to the height.
  // Without them, the coded size less the crop.
  uint64_t width = header.pixel_width;
  uint64_t height = header.pixel_height;
  if (header.crop[0] + header.crop[1] < height && header.crop[2] + header.crop[3] < width &&
      header.crop[0] < height && header.crop[2] < width) {
    height -= header.crop[0] + header.crop[1];
    width -= header.crop[2] + header.crop[3];
  }
  if (header.display_width > 0 && header.display_height > 0) {
    if (header.display_unit == 0) {
      width = header.display_width;
      height = header.display_height;
    } else {
      double scaled = (double)height * (double)header.display_width / (double)header.display_height;
      width = scaled >= 1 && scaled < 2147483647.0 ? (uint64_t)(scaled + 0.5) : width;
    }
  }
  // A roll near a quarter turn (either way) shows the picture on its side.
  double roll = header.roll < 0 ? -header.roll : header.roll;
  if (roll < 360) {
    double turn = roll > 180 ? roll - 180 : roll;
    if (turn > 45 && turn < 135) {
      uint64_t swap = width;
      width = height;
      height = swap;
    }
  }
  info->width = clamp_size(width);
  info->height = clamp_size(height);
  // Ticks of timecode_scale nanoseconds (1,000,000 unless said): as milliseconds.
  double scale = header.timecode_scale > 0 ? (double)header.timecode_scale : 1000000.0;
  double duration = header.duration * scale / 1000000.0;
  info->duration_ms = duration > 0 && duration < 9.0e15 ? (int64_t)(duration + 0.5) : 0;
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}

// MARK: - AVI (RIFF)

/// How many chunks a RIFF list is walked for (hdrl holds avih and one strl per stream).
#define RIFF_CHUNK_LIMIT 256

int masonry_sniff_avi(const uint8_t *bytes, size_t length) {
  return length >= 12 && memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "AVI ", 4) == 0;
}

/// A chunk: its id, the list type when it is a LIST, where its data starts and ends.
typedef struct {
  uint8_t id[4];
  uint8_t list_type[4];
  uint64_t start;
  uint64_t end;
} riff_chunk;

/// The chunk at `offset` in a list ending at `end`; the next is at `end` rounded up to even.
static int riff_read_chunk(const masonry_reader *reader, uint64_t offset, uint64_t end,
                           riff_chunk *chunk) {
  uint8_t head[12];
  if (offset > end || end - offset < 8 || masonry_read_at(reader, offset, head, 8) != 0) {
    return 0;
  }
  uint64_t size = masonry_read32(head + 4, 1);
  if (size > end - offset - 8) {
    return 0;
  }
  memcpy(chunk->id, head, 4);
  memset(chunk->list_type, 0, 4);
  chunk->start = offset + 8;
  chunk->end = offset + 8 + size;
  if (memcmp(head, "LIST", 4) == 0) {
    if (size < 4 || masonry_read_at(reader, offset + 8, chunk->list_type, 4) != 0) {
      return 0;
    }
    chunk->start += 4;
  }
  return 1;
}

static uint64_t riff_next(const riff_chunk *chunk) { return chunk->end + (chunk->end & 1); }

/// The first `count` bytes of a chunk's data; 0 when it is shorter.
static int riff_read_data(const masonry_reader *reader, const riff_chunk *chunk, uint8_t *buffer,
                          size_t count) {
  return chunk->end - chunk->start >= count &&
         masonry_read_at(reader, chunk->start, buffer, count) == 0;
}

/// What hdrl says: the main header (avih) and the first video stream's header (strh), format
/// (strf, a BITMAPINFOHEADER) and video properties (vprp, OpenDML: the display aspect).
typedef struct {
  int have_main;
  uint32_t microseconds_per_frame;
  uint32_t total_frames;
  uint32_t width;
  uint32_t height;
  int have_video;
  uint32_t scale;
  uint32_t rate;
  uint32_t length;
  uint32_t format_width;
  uint32_t format_height;
  uint32_t aspect_x;
  uint32_t aspect_y;
} avi_header;

/// strl: one stream; kept when its strh says "vids" and no video stream came before.
static void avi_read_stream(const masonry_reader *reader, const riff_chunk *list,
                            avi_header *header) {
  avi_header stream = *header;
  int video = 0;
  uint64_t offset = list->start;
  for (int chunks = 0; chunks < RIFF_CHUNK_LIMIT; chunks++) {
    riff_chunk chunk;
    if (!riff_read_chunk(reader, offset, list->end, &chunk)) {
      break;
    }
    uint8_t data[36];
    if (memcmp(chunk.id, "strh", 4) == 0 && riff_read_data(reader, &chunk, data, 36)) {
      // fccType, fccHandler, flags, priority and language, initial frames, then the rate
      // (dwRate / dwScale per second) and the length in those units.
      video = memcmp(data, "vids", 4) == 0;
      stream.scale = masonry_read32(data + 20, 1);
      stream.rate = masonry_read32(data + 24, 1);
      stream.length = masonry_read32(data + 32, 1);
    } else if (memcmp(chunk.id, "strf", 4) == 0 && riff_read_data(reader, &chunk, data, 12)) {
      // biSize, biWidth, biHeight (negative for a top-down picture).
      int32_t height = (int32_t)masonry_read32(data + 8, 1);
      stream.format_width = masonry_read32(data + 4, 1);
      stream.format_height = height < 0 ? (uint32_t)0 - (uint32_t)height : (uint32_t)height;
    } else if (memcmp(chunk.id, "vprp", 4) == 0 && riff_read_data(reader, &chunk, data, 24)) {
      // dwFrameAspectRatio: x in the high 16 bits, y in the low ones.
      uint32_t aspect = masonry_read32(data + 20, 1);
      stream.aspect_x = aspect >> 16;
      stream.aspect_y = aspect & 0xFFFF;
    }
    offset = riff_next(&chunk);
  }
  if (video) {
    stream.have_video = 1;
    *header = stream;
  }
}

static void avi_read_header_list(const masonry_reader *reader, const riff_chunk *list,
                                 avi_header *header) {
  uint64_t offset = list->start;
  for (int chunks = 0; chunks < RIFF_CHUNK_LIMIT; chunks++) {
    riff_chunk chunk;
    if (!riff_read_chunk(reader, offset, list->end, &chunk)) {
      break;
    }
    uint8_t data[40];
    if (memcmp(chunk.id, "avih", 4) == 0 && riff_read_data(reader, &chunk, data, 40)) {
      header->have_main = 1;
      header->microseconds_per_frame = masonry_read32(data, 1);
      header->total_frames = masonry_read32(data + 16, 1);
      header->width = masonry_read32(data + 32, 1);
      header->height = masonry_read32(data + 36, 1);
    } else if (memcmp(chunk.id, "LIST", 4) == 0 && memcmp(chunk.list_type, "strl", 4) == 0 &&
               !header->have_video) {
      avi_read_stream(reader, &chunk, header);
    }
    offset = riff_next(&chunk);
  }
}

int masonry_probe_avi(const masonry_reader *reader, masonry_picture_info *info) {
  avi_header header;
  memset(&header, 0, sizeof(header));
  // hdrl is the first chunk in practice; a few others (JUNK) are allowed before it. The
  // RIFF size is not trusted as a bound (files over 4 GB and cut files get it wrong): each
  // read is checked instead. The movi list after it is never read.
  uint64_t offset = 12;
  for (int chunks = 0; chunks < 64; chunks++) {
    riff_chunk chunk;
    if (!riff_read_chunk(reader, offset, UINT64_MAX, &chunk)) {
      break;
    }
    if (memcmp(chunk.id, "LIST", 4) == 0 && memcmp(chunk.list_type, "hdrl", 4) == 0) {
      avi_read_header_list(reader, &chunk, &header);
      break;
    }
    if (memcmp(chunk.id, "LIST", 4) == 0 && memcmp(chunk.list_type, "movi", 4) == 0) {
      break;
    }
    offset = riff_next(&chunk);
  }
  if (!header.have_main && !header.have_video) {
    return MASONRY_PICTURE_CORRUPT;
  }
  uint64_t width = header.width;
  uint64_t height = header.height;
  if (width == 0 || height == 0) {
    width = header.format_width;
    height = header.format_height;
  }
  // A display aspect other than the pixels' (DV's 720x480 shown at 4:3): the width that
  // gives it. Within a pixel is rounding (the ratio is stored in 16-bit terms).
  if (header.aspect_x > 0 && header.aspect_y > 0 && height > 0) {
    uint64_t shown = (height * header.aspect_x + header.aspect_y / 2) / header.aspect_y;
    if (shown > 0 && (shown > width + 1 || shown + 1 < width)) {
      width = shown;
    }
  }
  info->width = clamp_size(width);
  info->height = clamp_size(height);
  // The video stream's own length (all of an OpenDML file, where avih counts only the first
  // RIFF's frames), else avih's frame count and frame time.
  if (header.have_video && header.rate > 0 && header.scale > 0 && header.length > 0) {
    info->duration_ms = milliseconds((uint64_t)header.length * header.scale, header.rate);
  }
  if (info->duration_ms == 0) {
    info->duration_ms =
        milliseconds((uint64_t)header.total_frames * header.microseconds_per_frame, 1000000);
  }
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}
