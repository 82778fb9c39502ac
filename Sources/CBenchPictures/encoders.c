#include "bench_pictures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>
#include <jpeglib.h>
#include <png.h>
#include <webp/encode.h>

int masonry_bench_write_jpeg(const char *path, const uint8_t *rgb, int width, int height,
                             int quality, int progressive) {
  FILE *file = fopen(path, "wb");
  if (file == NULL) {
    return -1;
  }
  struct jpeg_compress_struct info;
  struct jpeg_error_mgr errors;
  info.err = jpeg_std_error(&errors);
  jpeg_create_compress(&info);
  jpeg_stdio_dest(&info, file);
  info.image_width = (JDIMENSION)width;
  info.image_height = (JDIMENSION)height;
  info.input_components = 3;
  info.in_color_space = JCS_RGB;
  jpeg_set_defaults(&info);
  jpeg_set_quality(&info, quality, TRUE);
  if (progressive) {
    jpeg_simple_progression(&info);
  }
  jpeg_start_compress(&info, TRUE);
  while (info.next_scanline < info.image_height) {
    JSAMPROW row = (JSAMPROW)(rgb + (size_t)info.next_scanline * width * 3);
    jpeg_write_scanlines(&info, &row, 1);
  }
  jpeg_finish_compress(&info);
  jpeg_destroy_compress(&info);
  fclose(file);
  return 0;
}

int masonry_bench_write_png(const char *path, const uint8_t *rgba, int width, int height) {
  png_image image;
  memset(&image, 0, sizeof(image));
  image.version = PNG_IMAGE_VERSION;
  image.width = (png_uint_32)width;
  image.height = (png_uint_32)height;
  image.format = PNG_FORMAT_RGBA;
  return png_image_write_to_file(&image, path, 0, rgba, 0, NULL) ? 0 : -1;
}

int masonry_bench_write_webp_lossless(const char *path, const uint8_t *rgba, int width, int height) {
  uint8_t *output = NULL;
  size_t size = WebPEncodeLosslessRGBA(rgba, width, height, width * 4, &output);
  if (size == 0) {
    return -1;
  }
  FILE *file = fopen(path, "wb");
  if (file == NULL) {
    WebPFree(output);
    return -1;
  }
  fwrite(output, 1, size, file);
  fclose(file);
  WebPFree(output);
  return 0;
}

int masonry_bench_write_gif(const char *path, const uint8_t *rgb, int width, int height) {
  int error = 0;
  GifFileType *gif = EGifOpenFileName(path, false, &error);
  if (gif == NULL) {
    return -1;
  }
  GifColorType colors[256];
  static const int levels[6] = {0, 51, 102, 153, 204, 255};
  for (int index = 0; index < 216; index++) {
    colors[index].Red = (GifByteType)levels[index / 36];
    colors[index].Green = (GifByteType)levels[index / 6 % 6];
    colors[index].Blue = (GifByteType)levels[index % 6];
  }
  for (int index = 216; index < 256; index++) {
    GifByteType grey = (GifByteType)((index - 216) * 255 / 39);
    colors[index].Red = colors[index].Green = colors[index].Blue = grey;
  }
  ColorMapObject *map = GifMakeMapObject(256, colors);
  EGifPutScreenDesc(gif, width, height, 8, 0, map);
  EGifPutImageDesc(gif, 0, 0, width, height, false, NULL);
  GifByteType *line = malloc((size_t)width);
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      const uint8_t *pixel = rgb + ((size_t)y * width + x) * 3;
      int r = (pixel[0] + 25) / 51, g = (pixel[1] + 25) / 51, b = (pixel[2] + 25) / 51;
      line[x] = (GifByteType)(r * 36 + g * 6 + b);
    }
    EGifPutLine(gif, line, width);
  }
  free(line);
  GifFreeMapObject(map);
  EGifCloseFile(gif, &error);
  return 0;
}
