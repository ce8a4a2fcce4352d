#!/usr/bin/env bash
# Fuzzes the session reader and replay (SessionRecording.read, then SessionReplay.run on what
# it read) with libFuzzer for SECONDS (default 300): builds Fuzz/SessionFuzzer.swift with the
# core's sources into .build/fuzz-session/session-fuzzer (-sanitize=fuzzer,address), seeds
# .build/fuzz-session/corpus with Tests/Fixtures/sessions/ (and its format-1/) and
# Tests/Fixtures/session-corpus/, and runs it. A crash (a trap, a broken property, an address
# error, a replay that runs longer than -timeout or past the memory limit) is saved under
# .build/fuzz-session/crashes/ and the script exits non-zero; replay one with
# `.build/fuzz-session/session-fuzzer FILE`.
#   scripts/fuzz-session.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz-session.sh [SECONDS]" >&2; exit 2; }

out=.build/fuzz-session
mkdir -p "$out/corpus" "$out/crashes"
mapfile -t sources < <(find Sources/PhotoZoomCore -name '*.swift' | sort)
# One module with the harness, so it sees the core's internal names. lld, as gold warns about
# every ASan symbol it cannot export.
swiftc -module-name PhotoZoomCore -parse-as-library -swift-version 5 -O -g \
    -sanitize=fuzzer,address -use-ld=lld \
    "${sources[@]}" Fuzz/SessionFuzzer.swift -o "$out/session-fuzzer"

# The seeds; what the fuzzer finds stays in the corpus for the next run.
cp Tests/Fixtures/sessions/*.jsonl Tests/Fixtures/session-corpus/*.jsonl "$out/corpus/"
# Format 1's recordings share names with the others, so they go in under a prefix.
for f in Tests/Fixtures/sessions/format-1/*.jsonl; do cp "$f" "$out/corpus/format-1-$(basename "$f")"; done
# Every key and string value the seeds hold, and numbers at the edges, so mutations reach past
# the decoder into the replay.
{
    cat Tests/Fixtures/sessions/*.jsonl Tests/Fixtures/sessions/format-1/*.jsonl Tests/Fixtures/session-corpus/*.jsonl | grep -o '"[A-Za-z$][A-Za-z0-9]*"' | sort -u
    printf '%s\n' '"{"' '"}"' '"["' '"]"' '":"' '","' '"\\n"' '"true"' '"false"' '"null"' '"-"' '"0"' '"-1"' \
        '"1e999"' '"-0"' '"5e-324"' '"1e300"' '"-1e300"' '"1.7976931348623157e308"' '"9223372036854775807"' \
        '"-9223372036854775808"' '"4611686018427387904"' '"NaN"' '"Infinity"'
} > "$out/session.dict"

# Swift's own backtracer would slow every crash down; libFuzzer reports them. Leaks are not
# looked for (the runtime's caches outlive an input); -rss_limit_mb and -malloc_limit_mb
# catch an input whose memory runs away, -timeout one whose replay does.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
"$out/session-fuzzer" "$out/corpus" \
    -dict="$out/session.dict" \
    -max_len=65536 -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=10 \
    -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$out/crashes/"
