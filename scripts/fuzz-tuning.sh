#!/usr/bin/env bash
# Fuzzes the tuning-file decoder (TuningFile.read) with libFuzzer for SECONDS (default 300):
# builds Fuzz/TuningFileFuzzer.swift with the core's sources into .build/fuzz/tuning-fuzzer
# (-sanitize=fuzzer,address), seeds .build/fuzz/corpus with assets/tuning.json and
# Tests/Fixtures/tuning-corpus/, and runs it. A crash (a trap, a broken property, an address
# error, a slow input or one over the memory limit) is saved under .build/fuzz/crashes/ and
# the script exits non-zero; replay one with `.build/fuzz/tuning-fuzzer FILE`.
#   scripts/fuzz-tuning.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz-tuning.sh [SECONDS]" >&2; exit 2; }

out=.build/fuzz
mkdir -p "$out/corpus" "$out/crashes"
mapfile -t sources < <(find Sources/PhotoZoomCore -name '*.swift' | sort)
# One module with the harness, so it sees the core's internal names. lld, as gold warns about
# every ASan symbol it cannot export.
swiftc -module-name PhotoZoomCore -parse-as-library -swift-version 5 -O -g \
    -sanitize=fuzzer,address -use-ld=lld \
    "${sources[@]}" Fuzz/TuningFileFuzzer.swift -o "$out/tuning-fuzzer"

# The seeds; what the fuzzer finds stays in the corpus for the next run.
cp assets/tuning.json "$out/corpus/defaults.json"
cp Tests/Fixtures/tuning-corpus/*.json "$out/corpus/"
# Every key and JSON token the decoder knows, so mutations reach past the key lookup.
{
    grep -o '"[^"]*"' assets/tuning.json | sort -u
    printf '%s\n' '"{"' '"}"' '"["' '"]"' '":"' '","' '"\""' '"true"' '"false"' '"null"' \
        '"-"' '"1e999"' '"-0"' '"5e-324"' '"\\u"' '"\\ud83d"' '"NaN"' '"Infinity"'
} > "$out/tuning.dict"

# Swift's own backtracer would slow every crash down; libFuzzer reports them. Leaks are not
# looked for (the runtime's caches outlive an input); -rss_limit_mb and -malloc_limit_mb
# catch an input whose memory runs away.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
"$out/tuning-fuzzer" "$out/corpus" \
    -dict="$out/tuning.dict" \
    -max_len=8192 -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=10 \
    -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$out/crashes/"
