// GLib, GObject and GIO (what librsvg and poppler-glib are built on), for the decoder helper.
#include <gio/gio.h>
