#include "video_headers.h"

#include <string.h>

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
  uint64_t bits = masonry_read64(bytes);
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
  info->width = masonry_clamp_size(width);
  info->height = masonry_clamp_size(height);
  // Ticks of timecode_scale nanoseconds (1,000,000 unless said): as milliseconds.
  double scale = header.timecode_scale > 0 ? (double)header.timecode_scale : 1000000.0;
  double duration = header.duration * scale / 1000000.0;
  info->duration_ms = duration > 0 && duration < 9.0e15 ? (int64_t)(duration + 0.5) : 0;
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}
