#define _GNU_SOURCE
#include "decoder.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

// masonry-decoder: requests on standard input, answers on standard output, one at a time,
// until standard input ends. Little-endian throughout.
//
//   request:  "MDQ1", u32 max_side (1..8192), u32 path length (1..4096), the path's bytes
//   answer:   "MDR1", i32 status (MASONRY_PICTURE_*), i32 format, i32 width, i32 height
//             (the picture as shown), i64 duration in ms, i32 pages, u32 message length
//             (at most 159) and its bytes (printable ASCII), i32 pixel width, i32 pixel
//             height, then their RGBA pixels (none when the status is not OK/TRUNCATED)
//
// Each request runs under a CPU-time limit of its own (the kernel ends the process past
// it); the address space is limited for the process's life, core dumps are off, and
// standard error is the browser's to point at /dev/null. The browser adds a deadline and
// kills a helper that passes it. MASONRY_DECODER_FAULT=crash:NAME or hang:NAME makes the
// helper crash or hang on a file named NAME: the tests' way to prove the isolation.

#define REQUEST_MAGIC "MDQ1"
#define ANSWER_MAGIC "MDR1"
#define MAXIMUM_PATH 4096
#define MAXIMUM_SIDE 8192
/// CPU seconds a request may take (a 4K video's frame, a hostile SVG's references: 2 s).
#define CPU_SECONDS_PER_REQUEST 30
/// The address space a helper may map: libav's and librsvg's threads reserve stacks.
#define ADDRESS_SPACE ((rlim_t)3 << 30)

static int read_all(int descriptor, void *buffer, size_t count) {
  size_t done = 0;
  while (done < count) {
    ssize_t got = read(descriptor, (uint8_t *)buffer + done, count - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return -1;
    done += (size_t)got;
  }
  return 0;
}

static int write_all(int descriptor, const void *buffer, size_t count) {
  size_t done = 0;
  while (done < count) {
    ssize_t put = write(descriptor, (const uint8_t *)buffer + done, count - done);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return -1;
    done += (size_t)put;
  }
  return 0;
}

static uint32_t little32(const uint8_t *bytes) {
  return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
         (uint32_t)bytes[3] << 24;
}

static void put32(uint8_t *bytes, uint32_t value) {
  for (int index = 0; index < 4; index++) bytes[index] = (uint8_t)(value >> (8 * index));
}

/// The fault the tests asked for on `path` (0: none, 1: crash, 2: hang).
static int fault_for(const char *path) {
  const char *faults = getenv("MASONRY_DECODER_FAULT");
  if (faults == NULL) return 0;
  const char *name = strrchr(path, '/');
  name = name ? name + 1 : path;
  for (const char *entry = faults; *entry;) {
    const char *end = strchr(entry, ';');
    size_t length = end ? (size_t)(end - entry) : strlen(entry);
    for (int kind = 1; kind <= 2; kind++) {
      const char *prefix = kind == 1 ? "crash:" : "hang:";
      size_t prefix_length = strlen(prefix);
      if (length > prefix_length && strncmp(entry, prefix, prefix_length) == 0 &&
          length - prefix_length == strlen(name) &&
          strncmp(entry + prefix_length, name, length - prefix_length) == 0) {
        return kind;
      }
    }
    if (end == NULL) break;
    entry = end + 1;
  }
  return 0;
}

/// The family's decoder, from its library beside this program (loaded when first asked
/// for, and kept). Only that folder is searched: never LD_LIBRARY_PATH or the working
/// folder, which a file's owner may choose.
static decode_function load_family(decoder_family family, const char **why) {
  static decode_function loaded[DECODER_FAMILIES];
  if (loaded[family] != NULL) return loaded[family];
  char folder[MAXIMUM_PATH];
  ssize_t length = readlink("/proc/self/exe", folder, sizeof(folder) - 1);
  char *slash = length > 0 ? memrchr(folder, '/', (size_t)length) : NULL;
  if (slash == NULL) {
    *why = "cannot be found (no /proc/self/exe)";
    return NULL;
  }
  *slash = 0;
  const char *name = decoder_family_name(family);
  char library_path[MAXIMUM_PATH + 64], symbol[64];
  snprintf(library_path, sizeof(library_path), "%s/libmasonry-decode-%s.so", folder, name);
  snprintf(symbol, sizeof(symbol), "decode_%s", name);
  void *library = dlopen(library_path, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    *why = "is not installed beside masonry-decoder";
    return NULL;
  }
  // POSIX's way to turn dlsym's object pointer into a function pointer.
  void *address = dlsym(library, symbol);
  if (address == NULL) {
    *why = "library lacks its entry point";
    return NULL;
  }
  memcpy(&loaded[family], &address, sizeof(address));
  return loaded[family];
}

/// Decodes the request's file into `out`, under the CPU limit of one request.
static void handle(const char *path, int max_side, decoded *out) {
  switch (fault_for(path)) {
    case 1: abort();
    case 2: for (;;) pause();
    default: break;
  }
  // The kernel ends this process when the request takes more CPU than its share.
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) == 0) {
    rlim_t used = (rlim_t)usage.ru_utime.tv_sec + (rlim_t)usage.ru_stime.tv_sec + 1;
    struct rlimit cpu = {used + CPU_SECONDS_PER_REQUEST, used + CPU_SECONDS_PER_REQUEST + 1};
    setrlimit(RLIMIT_CPU, &cpu);
  }
  decoder_decode_file(path, max_side, load_family, out);
}

int main(void) {
  struct rlimit none = {0, 0};
  setrlimit(RLIMIT_CORE, &none);
  struct rlimit space = {ADDRESS_SPACE, ADDRESS_SPACE};
  setrlimit(RLIMIT_AS, &space);
  for (;;) {
    uint8_t head[12];
    if (read_all(STDIN_FILENO, head, sizeof(head)) != 0) return 0;  // the browser is done
    uint32_t max_side = little32(head + 4), length = little32(head + 8);
    if (memcmp(head, REQUEST_MAGIC, 4) != 0 || max_side == 0 || max_side > MAXIMUM_SIDE ||
        length == 0 || length > MAXIMUM_PATH) {
      return 2;  // not the browser speaking: nothing more is read
    }
    char path[MAXIMUM_PATH + 1];
    if (read_all(STDIN_FILENO, path, length) != 0) return 0;
    path[length] = 0;
    if (memchr(path, 0, length) != NULL) return 2;
    decoded out;
    memset(&out, 0, sizeof(out));
    handle(path, (int)max_side, &out);
    int has_pixels = (out.status == MASONRY_PICTURE_OK || out.status == MASONRY_PICTURE_TRUNCATED) &&
                     out.pixels.pixels != NULL;
    uint32_t message_length = (uint32_t)strlen(out.message);
    uint8_t answer[4 + 4 * 4 + 8 + 4 + 4 + sizeof(out.message) + 8];
    size_t at = 0;
    memcpy(answer, ANSWER_MAGIC, 4), at = 4;
    put32(answer + at, (uint32_t)out.status), at += 4;
    put32(answer + at, 0), at += 4;  // the format: the browser knows it from the header
    put32(answer + at, (uint32_t)out.width), at += 4;
    put32(answer + at, (uint32_t)out.height), at += 4;
    put32(answer + at, (uint32_t)(uint64_t)out.duration_ms), at += 4;
    put32(answer + at, (uint32_t)((uint64_t)out.duration_ms >> 32)), at += 4;
    put32(answer + at, (uint32_t)out.pages), at += 4;
    put32(answer + at, message_length), at += 4;
    memcpy(answer + at, out.message, message_length), at += message_length;
    put32(answer + at, has_pixels ? (uint32_t)out.pixels.width : 0), at += 4;
    put32(answer + at, has_pixels ? (uint32_t)out.pixels.height : 0), at += 4;
    int failed = write_all(STDOUT_FILENO, answer, at) != 0 ||
                 (has_pixels && write_all(STDOUT_FILENO, out.pixels.pixels,
                                          (size_t)out.pixels.width * out.pixels.height * 4) != 0);
    masonry_pixels_free(&out.pixels);
    if (failed) return 0;  // the browser stopped listening
  }
}
