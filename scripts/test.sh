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
# SwiftPM compiles a Swift file again when it or a module it imports changed, but not when the C
# header of a system library it imports did (Sources/C*/shim.h, the loader's system-call filter
# among them): a build after such an edit would test the old header. An importer older than its
# header is touched, so both builds below compile it again; once touched it is newer, and left.
for header in Sources/C*/shim.h Sources/C*/module.modulemap; do
    module=$(basename "$(dirname "$header")")
    { grep -rlE --include='*.swift' "^import $module\$" Sources Tests Fuzz || true; } | while read -r importer; do
        if [ "$header" -nt "$importer" ]; then touch "$importer"; fi
    done
done
# The whole package, test support included, must build in release as well as for the tests.
swift build -c release
swift build --build-tests
# Every test is XCTest; without this, Swift Testing would close the log with "0 tests".
swift test --skip-build --disable-swift-testing "$@"
