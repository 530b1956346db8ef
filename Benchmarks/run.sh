#!/usr/bin/env bash
# Tally against the floor (issue 9), in one run: builds the release `tally`, the C reference
# counter and the Swift floor programs, then measures Tally and the reference alternately in
# pseudo-terminals and prints medians, ratios and the targets (Benchmarks/side_by_side.py).
#
#   Benchmarks/run.sh [--rounds N] [--keys N] [--inc-runs N] [--json FILE]
#   Benchmarks/run.sh --micro [benchmark plugin arguments...]
#
# --micro runs the ordo-one/benchmark micro-benchmarks instead (Benchmarks/Package.swift),
# passing the rest to `swift package benchmark`, e.g. `--micro baseline compare main`.
#
# TALLY_SCRATCH_PATH: SwiftPM scratch path for the release build (default .build); the
# reference and floor programs are built into its `bench/` folder.
# TALLY_MICRO_SCRATCH_PATH: scratch path for the micro-benchmarks (default Benchmarks/.build).
#
# Like .ci/run, it installs what a fresh Debian machine lacks: gcc and ncurses' headers for
# the reference and floors, ncurses-base for the xterm-256color entry, and pyte (a terminal
# emulator, from PyPI or Debian's python3-pyte) for the driver. ordo-one/benchmark needs no
# system package on Swift 6.3 and later (its malloc statistics come from its own
# malloc-interposer package); on Swift 6.2 and earlier it wants jemalloc (libjemalloc-dev).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${TALLY_SCRATCH_PATH:-.build}

apt_install() { scripts/apt-install.sh "$@"; }

swift_minor=$(swift --version 2>&1 | sed -nE 's/.*Swift version ([0-9]+)\.([0-9]+).*/\1 \2/p' | head -1)
read -r major minor <<<"${swift_minor:-6 3}"

if [ "${1:-}" = "--micro" ]; then
  shift
  if [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 3 ]; }; then
    apt_install libjemalloc-dev
  fi
  apt_install libncurses-dev
  scratch_args=()
  [ -n "${TALLY_MICRO_SCRATCH_PATH:-}" ] && scratch_args=(--scratch-path "$TALLY_MICRO_SCRATCH_PATH")
  exec swift package --package-path Benchmarks "${scratch_args[@]}" \
    --allow-writing-to-package-directory benchmark "$@"
fi

apt_install gcc libncurses-dev libsqlite3-dev ncurses-base python3 time gettext
if ! python3 -c "import pyte" 2>/dev/null; then
  echo "Installing pyte" >&2
  python3 -m pip install --quiet pyte >&2 || apt_install python3-pyte
fi

echo "Building the release tally..." >&2
tally="$(scripts/build-release.sh --scratch-path "$scratch")"

out="$scratch/bench"
mkdir -p "$out"
if [ ! -x "$out/tally_ref" ] || [ Benchmarks/reference/tally_ref.c -nt "$out/tally_ref" ]; then
  echo "Building the C reference..." >&2
  gcc -O2 -Wall -Wextra -o "$out/tally_ref" Benchmarks/reference/tally_ref.c -lncursesw -ltinfo
fi
for variant in floor floor-essentials floor-foundation; do
  case $variant in
    floor) flags=() ;;
    floor-essentials) flags=(-D FLOOR_FOUNDATION_ESSENTIALS) ;;
    floor-foundation) flags=(-D FLOOR_FOUNDATION) ;;
  esac
  if [ ! -x "$out/$variant" ] || [ Benchmarks/floor/floor.swift -nt "$out/$variant" ] \
    || [ Sources/CNcurses/shim.h -nt "$out/$variant" ]; then
    echo "Building $variant..." >&2
    swiftc -O -I Sources/CNcurses "${flags[@]}" Benchmarks/floor/floor.swift \
      -module-cache-path "$out/module-cache" -o "$out/$variant"
  fi
done

# The catalogs as the .deb installs them: compiled (scripts/build-deb.sh).
mkdir -p "$out/po"
for catalog in Resources/po/*.po; do
  if [ -e "$catalog" ]; then msgfmt -o "$out/po/$(basename "$catalog" .po).mo" "$catalog"; fi
done

exec python3 Benchmarks/side_by_side.py --catalogs "$out/po" \
  --tally "$tally" --reference "$out/tally_ref" \
  --floor "$out/floor" --floor-essentials "$out/floor-essentials" \
  --floor-foundation "$out/floor-foundation" "$@"
