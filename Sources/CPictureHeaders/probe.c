#define _GNU_SOURCE
#include "header_formats.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int masonry_read_at(const masonry_reader *reader, uint64_t offset, void *buffer, size_t count) {
  // From the bytes held when they cover the range; else from the file, when there is one.
  if (reader->bytes != NULL && offset <= reader->length && count <= reader->length - offset) {
    memcpy(buffer, reader->bytes + offset, count);
    return 0;
  }
  if (reader->descriptor < 0) {
    return -1;
  }
  size_t done = 0;
  while (done < count) {
    ssize_t got = pread(reader->descriptor, (uint8_t *)buffer + done, count - done,
                        (off_t)(offset + done));
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got <= 0) {
      return -1;
    }
    done += (size_t)got;
  }
  return 0;
}

size_t masonry_read_some(const masonry_reader *reader, uint64_t offset, void *buffer,
                         size_t count) {
  if (reader->descriptor < 0) {
    if (reader->bytes == NULL || offset >= reader->length) return 0;
    size_t have = reader->length - offset < count ? (size_t)(reader->length - offset) : count;
    memcpy(buffer, reader->bytes + offset, have);
    return have;
  }
  size_t done = 0;
  while (done < count) {
    ssize_t got = pread(reader->descriptor, (uint8_t *)buffer + done, count - done,
                        (off_t)(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    done += (size_t)got;
  }
  return done;
}

int masonry_picture_sniff(const uint8_t *bytes, size_t length) {
  for (size_t index = 0; index < masonry_header_format_count; index++) {
    if (masonry_header_formats[index].sniff(bytes, length)) {
      return masonry_header_formats[index].format;
    }
  }
  return MASONRY_PICTURE_UNKNOWN;
}

int masonry_probe_reader(const masonry_reader *reader, masonry_picture_info *info) {
  memset(info, 0, sizeof(*info));
  info->orientation = 1;
  uint8_t start[MASONRY_PICTURE_SNIFF_BYTES];
  size_t have = sizeof(start);
  if (masonry_read_at(reader, 0, start, have) != 0) {
    // A file shorter than that: as many bytes as it has.
    have = 0;
    while (have < sizeof(start) && masonry_read_at(reader, have, start + have, 1) == 0) {
      have++;
    }
  }
  for (size_t index = 0; index < masonry_header_format_count; index++) {
    const masonry_header_format *format = &masonry_header_formats[index];
    if (format->sniff(start, have)) {
      info->format = format->format;
      return format->probe(reader, info);
    }
  }
  info->format = MASONRY_PICTURE_UNKNOWN;
  return MASONRY_PICTURE_NOT_AN_IMAGE;
}

int masonry_picture_probe(int descriptor, masonry_picture_info *info) {
  // One read of the file's start holds nearly every header (a JPEG's EXIF and frame
  // header, PNG's IHDR, WebP's and GIF's first chunk); what lies beyond is read from the
  // file. A folder of 1,000 photos is then 1,000 reads, not 20,000.
  uint8_t start[16384];
  ssize_t got;
  do {
    got = pread(descriptor, start, sizeof(start), 0);
  } while (got < 0 && errno == EINTR);
  masonry_reader reader = {descriptor, got > 0 ? start : NULL, got > 0 ? (size_t)got : 0};
  return masonry_probe_reader(&reader, info);
}

int masonry_picture_probe_bytes(const uint8_t *bytes, size_t length, masonry_picture_info *info) {
  masonry_reader reader = {-1, bytes, length};
  return masonry_probe_reader(&reader, info);
}
