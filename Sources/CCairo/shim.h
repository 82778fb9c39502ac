// cairo (SVG and PDF pages are drawn into its surfaces), for the decoder helper.
#include <cairo.h>
