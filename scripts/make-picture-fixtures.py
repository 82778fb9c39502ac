#!/usr/bin/env python3
"""Writes the small pictures the decoder tests read (Tests/PicturesTests/Fixtures).

Run by hand when a fixture must change (needs Pillow and pypng: pip install pillow pypng); the files are
committed, so tests need no Python. Each picture is a 64x48 gradient with a red square in
its top-left corner, so tests can check size, colour and orientation.
"""
import os
from PIL import Image

HERE = os.path.join(os.path.dirname(__file__), "..", "Tests", "PicturesTests", "Fixtures")


def picture(width=64, height=48, alpha=False):
    mode = "RGBA" if alpha else "RGB"
    image = Image.new(mode, (width, height))
    for y in range(height):
        for x in range(width):
            value = (x * 255 // (width - 1), y * 255 // (height - 1), 128)
            if alpha:
                value = value + (255 if x < width // 2 else 0,)
            image.putpixel((x, y), value)
    for y in range(12):
        for x in range(16):
            image.putpixel((x, y), (255, 0, 0, 255) if alpha else (255, 0, 0))
    return image


def main():
    os.makedirs(HERE, exist_ok=True)
    base = picture()
    base.save(os.path.join(HERE, "gradient.jpg"), quality=85)
    base.save(os.path.join(HERE, "progressive.jpg"), quality=85, progressive=True)
    # Large enough (3200 px) to be decoded at 1/8 from its first DC scan alone.
    base.resize((3200, 2400), Image.Resampling.BILINEAR).save(
        os.path.join(HERE, "progressive-large.jpg"), quality=85, progressive=True)
    base.convert("CMYK").save(os.path.join(HERE, "cmyk.jpg"), quality=85)
    # Stored on its side (48x64) with EXIF orientation 6: shown, it is 64x48 again.
    exif = Image.Exif()
    exif[0x0112] = 6
    exif_ifd = {0x9003: "2021:07:04 10:30:00"}
    exif[0x8769] = exif_ifd
    base.transpose(Image.Transpose.ROTATE_90).save(
        os.path.join(HERE, "rotated.jpg"), quality=85, exif=exif.tobytes())
    picture(alpha=True).save(os.path.join(HERE, "alpha.png"))
    # Pillow cannot write interlaced PNG; pypng can (pip install pypng).
    import png
    rows = [[channel for x in range(64) for channel in base.getpixel((x, y))] for y in range(48)]
    with open(os.path.join(HERE, "interlaced.png"), "wb") as file:
        png.Writer(64, 48, greyscale=False, interlace=True).write(file, rows)
    base.convert("L").save(os.path.join(HERE, "gray.png"))
    base.convert("P", palette=Image.Palette.ADAPTIVE).save(os.path.join(HERE, "palette.png"))
    base.save(os.path.join(HERE, "lossy.webp"), quality=80)
    base.save(os.path.join(HERE, "lossless.webp"), lossless=True)
    gif = base.convert("P", palette=Image.Palette.ADAPTIVE)
    gif.save(os.path.join(HERE, "interlaced.gif"), interlace=True, transparency=0)


if __name__ == "__main__":
    main()
