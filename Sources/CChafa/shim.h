#ifndef MASONRY_CHAFA_SHIM_H
#define MASONRY_CHAFA_SHIM_H

// libchafa (and glib, which its header pulls in) for the C target that draws pictures in
// terminal symbols. Only that target includes it: its own header exposes no glib type.
#include <chafa.h>

#endif
