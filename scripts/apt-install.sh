#!/usr/bin/env bash
# Installs the Debian packages named that are not installed yet: as root directly, otherwise
# through sudo. It runs `apt-get update` first only when something is missing (a fresh machine's
# package lists are empty, so a first install without it finds nothing). Used by the README's
# first command, .ci/run, Benchmarks/run.sh and Reliability/run.sh. Progress goes to stderr,
# so callers can keep stdout for their results.
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ "${#missing[@]}" -gt 0 ] || exit 0

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "apt-install: installing ${missing[*]} needs root, and sudo is not installed; run this as root." >&2
    exit 77
  fi
  as_root=(sudo)
fi
echo "Installing: ${missing[*]}" >&2
"${as_root[@]}" apt-get update >&2
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2
