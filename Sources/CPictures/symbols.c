#include "internal.h"

#include <pthread.h>

#include <chafa.h>

static pthread_once_t setup = PTHREAD_ONCE_INIT;
static ChafaSymbolMap *block_symbols = NULL;
static ChafaSymbolMap *sextant_symbols = NULL;
static ChafaSymbolMap *ascii_symbols = NULL;
// Whether every symbol map was made (chafa returns NULL when it cannot allocate one).
static int symbols_ready = 0;

static void set_up(void) {
  // Pictures are drawn in parallel, one thread each: chafa itself stays on one.
  chafa_set_n_threads(1);
  // As chafa's own tool chooses: blocks, half blocks, quadrants and border glyphs, which
  // every common monospaced font has; never wide or inverted ones.
  block_symbols = chafa_symbol_map_new();
  if (block_symbols == NULL) return;
  chafa_symbol_map_add_by_tags(block_symbols, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BORDER |
                                                  CHAFA_SYMBOL_TAG_SPACE);
  chafa_symbol_map_remove_by_tags(block_symbols,
                                  CHAFA_SYMBOL_TAG_WIDE | CHAFA_SYMBOL_TAG_INVERTED |
                                      CHAFA_SYMBOL_TAG_SEXTANT | CHAFA_SYMBOL_TAG_LEGACY);
  // The same and sextants (Symbols for Legacy Computing), for terminals that draw them
  // themselves: in a font that lacks them they show only their background.
  sextant_symbols = chafa_symbol_map_new();
  if (sextant_symbols == NULL) return;
  chafa_symbol_map_add_by_tags(sextant_symbols, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BORDER |
                                                    CHAFA_SYMBOL_TAG_SPACE |
                                                    CHAFA_SYMBOL_TAG_SEXTANT);
  chafa_symbol_map_remove_by_tags(sextant_symbols,
                                  CHAFA_SYMBOL_TAG_WIDE | CHAFA_SYMBOL_TAG_INVERTED);
  ascii_symbols = chafa_symbol_map_new();
  if (block_symbols == NULL || sextant_symbols == NULL || ascii_symbols == NULL) {
    return;
  }
  chafa_symbol_map_add_by_tags(ascii_symbols, CHAFA_SYMBOL_TAG_ASCII | CHAFA_SYMBOL_TAG_SPACE);
  symbols_ready = 1;
}

int masonry_picture_symbols(const masonry_pixels *pixels, int columns, int rows, int mode,
                            int symbol_set, masonry_symbol_cell *cells) {
  if (pixels == NULL || pixels->pixels == NULL || columns <= 0 || rows <= 0) {
    return -1;
  }
  pthread_once(&setup, set_up);
  if (!symbols_ready) {
    return -1;
  }
  ChafaCanvasConfig *config = chafa_canvas_config_new();
  if (config == NULL) {
    return -1;
  }
  ChafaCanvasMode canvas_mode = CHAFA_CANVAS_MODE_FGBG;
  switch (mode) {
    case MASONRY_SYMBOLS_TRUECOLOR: canvas_mode = CHAFA_CANVAS_MODE_TRUECOLOR; break;
    case MASONRY_SYMBOLS_PALETTE_240: canvas_mode = CHAFA_CANVAS_MODE_INDEXED_240; break;
    case MASONRY_SYMBOLS_PALETTE_16: canvas_mode = CHAFA_CANVAS_MODE_INDEXED_16; break;
    default: break;
  }
  chafa_canvas_config_set_canvas_mode(config, canvas_mode);
  chafa_canvas_config_set_geometry(config, columns, rows);
  chafa_canvas_config_set_symbol_map(config, symbol_set == MASONRY_SYMBOLS_ASCII ? ascii_symbols
                                             : symbol_set == MASONRY_SYMBOLS_SEXTANTS
                                                 ? sextant_symbols
                                                 : block_symbols);
  chafa_canvas_config_set_work_factor(config, 0.5f);
  ChafaCanvas *canvas = chafa_canvas_new(config);
  chafa_canvas_config_unref(config);
  if (canvas == NULL) {
    return -1;
  }
  // chafa works on 8×8 pixels a cell: a larger picture is averaged to exactly that grid
  // first, by exact areas, so each cell sees precisely the part of the picture under it.
  masonry_pixels grid = {NULL, 0, 0};
  const masonry_pixels *drawn = pixels;
  int grid_width = columns * 8;
  int grid_height = rows * 8;
  if (pixels->width > grid_width && pixels->height > grid_height) {
    masonry_downscaler scaler;
    if (masonry_downscaler_init_size(&scaler, pixels->width, pixels->height, grid_width,
                                     grid_height) == 0) {
      for (int y = 0; y < pixels->height; y++) {
        masonry_downscaler_push_row(&scaler, pixels->pixels + (size_t)y * pixels->width * 4);
      }
      masonry_downscaler_finish(&scaler, &grid);
      drawn = &grid;
    }
  }
  // RGBA rows are a multiple of 4 bytes: chafa 1.12 mis-reads RGB rows that are not.
  chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, drawn->pixels,
                               drawn->width, drawn->height, drawn->width * 4);
  masonry_pixels_free(&grid);
  for (int y = 0; y < rows; y++) {
    for (int x = 0; x < columns; x++) {
      masonry_symbol_cell *cell = cells + (size_t)y * columns + x;
      cell->symbol = chafa_canvas_get_char_at(canvas, x, y);
      gint foreground = -1;
      gint background = -1;
      if (mode != MASONRY_SYMBOLS_NONE) {
        chafa_canvas_get_raw_colors_at(canvas, x, y, &foreground, &background);
      }
      cell->foreground = foreground;
      cell->background = background;
    }
  }
  chafa_canvas_unref(canvas);
  return 0;
}
