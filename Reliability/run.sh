#!/usr/bin/env bash
# Tally's reliability campaigns (issue 8): builds tally, then runs the campaigns against it
# and prints a table of what each ran, checked and found. Exits 1 if any campaign failed.
# Not part of `swift test` or CI. See docs/RELIABILITY.md.
#
#   Reliability/run.sh [--release] [--tally PATH] [--seed N] [--size N] [--json FILE] [CAMPAIGN...|all]
#
# CAMPAIGN: crash concurrency corrupt signals terminals fuzz storage sync hostile history history-faults
#           (default: all).
# --release   test the static release binary (scripts/build-release.sh) instead of the debug one
# --tally     test this binary; build nothing
# --seed      the seed of every random choice (default: from the clock; always printed)
# --size      a smaller size for a quick run (kills, increments per process, bad stores, ...;
#             for history-faults a percentage of the full size)
#
# TALLY_SCRATCH_PATH: SwiftPM scratch path (default .build, or .build-release with --release).
#
# Runs as root (as the project's machines and CI do): it mounts small tmpfs file systems for
# the read-only and full-disk cases, chowns files to nobody and runs tally as nobody
# (setpriv) for the permission cases. Every file it makes is under a fresh directory in
# $TMPDIR, removed afterwards; HOME and XDG_DATA_HOME always point there.
set -euo pipefail
cd "$(dirname "$0")/.."

release=0
tally=""
args=()
campaigns=()
while [ $# -gt 0 ]; do
  case $1 in
    --release) release=1 ;;
    --tally) tally=$2; shift ;;
    --seed|--size|--json) args+=("$1" "$2"); shift ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) args+=("$1"); campaigns+=("$1") ;;
  esac
  shift
done

apt_install() { scripts/apt-install.sh "$@"; }

# ncurses-base: the xterm-256color, vt100, dumb... entries; util-linux: setpriv, prlimit, mount.
apt_install libncurses-dev libsqlite3-dev sqlite3 ncurses-base util-linux coreutils python3
if ! python3 -c "import pyte" 2>/dev/null; then
  echo "Installing pyte" >&2
  python3 -m pip install --quiet pyte >&2 || apt_install python3-pyte
fi
[ "$(id -u)" -eq 0 ] || echo "warning: not root: the permission, read-only and disk-full cases need root" >&2
# The sync campaign's engines: Syncthing (run in a loopback-only network namespace: iproute2,
# and curl for its REST API there) and git.
case " ${campaigns[*]:-all} " in
  *" sync "*|*" all "*) apt_install syncthing git iproute2 curl ;;
esac

if [ -z "$tally" ]; then
  if [ "$release" -eq 1 ]; then
    echo "Building the static release tally..." >&2
    tally="$(scripts/build-release.sh --scratch-path "${TALLY_SCRATCH_PATH:-.build-release}")"
  else
    echo "Building the debug tally..." >&2
    scratch=${TALLY_SCRATCH_PATH:-.build}
    swift build --product tally --scratch-path "$scratch" >&2
    tally="$(swift build --scratch-path "$scratch" --show-bin-path)/tally"
  fi
fi

tally="$(realpath "$tally")"  # --tally may be relative to where run.sh was started
cd Reliability
exec python3 -m reliability --tally "$tally" "${args[@]}"
