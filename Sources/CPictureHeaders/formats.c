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
    {MASONRY_PICTURE_HEIC, masonry_sniff_heic, masonry_probe_heif},
    {MASONRY_PICTURE_AVIF, masonry_sniff_avif, masonry_probe_heif},
    {MASONRY_PICTURE_JXL, masonry_sniff_jxl, masonry_probe_jxl},
    {MASONRY_PICTURE_SVG, masonry_sniff_svg, masonry_probe_svg},
    {MASONRY_PICTURE_PDF, masonry_sniff_pdf, masonry_probe_pdf},
    // After HEIC and AVIF: a still image may list an `isom` brand beside its own.
    {MASONRY_PICTURE_MP4, masonry_sniff_mp4, masonry_probe_isobmff_video},
    {MASONRY_PICTURE_MOV, masonry_sniff_mov, masonry_probe_isobmff_video},
    {MASONRY_PICTURE_MKV, masonry_sniff_mkv, masonry_probe_matroska},
    {MASONRY_PICTURE_WEBM, masonry_sniff_webm, masonry_probe_matroska},
    {MASONRY_PICTURE_AVI, masonry_sniff_avi, masonry_probe_avi},
};

const size_t masonry_header_format_count =
    sizeof(masonry_header_formats) / sizeof(masonry_header_formats[0]);
