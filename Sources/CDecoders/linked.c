#include "decoders.h"

#include "decode_heif.h"
#include "decode_jxl.h"
#include "decode_pdf.h"
#include "decode_svg.h"
#include "decode_video.h"

decode_function decoders_linked(decoder_family family, const char **why) {
  switch (family) {
    case DECODER_HEIF: return decode_heif;
    case DECODER_JXL: return decode_jxl;
    case DECODER_SVG: return decode_svg;
    case DECODER_PDF: return decode_pdf;
    case DECODER_VIDEO: return decode_video;
    case DECODER_FAMILIES: break;
  }
  *why = "does not exist";
  return NULL;
}
