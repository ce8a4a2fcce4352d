#!/usr/bin/env bash
# Sets up and runs every test headless: SDL's offscreen video driver and software renderer,
# so no display is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software
swift build --build-tests
# Every test is XCTest; without this, Swift Testing would close the log with "0 tests".
swift test --skip-build --disable-swift-testing "$@"
