#!/usr/bin/env bash
# Times how long nsxiv's thumbnail mode (nsxiv -t) and PhotoZoom's grid take to show the
# thumbnails of a folder in a 1280x800 window, cold (each program's thumbnail cache empty) and
# warm (the cache the cold run left), on a private X server, and prints the ratios.
#
#   scripts/compare-nsxiv.sh DIR [RUNS]
#
# "Shown" is read off the screen, the same way for both: screenshots of the window's thumbnail
# area are taken as fast as ImageMagick can (some 30 ms apart), and the time is that of the
# first screenshot of the picture the area then keeps for a whole second. The thumbnail area is
# the window less its bottom 60 pixels, where nsxiv has its status bar and PhotoZoom its tab
# bar, which shows the first visit's progress pill while the whole folder's thumbnails are made
# and its headers read: that goes on long after the screen's thumbnails are in, and is not what
# is timed. Each figure is the median of RUNS (default 3). Needs nsxiv, Xvfb, xdotool, xdpyinfo and ImageMagick (apt-get install nsxiv xvfb xdotool x11-utils imagemagick)
# and a release build (swift build -c release).
set -euo pipefail
cd "$(dirname "$0")/.."
die() { echo "compare-nsxiv: $*" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || die "usage: scripts/compare-nsxiv.sh DIR [RUNS]"
dir=$1
runs=${2:-3}
[ -d "$dir" ] || die "'$dir' is not a folder"
[[ "$runs" =~ ^[1-9][0-9]?$ ]] || die "RUNS must be 1 to 99, got '$runs'"
for tool in nsxiv Xvfb xdotool xdpyinfo import compare; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
photozoom=.build/release/photozoom
[ -x "$photozoom" ] || die "no release build at $photozoom; run swift build -c release"
dir=$(cd "$dir" && pwd)

work=$(mktemp -d)
# A display number no X server holds.
n=$(( (RANDOM % 400) + 500 ))
while [ -e "/tmp/.X$n-lock" ]; do n=$(( n + 1 )); done
display=":$n"
Xvfb "$display" -screen 0 1400x1000x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb=$!
cleanup() { kill "$xvfb" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export DISPLAY=$display
for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
xdpyinfo >/dev/null 2>&1 || die "Xvfb did not start on $display"

now_ms() { date +%s%3N; }
# Both windows are 1280x800; the bottom 60 rows are their status and tab bars.
thumbnail_area=1280x740

# Milliseconds from the program's start to its window showing what it keeps showing; the
# program is given by its command line, its window by its title pattern.
time_until_still() {
  local title=$1; shift
  local start shot previous="" changed_at=0 stable_since=0 t
  start=$(now_ms)
  "$@" >"$work/log" 2>&1 &
  local pid=$!
  local window=""
  while [ -z "$window" ]; do
    window=$(xdotool search --name "$title" 2>/dev/null | head -1 || true)
    [ $(( $(now_ms) - start )) -lt 60000 ] || { kill "$pid" 2>/dev/null; die "no window titled '$title' within 60 s : $(tail -3 "$work/log")"; }
  done
  while :; do
    t=$(now_ms)
    shot="$work/shot-$t.png"
    import -silent -window "$window" -crop "${thumbnail_area}+0+0" +repage "$shot" 2>/dev/null || continue
    if [ -n "$previous" ] && [ "$(compare -metric AE "$previous" "$shot" /dev/null 2>&1 || true)" = "0" ]; then
      [ $(( t - stable_since )) -ge 1000 ] && break
    else
      changed_at=$t
      stable_since=$t
    fi
    [ -n "$previous" ] && [ "$previous" != "$shot" ] && rm -f "$previous"
    previous=$shot
    [ $(( t - start )) -lt 600000 ] || { kill "$pid"; die "the window was still changing after 600 s"; }
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -f "$work"/shot-*.png
  echo $(( changed_at - start ))
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

measure() {
  local which=$1 temperature=$2 cache="$work/cache-$1"
  for _ in $(seq "$runs"); do
    if [ "$temperature" = cold ]; then rm -rf "$cache"; fi
    mkdir -p "$cache"
    if [ "$which" = nsxiv ]; then
      XDG_CACHE_HOME=$cache time_until_still '^nsxiv' nsxiv -t -g 1280x800 "$dir"
    else
      XDG_CACHE_HOME=$cache time_until_still '^PhotoZoom$' "$photozoom" run --photos "$dir" --size 1280x800
    fi
  done | median
}

count=$(find "$dir" -maxdepth 1 -type f | wc -l)
echo "folder: $dir ($count files), 1280x800 (thumbnail area $thumbnail_area), median of $runs"
printf '%-8s %12s %12s\n' "" "cold ms" "warm ms"
nsxiv_cold=$(measure nsxiv cold); nsxiv_warm=$(measure nsxiv warm)
ours_cold=$(measure photozoom cold); ours_warm=$(measure photozoom warm)
printf '%-8s %12s %12s\n' nsxiv "$nsxiv_cold" "$nsxiv_warm" photozoom "$ours_cold" "$ours_warm"
awk -v a="$ours_cold" -v b="$nsxiv_cold" -v c="$ours_warm" -v d="$nsxiv_warm" \
  'BEGIN { printf "photozoom / nsxiv: cold %.2f, warm %.2f (goal: at most 0.5)\n", a / b, c / d }'
