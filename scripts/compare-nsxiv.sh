#!/usr/bin/env bash
# Times how long nsxiv's thumbnail mode (nsxiv -t) and PhotoZoom's grid take to show the
# thumbnails of a folder in a 1280x800 window, cold (each program's thumbnail cache empty) and
# warm (the cache the cold run left), on a private X server, and prints the ratios.
#
#   scripts/compare-nsxiv.sh DIR [RUNS]
#
# "Shown" is read off the screen, the same way for both: the X server's screen is the window's
# size, so the window fills it, and ffmpeg films it at 60 frames a second (x11grab, a checksum
# of each frame's thumbnail area, each frame stamped with the wall clock), from before the
# program starts until the area has kept one picture for a whole second. The time is that of
# the first frame of that picture, less the program's start. The thumbnail area is the window
# less its bottom 60 pixels, where nsxiv has its status bar and PhotoZoom its tab bar, which
# shows the first visit's progress pill while the whole folder's thumbnails are made and its
# headers read: that goes on long after the screen's thumbnails are in, and is not what is
# timed. A program that shows its final picture the instant it starts measures about one
# frame (17 ms) plus its own start. Last, the same for an SDL window that shows one colour and
# nothing else, made as ours is, built with cc when there is one: what any SDL program measures
# here at least; and for that window from a Swift program linked as ours is, built with swiftc:
# what PhotoZoom measures here at least. Each figure is the median of RUNS (default 3). Needs nsxiv,
# Xvfb, xdpyinfo and ffmpeg (apt-get install nsxiv xvfb x11-utils ffmpeg) and a
# release build (swift build -c release).
set -euo pipefail
cd "$(dirname "$0")/.."
die() { echo "compare-nsxiv: $*" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || die "usage: scripts/compare-nsxiv.sh DIR [RUNS]"
dir=$1
runs=${2:-3}
[ -d "$dir" ] || die "'$dir' is not a folder"
[[ "$runs" =~ ^[1-9][0-9]?$ ]] || die "RUNS must be 1 to 99, got '$runs'"
for tool in nsxiv Xvfb xdpyinfo ffmpeg; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
photozoom=.build/release/photozoom
[ -x "$photozoom" ] || die "no release build at $photozoom; run swift build -c release"
dir=$(cd "$dir" && pwd)

work=$(mktemp -d)
# A display number no X server holds.
n=$(( (RANDOM % 400) + 500 ))
while [ -e "/tmp/.X$n-lock" ]; do n=$(( n + 1 )); done
display=":$n"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb=$!
cleanup() { kill "$xvfb" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export DISPLAY=$display
for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
xdpyinfo >/dev/null 2>&1 || die "Xvfb did not start on $display"

# The thumbnail area: both windows are 1280x800 at the screen's corner, their bottom 60 rows
# their status and tab bars.
thumbnail_area=1280:740:0:0
frames_per_second=60

# Milliseconds from the program's start to its window showing the picture it keeps; the
# program is given by its command line.
time_until_still() {
  local film="$work/film.txt" start pid shown=""
  rm -f "$film"
  ffmpeg -loglevel error -f x11grab -draw_mouse 0 -framerate "$frames_per_second" -video_size 1280x800 -i "$display" \
    -vf "crop=$thumbnail_area" -copyts -flush_packets 1 -f framecrc "$film" &
  local filming=$!
  # The screen before the program: the film has begun.
  until [ -s "$film" ] && grep -q '^0,' "$film"; do sleep 0.01; done
  start=$(date +%s%6N)
  "$@" >"$work/log" 2>&1 &
  pid=$!
  while [ -z "$shown" ]; do
    sleep 0.2
    # Frames are "stream, dts, pts, duration, size, checksum", pts in the film's time base (the
    # wall clock); the picture before the start is the empty screen.
    shown=$(awk -F', *' -v start="$start" '
      /^#tb/ { split($0, tb, "/"); den = tb[2] + 0; next }
      /^#/ { next }
      {
        t = $3 / den * 1e6
        if (t < start) { empty = $6; next }
        if ($6 != empty) seen = 1
        if ($6 != last) { since = t; last = $6 }
        now = t
      }
      END { if (seen && last != empty && now - since >= 1e6) printf "%d", (since - start) / 1000 }' "$film")
    if [ -z "$shown" ] && [ $(( $(date +%s%6N) - start )) -gt 600000000 ]; then
      kill "$pid" "$filming" 2>/dev/null; die "the window was still changing after 600 s"
    fi
    if [ -z "$shown" ] && ! kill -0 "$pid" 2>/dev/null; then
      kill "$filming" 2>/dev/null; die "'$1' exited: $(tail -3 "$work/log")"
    fi
  done
  kill "$pid" "$filming" 2>/dev/null || true
  wait "$pid" "$filming" 2>/dev/null || true
  echo "$shown"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

measure() {
  local which=$1 temperature=$2 cache="$work/cache-$1"
  for _ in $(seq "$runs"); do
    if [ "$temperature" = cold ]; then rm -rf "$cache"; fi
    mkdir -p "$cache"
    if [ "$which" = nsxiv ]; then
      XDG_CACHE_HOME=$cache time_until_still nsxiv -t -g 1280x800+0+0 "$dir"
    else
      XDG_CACHE_HOME=$cache time_until_still "$photozoom" run --photos "$dir" --size 1280x800
    fi
  done | median
}

# What the filming measures for an SDL program that does nothing but show one colour, made the
# way our window is (SDL's software renderer into X shared memory, no Compose table): no SDL
# program can be timed quicker here. Built with the C compiler and SDL's pkg-config, if there.
floor=""
if command -v cc >/dev/null && pkg-config --exists sdl2; then
  cat >"$work/floor.c" <<'C'
#include <SDL.h>
int main(void) {
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) return 1;
    SDL_Window *window = SDL_CreateWindow("floor", 0, 0, 1280, 800, 0);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (!renderer) return 1;
    for (;;) {
        SDL_Event event;
        while (SDL_PollEvent(&event)) if (event.type == SDL_QUIT) return 0;
        SDL_SetRenderDrawColor(renderer, 90, 120, 200, 255);
        SDL_RenderClear(renderer);
        SDL_RenderPresent(renderer);
        SDL_Delay(16);
    }
}
C
  # shellcheck disable=SC2046
  cc -O2 "$work/floor.c" -o "$work/floor" $(pkg-config --cflags --libs sdl2) && floor="$work/floor"
fi

# The same window from a Swift program linked as ours is (Swift's runtime, Foundation, SDL2,
# SDL2_image and SDL2_ttf through our CSDL2 module): what PhotoZoom would measure if it listed,
# read and drew nothing.
swift_floor=""
if command -v swiftc >/dev/null && pkg-config --exists sdl2; then
  cat >"$work/floor.swift" <<'SWIFT'
import CSDL2
import Foundation

setenv("XCOMPOSEFILE", "/dev/null", 0)
SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
guard SDL_Init(SDL_INIT_VIDEO) == 0, TTF_Init() == 0 else { exit(1) }
_ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue))
let window = SDL_CreateWindow("floor", 0, 0, 1280, 800, 0)
guard let renderer = SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_SOFTWARE.rawValue)) else { exit(1) }
var event = SDL_Event()
while true {
    while SDL_PollEvent(&event) != 0 { if event.type == SDL_QUIT.rawValue { exit(0) } }
    SDL_SetRenderDrawColor(renderer, 90, 120, 200, 255)
    SDL_RenderClear(renderer)
    SDL_RenderPresent(renderer)
    SDL_Delay(16)
}
SWIFT
  # shellcheck disable=SC2046
  if swiftc -O -I Sources/CSDL2 $(pkg-config --cflags-only-I sdl2 | sed 's/-I/-Xcc -I/g') "$work/floor.swift" -o "$work/swift-floor" >"$work/swiftc.log" 2>&1; then
    swift_floor="$work/swift-floor"
  else
    echo "compare-nsxiv: the Swift one-colour window did not build, so it is not filmed: $(tail -1 "$work/swiftc.log")" >&2
  fi
fi

count=$(find "$dir" -maxdepth 1 -type f | wc -l)
echo "folder: $dir ($count files), 1280x800 (thumbnail area ${thumbnail_area//:/ }), filmed at $frames_per_second frames a second, median of $runs"
printf '%-8s %12s %12s\n' "" "cold ms" "warm ms"
nsxiv_cold=$(measure nsxiv cold); nsxiv_warm=$(measure nsxiv warm)
ours_cold=$(measure photozoom cold); ours_warm=$(measure photozoom warm)
printf '%-8s %12s %12s\n' nsxiv "$nsxiv_cold" "$nsxiv_warm" photozoom "$ours_cold" "$ours_warm"
awk -v a="$ours_cold" -v b="$nsxiv_cold" -v c="$ours_warm" -v d="$nsxiv_warm" \
  'BEGIN { printf "photozoom / nsxiv: cold %.2f, warm %.2f (goal: at most 0.5)\n", a / b, c / d }'
if [ -n "$floor" ]; then
  floor_ms=$(for _ in $(seq "$runs"); do XCOMPOSEFILE=/dev/null time_until_still "$floor"; done | median)
  awk -v f="$floor_ms" -v d="$nsxiv_warm" \
    'BEGIN { printf "an SDL window showing one colour, made as ours is: %d ms, %.2f of nsxiv warm (what drawing nothing else costs an SDL program here)\n", f, f / d }'
fi
if [ -n "$swift_floor" ]; then
  swift_floor_ms=$(for _ in $(seq "$runs"); do time_until_still "$swift_floor"; done | median)
  awk -v f="$swift_floor_ms" -v d="$nsxiv_warm" \
    'BEGIN { printf "the same from a Swift program linked as ours is: %d ms, %.2f of nsxiv warm (what drawing nothing else costs PhotoZoom here)\n", f, f / d }'
fi
