// libheif (HEIC and AVIF) for the decoder helper alone.
#include <libheif/heif.h>
