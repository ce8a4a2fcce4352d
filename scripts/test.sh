#!/usr/bin/env bash
# Sets up and runs every test headless: SDL's offscreen video driver and software renderer,
# so no display is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software
# The window keeps thumbnails in the desktop's shared cache; the tests' windows use a throwaway one.
XDG_CACHE_HOME="$(mktemp -d)"
export XDG_CACHE_HOME
trap 'rm -rf "$XDG_CACHE_HOME"' EXIT
# The whole package, test support included, must build in release as well as for the tests.
swift build -c release
swift build --build-tests
# Every test is XCTest; without this, Swift Testing would close the log with "0 tests".
swift test --skip-build --disable-swift-testing "$@"
