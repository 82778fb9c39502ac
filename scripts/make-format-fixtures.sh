#!/bin/sh
# Writes the BMP and TIFF pictures the decoder tests read (Tests/PicturesTests/Fixtures),
# from the JPEG fixtures, with Debian's ImageMagick. Run by hand when a fixture must
# change; the files are committed. Each is the 64x48 gradient with a red square at its
# top left (rotated.tif stored on its side with orientation 6, as rotated.jpg is).
set -eu
cd "$(dirname "$0")/../Tests/PicturesTests/Fixtures"
convert gradient.jpg BMP3:gradient.bmp                                   # 24-bit
convert gradient.jpg -colors 200 -type Palette -compress RLE BMP3:gradient-rle8.bmp
convert gradient.jpg -colors 16 -type Palette BMP3:gradient-4bit.bmp     # 4-bit palette
convert gradient.jpg -define bmp:subtype=RGB565 BMP:gradient-565.bmp     # 16-bit, bitfields
convert alpha.png BMP:alpha.bmp                                          # 32-bit with alpha
convert gradient.jpg -compress none gradient.tif
convert gradient.jpg -compress lzw gradient-lzw.tif
convert gradient.jpg -compress jpeg gradient-jpeg.tif
convert gradient.jpg -compress zip -define tiff:tile-geometry=32x32 gradient-tiled.tif
convert rotated.jpg rotated.tif                                          # orientation 6
