// poppler-glib (PDF) for the decoder helper alone.
#include <poppler.h>
