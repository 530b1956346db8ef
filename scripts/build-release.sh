#!/usr/bin/env bash
# Builds the release tally as one static executable (Debian's libsqlite3-dev provides the
# static SQLite it links): it starts in a few milliseconds (no
# shared Swift libraries to load and relocate), needs about 7 MB of memory, and runs when
# copied alone to any x86_64 Linux (docs/performance.md). Prints the binary's path.
# Extra arguments go to `swift build` (e.g. --scratch-path .build-release).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product tally -Xswiftc -static-executable "$@" >&2
echo "$(swift build -c release -Xswiftc -static-executable "$@" --show-bin-path)/tally"
