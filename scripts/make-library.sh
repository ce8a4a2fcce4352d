#!/usr/bin/env bash
# scripts/make-library.sh [--no-previews | --heic] N DIR: N photos like a phone's camera roll, for measuring big libraries.
# Each is a 4032×3024 JPEG (quality 90, with sensor-like noise: 3–5 MB) made from a bundled photo with its own
# crop and colour, so no two are alike; every fourth is stored sideways with EXIF orientation 6, as
# a phone held upright writes it (upright it is 3024×4032); each embeds a 160×120 preview in its
# EXIF, as phones do (not with --no-previews: an export without one, whose cells must be decoded
# from the photos themselves). With --heic, each is instead a 4032×3024 HEIC as an iPhone
# writes one, with a 320×240 thumbnail beside its image (libheif's heif-enc, quality 60;
# upright). Past 40 (or $MAKE_LIBRARY_DISTINCT, a multiple of 4), the rest are hard links to
# the first 40 in turn. Named IMG_00001.jpg (or .heic),
# … in DIR, which must be new or empty. Needs ImageMagick (scripts/setup.sh --test installs
# it, and heif-enc) and python3.
set -euo pipefail
usage="usage: scripts/make-library.sh [--no-previews | --heic] N DIR (N from 1 to 100000; DIR new or empty)"
previews=1
if [ "${1:-}" = "--no-previews" ]; then previews=0; shift; fi
if [ "${1:-}" = "--heic" ]; then previews=heic; shift; fi
[ $# -eq 2 ] || { echo "$usage" >&2; exit 2; }
n=$1 dir=$2
[[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le 100000 ] || { echo "make-library: N must be a whole number from 1 to 100000, got '$n'" >&2; exit 2; }
distinct=${MAKE_LIBRARY_DISTINCT:-40}
[[ "$distinct" =~ ^[0-9]+$ ]] && [ "$distinct" -ge 4 ] && [ $((distinct % 4)) -eq 0 ] || { echo "make-library: MAKE_LIBRARY_DISTINCT must be a multiple of 4 from 4 on, got '$distinct'" >&2; exit 2; }
if [ -e "$dir" ]; then
  [ -d "$dir" ] || { echo "make-library: '$dir' is a file, not a folder" >&2; exit 2; }
  [ -z "$(ls -A "$dir")" ] || { echo "make-library: '$dir' is not empty, and photos never replace files" >&2; exit 2; }
fi
command -v convert >/dev/null || { echo "make-library: needs ImageMagick's convert (scripts/setup.sh --test installs it)" >&2; exit 2; }
if [ "$previews" = heic ]; then
  command -v heif-enc >/dev/null || { echo "make-library: --heic needs libheif's heif-enc (scripts/setup.sh --test installs it)" >&2; exit 2; }
fi
mkdir -p "$dir"
here=$(cd "$(dirname "$0")/.." && pwd)
mapfile -t bases < <(ls "$here"/assets/photos/*.jpg)

# One photo: $1 its number. Written beside its name and renamed, so an interrupted run leaves
# only whole photos.
make_one() {
  local i=$1 dir=$2 previews=$3; shift 3
  local bases=("$@")
  local base=${bases[$((i % ${#bases[@]}))]}
  local name; name=$(printf 'IMG_%05d.jpg' "$i")
  local hue=$((70 + (i * 37) % 61)) zoom=$((100 + (i * 13) % 40)) gravity
  gravity=$(echo center north south east west northeast southwest | cut -d' ' -f$((1 + i % 7)))
  # A portrait is framed upright at 3024×4032, then stored turned a quarter to the left, as the
  # sensor saw it; orientation 6 says to turn it back.
  local w=4032 h=3024 turn=0
  if [ $((i % 4)) -eq 0 ] && [ "$previews" != heic ]; then w=3024 h=4032 turn=-90; fi
  convert "$base" -auto-orient -strip -resize "$((w * zoom / 100))x$((h * zoom / 100))^" -gravity "$gravity" -extent "${w}x${h}" \
    -modulate 100,$((80 + i % 40)),"$hue" -attenuate 0.3 +noise Gaussian -rotate "$turn" -quality 90 "$dir/.$name"
  if [ "$previews" = heic ]; then
    local heic=${name%.jpg}.heic
    heif-enc -q 60 -t 320 -o "$dir/.$heic" "$dir/.$name" >/dev/null
    rm "$dir/.$name"
    mv "$dir/.$heic" "$dir/$heic"
    return
  fi
  # A phone also embeds a small preview (160×120, stored the same way round as the photo) in its
  # EXIF, which viewers show before the photo itself is decoded.
  local thumb=-
  if [ "$previews" -eq 1 ]; then
    thumb="$dir/.$name.thumb.jpg"
    convert -define jpeg:size=320x320 "$dir/.$name" -thumbnail "160x120!" -quality 80 "$thumb"
  fi
  python3 - "$dir/.$name" "$thumb" "$([ "$turn" -ne 0 ] && echo 6 || echo 1)" <<'PY'
import struct, sys
# An APP1 Exif segment: IFD0 with Orientation (0x0112), then IFD1 naming the preview JPEG that
# follows it (JPEGInterchangeFormat 0x0201 and its length 0x0202); without a preview ("-"), IFD0 alone.
path, thumb_path, orientation = sys.argv[1], sys.argv[2], int(sys.argv[3])
ifd0 = struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0)
if thumb_path == "-":
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + ifd0 + struct.pack(">I", 0)
else:
    thumb = open(thumb_path, "rb").read()
    ifd1_at = 8 + len(ifd0) + 4
    ifd1_size = 2 + 3 * 12 + 4
    thumb_at = ifd1_at + ifd1_size
    ifd1 = struct.pack(">H", 3) + struct.pack(">HHIHH", 0x0103, 3, 1, 6, 0) + struct.pack(">HHII", 0x0201, 4, 1, thumb_at) \
        + struct.pack(">HHII", 0x0202, 4, 1, len(thumb)) + struct.pack(">I", 0)
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + ifd0 + struct.pack(">I", ifd1_at) + ifd1 + thumb
app1 = b"Exif\x00\x00" + tiff
data = open(path, "rb").read()
assert data[:2] == b"\xff\xd8"
open(path, "wb").write(data[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + data[2:])
PY
  [ "$thumb" = - ] || rm "$thumb"
  mv "$dir/.$name" "$dir/$name"
}
export -f make_one
made=$((n < distinct ? n : distinct))
seq 1 "$made" | xargs -P "$(nproc)" -I{} bash -c 'make_one "$@"' _ {} "$dir" "$previews" "${bases[@]}"
# Past them, hard links to them in turn (portraits to portraits): each its own path, and so
# its own thumbnail to make, without the disk or the hours 100,000 photos would take.
ext=jpg
[ "$previews" = heic ] && ext=heic
for ((i = made + 1; i <= n; i++)); do
  ln "$dir/$(printf 'IMG_%05d' $(((i - 1) % distinct + 1))).$ext" "$dir/$(printf 'IMG_%05d' "$i").$ext"
done
echo "make-library: $n photos in $dir"
