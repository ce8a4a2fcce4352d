#!/usr/bin/env bash
# Sets up, builds (release) and opens the prototype; arguments go to `photozoom run`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product photozoom
swift build -c release --product photozoom-loader
exec .build/release/photozoom run "$@"
