#ifndef MASONRY_DECODERS_H
#define MASONRY_DECODERS_H

#include "decoder.h"

/// Every family's decoder, linked into this program (the fuzz target and the benchmark
/// decode in process with it; the helper loads each family's library instead).
decode_function decoders_linked(decoder_family family, const char **why);

#endif
