#include "header_formats.h"

#include <string.h>

// HEIC and AVIF: HEIF files, made of ISO base media boxes. The first box, ftyp, names the
// brands; the size is in the meta box: its primary item (pitm) has properties (iprp: the
// property boxes in ipco, which item has which in ipma), among them the stored size (ispe),
// a crop (clap) and a rotation (irot). The image data (mdat) is never read. libheif applies
// clap, irot and imir when decoding, so the size given is the one displayed and the
// orientation stays 1 (an EXIF block in a HEIF file is never applied).

/// The end of the ftyp box's brands within the sniffed bytes, or 0 when the file does not
/// start with an ftyp box.
static size_t ftyp_end(const uint8_t *bytes, size_t length) {
  if (length < 12 || memcmp(bytes + 4, "ftyp", 4) != 0) {
    return 0;
  }
  // Size 0 (to the end of the file) or 1 (a 64-bit size) is no real ftyp: the major brand
  // alone counts then.
  uint32_t size = masonry_read32(bytes, 0);
  size_t end = size < 16 ? 12 : size;
  return end < length ? end : length;
}

/// Whether `brand` is the major brand (at 8) or one of the compatible brands (from 16).
static int lists_brand(const uint8_t *bytes, size_t end, const char *brand) {
  if (memcmp(bytes + 8, brand, 4) == 0) {
    return 1;
  }
  for (size_t at = 16; at + 4 <= end; at += 4) {
    if (memcmp(bytes + at, brand, 4) == 0) {
      return 1;
    }
  }
  return 0;
}

static int lists_avif(const uint8_t *bytes, size_t end) {
  return lists_brand(bytes, end, "avif") || lists_brand(bytes, end, "avis");
}

int masonry_sniff_avif(const uint8_t *bytes, size_t length) {
  size_t end = ftyp_end(bytes, length);
  return end > 0 && lists_avif(bytes, end);
}

int masonry_sniff_heic(const uint8_t *bytes, size_t length) {
  // The HEVC image and sequence brands, and the generic HEIF ones (mif1, msf1) that a file
  // of another codec names too: an AVIF lists avif or avis beside them. Videos (isom, mp41,
  // mp42, qt) name none of these.
  static const char *const brands[] = {"heic", "heix", "hevc", "hevx", "heim",
                                       "heis", "hevm", "hevs", "mif1", "msf1"};
  size_t end = ftyp_end(bytes, length);
  if (end == 0 || lists_avif(bytes, end)) {
    return 0;
  }
  for (size_t index = 0; index < sizeof(brands) / sizeof(brands[0]); index++) {
    if (lists_brand(bytes, end, brands[index])) {
      return 1;
    }
  }
  return 0;
}

/// A box: its type and where its contents lie.
typedef struct {
  char type[4];
  uint64_t start;
  uint64_t end;
} heif_box;

/// At most this many boxes are looked at in one list (the top level, meta, iprp, ipco), and
/// at most this many entries of an ipma box.
enum { HEIF_BOX_LIMIT = 4096 };

/// Reads the header of the box at `offset` in a list that ends at `end` (UINT64_MAX: the end
/// of the file, not known). Returns 0, or -1 when there is no whole box header there or the
/// box claims more than the list holds.
static int read_box(const masonry_reader *reader, uint64_t offset, uint64_t end, heif_box *box) {
  uint8_t head[16];
  if (offset > end || end - offset < 8 || masonry_read_at(reader, offset, head, 8) != 0) {
    return -1;
  }
  uint64_t size = masonry_read32(head, 0);
  uint64_t header = 8;
  if (size == 1) {  // a 64-bit size follows the type
    if (end - offset < 16 || masonry_read_at(reader, offset + 8, head + 8, 8) != 0) {
      return -1;
    }
    size = (uint64_t)masonry_read32(head + 8, 0) << 32 | masonry_read32(head + 12, 0);
    header = 16;
  } else if (size == 0) {  // to the end of the file (or of the list holding it)
    size = end - offset;
  }
  if (size < header || size > end - offset) {
    return -1;
  }
  memcpy(box->type, head + 4, 4);
  box->start = offset + header;
  box->end = offset + size;
  return 0;
}

/// What the probe needs from the meta box.
typedef struct {
  uint32_t primary;
  heif_box ipco;
  int have_ipco;
  /// Spec: one ipma per version and flags; a file with more than 4 is not looked at further.
  heif_box ipma[4];
  int ipma_count;
} heif_meta;

/// The primary item's ID from a pitm box (a FullBox: 16 bits in version 0, else 32).
static void read_pitm(const masonry_reader *reader, const heif_box *box, heif_meta *meta) {
  uint8_t bytes[8];
  uint64_t length = box->end - box->start;
  if (length < 6 || masonry_read_at(reader, box->start, bytes, 6) != 0) {
    return;
  }
  if (bytes[0] == 0) {
    meta->primary = masonry_read16(bytes + 4, 0);
  } else if (length >= 8 && masonry_read_at(reader, box->start, bytes, 8) == 0) {
    meta->primary = masonry_read32(bytes + 4, 0);
  }
}

/// Finds ipco and the ipma boxes in an iprp box.
static void read_iprp(const masonry_reader *reader, const heif_box *iprp, heif_meta *meta) {
  uint64_t offset = iprp->start;
  heif_box box;
  for (int count = 0; count < HEIF_BOX_LIMIT && read_box(reader, offset, iprp->end, &box) == 0;
       count++) {
    if (memcmp(box.type, "ipco", 4) == 0 && !meta->have_ipco) {
      meta->ipco = box;
      meta->have_ipco = 1;
    } else if (memcmp(box.type, "ipma", 4) == 0 && meta->ipma_count < 4) {
      meta->ipma[meta->ipma_count++] = box;
    }
    offset = box.end;
  }
}

/// The property indexes (1-based, into ipco) of `item` in an ipma box: 0 when the box does
/// not list the item, 1 when it does (`indexes` and `count` then hold them).
static int read_ipma(const masonry_reader *reader, const heif_box *box, uint32_t item,
                     uint16_t indexes[255], int *count) {
  // FullBox: version (item IDs of 32 bits from 1 on) and flags (bit 0: 15-bit indexes),
  // then the entry count.
  uint8_t head[8];
  if (box->end - box->start < 8 || masonry_read_at(reader, box->start, head, 8) != 0) {
    return 0;
  }
  size_t id_size = head[0] < 1 ? 2 : 4;
  size_t index_size = (head[3] & 1) ? 2 : 1;
  uint32_t entries = masonry_read32(head + 4, 0);
  uint64_t offset = box->start + 8;
  for (uint32_t entry = 0; entry < entries && entry < HEIF_BOX_LIMIT; entry++) {
    uint8_t bytes[510];
    if (box->end - offset < id_size + 1 ||
        masonry_read_at(reader, offset, bytes, id_size + 1) != 0) {
      return 0;
    }
    uint32_t id = id_size == 2 ? masonry_read16(bytes, 0) : masonry_read32(bytes, 0);
    size_t associations = bytes[id_size];
    size_t size = associations * index_size;  // at most 510
    offset += id_size + 1;
    if (id != item) {
      if (box->end - offset < size) {
        return 0;
      }
      offset += size;
      continue;
    }
    if (box->end - offset < size || masonry_read_at(reader, offset, bytes, size) != 0) {
      return 0;
    }
    // A 7-bit index (the high bit says "essential"), or a 15-bit one.
    for (size_t index = 0; index < associations; index++) {
      indexes[index] = index_size == 1 ? (uint16_t)(bytes[index] & 0x7F)
                                       : (uint16_t)(masonry_read16(bytes + 2 * index, 0) & 0x7FFF);
    }
    *count = (int)associations;
    return 1;
  }
  return 0;
}

/// Reads the meta box's children: pitm, and iprp's ipco and ipma.
static void read_meta(const masonry_reader *reader, const heif_box *meta_box, heif_meta *meta) {
  uint64_t offset = meta_box->start + 4;  // meta is a FullBox: 4 bytes of version and flags
  heif_box box;
  for (int count = 0;
       count < HEIF_BOX_LIMIT && read_box(reader, offset, meta_box->end, &box) == 0; count++) {
    if (memcmp(box.type, "pitm", 4) == 0) {
      read_pitm(reader, &box, meta);
    } else if (memcmp(box.type, "iprp", 4) == 0) {
      read_iprp(reader, &box, meta);
    }
    offset = box.end;
  }
}

/// What an associated property says about the size.
enum { PROPERTY_OTHER = 0, PROPERTY_ISPE, PROPERTY_CLAP, PROPERTY_IROT };

/// Reads the property box at ipco index `index` into every association slot naming it:
/// ispe (width, height), clap (the clean aperture's width and height, rounded) or irot
/// (quarter turns).
static void read_property(const masonry_reader *reader, const heif_box *box, int index,
                          const uint16_t *indexes, int count, uint8_t *kinds,
                          uint32_t (*values)[2]) {
  uint8_t kind = PROPERTY_OTHER;
  uint32_t value[2] = {0, 0};
  uint64_t length = box->end - box->start;
  uint8_t bytes[16];
  if (memcmp(box->type, "ispe", 4) == 0 && length >= 12 &&
      masonry_read_at(reader, box->start, bytes, 12) == 0) {
    // FullBox: version and flags, then the width and height in pixels.
    kind = PROPERTY_ISPE;
    value[0] = masonry_read32(bytes + 4, 0);
    value[1] = masonry_read32(bytes + 8, 0);
  } else if (memcmp(box->type, "clap", 4) == 0 && length >= 16 &&
             masonry_read_at(reader, box->start, bytes, 16) == 0) {
    // Width and height as fractions (numerator, denominator), then the offsets.
    uint32_t width_n = masonry_read32(bytes, 0);
    uint32_t width_d = masonry_read32(bytes + 4, 0);
    uint32_t height_n = masonry_read32(bytes + 8, 0);
    uint32_t height_d = masonry_read32(bytes + 12, 0);
    if (width_d > 0 && height_d > 0) {
      kind = PROPERTY_CLAP;
      value[0] = (uint32_t)(((uint64_t)width_n + width_d / 2) / width_d);
      value[1] = (uint32_t)(((uint64_t)height_n + height_d / 2) / height_d);
    }
  } else if (memcmp(box->type, "irot", 4) == 0 && length >= 1 &&
             masonry_read_at(reader, box->start, bytes, 1) == 0) {
    kind = PROPERTY_IROT;
    value[0] = bytes[0] & 3;  // anticlockwise, in quarter turns
  }
  for (int slot = 0; slot < count; slot++) {
    if (indexes[slot] == index) {
      kinds[slot] = kind;
      values[slot][0] = value[0];
      values[slot][1] = value[1];
    }
  }
}

int masonry_probe_heif(const masonry_reader *reader, masonry_picture_info *info) {
  // The top-level boxes, to meta; mdat (and any other box) is skipped by its size.
  heif_box box;
  uint64_t offset = 0;
  int found = 0;
  for (int count = 0; count < HEIF_BOX_LIMIT && read_box(reader, offset, UINT64_MAX, &box) == 0;
       count++) {
    if (memcmp(box.type, "meta", 4) == 0) {
      found = 1;
      break;
    }
    offset = box.end;
  }
  if (!found || box.end - box.start < 4) {
    return MASONRY_PICTURE_CORRUPT;
  }
  heif_meta meta;
  memset(&meta, 0, sizeof(meta));
  meta.primary = 1;  // without a pitm, the first item
  read_meta(reader, &box, &meta);
  if (!meta.have_ipco) {
    return MASONRY_PICTURE_CORRUPT;
  }
  // The primary item's properties: the spec allows it in one ipma box only.
  uint16_t indexes[255];
  int associations = 0;
  int listed = 0;
  for (int index = 0; index < meta.ipma_count && !listed; index++) {
    listed = read_ipma(reader, &meta.ipma[index], meta.primary, indexes, &associations);
  }
  int highest = 0;
  for (int index = 0; index < associations; index++) {
    highest = indexes[index] > highest ? indexes[index] : highest;
  }
  // The associated properties: ipco is walked once, each slot gets what its box says.
  uint8_t kinds[255];
  uint32_t values[255][2];
  memset(kinds, PROPERTY_OTHER, sizeof(kinds));
  offset = meta.ipco.start;
  for (int index = 1; index <= highest && index <= HEIF_BOX_LIMIT &&
                      read_box(reader, offset, meta.ipco.end, &box) == 0;
       index++) {
    read_property(reader, &box, index, indexes, associations, kinds, values);
    offset = box.end;
  }
  // Then in the order of association, as libheif 1.15 does: ispe sets the size, clap and
  // irot change it only after it. The spec puts the transformations after ispe, so that
  // is the spec's answer too; libheif's own encoder (orientation option) writes irot
  // first with an ispe already turned, and libheif shows those at the ispe's size.
  uint32_t width = 0;
  uint32_t height = 0;
  int have_size = 0;
  for (int slot = 0; slot < associations; slot++) {
    if (kinds[slot] == PROPERTY_ISPE) {
      width = values[slot][0];
      height = values[slot][1];
      have_size = 1;
    } else if (kinds[slot] == PROPERTY_CLAP && have_size) {
      width = values[slot][0];
      height = values[slot][1];
    } else if (kinds[slot] == PROPERTY_IROT && have_size && values[slot][0] % 2 == 1) {
      uint32_t swap = width;  // 90 or 270 degrees: displayed on its side
      width = height;
      height = swap;
    }
  }
  if (!have_size || width == 0 || height == 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  info->width = width > 0x7FFFFFFF ? 0x7FFFFFFF : (int)width;
  info->height = height > 0x7FFFFFFF ? 0x7FFFFFFF : (int)height;
  return MASONRY_PICTURE_OK;
}
