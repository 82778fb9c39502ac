#include "header_formats.h"

// The one table of formats: each row a format's code, how its first bytes look and how its
// header is read (each in the format's own file). The sniff and probe of every file go
// through here.
const masonry_header_format masonry_header_formats[] = {
    {MASONRY_PICTURE_JPEG, masonry_sniff_jpeg, masonry_probe_jpeg},
    {MASONRY_PICTURE_PNG, masonry_sniff_png, masonry_probe_png},
    {MASONRY_PICTURE_WEBP, masonry_sniff_webp, masonry_probe_webp},
    {MASONRY_PICTURE_GIF, masonry_sniff_gif, masonry_probe_gif},
    {MASONRY_PICTURE_BMP, masonry_sniff_bmp, masonry_probe_bmp},
    {MASONRY_PICTURE_TIFF, masonry_sniff_tiff, masonry_probe_tiff},
};

const size_t masonry_header_format_count =
    sizeof(masonry_header_formats) / sizeof(masonry_header_formats[0]);
