// librsvg and cairo (SVG) for the decoder helper alone.
#include <librsvg/rsvg.h>
