#!/usr/bin/env bash
# Installs what PhotoZoom needs on Debian: SDL2, SDL2_image and SDL2_ttf headers, pkg-config, and for the
# tests Xvfb, xdotool, x11-utils and ImageMagick (the real-window test). Uses sudo when not root;
# does nothing when all is already there.
set -euo pipefail
packages=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev pkg-config)
if [ "${1:-}" = "--test" ]; then packages+=(xvfb xdotool x11-utils imagemagick); fi
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: no Swift toolchain on PATH; install Swift 6 from swift.org first" >&2; exit 1; }
