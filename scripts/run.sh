#!/usr/bin/env bash
# Sets up, builds (release) and opens the prototype; arguments go to `photozoom run`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product photozoom
# The loader with Swift's libraries linked in: it starts in 4 ms rather than 18, and the
# window's opening waits for it (docs/performance.md).
swift build -c release --product photozoom-loader --static-swift-stdlib
exec .build/release/photozoom run "$@"
