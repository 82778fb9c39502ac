#include "internal.h"

#include <string.h>

#include <glib.h>

int masonry_md5_hex(const uint8_t *bytes, size_t length, char hex[33]) {
  // GLib asks for data unless the length is 0; an empty message has a digest too.
  static const uint8_t nothing = 0;
  gchar *digest = g_compute_checksum_for_data(G_CHECKSUM_MD5, bytes != NULL ? bytes : &nothing,
                                              bytes != NULL ? length : 0);
  if (digest == NULL || strlen(digest) != 32) {
    g_free(digest);
    return -1;
  }
  memcpy(hex, digest, 33);
  g_free(digest);
  return 0;
}
