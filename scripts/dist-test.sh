#!/bin/sh
# `make dist-test`: the Debian package `make dist` made, installed by dpkg into a folder of
# its own and run there as on a machine without Swift: the toolchain's folder hidden
# (a private mount over it, where the kernel allows one), PATH without it, no Swift
# library in ldd's list, and every package it Depends on installed on this machine.
set -eu
cd "$(dirname "$0")/.."
deb=$(ls .build/dist/masonry_*.deb)
tarball=$(ls .build/dist/masonry-*.tar.gz)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
fail() { echo "dist-test: $*" >&2; exit 1; }

# Installed as dpkg installs it (no maintainer scripts to run), into $root.
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
# The folder's own dpkg database is empty: its Depends are checked against this machine's
# below, so dpkg's complaints about them here are expected and kept only for a failure.
dpkg --root="$root" --force-not-root --force-depends -i "$deb" >"$root/dpkg.log" 2>&1 ||
  { cat "$root/dpkg.log" >&2; fail "dpkg -i failed"; }
dpkg --root="$root" -L masonry | grep -q '^/usr/bin/masonry$' || fail "dpkg does not list /usr/bin/masonry"
for file in /usr/bin/masonry /usr/libexec/masonry/masonry-decoder /usr/share/man/man1/masonry.1 \
  /usr/share/bash-completion/completions/masonry /usr/share/zsh/site-functions/_masonry \
  /usr/share/fish/vendor_completions.d/masonry.fish; do
  [ -s "$root$file" ] || fail "$file is missing from the package"
done

# Every dependency is a package this machine has, at the version asked or later.
dpkg-deb -f "$deb" Depends | tr ',' '\n' | while read -r dependency; do
  [ -n "$dependency" ] || continue
  name=${dependency%% *}
  installed=$(dpkg-query -W -f='${Version}' "$name" 2>/dev/null) || fail "Depends on $name, not installed here"
  case $dependency in
  *"(>= "*)
    wanted=$(echo "$dependency" | sed 's/.*(>= \([^)]*\)).*/\1/')
    dpkg --compare-versions "$installed" ge "$wanted" || fail "$name $installed is older than $wanted"
    ;;
  esac
done

# No Swift library: not in what the program links, not on the machine while it runs.
if ldd "$root/usr/bin/masonry" | grep -i swift; then fail "masonry links a Swift library"; fi
check='
  set -eu
  [ -z "$(command -v swift || true)" ] || { echo "swift is on PATH" >&2; exit 1; }
  version=$("$ROOT/usr/bin/masonry" --version)
  [ "$version" = "masonry $VERSION" ] || { echo "--version said: $version" >&2; exit 1; }
  frame=$("$ROOT/usr/bin/masonry" render --size 80x20 --images none)
  echo "$frame" | grep -q "of 64" || { echo "render drew no sample: $frame" >&2; exit 1; }
  # The decoder helper, found from the installed program: a HEIC picture decoded.
  "$ROOT/usr/bin/masonry" thumbnail "$HEIC" --size 20x10 --color none >/dev/null
'
version=$(dpkg-deb -f "$deb" Version)
heic=$(ls Tests/Fixtures/formats/*.heic 2>/dev/null | head -1 || true)
[ -n "$heic" ] || heic=$(find Data Tests -name '*.heic' | head -1)
[ -n "$heic" ] || fail "no HEIC fixture to decode"
heic=$(cd "$(dirname "$heic")" && pwd)/$(basename "$heic")
run() {
  env -i PATH=/usr/bin:/bin HOME="$root/home" TERM=dumb ROOT="$root" VERSION="$version" \
    HEIC="$heic" XDG_CONFIG_HOME="$root/config" "$@"
}
if unshare --mount true 2>/dev/null && [ -d /opt/swift ]; then
  run unshare --mount sh -c "mount -t tmpfs none /opt/swift && $check"
else
  run sh -c "$check"
fi

# The tarball holds the same program, which runs from where it is unpacked.
mkdir "$root/unpacked"
tar -C "$root/unpacked" -xzf "$tarball"
"$root"/unpacked/masonry-*/bin/masonry --version >/dev/null
"$root"/unpacked/masonry-*/bin/masonry thumbnail "$heic" --size 20x10 --color none >/dev/null
echo "dist-test: $(basename "$deb") installed and ran without Swift; Depends: $(dpkg-deb -f "$deb" Depends)"
