#!/usr/bin/env bash
# Fuzzes the untrusted-image gate (ImageKind.identify, PhotoHeader.dimensions, PhotoGate.check,
# PhotoProbe.probe and the PhotoExif it reads, UntrustedFile reads past a head, and
# ThumbnailPNG.text, StoredPNG.read) with libFuzzer for SECONDS (default 300): builds Fuzz/ImageFuzzer.swift with
# the files it needs into .build/fuzz/image-fuzzer (-sanitize=fuzzer,address), seeds
# .build/fuzz/image-corpus with a small file of every format and hostile claims, and runs it.
# A crash (a trap, a broken property, an address error, a slow input or one over the memory
# limit) is saved under .build/fuzz/image-crashes/ and the script exits non-zero; replay one
# with `.build/fuzz/image-fuzzer FILE`.
#   scripts/fuzz-images.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz-images.sh [SECONDS]" >&2; exit 2; }

out=.build/fuzz
corpus="$out/image-corpus"
mkdir -p "$corpus" "$out/image-crashes" "$out/image-core"

# Modules as SwiftPM builds them: the core, then the untrusted bytes' own target (the gate, the
# EXIF parser, the failures), then the sizes of the loaders' interface, each a static library,
# instrumented too (TuningFile.number and the limits run on every input). Then the probe's files
# with the harness, in a module named as SwiftPM's (so the harness sees internal names): the
# thumbnail cache's PNG walk (CPNG), and the probe with what it calls: ContentHash. No SDL.
# lld, as gold warns about every ASan symbol it cannot export.
mapfile -t core < <(find Sources/PhotoZoomCore -name '*.swift' | sort)
swiftc -module-name PhotoZoomCore -parse-as-library -swift-version 5 -O -g \
    -sanitize=fuzzer,address -emit-library -static \
    -emit-module -emit-module-path "$out/image-core/PhotoZoomCore.swiftmodule" \
    "${core[@]}" -o "$out/image-core/libPhotoZoomCore.a"
mapfile -t untrusted < <(find Sources/PhotoZoomUntrusted -name '*.swift' | sort)
swiftc -module-name PhotoZoomUntrusted -parse-as-library -swift-version 5 -O -g \
    -sanitize=fuzzer,address -emit-library -static -I "$out/image-core" \
    -emit-module -emit-module-path "$out/image-core/PhotoZoomUntrusted.swiftmodule" \
    "${untrusted[@]}" -o "$out/image-core/libPhotoZoomUntrusted.a"
# Of the loaders' interface, the probe and the PNG walk need only its sizes and pictures.
swiftc -module-name PhotoZoomLoaderInterface -parse-as-library -swift-version 5 -O -g \
    -sanitize=fuzzer,address -emit-library -static -I "$out/image-core" \
    -emit-module -emit-module-path "$out/image-core/PhotoZoomLoaderInterface.swiftmodule" \
    Sources/PhotoZoomLoaderInterface/Pictures/ScaledSize.swift \
    Sources/PhotoZoomLoaderInterface/Pictures/PixelBuffer.swift \
    Sources/PhotoZoomLoaderInterface/Pictures/PixelRows.swift \
    -o "$out/image-core/libPhotoZoomLoaderInterface.a"
gate=(
    Sources/PhotoZoomLibrary/Thumbnails/ThumbnailPNG.swift
    Sources/PhotoZoomLibrary/Thumbnails/StoredPNG.swift
    Sources/PhotoZoomLibrary/Folder/PhotoProbe.swift
    Sources/PhotoZoomLibrary/Folder/ContentHash.swift
)
cflags=()
for flag in $(pkg-config --cflags libpng); do cflags+=(-Xcc "$flag"); done
swiftc -module-name PhotoZoomLibrary -parse-as-library -swift-version 5 -O -g \
    -sanitize=fuzzer,address -use-ld=lld \
    -I "$out/image-core" -I Sources/CPNG "${cflags[@]}" \
    "${gate[@]}" Fuzz/ImageFuzzer.swift \
    -L "$out/image-core" -lPhotoZoomLoaderInterface -lPhotoZoomUntrusted -lPhotoZoomCore -o "$out/image-fuzzer"

# The seeds; what the fuzzer finds stays in the corpus for the next run. Real photos: one with
# EXIF, one without, and the head of the CMYK fixture (its header is in the first bytes; the
# whole is over -max_len, which would cut it anyway).
cp assets/photos/chelsea-exif-rotated.jpg "$corpus/photo-exif.jpg"
cp assets/photos/coins.jpg "$corpus/photo.jpg"
head -c 16384 Tests/Fixtures/photos/astronaut-cmyk.jpg > "$corpus/photo-cmyk-head.jpg"
# A small file of every format and variant ImageMagick writes (setup.sh --test installs it):
# each parser's ordinary path. One it cannot write on this machine is left out, not fatal.
magick=convert
command -v magick >/dev/null && magick=magick
image() {
    local name="$1"; shift
    "$magick" -size 24x16 gradient:red-blue "$@" "$corpus/$name" 2>/dev/null || echo "fuzz-images: no seed $name ($magick could not write it)" >&2
}
image im.jpg -quality 80
image im-progressive.jpg -interlace Plane
image im-arithmetic.jpg -define jpeg:arithmetic-coding=true
image im-cmyk.jpg -colorspace CMYK
image im-gray.jpg -colorspace Gray
# RGBA rows unfiltered in stored blocks, as the thumbnail cache keeps them (StoredPNG), with
# a text chunk as the cache's have; ImageMagick filters its rows whatever it is told.
python3 - "$corpus/stored.png" <<'PY' || echo "fuzz-images: no seed stored.png (python3 could not write it)" >&2
import struct, sys, zlib
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
rows = b"".join(b"\0" + bytes(v for x in range(24) for v in (x * 10, y * 15, 128, 255 - x)) for y in range(16))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 24, 16, 8, 6, 0, 0, 0))
png += chunk(b"tEXt", b"Thumb::MTime\x001") + chunk(b"IDAT", zlib.compress(rows, 0)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
PY
image im.png
image im-palette.png -colors 16 -define png:format=png8
image im-alpha.png -alpha set -channel A -evaluate set 50% +channel
image im-interlaced.png -interlace PNG
image im.gif -colors 16
image im.bmp -define bmp:format=bmp3
image im-v5.bmp
image im-os2.bmp -define bmp:format=bmp2
image im-rle.bmp -colors 16 -compress RLE -define bmp:format=bmp3
image im-lossy.webp -quality 50
image im-lossless.webp -define webp:lossless=true
image im-alpha.webp -alpha set -channel A -evaluate set 50% +channel
image im.tiff -compress none
image im-msb.tiff -compress none -endian MSB
image im.ppm
image im.pgm -colorspace Gray
image im.pbm -monochrome
image im-plain.ppm -compress none
image im-plain.pbm -monochrome -compress none
image im.pcx
image im.tga
image im-rle.tga -compress RLE
# HEIC (x265) and AVIF (aom) as libheif's own encoder writes them (setup.sh --test installs
# it): 8-bit, a thumbnail beside the image, 10-bit from a 16-bit PNG.
"$magick" -size 24x16 gradient:red-blue -depth 8 "PNG24:$out/heif-seed.png" 2>/dev/null \
    && "$magick" -size 24x16 gradient:red-blue -depth 16 "PNG48:$out/heif-seed-16.png" 2>/dev/null \
    && heif-enc -q 50 -o "$corpus/heif-enc.heic" "$out/heif-seed.png" >/dev/null \
    && heif-enc -q 50 -o "$corpus/heif-enc.avif" "$out/heif-seed.png" >/dev/null \
    && heif-enc -q 50 -t 8 -o "$corpus/heif-enc-thumbnail.heic" "$out/heif-seed.png" >/dev/null \
    && heif-enc -q 50 -b 10 -o "$corpus/heif-enc-10-bit.heic" "$out/heif-seed-16.png" >/dev/null \
    || echo "fuzz-images: no heif-enc seeds (heif-enc could not write them)" >&2
# JPEG XL as libjxl's own encoder writes it (libjxl-tools): a bare codestream (lossy), a
# container holding an orientation from the PNG's EXIF (lossless), a recompressed JPEG (its
# codestream split over jxlp boxes).
cjxl "$out/heif-seed.png" "$corpus/cjxl.jxl" --quiet -d 1 >/dev/null \
    && cjxl "$out/heif-seed-16.png" "$corpus/cjxl-16-bit.jxl" --quiet -d 0 >/dev/null \
    && "$magick" "$out/heif-seed.png" -quality 80 "$out/jxl-seed.jpg" 2>/dev/null \
    && cjxl "$out/jxl-seed.jpg" "$corpus/cjxl-jpeg.jxl" --quiet >/dev/null \
    || echo "fuzz-images: no cjxl seeds (cjxl could not write them)" >&2
"$magick" -size 24x16 gradient:red-blue \( -size 8x8 xc:green -repage +4+4 \) "$corpus/im-two-frames.gif" 2>/dev/null || true
"$magick" -size 24x16 gradient:red-blue -size 40x30 xc:green "$corpus/im-two-pages.tiff" 2>/dev/null || true
# What ImageMagick does not write, and the hostile claims the gate is there for: QOI, a GIF
# whose frame is larger than its screen, a TIFF whose directory is at the end, claims of
# 30000² and 65535² in a few bytes, progressive and arithmetic JPEGs over the coefficient
# budget, an EXIF with an orientation, a date and a preview, a thumbnail PNG's tEXt chunks,
# and the files identify names and skips.
python3 - "$corpus" <<'PY'
import struct, sys, zlib
corpus = sys.argv[1]
def put(name, data):
    with open(f"{corpus}/{name}", "wb") as f: f.write(data)
le16 = lambda v: struct.pack("<H", v); le32 = lambda v: struct.pack("<I", v)
be16 = lambda v: struct.pack(">H", v); be32 = lambda v: struct.pack(">I", v)

# QOI: a 2×2 image (an RGB pixel, a run of 3), and 26 bytes claiming 30000².
end = bytes(7) + b"\x01"
put("qoi-small.qoi", b"qoif" + be32(2) + be32(2) + b"\x04\x00" + b"\xfe\x10\x20\x30" + b"\xc2" + end)
put("hostile-30000.qoi", b"qoif" + be32(30000) + be32(30000) + b"\x04\x00" + b"\xfe\x10\x20\x30" + end)

# GIF: a screen of 4×3 whose one frame says 30000×30000; a 0×0 screen taking its frame's size;
# a frame placed far past its screen.
def gif(screen, frames):
    b = b"GIF89a" + le16(screen[0]) + le16(screen[1]) + b"\x00\x00\x00"
    b += b"\x21\xf9\x04\x00\x00\x00\x00\x00"
    for left, top, w, h in frames:
        b += b"\x2c" + le16(left) + le16(top) + le16(w) + le16(h) + b"\x00" + b"\x02" + b"\x02\x4c\x01\x00"
    return b + b"\x3b"
put("hostile-frame.gif", gif((4, 3), [(0, 0, 30000, 30000)]))
put("gif-zero-screen.gif", gif((0, 0), [(0, 0, 5, 5)]))
put("hostile-placed.gif", gif((4, 3), [(0, 0, 4, 3), (65000, 65000, 2, 2)]))

# TIFF: strip data first, the directory at the end claiming 65535²; a directory that points
# at itself; a big-endian chain of two.
def ifd(entries, next_offset, big=False):
    p16, p32 = (be16, be32) if big else (le16, le32)
    b = p16(len(entries))
    for tag, typ, count, value in entries:
        v = p16(value) + b"\x00\x00" if typ == 3 else p32(value)
        b += p16(tag) + p16(typ) + p32(count) + v
    return b + p32(next_offset)
strip = bytes(64)
at = 8 + len(strip)
entries = [(256, 4, 1, 65535), (257, 4, 1, 65535), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
           (273, 4, 1, 8), (277, 3, 1, 1), (278, 4, 1, 65535), (279, 4, 1, len(strip))]
put("hostile-ifd-at-end.tiff", b"II*\x00" + le32(at) + strip + ifd(entries, 0))
put("tiff-loop.tiff", b"II*\x00" + le32(8) + ifd([(256, 3, 1, 2), (257, 3, 1, 2)], 8))
first = ifd([(256, 3, 1, 3), (257, 3, 1, 2)], 0, big=True)
second_at = 8 + len(first)
put("tiff-chain-msb.tiff", b"MM\x00\x2a" + be32(8) + ifd([(256, 3, 1, 3), (257, 3, 1, 2)], second_at, big=True)
    + ifd([(256, 4, 1, 20000), (257, 4, 1, 20000)], 0, big=True))

# PNM: a binary pixmap claiming 30000², a bitmap with comments.
put("hostile-30000.ppm", b"P6\n30000 30000\n255\n" + bytes(32))
put("pnm-comments.pbm", b"P4\n# a comment\n16 # another\n2\n" + bytes(4))

# BMP: OS/2's 12-byte header claiming 65535²; Windows' with a negative height.
put("hostile-os2-65535.bmp", b"BM" + le32(40) + bytes(4) + le32(26) + le32(12) + le16(65535) + le16(65535) + le16(1) + le16(24) + bytes(14))
put("bmp-top-down.bmp", b"BM" + le32(62) + bytes(4) + le32(54) + le32(40) + le32(2) + struct.pack("<i", -2) + le16(1) + le16(24)
    + le32(0) + le32(16) + bytes(16) + bytes(16))

# PNG: a 1×1 thumbnail with the standard's tEXt chunks; 300 bytes claiming 50000².
def chunk(kind, body): return be32(len(body)) + kind + body + be32(zlib.crc32(kind + body))
sig = b"\x89PNG\r\n\x1a\n"
ihdr = chunk(b"IHDR", be32(1) + be32(1) + b"\x08\x06\x00\x00\x00")
put("thumbnail.png", sig + ihdr + chunk(b"tEXt", b"Thumb::URI\x00file:///home/me/photo.jpg") + chunk(b"tEXt", b"Thumb::MTime\x001700000000")
    + chunk(b"IDAT", zlib.compress(b"\x00\x10\x20\x30\x40")) + chunk(b"IEND", b""))
put("hostile-50000.png", (sig + chunk(b"IHDR", be32(50000) + be32(50000) + b"\x08\x02\x00\x00\x00") + chunk(b"IDAT", bytes(240))).ljust(300, b"\x00"))

# WebP: lossless 16384² in a header; extended with a canvas of 16384².
put("hostile-16384-lossless.webp", b"RIFF" + le32(30) + b"WEBPVP8L" + le32(5) + b"\x2f" + le32(0x3FFF | 0x3FFF << 14) + bytes(8))
put("hostile-16384-extended.webp", b"RIFF" + le32(30) + b"WEBPVP8X" + le32(10) + bytes(4) + b"\xff\x3f\x00" + b"\xff\x3f\x00")

# PCX and TGA: headers claiming 65535² (a TGA is one only by its name, which the harness tries).
pcx = bytearray(128); pcx[0:4] = b"\x0a\x05\x01\x08"; pcx[8:12] = le16(65534) + le16(65534); pcx[65] = 3; pcx[66:68] = le16(65535)
put("hostile-65535.pcx", bytes(pcx) + bytes(16))
put("hostile-65535.tga", b"\x00\x00\x0a" + bytes(9) + le16(65535) + le16(65535) + b"\x18\x20" + b"\xff\x00\x00\x00")

# JPEG: a frame claiming 30000² in a few hundred bytes; progressive and arithmetic frames of
# 20000², over the coefficient budget; a frame after a large segment.
def segment(marker, body): return b"\xff" + bytes([marker]) + be16(len(body) + 2) + body
def frame(marker, w, h, components=3):
    return segment(marker, b"\x08" + be16(h) + be16(w) + bytes([components]) + b"".join(bytes([i + 1, 0x11, 0]) for i in range(components)))
sos = segment(0xDA, b"\x01\x01\x00\x00\x3f\x00") + bytes(64) + b"\xff\xd9"
put("hostile-30000.jpg", b"\xff\xd8" + frame(0xC0, 30000, 30000) + sos)
put("hostile-progressive.jpg", b"\xff\xd8" + frame(0xC2, 20000, 20000) + sos)
put("hostile-arithmetic.jpg", b"\xff\xd8" + frame(0xC9, 20000, 20000, 4) + sos)
put("jpeg-late-frame.jpg", b"\xff\xd8" + segment(0xFE, bytes(3000)) + b"\xff\xff" + frame(0xC0, 64, 48) + sos)

# EXIF: orientation 6, a date with its offset, and a 160×120 preview (upright, the photo's
# shape), in a 640×480 JPEG; the same big-endian, turned 8, with a preview of another shape;
# a segment that goes on past the EXIF reader's first 16 KiB, its preview there.
def exif_jpeg(big, orientation, preview_size, gap=0):
    p16, p32 = (be16, be32) if big else (le16, le32)
    def entries(items, next_offset):
        b = p16(len(items))
        for tag, typ, count, value in items:
            v = p16(value) + b"\x00\x00" if typ == 3 else p32(value)
            b += p16(tag) + p16(typ) + p32(count) + v
        return b + p32(next_offset)
    preview = b"\xff\xd8" + frame(0xC0, *preview_size) + segment(0xFE, bytes(40)) + b"\xff\xd9"
    date, offset = b"2019:07:14 15:30:00\x00", b"+02:00\x00"
    ifd0_at = 8; exif_at = ifd0_at + 2 + 12 * 2 + 4; ifd1_at = exif_at + 2 + 12 * 2 + 4
    date_at = ifd1_at + 2 + 12 * 2 + 4; offset_at = date_at + len(date); preview_at = offset_at + len(offset) + gap
    tiff = (b"MM\x00\x2a" if big else b"II*\x00") + p32(ifd0_at)
    tiff += entries([(0x0112, 3, 1, orientation), (0x8769, 4, 1, exif_at)], ifd1_at)
    tiff += entries([(0x9003, 2, len(date), date_at), (0x9011, 2, len(offset), offset_at)], 0)
    tiff += entries([(0x0201, 4, 1, preview_at), (0x0202, 4, 1, len(preview))], 0)
    tiff += date + offset + bytes(gap) + preview
    return b"\xff\xd8" + segment(0xE1, b"Exif\x00\x00" + tiff) + segment(0xFE, bytes(400)) + frame(0xC0, 640, 480) + sos
put("exif-preview.jpg", exif_jpeg(False, 6, (160, 120)))
put("exif-preview-msb.jpg", exif_jpeg(True, 8, (100, 100)))
put("exif-preview-late.jpg", exif_jpeg(False, 3, (160, 120), gap=20000))

# A colour profile after the EXIF, in two APP2 pieces: a header, one tag, its bytes.
def icc():
    tag = b"XYZ " + bytes(16)
    rest = b"lcms" + b"\x04\x30\x00\x00" + b"mntr" + b"RGB " + b"XYZ " + bytes(12) + b"acsp" + bytes(88)
    rest += be32(1) + b"wtpt" + be32(144) + be32(len(tag)) + tag
    return be32(4 + len(rest)) + rest
profile = icc()
half = len(profile) // 2
pieces = [profile[:half], profile[half:]]
app2 = b"".join(segment(0xE2, b"ICC_PROFILE\x00" + bytes([i + 1, 2]) + p) for i, p in enumerate(pieces))
jpeg = exif_jpeg(False, 1, (160, 120))
after = 4 + (jpeg[4] << 8 | jpeg[5])
put("exif-preview-profile.jpg", jpeg[:after] + app2 + jpeg[after:])
# The same profile in a WebP's ICCP chunk, before a lossless image of one pixel.
def riff(fourcc, body): return fourcc + le32(len(body)) + body + (b"\x00" if len(body) % 2 else b"")
vp8l = b"\x2f" + bytes([0, 0, 0, 0]) + b"\x00\x00\x00\x00"
chunks = riff(b"VP8X", bytes([0x20, 0, 0, 0]) + bytes(6)) + riff(b"ICCP", profile) + riff(b"VP8L", vp8l)
put("profiled.webp", b"RIFF" + le32(4 + len(chunks)) + b"WEBP" + chunks)

# Files identify names and skips, and a BigTIFF.
put("drawing.svg", b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><rect width="1" height="1"/></svg>\n')
put("drawing-bare.svg", b'\xef\xbb\xbf  <svg width="4" height="3"></svg>')
put("icon.ico", b"\x00\x00\x01\x00\x01\x00\x10\x10" + bytes(32))
put("photoshop.psd", b"8BPS\x00\x01" + bytes(26))
put("heif.heic", b"\x00\x00\x00\x18ftypheic" + bytes(16))

# HEIF's boxes as a phone writes them, without pixels: a grid of 2×2 tiles of 512², turned
# (irot) and mirrored (imir); its meta after its mdat; a grid of 10,000 tiles; an ispe of
# 100000²; 32-bit item IDs (iinf, infe, ipma and iref of later versions).
def box(kind, body): return be32(8 + len(body)) + kind + body
def full(kind, body, version=0, flags=0): return box(kind, bytes([version]) + be32(flags)[1:] + body)
def heif(items, primary, refs=(), brand=b"heic", wide=False, meta_last=False):
    ident = be32 if wide else be16
    v = 1 if wide else 0
    infe = b"".join(full(b"infe", ident(i) + be16(0) + kind + b"\x00", version=3 if wide else 2) for i, kind, _ in items)
    ipco, ipma, index = b"", b"", 0
    for i, _, props in items:
        ipma += ident(i) + bytes([len(props)])
        for p in props:
            index += 1; ipco += p; ipma += bytes([index])
    meta = full(b"meta", full(b"hdlr", be32(0) + b"pict" + bytes(13)) + full(b"pitm", ident(primary), version=v)
        + full(b"iinf", (be32 if wide else be16)(len(items)) + infe, version=v)
        + full(b"iref", b"".join(box(k, ident(f) + be16(len(t)) + b"".join(ident(x) for x in t)) for k, f, t in refs), version=v)
        + box(b"iprp", box(b"ipco", ipco) + full(b"ipma", be32(len(items)) + ipma, version=v)))
    head = box(b"ftyp", brand + be32(0) + brand + b"mif1")
    mdat = box(b"mdat", bytes(64))
    return head + (mdat + meta if meta_last else meta + mdat)
ispe = lambda w, h: full(b"ispe", be32(w) + be32(h))
tile = lambda i, w=512, h=512: (i, b"hvc1", [ispe(w, h)])
put("heif-grid.heic", heif([(1, b"grid", [ispe(1024, 1024), box(b"irot", b"\x01"), box(b"imir", b"\x00")])]
    + [tile(i) for i in range(2, 6)], 1, [(b"dimg", 1, list(range(2, 6)))]))
put("heif-meta-last.avif", heif([(1, b"av01", [ispe(640, 480), box(b"irot", b"\x03")])], 1, brand=b"avif", meta_last=True))
put("heif-wide.heic", heif([(70000, b"hvc1", [ispe(300, 200)])], 70000, wide=True))
put("hostile-heif-tiles.heic", heif([(1, b"grid", [ispe(6400, 6400)])], 1, [(b"dimg", 1, [2] * 10000)]))
put("hostile-heif-100000.heic", heif([(1, b"hvc1", [ispe(100000, 100000)])], 1))
put("big.tiff", b"II+\x00\x08\x00\x00\x00" + bytes(16))

# JPEG XL size headers bit by bit (least significant first): every side coding, an
# orientation, in a container's jxlc box or split over jxlp boxes, and a claim of 10⁹ pixels.
def jxl(width, height, orientation=1):
    bits = []
    def write(value, count): bits.extend((value >> n) & 1 for n in range(count))
    def side(value):
        selector = next(i for i, n in enumerate((9, 13, 18, 30)) if value - 1 < 1 << n)
        write(selector, 2); write(value - 1, (9, 13, 18, 30)[selector])
    write(0, 1); side(height); write(0, 3); side(width)
    if orientation == 1: write(1, 1)
    else: write(0, 1); write(1, 1); write(orientation - 1, 3)
    bits += [0] * (-len(bits) % 8)
    return b"\xff\x0a" + bytes(sum(bits[i + n] << n for n in range(8)) for i in range(0, len(bits), 8)) + bytes(8)
def jxl_box(kind, body): return be32(8 + len(body)) + kind + body
def jxl_container(codestream, split=None):
    head = b"\x00\x00\x00\x0cJXL \x0d\x0a\x87\x0a" + jxl_box(b"ftyp", b"jxl \x00\x00\x00\x00jxl ")
    if split is None: return head + jxl_box(b"jxlc", codestream)
    parts = [codestream[i:i + split] for i in range(0, len(codestream), split)]
    return head + b"".join(jxl_box(b"jxlp", be32(i | (1 << 31 if i == len(parts) - 1 else 0)) + p) for i, p in enumerate(parts))
put("jxl-sides.jxl", jxl(8192, 513, orientation=6))
put("jxl-container.jxl", jxl_container(jxl(300, 200, orientation=8)))
put("jxl-split.jxl", jxl_container(jxl(3, 262145), split=2))
put("hostile-jxl-1e9.jxl", jxl(40000, 25000))
PY
# Every signature and tag the parsers look for, so mutations reach past the first check.
cat > "$out/image.dict" <<'DICT'
"acsp"
"mntr"
"RGB "
"GRAY"
"CMYK"
"XYZ "
"Lab "
"desc"
"wtpt"
"rXYZ"
"rTRC"
"curv"
"para"
"mluc"
"mAB "
"A2B0"
"ICC_PROFILE\x00"
"iCCP"
"ICCP"
"colr"
"prof"
"rICC"
"nclx"
"GIF87a"
"GIF89a"
"\x2c"
"\x21\xf9"
"\x3b"
"\x89PNG\x0d\x0a\x1a\x0a"
"IHDR"
"IDAT"
"IEND"
"tEXt"
"RIFF"
"WEBP"
"VP8 "
"VP8L"
"VP8X"
"\x9d\x01\x2a"
"II*\x00"
"MM\x00*"
"II+\x00"
"\x00\x01"
"\x01\x00"
"\x01\x01"
"qoif"
"BM"
"\x0c\x00\x00\x00"
"(\x00\x00\x00"
"P1 "
"P4\x0a"
"P6\x0a"
"\x0a\x05\x01\x08"
"\xff\xd8\xff"
"\xff\xc0"
"\xff\xc2"
"\xff\xc9"
"\xff\xc4"
"\xff\xda"
"\xff\xd9"
"\xff\xe1"
"Exif\x00\x00"
"\x01\x12"
"\x12\x01"
"\x87\x69"
"\x69\x87"
"\x90\x03"
"\x02\x01"
"\x01\x02"
"<svg"
"<?xml"
"ftyp"
"heic"
"avif"
"mif1"
"meta"
"mdat"
"pitm"
"iinf"
"infe"
"iref"
"dimg"
"thmb"
"iprp"
"ipco"
"ipma"
"ispe"
"irot"
"imir"
"hvc1"
"av01"
"grid"
"8BPS"
"%PDF"
"\xff\x0a"
"JXL "
"jxlc"
"jxlp"
"jxl "
DICT

# Swift's own backtracer would slow every crash down; libFuzzer reports them. Leaks are not
# looked for (the runtime's caches outlive an input); -malloc_limit_mb catches a claim that
# gets something to allocate for it, -rss_limit_mb memory that runs away. ASan's quarantine
# of freed memory is cut from 256 MiB to 64: every input is copied a few dozen times, so the
# default filled it within seconds and held the process at 440 MB of the 512. -max_len holds
# a JPEG's whole EXIF segment (64 KiB at most).
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:quarantine_size_mb=64}"
"$out/image-fuzzer" "$corpus" \
    -dict="$out/image.dict" \
    -max_len=65536 -rss_limit_mb=512 -malloc_limit_mb=256 -timeout=10 \
    -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$out/image-crashes/"
