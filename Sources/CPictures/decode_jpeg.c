#include "internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/// libjpeg's error handling, bounded for untrusted files: errors jump back instead of
/// exiting, a premature end of the data counts as damage, and progressive files with an
/// absurd number of scans (a known way to make a small file take minutes) are stopped.
typedef struct {
  struct jpeg_error_mgr manager;
  struct jpeg_progress_mgr progress;
  jmp_buf jump;
  int result;
  int truncated;
} masonry_jpeg_errors;

enum { MAXIMUM_SCANS = 100, MAXIMUM_WARNINGS = 1000 };
static const long MAXIMUM_MEMORY = 192L << 20;

static void on_error(j_common_ptr info) {
  masonry_jpeg_errors *errors = (masonry_jpeg_errors *)info->err;
  if (errors->result == MASONRY_PICTURE_OK) {
    errors->result = info->err->msg_code == JERR_OUT_OF_MEMORY ||
                             info->err->msg_code == JERR_NO_BACKING_STORE
                         ? MASONRY_PICTURE_LIMIT
                         : MASONRY_PICTURE_CORRUPT;
  }
  longjmp(errors->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
  masonry_jpeg_errors *errors = (masonry_jpeg_errors *)info->err;
  if (level >= 0) {
    return;
  }
  if (info->err->msg_code == JWRN_JPEG_EOF) {
    errors->truncated = 1;
  }
  if (++info->err->num_warnings > MAXIMUM_WARNINGS) {
    errors->result = MASONRY_PICTURE_CORRUPT;
    longjmp(errors->jump, 1);
  }
}

static void on_progress(j_common_ptr info) {
  masonry_jpeg_errors *errors = (masonry_jpeg_errors *)info->err;
  if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > MAXIMUM_SCANS) {
    errors->result = MASONRY_PICTURE_LIMIT;
    longjmp(errors->jump, 1);
  }
}

int masonry_decode_jpeg(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                        int accurate, masonry_pixels *out) {
  struct jpeg_decompress_struct info;
  masonry_jpeg_errors errors;
  memset(&errors, 0, sizeof(errors));
  info.err = jpeg_std_error(&errors.manager);
  errors.manager.error_exit = on_error;
  errors.manager.emit_message = on_message;
  errors.progress.progress_monitor = on_progress;
  // Kept out of the registers that longjmp may reset.
  uint8_t *volatile row = NULL;
  masonry_downscaler scaler;
  memset(&scaler, 0, sizeof(scaler));
  masonry_downscaler *volatile scaler_pointer = &scaler;

  if (setjmp(errors.jump) != 0) {
    jpeg_destroy_decompress(&info);
    free(row);
    masonry_downscaler_free(scaler_pointer);
    return errors.result == MASONRY_PICTURE_OK ? MASONRY_PICTURE_CORRUPT : errors.result;
  }
  jpeg_create_decompress(&info);
  info.mem->max_memory_to_use = MAXIMUM_MEMORY;
  info.progress = &errors.progress;
  jpeg_mem_src(&info, bytes, (unsigned long)length);
  jpeg_read_header(&info, TRUE);
  if ((int64_t)info.image_width * (int64_t)info.image_height > max_pixels) {
    jpeg_destroy_decompress(&info);
    return MASONRY_PICTURE_TOO_LARGE;
  }
  // Decode straight from the DCT at the smallest of 1/8 … 8/8 that still gives three
  // quarters of the target size (500 of 512 px for a 4000-px photo at 1/8, where only the
  // DC coefficients are needed); the area average takes it the rest of the way.
  int longer = info.image_width > info.image_height ? (int)info.image_width : (int)info.image_height;
  int numerator = 8;
  while (numerator > 1 && (int64_t)longer * (numerator - 1) / 8 >= (int64_t)max_side * 3 / 4) {
    numerator--;
  }
  info.scale_num = (unsigned int)numerator;
  info.scale_denom = 8;
  // The exact DCT: the fast one costs visibly in colour for little time at these scales.
  info.dct_method = JDCT_ISLOW;
  int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
  info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  // A progressive file at 1/8 needs only its DC coefficients, the 8×8 blocks' averages,
  // which the first scans carry: read those, output, and skip the AC scans, which are most
  // of the work (and all of it for a file built to be slow). The usual script (libjpeg's
  // jpeg_simple_progression, and most encoders') sends the DC first with its lowest bit
  // held back and refines it only after most AC scans: the first DC scan is enough, as a
  // block's average then lacks one bit of its quantized DC value — 2 × q / 8 levels, at
  // most 2 for a quantizer of 8 (quality 75 and better).
  int dc_only = info.progressive_mode && numerator == 1 && !accurate;
  info.buffered_image = dc_only ? TRUE : FALSE;
  jpeg_start_decompress(&info);
  // A progressive file is read whole into its coefficients before the first row comes out:
  // cut short, the scans it received make the whole picture (coarser), as Pillow, chafa
  // and timg show it. A baseline file's rows come as its data does.
  int progressive = info.progressive_mode;
  if (dc_only) {
    for (;;) {
      int complete = 1;
      for (int component = 0; component < info.num_components; component++) {
        // -1 until the component's first DC scan; then the bits still held back.
        int held_back = info.coef_bits[component][0];
        if (held_back < 0 || held_back > 1) {
          complete = 0;
        }
      }
      if (complete) {
        break;
      }
      int status = jpeg_consume_input(&info);
      if (status == JPEG_REACHED_EOI || status == JPEG_SUSPENDED) {
        break;
      }
    }
    jpeg_start_output(&info, info.input_scan_number);
  }
  if (masonry_downscaler_init(scaler_pointer, (int)info.output_width, (int)info.output_height,
                              max_side) != 0) {
    errors.result = MASONRY_PICTURE_LIMIT;
    longjmp(errors.jump, 1);
  }
  row = malloc((size_t)info.output_width * 4);
  if (row == NULL) {
    errors.result = MASONRY_PICTURE_LIMIT;
    longjmp(errors.jump, 1);
  }
  while (info.output_scanline < info.output_height) {
    JSAMPROW rows[1] = {row};
    if (jpeg_read_scanlines(&info, rows, 1) != 1) {
      break;
    }
    if (cmyk) {
      // Adobe writes CMYK inverted: each channel is already 255 − ink.
      for (size_t x = 0; x < info.output_width; x++) {
        uint8_t *pixel = row + x * 4;
        unsigned k = pixel[3];
        pixel[0] = (uint8_t)(pixel[0] * k / 255);
        pixel[1] = (uint8_t)(pixel[1] * k / 255);
        pixel[2] = (uint8_t)(pixel[2] * k / 255);
        pixel[3] = 255;
      }
    }
    masonry_downscaler_push_row(scaler_pointer, row);
    if (errors.truncated && !progressive) {
      break;
    }
  }
  free(row);
  row = NULL;
  if (dc_only && !errors.truncated) {
    jpeg_finish_output(&info);
  }
  if (errors.truncated || info.output_scanline < info.output_height) {
    // Cut short: a baseline file's rows that came are the picture's top, the rest stays
    // transparent; a progressive file's every row came, from the scans it received (none
    // at all, and there is nothing to show). Without a single row, nothing either.
    int rows = (int)info.output_scanline;
    int scans = info.input_scan_number;
    jpeg_destroy_decompress(&info);
    if (rows == 0 || (progressive && scans == 0)) {
      masonry_downscaler_free(scaler_pointer);
      return MASONRY_PICTURE_CORRUPT;
    }
    masonry_downscaler_finish(scaler_pointer, out);
    return MASONRY_PICTURE_TRUNCATED;
  }
  jpeg_abort_decompress(&info);
  jpeg_destroy_decompress(&info);
  masonry_downscaler_finish(scaler_pointer, out);
  return MASONRY_PICTURE_OK;
}
