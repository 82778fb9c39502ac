#!/bin/sh
# Installs the Debian packages masonry needs when any is missing; does nothing (and needs
# no network) when all are present. Used by `make run` and `make test`.
set -eu

packages="libncursesw5-dev libicu-dev tmux ncurses-term groff-base pkg-config libchafa-dev libglib2.0-dev libjpeg62-turbo-dev libpng-dev libwebp-dev libgif-dev libtiff-dev chafa unicode-data"
# The decoder helper's libraries: HEIC and AVIF, JPEG XL, SVG, PDF, video.
packages="$packages libheif-dev libjxl-dev librsvg2-dev libcairo2-dev libpoppler-glib-dev libavformat-dev libavcodec-dev libswscale-dev libavutil-dev"
# Files only a desktop thumbnailer knows (icons, TGA, PNM): gdk-pixbuf's thumbnailer, and
# the MIME database that names them by their extensions (the tests run them).
packages="$packages libgdk-pixbuf2.0-bin shared-mime-info"
# The pixel tests run masonry in real terminals under Xvfb and compare screenshots.
packages="$packages xvfb x11-utils xterm kitty mlterm xdotool imagemagick fonts-dejavu-core"
# The completion tests have zsh and fish parse their scripts and complete from them.
packages="$packages zsh fish"
# The trash tests compare what masonry writes with what `gio trash` writes.
packages="$packages libglib2.0-bin"
# The viewer's facts are compared with what exiftool reads of the same photo.
packages="$packages libimage-exiftool-perl"
# make dist: dpkg-shlibdeps computes the package's Depends.
packages="$packages dpkg-dev"
# contrib/: ranger's and lf's commands run end to end; yazi's plugin is checked as Lua.
packages="$packages ranger lf lua5.4"
# `make bench` also compares with fzf and builds its real-text feed from the manual.
# The formats part makes its files with Debian's encoders.
[ "${1:-}" = "bench" ] && packages="$packages fzf man-db timg bc libheif-examples libavif-bin libjxl-tools ffmpeg"
missing=""
for package in $packages; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $package"
  fi
done
[ -z "$missing" ] && exit 0

echo "setup: installing$missing" >&2
if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null 2>&1; then
  sudo="sudo"
else
  echo "setup: missing packages:$missing (run as root or install them)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
