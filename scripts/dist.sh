#!/bin/sh
# `make dist`: a release build with the Swift runtime linked in (--static-swift-stdlib), so
# that the machine it is installed on needs no Swift; from it a Debian package (the
# program, its decoder helper and libraries, the manual page, the completions; Depends
# computed by dpkg-shlibdeps from the shared libraries they link) and a tarball that runs
# from wherever it is unpacked. Everything lands in .build/dist/.
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
scratch=.build/dist-build
out=.build/dist
version=$(sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/MasonryCommands/MasonryCommand.swift)
arch=$(dpkg --print-architecture)
rm -rf "$out"
mkdir -p "$out"

# The release build and the staging are `make install`'s, into a folder of our own.
stage=$(pwd)/$out/stage
make --no-print-directory install SWIFT="$SWIFT" DESTDIR="$stage" PREFIX=/usr \
  RELEASE_FLAGS="--static-swift-stdlib --scratch-path $scratch" RELEASE_DIR="$scratch/release" \
  >"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }

# The decoders' libraries are C alone, but SwiftPM links every library through the Swift
# driver, which adds the Swift runtime's registration object and libswiftCore (and the
# toolchain's folder as a run path). Each is linked again into the stage from SwiftPM's own
# link line, without those three.
for family in heif jxl svg pdf video; do
  staged=$stage/usr/libexec/masonry/libmasonry-decode-$family.so
  rm -f "$scratch/release/libmasonry-decode-$family.so"
  line=$("$SWIFT" build -c release --static-swift-stdlib --scratch-path "$scratch" \
    --product "masonry-decode-$family" -v 2>&1 | grep -E '^ *"?/[^ ]*/ld(\.gold|\.lld)?"? ' | tail -1)
  [ -n "$line" ] || { echo "dist: no link line for masonry-decode-$family" >&2; exit 1; }
  line=$(printf '%s\n' "$line" | sed -e 's| [^ ]*/swiftrt\.o | |' -e 's| -lswiftCore | |g' \
    -e 's| -rpath [^ ]*/lib/swift/linux | |g' -e "s| -o [^ ]*\.so | -o $staged |")
  eval "$line"
done

# No Swift library may be left to find: the point of the static runtime.
elves="$stage/usr/bin/masonry $stage/usr/libexec/masonry/masonry-decoder $stage/usr/libexec/masonry/*.so"
for elf in $elves; do
  if objdump -p "$elf" | grep -E 'NEEDED +libswift|NEEDED +libFoundation|NEEDED +libdispatch'; then
    echo "dist: $elf links a Swift library" >&2
    exit 1
  fi
done

# Depends: dpkg-shlibdeps reads the libraries' packages (and their minimal versions) from
# the shlibs and symbols files of what is installed; it wants a debian/control beside it.
# The program and its helper Depend; a decoder family's libraries are Recommended, as the
# helper loads a family only when a picture of it comes, and says so when it cannot.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian"
printf 'Source: masonry\n\nPackage: masonry\nArchitecture: any\n' >"$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O -e"$stage/usr/bin/masonry" \
  -e"$stage/usr/libexec/masonry/masonry-decoder" -dRecommends \
  $(for library in "$stage"/usr/libexec/masonry/*.so; do printf ' -e%s' "$library"; done) 2>/dev/null)
depends=$(printf '%s\n' "$shlibs" | sed -n 's/^shlibs:Depends=//p')
recommends=$(printf '%s\n' "$shlibs" | sed -n 's/^shlibs:Recommends=//p')
[ -n "$depends" ] || { echo "dist: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

mkdir -p "$stage/DEBIAN"
cat >"$stage/DEBIAN/control" <<CONTROL
Package: masonry
Version: $version
Architecture: $arch
Maintainer: masonry developers <masonry@localhost>
Installed-Size: $(du -sk "$stage/usr" | cut -f1)
Depends: $depends
Recommends: $recommends
Section: utils
Priority: optional
Homepage: https://github.com/masonry-browser/masonry
Description: terminal masonry browser for cards and pictures
 Browse a collection of cards (a picture, a caption, a comment, tags) from a card file,
 a pipe or a folder of photos Pinterest-style, in columns, in any terminal: kitty
 graphics, sixel and iTerm2 pictures where the terminal has them, symbols elsewhere.
CONTROL
deb="$out/masonry_${version}_$arch.deb"
dpkg-deb --root-owner-group --build "$stage" "$deb" >/dev/null
rm -rf "$stage/DEBIAN"

# The tarball: the same files under masonry-VERSION/, the program finding its helper in
# ../libexec/masonry wherever it is unpacked.
name=masonry-$version-linux-$arch
mkdir -p "$work/$name"
cp -R "$stage/usr/." "$work/$name/"
cp README.md "$work/$name/"
printf 'Needs (Debian package names): %s\nFor HEIC, AVIF, JPEG XL, SVG, PDF and video: %s\n' \
  "$depends" "$recommends" >"$work/$name/DEPENDS"
tar -C "$work" -czf "$out/$name.tar.gz" "$name"
echo "$deb"
echo "$out/$name.tar.gz"
echo "Depends: $depends"
echo "Recommends: $recommends"
