#!/usr/bin/env bash
# Fuzzes the loader's decoders as a loader runs them (ScaledDecoder.decode: the gate, then
# libjpeg-turbo, libwebp, libtiff, libpng, giflib, libheif, libjxl or the Swift decoders, then PictureScaling)
# with libFuzzer for SECONDS (default 300): builds Fuzz/DecoderFuzzer.swift with the decoders'
# files into .build/fuzz/decoder-fuzzer (-sanitize=fuzzer,address), seeds
# .build/fuzz/decoder-corpus with a small file of every format and variant, and runs it. A crash
# (a trap, a broken property, an address error, a slow input or one over the memory limit) is
# saved under .build/fuzz/decoder-crashes/ and the script exits non-zero; replay one with
# `.build/fuzz/decoder-fuzzer FILE`. An input's first byte says which kind the file is named
# after; the rest is the file.
#   scripts/fuzz-decoders.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz-decoders.sh [SECONDS]" >&2; exit 2; }

out=.build/fuzz
corpus="$out/decoder-corpus"
seeds="$out/decoder-seeds"
mkdir -p "$corpus" "$seeds" "$out/decoder-crashes" "$out/decoder-core"

# Modules as SwiftPM builds them: the core, then the untrusted bytes' own target (the gate the
# decoders run first), then the pictures of the loaders' interface (the sizes and pixel buffers
# the decoders fill), each a static library, instrumented too. Then the loader's decoders and
# pictures with the harness, in a module named as SwiftPM's (so the harness sees internal
# names), with the C libraries' modules (their shims are compiled in, instrumented). Not the
# loader's process or messages: the harness calls the decoders in-process. lld, as gold warns
# about every ASan symbol it cannot export.
mapfile -t core < <(find Sources/PhotoZoomCore -name '*.swift' | sort)
swiftc -module-name PhotoZoomCore -parse-as-library -swift-version 5 -O -g \
    -sanitize=fuzzer,address -emit-library -static \
    -emit-module -emit-module-path "$out/decoder-core/PhotoZoomCore.swiftmodule" \
    "${core[@]}" -o "$out/decoder-core/libPhotoZoomCore.a"
mapfile -t untrusted < <(find Sources/PhotoZoomUntrusted -name '*.swift' | sort)
swiftc -module-name PhotoZoomUntrusted -parse-as-library -swift-version 5 -O -g \
    -sanitize=fuzzer,address -emit-library -static -I "$out/decoder-core" \
    -emit-module -emit-module-path "$out/decoder-core/PhotoZoomUntrusted.swiftmodule" \
    "${untrusted[@]}" -o "$out/decoder-core/libPhotoZoomUntrusted.a"
mapfile -t pictures < <(find Sources/PhotoZoomLoaderInterface/Pictures -name '*.swift' | sort)
swiftc -module-name PhotoZoomLoaderInterface -parse-as-library -swift-version 5 -O -g \
    -sanitize=fuzzer,address -emit-library -static -I "$out/decoder-core" \
    -emit-module -emit-module-path "$out/decoder-core/PhotoZoomLoaderInterface.swiftmodule" \
    "${pictures[@]}" -o "$out/decoder-core/libPhotoZoomLoaderInterface.a"
mapfile -t loader < <(find Sources/PhotoZoomLoader/Decoders Sources/PhotoZoomLoader/Pictures -name '*.swift' | sort)
cflags=()
for flag in $(pkg-config --cflags libturbojpeg libwebp libtiff-4 libpng libheif libde265 dav1d libjxl lcms2); do cflags+=(-Xcc "$flag"); done
mapfile -t libs < <(pkg-config --libs libturbojpeg libwebp libtiff-4 libpng libheif libde265 dav1d libjxl lcms2 | tr ' ' '\n' | grep .)
swiftc -module-name PhotoZoomLoader -parse-as-library -swift-version 5 -O -g \
    -sanitize=fuzzer,address -use-ld=lld \
    -I "$out/decoder-core" -I Sources/CTurboJPEG -I Sources/CWebP -I Sources/CTIFF -I Sources/CGif -I Sources/CPNG -I Sources/CHeif -I Sources/CJXL -I Sources/CLCMS \
    "${cflags[@]}" \
    "${loader[@]}" Fuzz/DecoderFuzzer.swift \
    -L "$out/decoder-core" -lPhotoZoomLoaderInterface -lPhotoZoomUntrusted -lPhotoZoomCore "${libs[@]}" -lgif -o "$out/decoder-fuzzer"

# A small file of every format and variant ImageMagick writes (setup.sh --test installs it):
# each decoder's ordinary paths, 8-bit unless said (a gradient of few colours would otherwise
# be written 16-bit, and as a palette where the format has one). One it cannot write on this machine is left out, not fatal.
# Three larger than the fuzzer's 4 megapixels in a few kilobytes: a JPEG decoded at a scale
# within them, a lossy WebP scaled by libwebp, and a pyramid TIFF whose reduced copy is
# decoded. An uncompressed tiled TIFF is not among them: ImageMagick 6.9 writes its tiles'
# byte counts wrong, and libtiff refuses it.
magick=convert
command -v magick >/dev/null && magick=magick
rm -f "$seeds"/*
image() {
    local name="$1"; shift
    "$magick" -size 24x16 gradient:red-blue -depth 8 "$@" "$seeds/$name" 2>/dev/null || echo "fuzz-decoders: no seed $name ($magick could not write it)" >&2
}
large() {
    local name="$1" format="$2"; shift 2
    "$magick" -size 2100x2100 xc:teal "$@" "$format$seeds/$name" 2>/dev/null || echo "fuzz-decoders: no seed $name ($magick could not write it)" >&2
}
image im.jpg -quality 80
image im-progressive.jpg -interlace Plane
image im-cmyk.jpg -colorspace CMYK
image im-gray.jpg -colorspace Gray
image im-420.jpg -sampling-factor 2x2
image im.png -define png:color-type=2
image im-gray.png -colorspace Gray -define png:color-type=0
image im-palette.png -colors 16 -define png:format=png8
image im-alpha.png -alpha set -channel A -evaluate set 50% +channel
image im-16.png -depth 16 -define png:color-type=2 -define png:bit-depth=16
image im-gray-alpha.png -colorspace Gray -alpha set -channel A -evaluate set 50% +channel -define png:color-type=4
image im-interlaced.png -interlace PNG
image im.gif -colors 16
image im-interlaced.gif -colors 16 -interlace GIF
image im-alpha.gif -colors 16 -alpha set -fill none -draw 'rectangle 0,0 5,5'
image im.bmp -type TrueColor -define bmp:format=bmp3
image im-v5.bmp -type TrueColor
image im-alpha.bmp -alpha set -channel A -evaluate set 50% +channel
image im-palette.bmp -colors 16 -type Palette -define bmp:format=bmp3
image im-rle.bmp -colors 16 -compress RLE -define bmp:format=bmp3
image im.tiff -compress none -type TrueColor
image im-lzw.tiff -compress LZW -type TrueColor
image im-zip.tiff -compress Zip -type TrueColor
image im-jpeg.tiff -compress JPEG -type TrueColor
image im-tiled.tiff -define tiff:tile-geometry=16x16 -compress Zip -type TrueColor
image im-16.tiff -depth 16 -type TrueColor
image im-gray.tiff -colorspace Gray
image im-palette.tiff -colors 16 -type Palette
image im-cmyk.tiff -colorspace CMYK
image im-msb.tiff -compress none -endian MSB -type TrueColor
image im-lossy.webp -quality 50
image im-lossless.webp -define webp:lossless=true
image im-alpha.webp -alpha set -channel A -evaluate set 50% +channel
image im.tga -type TrueColor
image im-rle.tga -type TrueColor -compress RLE
image im-gray.tga -colorspace Gray
image im-palette.tga -colors 16 -type Palette
image im.pcx -type TrueColor
image im-palette.pcx -colors 16 -type Palette
image im.ppm
image im.pgm -colorspace Gray
image im-16.pgm -colorspace Gray -depth 16
image im.pbm -monochrome
image im-plain.ppm -compress none
image im-plain.pgm -colorspace Gray -compress none
image im-plain.pbm -monochrome -compress none
# HEIC (x265) and AVIF (aom) by libheif's own encoder: 8-bit, with a thumbnail, 10-bit.
heif() {
    local name="$1" depth="$2"; shift 2
    "$magick" -size 24x16 gradient:red-blue -depth "$depth" "PNG$((depth * 3)):$seeds/$name.png" 2>/dev/null \
        && heif-enc -q 50 "$@" -o "$seeds/$name" "$seeds/$name.png" >/dev/null \
        || echo "fuzz-decoders: no seed $name (heif-enc could not write it)" >&2
    rm -f "$seeds/$name.png"
}
heif heif.heic 8
heif heif.avif 8
heif heif-thumbnail.heic 8 -t 8
heif heif-10-bit.heic 16 -b 10
# JPEG XL by libjxl's own encoder: lossy, lossless with alpha, 16-bit.
jxl() {
    local name="$1" form="$2" distance="$3"; shift 3
    "$magick" -size 24x16 gradient:red-blue "$@" "$form:$seeds/$name.png" 2>/dev/null \
        && cjxl "$seeds/$name.png" "$seeds/$name" --quiet -d "$distance" >/dev/null \
        || echo "fuzz-decoders: no seed $name (cjxl could not write it)" >&2
    rm -f "$seeds/$name.png"
}
jxl jxl-lossy.jxl PNG24 1 -depth 8
jxl jxl-alpha.jxl PNG32 0 -depth 8 -alpha set -channel A -evaluate set 50% +channel
jxl jxl-16-bit.jxl PNG48 0 -depth 16
# Colour profiles, so lcms2 is fed what each decoder hands it: Adobe RGB in a JPEG's APP2, a
# PNG's iCCP, a TIFF's tag, a WebP's ICCP chunk and a HEIC's colr; a CMYK JPEG and a grey PNG
# with their own. Ghostscript's profiles (libgs-common), where they are installed.
icc=/usr/share/color/icc/ghostscript
if [ -r "$icc/a98.icc" ] && [ -r "$icc/default_cmyk.icc" ] && [ -r "$icc/default_gray.icc" ]; then
    image icc-adobe.jpg -profile "$icc/a98.icc"
    image icc-adobe.png -profile "$icc/a98.icc" -define png:color-type=2
    image icc-adobe.tiff -profile "$icc/a98.icc" -compress Zip -type TrueColor
    image icc-adobe.webp -profile "$icc/a98.icc" -define webp:lossless=true
    image icc-cmyk.jpg -profile "$icc/default_cmyk.icc"
    image icc-gray.png -colorspace Gray -profile "$icc/default_gray.icc"
    "$magick" -size 24x16 gradient:red-blue -depth 8 -profile "$icc/a98.icc" "PNG24:$seeds/icc-adobe-heic.png" 2>/dev/null \
        && heif-enc -q 50 -o "$seeds/icc-adobe.heic" "$seeds/icc-adobe-heic.png" >/dev/null \
        || echo "fuzz-decoders: no seed icc-adobe.heic (heif-enc could not write it)" >&2
    rm -f "$seeds/icc-adobe-heic.png"
else
    echo "fuzz-decoders: no colour-profile seeds (Ghostscript's profiles are not in $icc)" >&2
fi
large large.jpg "" -quality 50
large large.webp "" -quality 50
large large.tiff ptif: -depth 8 -compress Zip

# What ImageMagick 6 does not write, then every seed into the corpus behind the byte that names
# it after its kind: its index in ImageKind.allCases, in the order below. QOI by the
# specification's encoder (an RGBA picture of every op, and an RGB one); a JPEG turned by its
# EXIF orientation (6), so PictureScaling turns every decoded picture upright. ImageMagick 6
# marks a pyramid's levels as pages (NewSubfileType 2), not reduced copies (1): marked here.
python3 - "$seeds" "$corpus" <<'PY'
import os, struct, sys
seeds, corpus = sys.argv[1], sys.argv[2]
kinds = ["jpeg", "png", "gif", "bmp", "webp", "tiff", "qoi", "pnm", "pcx", "tga", "heic", "avif", "jxl"]
extensions = {"jpg": "jpeg", "tiff": "tiff", "ppm": "pnm", "pgm": "pnm", "pbm": "pnm"}

def qoi(width, height, pixels, channels):
    out = b"qoif" + struct.pack(">IIBB", width, height, channels, 0)
    seen, previous, run = [(0, 0, 0, 0)] * 64, (0, 0, 0, 255), 0
    for index, pixel in enumerate(pixels):
        if pixel == previous:
            run += 1
            if run == 62 or index == len(pixels) - 1:
                out += bytes([0xC0 | run - 1]); run = 0
            continue
        if run:
            out += bytes([0xC0 | run - 1]); run = 0
        slot = (pixel[0] * 3 + pixel[1] * 5 + pixel[2] * 7 + pixel[3] * 11) % 64
        if seen[slot] == pixel:
            out += bytes([slot])
        else:
            seen[slot] = pixel
            d = [(pixel[i] - previous[i] + 128) % 256 - 128 for i in range(3)]
            if pixel[3] != previous[3]:
                out += bytes([0xFF, *pixel])
            elif all(-2 <= v <= 1 for v in d):
                out += bytes([0x40 | (d[0] + 2) << 4 | (d[1] + 2) << 2 | (d[2] + 2)])
            elif -32 <= d[1] <= 31 and -8 <= d[0] - d[1] <= 7 and -8 <= d[2] - d[1] <= 7:
                out += bytes([0x80 | d[1] + 32, (d[0] - d[1] + 8) << 4 | (d[2] - d[1] + 8)])
            else:
                out += bytes([0xFE, *pixel[:3]])
        previous = pixel
    return out + bytes(7) + b"\x01"
w, h = 12, 8
rgba = [(x * 20, y * 30, 90, 255 if x < 9 else 128) for y in range(h) for x in range(w)]
rgba[w:2 * w] = [rgba[0]] * w
rgba[2 * w + 3] = rgba[5]
with open(f"{seeds}/qoi.qoi", "wb") as f: f.write(qoi(w, h, rgba, 4))
with open(f"{seeds}/qoi-rgb.qoi", "wb") as f: f.write(qoi(w, h, [(r, g, b, 255) for r, g, b, _ in rgba], 3))

if os.path.exists(f"{seeds}/im.jpg"):
    with open(f"{seeds}/im.jpg", "rb") as f: jpeg = f.read()
    app1 = b"Exif\x00\x00" + b"II*\x00" + struct.pack("<IHHHIHHI", 8, 1, 0x0112, 3, 1, 6, 0, 0)
    with open(f"{seeds}/im-exif-6.jpg", "wb") as f:
        f.write(jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:])

def mark_reduced(path):
    with open(path, "r+b") as f: data = bytearray(f.read())
    order = "<" if data[:2] == b"II" else ">"
    at, = struct.unpack_from(order + "I", data, 4)
    first = True
    while at:
        entries, = struct.unpack_from(order + "H", data, at)
        for e in range(entries):
            tag, kind = struct.unpack_from(order + "HH", data, at + 2 + 12 * e)
            if tag == 254 and kind == 4 and not first: struct.pack_into(order + "I", data, at + 10 + 12 * e, 1)
        first = False
        at, = struct.unpack_from(order + "I", data, at + 2 + 12 * entries)
    with open(path, "wb") as f: f.write(data)
if os.path.exists(f"{seeds}/large.tiff"): mark_reduced(f"{seeds}/large.tiff")

for name in sorted(os.listdir(seeds)):
    extension = name.rsplit(".", 1)[1]
    kind = kinds.index(extensions.get(extension, extension))
    with open(f"{seeds}/{name}", "rb") as f: data = f.read()
    with open(f"{corpus}/{name}", "wb") as f: f.write(bytes([kind]) + data)
PY
# Every signature, chunk and tag the decoders look for, so mutations reach past the first check.
cat > "$out/decoder.dict" <<'DICT'
"ICC_PROFILE\x00"
"iCCP"
"ICCP"
"colr"
"prof"
"acsp"
"mntr"
"curv"
"para"
"rTRC"
"GIF87a"
"GIF89a"
"\x2c"
"\x21\xf9\x04"
"\x21\xff\x0bNETSCAPE2.0"
"\x3b"
"\x89PNG\x0d\x0a\x1a\x0a"
"IHDR"
"PLTE"
"tRNS"
"IDAT"
"IEND"
"RIFF"
"WEBP"
"VP8 "
"VP8L"
"VP8X"
"ALPH"
"ftyp"
"meta"
"iinf"
"infe"
"iloc"
"iref"
"dimg"
"thmb"
"ipco"
"ipma"
"ispe"
"irot"
"imir"
"hvcC"
"av1C"
"mdat"
"ANIM"
"ANMF"
"\x9d\x01\x2a"
"II*\x00"
"MM\x00*"
"\x00\x01"
"\x01\x00"
"\x01\x01"
"\x02\x01"
"\x03\x01"
"\x06\x01"
"\x11\x01"
"\x15\x01"
"\x16\x01"
"\x17\x01"
"\x1c\x01"
"\x42\x01"
"\x43\x01"
"\x44\x01"
"\x45\x01"
"\x40\x01"
"\x52\x01"
"\x53\x01"
"\xfe\x00"
"qoif"
"\xfe"
"\xff"
"BM"
"\x0c\x00\x00\x00"
"(\x00\x00\x00"
"|\x00\x00\x00"
"P1 "
"P2 "
"P3 "
"P4\x0a"
"P5\x0a"
"P6\x0a"
"65535"
"\x0a\x05\x01\x08"
"\x0c"
"\xff\xd8\xff"
"\xff\xc0"
"\xff\xc1"
"\xff\xc2"
"\xff\xc4"
"\xff\xdb"
"\xff\xdd"
"\xff\xda"
"\xff\xd9"
"\xff\xe1"
"\xff\xee"
"Adobe"
"Exif\x00\x00"
"\x01\x12"
"\x12\x01"
DICT

# Swift's own backtracer would slow every crash down; libFuzzer reports them. Leaks are looked
# for only by hand (ASAN_OPTIONS=detect_leaks=1): a 60-second run so found none, in our code or
# the C libraries', but from a corpus of a thousand inputs LeakSanitizer's checks held the run
# still for minutes. -malloc_limit_mb catches a decoder that allocates for a claim past the 4
# megapixels the harness allows (libtiff's strips are held to 64 MiB, libpng's chunks to 8 MB),
# -rss_limit_mb memory that runs away. ASan's quarantine of freed memory is cut to 64 MiB, as
# each input makes a few pictures of up to 16 MB.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:quarantine_size_mb=64}"
"$out/decoder-fuzzer" "$corpus" \
    -dict="$out/decoder.dict" \
    -max_len=65536 -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 \
    -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$out/decoder-crashes/"
