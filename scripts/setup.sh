#!/usr/bin/env bash
# Installs what PhotoZoom needs on Debian: SDL2, SDL2_image and SDL2_ttf headers, Xlib's (is there a GPU), libjpeg-turbo's, libwebp's and libtiff's (photos decoded at the size shown), Little CMS 2's (colour profiles; for the tests its tools too, the colours' reference), libheif's, libde265's and dav1d's (HEIC and AVIF), giflib's (the replay's GIF; the
# executable links it), libmd's and libpng's (the thumbnail cache's MD5
# names and PNG files), pkg-config, and for the tests libexif's (the tests write EXIF with it), Xvfb, xdotool, x11-utils and ImageMagick (the real-window test),
# libheif's heif-enc and heif-convert (HEIC and AVIF written and decoded for reference), avifenc (10-bit AVIF), djpeg and dwebp (JPEG and
# WebP decoded for reference), heif-thumbnailer (bench --heic's yardstick),
# GLib's gio (the thumbnail cache checked against GLib's own URIs and thumbnail lookup), Python's jsonschema and GNU
# time (a test reads its peak memory); with --cmake, CMake and Ninja (the CMake build). Uses sudo when not root; does
# nothing when all is already there.
set -euo pipefail
packages=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libx11-dev libturbojpeg0-dev libwebp-dev libtiff-dev libheif-dev libde265-dev libdav1d-dev libgif-dev libmd-dev libpng-dev liblcms2-dev pkg-config)
if [ "${1:-}" = "--test" ]; then packages+=(liblcms2-utils libexif-dev xvfb xdotool x11-utils imagemagick libheif-examples libavif-bin heif-thumbnailer libjpeg-turbo-progs webp libglib2.0-bin time); fi
# tsc type-checks the JavaScript exports against Motion's and Reanimated's types (ExportSyntaxTests).
if [ "${1:-}" = "--test" ]; then packages+=(node-typescript); fi
# scripts/compare-nsxiv.sh times nsxiv beside us; it is not needed to build or test.
if [ "${1:-}" = "--compare" ]; then packages+=(nsxiv xvfb x11-utils ffmpeg); fi
# The CMake build beside Package.swift (CMakeLists-helpers/, scripts/cmake-check.py); SwiftPM does not need it.
if [ "${1:-}" = "--cmake" ]; then packages+=(cmake ninja-build); fi
# The schema test checks assets/tuning.schema.json with Python's jsonschema: Debian's package
# serves Debian's python3.
if [ "${1:-}" = "--test" ] && ! python3 -c 'import jsonschema' 2>/dev/null; then packages+=(python3-jsonschema); fi
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# A python3 that is not Debian's (pyenv, say) does not see Debian's package: pip it there.
if [ "${1:-}" = "--test" ] && ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "setup: installing jsonschema with pip"
  python3 -m pip install --quiet jsonschema 2>/dev/null \
    || python3 -m pip install --quiet --user --break-system-packages jsonschema
fi
command -v swift >/dev/null || { echo "setup: no Swift toolchain on PATH; install Swift 6 from swift.org first" >&2; exit 1; }
