#!/usr/bin/env bash
# Builds the release tally as one static executable (Debian's libsqlite3-dev provides the
# static SQLite it links): it starts in a few milliseconds (no
# shared Swift libraries to load and relocate), needs about 7 MB of memory, and runs when
# copied alone to any x86_64 Linux (docs/performance.md). Prints the binary's path.
# Extra arguments go to `swift build` (e.g. --scratch-path .build-release).
#
# The compiler reaches generic types' metadata through their accessors, not by mangled name
# (`-disable-concrete-type-metadata-mangled-name-accessors`): a name is demangled at run time
# the first time, and its generic requirements checked by scanning every protocol conformance
# in the binary (about 4,000); that was 0.4 M instructions and about 0.1 ms of each first
# frame (docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release -Xswiftc -static-executable
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
swift build "${flags[@]}" --product tally "$@" >&2
echo "$(swift build "${flags[@]}" "$@" --show-bin-path)/tally"
