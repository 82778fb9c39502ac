// The bundled sample, the files of Data/ compiled in byte for byte (C23's #embed, which
// clang takes in every language mode): `masonry` shows it from any working directory and
// from an installed binary, and nothing generated can drift from Data/.
#pragma clang diagnostic ignored "-Wc23-extensions"

#if !defined(__has_embed)
#error "the bundled sample needs a clang that takes #embed (clang 19: the Swift 6.1 toolchain or later)"
#endif

#include "sample.h"

static const unsigned char animals_json[] = {
#embed "../../Data/animals.json"
};
static const unsigned char bee_gif[] = {
#embed "../../Data/pictures/bee.gif"
};
static const unsigned char capybara_jpg[] = {
#embed "../../Data/pictures/capybara.jpg"
};
static const unsigned char cat_jpg[] = {
#embed "../../Data/pictures/cat.jpg"
};
static const unsigned char clownfish_gif[] = {
#embed "../../Data/pictures/clownfish.gif"
};
static const unsigned char dog_jpg[] = {
#embed "../../Data/pictures/dog.jpg"
};
static const unsigned char flamingo_webp[] = {
#embed "../../Data/pictures/flamingo.webp"
};
static const unsigned char fox_webp[] = {
#embed "../../Data/pictures/fox.webp"
};
static const unsigned char frog_png[] = {
#embed "../../Data/pictures/frog.png"
};
static const unsigned char hedgehog_png[] = {
#embed "../../Data/pictures/hedgehog.png"
};
static const unsigned char owl_png[] = {
#embed "../../Data/pictures/owl.png"
};
static const unsigned char penguin_png[] = {
#embed "../../Data/pictures/penguin.png"
};
static const unsigned char pig_jpg[] = {
#embed "../../Data/pictures/pig.jpg"
};
static const unsigned char rabbit_png[] = {
#embed "../../Data/pictures/rabbit.png"
};
static const unsigned char seahorse_gif[] = {
#embed "../../Data/pictures/seahorse.gif"
};
static const unsigned char squirrel_png[] = {
#embed "../../Data/pictures/squirrel.png"
};
static const unsigned char toucan_webp[] = {
#embed "../../Data/pictures/toucan.webp"
};

static const masonry_sample_file files[] = {
    {"animals.json", animals_json, sizeof animals_json},
    {"pictures/bee.gif", bee_gif, sizeof bee_gif},
    {"pictures/capybara.jpg", capybara_jpg, sizeof capybara_jpg},
    {"pictures/cat.jpg", cat_jpg, sizeof cat_jpg},
    {"pictures/clownfish.gif", clownfish_gif, sizeof clownfish_gif},
    {"pictures/dog.jpg", dog_jpg, sizeof dog_jpg},
    {"pictures/flamingo.webp", flamingo_webp, sizeof flamingo_webp},
    {"pictures/fox.webp", fox_webp, sizeof fox_webp},
    {"pictures/frog.png", frog_png, sizeof frog_png},
    {"pictures/hedgehog.png", hedgehog_png, sizeof hedgehog_png},
    {"pictures/owl.png", owl_png, sizeof owl_png},
    {"pictures/penguin.png", penguin_png, sizeof penguin_png},
    {"pictures/pig.jpg", pig_jpg, sizeof pig_jpg},
    {"pictures/rabbit.png", rabbit_png, sizeof rabbit_png},
    {"pictures/seahorse.gif", seahorse_gif, sizeof seahorse_gif},
    {"pictures/squirrel.png", squirrel_png, sizeof squirrel_png},
    {"pictures/toucan.webp", toucan_webp, sizeof toucan_webp},
};

size_t masonry_sample_file_count(void) { return sizeof files / sizeof files[0]; }

masonry_sample_file masonry_sample_file_at(size_t index) { return files[index]; }
