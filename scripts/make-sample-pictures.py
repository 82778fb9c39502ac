#!/usr/bin/env python3
"""Builds Data/pictures/ from freely licensed sources (see Data/CREDITS.md), by hand.

Needs Pillow (pip install pillow), the Debian package tuxpaint-stamps-default (its photos
of animals, cut out, GPL-2+) unpacked under STAMPS, and the scikit-image wheel's
skimage/data under SKIMAGE (pip download --no-deps scikit-image; chelsea.png is CC0).
The outputs are committed; nothing in the build or the tests runs this.

The pictures use all four formats the browser reads, so the sample exercises each
decoder: JPEG (one stored on its side with an EXIF orientation and date), PNG with
transparency, WebP with transparency, and GIF with a transparent colour.
"""
import json
import os
import sys

from PIL import Image

STAMPS = os.environ.get("STAMPS", "/tmp/debimg/x/usr/share/tuxpaint/stamps/animals")
SKIMAGE = os.environ.get("SKIMAGE", "/tmp/skw/skimage/data")
OUT = os.path.join(os.path.dirname(__file__), "..", "Data", "pictures")
BACKDROP = (232, 228, 216)

# name -> (source, format)
PICTURES = {
    "squirrel": ("mammals/rodents/squirrel.png", "png"),
    "pig": ("mammals/pig.png", "jpeg"),
    "rabbit": ("mammals/rodents/rabbit.png", "png"),
    "dog": ("mammals/dogs/dog.png", "jpeg"),
    "cat": ("skimage:chelsea.png", "jpeg"),
    "fox": ("mammals/dogs/fox.png", "webp"),
    "hedgehog": ("mammals/hedgehog.png", "png"),
    "capybara": ("mammals/rodents/capybara.png", "jpeg-rotated"),
    "penguin": ("birds/penguin.png", "png"),
    "owl": ("birds/owl.png", "png"),
    "flamingo": ("birds/pink_flamingo.png", "webp"),
    "toucan": ("birds/tucan.png", "webp"),
    "frog": ("amphibians/frog.png", "png"),
    "seahorse": ("fish/seahorse.png", "gif"),
    "clownfish": ("fish/clownfish.png", "gif"),
    "bee": ("insects/bee.png", "gif"),
}


def opened(source):
    if source.startswith("skimage:"):
        return Image.open(os.path.join(SKIMAGE, source.split(":", 1)[1])).convert("RGBA")
    return Image.open(os.path.join(STAMPS, source)).convert("RGBA")


def flattened(image):
    backdrop = Image.new("RGBA", image.size, BACKDROP + (255,))
    return Image.alpha_composite(backdrop, image).convert("RGB")


def dominant(image):
    pixels = [p for p in image.getdata() if len(p) < 4 or p[3] > 128]
    count = max(1, len(pixels))
    return "#%02x%02x%02x" % tuple(sum(p[i] for p in pixels) // count for i in range(3))


def main():
    os.makedirs(OUT, exist_ok=True)
    facts = {}
    for name, (source, kind) in PICTURES.items():
        image = opened(source)
        if kind == "png":
            path = name + ".png"
            image.save(os.path.join(OUT, path), optimize=True)
        elif kind == "jpeg":
            path = name + ".jpg"
            flattened(image).save(os.path.join(OUT, path), quality=88)
        elif kind == "jpeg-rotated":
            # Stored on its side; EXIF orientation 6 turns it upright again.
            path = name + ".jpg"
            exif = Image.Exif()
            exif[0x0112] = 6
            exif[0x8769] = {0x9003: "2022:06:04 12:00:00"}
            flattened(image).transpose(Image.Transpose.ROTATE_90).save(
                os.path.join(OUT, path), quality=88, exif=exif.tobytes())
        elif kind == "webp":
            path = name + ".webp"
            image.save(os.path.join(OUT, path), quality=85)
        elif kind == "gif":
            path = name + ".gif"
            alpha = image.getchannel("A")
            palette = image.convert("RGB").quantize(255)
            mask = Image.eval(alpha, lambda a: 255 if a <= 128 else 0)
            palette.paste(255, mask)
            palette.save(os.path.join(OUT, path), transparency=255)
        size = os.path.getsize(os.path.join(OUT, path))
        assert size <= 150_000, (path, size)
        facts[name] = {"path": "pictures/" + path, "width": image.width,
                       "height": image.height, "color": dominant(image), "bytes": size}
    json.dump(facts, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
