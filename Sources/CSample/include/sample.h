#ifndef MASONRY_SAMPLE_H
#define MASONRY_SAMPLE_H

#include <stddef.h>

/// A file of the bundled sample, compiled into the program from Data/ as it is.
typedef struct {
  /// The path the sample's cards give it (`animals.json`, `pictures/cat.jpg`).
  const char *name;
  const unsigned char *bytes;
  size_t count;
} masonry_sample_file;

/// How many files: Data/animals.json, then every picture of Data/pictures/.
size_t masonry_sample_file_count(void);
/// File `index` (below the count).
masonry_sample_file masonry_sample_file_at(size_t index);

#endif
