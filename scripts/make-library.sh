#!/usr/bin/env bash
# scripts/make-library.sh N DIR: N photos like a phone's camera roll, for measuring big libraries.
# Each is a 4032×3024 JPEG (quality 90, with sensor-like noise: 3–5 MB) made from a bundled photo with its own
# crop and colour, so no two are alike; every fourth is stored sideways with EXIF orientation 6, as
# a phone held upright writes it (upright it is 3024×4032). Named IMG_00001.jpg, … in DIR, which
# must be new or empty. Needs ImageMagick (scripts/setup.sh --test installs it) and python3.
set -euo pipefail
usage="usage: scripts/make-library.sh N DIR (N from 1 to 100000; DIR new or empty)"
[ $# -eq 2 ] || { echo "$usage" >&2; exit 2; }
n=$1 dir=$2
[[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le 100000 ] || { echo "make-library: N must be a whole number from 1 to 100000, got '$n'" >&2; exit 2; }
if [ -e "$dir" ]; then
  [ -d "$dir" ] || { echo "make-library: '$dir' is a file, not a folder" >&2; exit 2; }
  [ -z "$(ls -A "$dir")" ] || { echo "make-library: '$dir' is not empty, and photos never replace files" >&2; exit 2; }
fi
command -v convert >/dev/null || { echo "make-library: needs ImageMagick's convert (scripts/setup.sh --test installs it)" >&2; exit 2; }
mkdir -p "$dir"
here=$(cd "$(dirname "$0")/.." && pwd)
mapfile -t bases < <(ls "$here"/assets/photos/*.jpg)

# One photo: $1 its number. Written beside its name and renamed, so an interrupted run leaves
# only whole photos.
make_one() {
  local i=$1 dir=$2; shift 2
  local bases=("$@")
  local base=${bases[$((i % ${#bases[@]}))]}
  local name; name=$(printf 'IMG_%05d.jpg' "$i")
  local hue=$((70 + (i * 37) % 61)) zoom=$((100 + (i * 13) % 40)) gravity
  gravity=$(echo center north south east west northeast southwest | cut -d' ' -f$((1 + i % 7)))
  # A portrait is framed upright at 3024×4032, then stored turned a quarter to the left, as the
  # sensor saw it; orientation 6 says to turn it back.
  local w=4032 h=3024 turn=0
  if [ $((i % 4)) -eq 0 ]; then w=3024 h=4032 turn=-90; fi
  convert "$base" -auto-orient -strip -resize "$((w * zoom / 100))x$((h * zoom / 100))^" -gravity "$gravity" -extent "${w}x${h}" \
    -modulate 100,$((80 + i % 40)),"$hue" -attenuate 0.3 +noise Gaussian -rotate "$turn" -quality 90 "$dir/.$name"
  if [ "$turn" -ne 0 ]; then
    python3 - "$dir/.$name" <<'PY'
import struct, sys
# An APP1 Exif segment holding IFD0 with one entry: Orientation (0x0112), SHORT, 6.
tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0) + struct.pack(">I", 0)
app1 = b"Exif\x00\x00" + tiff
path = sys.argv[1]
data = open(path, "rb").read()
assert data[:2] == b"\xff\xd8"
open(path, "wb").write(data[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + data[2:])
PY
  fi
  mv "$dir/.$name" "$dir/$name"
}
export -f make_one
seq 1 "$n" | xargs -P "$(nproc)" -I{} bash -c 'make_one "$@"' _ {} "$dir" "${bases[@]}"
echo "make-library: $n photos in $dir"
