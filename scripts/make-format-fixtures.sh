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

# The formats the decoder helper reads, made with Debian's own encoders (libheif-examples,
# libavif-bin, libjxl-tools, ffmpeg); each, shown, is the gradient at 64x48.
convert gradient.jpg /tmp/gradient-$$.png
convert rotated.jpg -strip /tmp/stored-$$.png                            # 48x64, on its side
heif-enc -q 80 -o gradient.heic /tmp/gradient-$$.png
avifenc /tmp/gradient-$$.png gradient.avif
avifenc --irot 3 /tmp/stored-$$.png rotated.avif                         # turned back by irot
cjxl /tmp/gradient-$$.png gradient.jxl
# A drawing: the gradient's colours, the red square at its top left, 64x48 in millimetres
# of a 96 dpi screen (16.933 mm).
cat > gradient.svg <<'SVG'
<?xml version="1.0" encoding="UTF-8"?>
<!-- masonry's test drawing -->
<svg xmlns="http://www.w3.org/2000/svg" width="16.933mm" height="12.7mm" viewBox="0 0 64 48">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#000080"/><stop offset="1" stop-color="#ff0080"/></linearGradient></defs>
  <rect width="64" height="48" fill="url(#g)"/>
  <rect width="16" height="12" fill="#ff0000"/>
</svg>
SVG
# A PDF of three pages each showing gradient.jpg (DCTDecode), and one turned by /Rotate 90
# whose page is stored on its side.
python3 - <<'PY'
import struct
def pdf(path, jpeg, width, height, rotate, pages):
    data = open(jpeg, 'rb').read()
    objects = [b'<< /Type /Catalog /Pages 2 0 R >>',
               b'<< /Type /Pages /Kids [' + b' '.join(b'%d 0 R' % (5 + k) for k in range(pages)) + b'] /Count %d >>' % pages,
               b'<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n' % (width, height, len(data)) + data + b'\nendstream']
    content = b'q %d 0 0 %d 0 0 cm /Im0 Do Q' % (width, height)
    objects.append(b'<< /Length %d >>\nstream\n' % len(content) + content + b'\nendstream')
    for _ in range(pages):
        objects.append(b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Rotate %d /Resources << /XObject << /Im0 3 0 R >> >> /Contents 4 0 R >>' % (width, height, rotate))
    out = bytearray(b'%PDF-1.4\n')
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b'%d 0 obj\n' % number + body + b'\nendobj\n'
    xref = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objects) + 1)
    out += b''.join(b'%010d 00000 n \n' % offset for offset in offsets)
    out += b'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objects) + 1, xref)
    open(path, 'wb').write(out)
pdf('gradient.pdf', 'gradient.jpg', 64, 48, 0, 3)
pdf('rotated.pdf', 'rotated.jpg', 48, 64, 90, 1)
PY
# Videos of two seconds at 64x48 in each container; dark-start.mp4 is black for its first
# second (a poster is never that black frame).
ffmpeg -loglevel error -y -loop 1 -i /tmp/gradient-$$.png -t 2 -r 10 -pix_fmt yuv420p -c:v libx264 gradient.mp4
ffmpeg -loglevel error -y -i gradient.mp4 -c copy gradient.mov
ffmpeg -loglevel error -y -i gradient.mp4 -c copy gradient.mkv
ffmpeg -loglevel error -y -i gradient.mp4 -c:v libvpx-vp9 -b:v 50k gradient.webm
ffmpeg -loglevel error -y -i gradient.mp4 -c:v mjpeg gradient.avi
ffmpeg -loglevel error -y -f lavfi -i color=black:size=64x48:rate=10:duration=1.5 \
  -loop 1 -t 2 -r 10 -i /tmp/gradient-$$.png \
  -filter_complex '[0:v][1:v]concat=n=2:v=1[v]' -map '[v]' -pix_fmt yuv420p -c:v libx264 \
  -g 100 dark-start.mp4
rm -f /tmp/gradient-$$.png /tmp/stored-$$.png

# Animations. counter.gif: a 32x24 red frame (100 ms), a 16x12 yellow one at +8+6 cleared
# to transparent after it (disposal 2, 200 ms), a blue frame (50 ms); NETSCAPE loop
# count 3. counter.webp: red, green, blue, 100 ms each, forever (FFmpeg's libwebp_anim).
# counter-apng.png: written below chunk by chunk, to hold what FFmpeg does not write.
convert -size 32x24 xc:red /tmp/red-$$.png
convert -size 32x24 xc:lime /tmp/green-$$.png
convert -size 32x24 xc:blue /tmp/blue-$$.png
convert -size 16x12 xc:yellow /tmp/yellow-$$.png
convert -loop 3 -dispose none -delay 10 /tmp/red-$$.png \
  -dispose background -delay 20 -page +8+6 /tmp/yellow-$$.png \
  -dispose none -delay 5 -page +0+0 /tmp/blue-$$.png counter.gif
mkdir -p /tmp/frames-$$
cp /tmp/red-$$.png /tmp/frames-$$/f0.png
cp /tmp/green-$$.png /tmp/frames-$$/f1.png
cp /tmp/blue-$$.png /tmp/frames-$$/f2.png
ffmpeg -loglevel error -y -framerate 10 -i /tmp/frames-$$/f%d.png -loop 0 -c:v libwebp_anim \
  -lossless 1 counter.webp
rm -rf /tmp/frames-$$ /tmp/red-$$.png /tmp/green-$$.png /tmp/blue-$$.png /tmp/yellow-$$.png
# A cut GIF: its first two frames whole, the third cut in its image data.
head -c 230 counter.gif > counter-cut.gif
# A GIF whose second frame claims 60000x60000: refused as an animation before decoding.
python3 - <<'PY'
data = bytearray(open('counter.gif', 'rb').read())
at = data.index(b'\x2c', data.index(b'\x2c') + 1)  # the second image descriptor
data[at + 5:at + 9] = (60000).to_bytes(2, 'little') * 2
open('counter-huge-frame.gif', 'wb').write(bytes(data))
PY
# APNG: a 32x24 canvas; frame 0 (the default image) red, 100 ms; frame 1 a 16x12 yellow
# at half alpha at +8+6, blended over, cleared after (dispose 1), 250 ms; frame 2 a 4x4
# opaque blue at +0+0 replacing what is there (blend 0), 1/50 s; played twice.
python3 - <<'PY'
import struct, zlib
def chunk(kind, body):
    return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
def rows(width, height, rgba):
    return zlib.compress(b''.join(b'\x00' + bytes(rgba) * width for _ in range(height)))
def control(sequence, width, height, x, y, numerator, denominator, dispose, blend):
    return chunk(b'fcTL', struct.pack('>IIIIIHHBB', sequence, width, height, x, y,
                                      numerator, denominator, dispose, blend))
out = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 32, 24, 8, 6, 0, 0, 0))
out += chunk(b'acTL', struct.pack('>II', 3, 2))
out += control(0, 32, 24, 0, 0, 1, 10, 0, 0) + chunk(b'IDAT', rows(32, 24, (255, 0, 0, 255)))
out += control(1, 16, 12, 8, 6, 1, 4, 1, 1)
out += chunk(b'fdAT', struct.pack('>I', 2) + rows(16, 12, (255, 255, 0, 128)))
out += control(3, 4, 4, 0, 0, 1, 50, 0, 0)
out += chunk(b'fdAT', struct.pack('>I', 4) + rows(4, 4, (0, 0, 255, 255)))
out += chunk(b'IEND', b'')
open('counter-apng.png', 'wb').write(out)
PY
