#!/usr/bin/env bash
# Installs the Debian packages named that are not installed yet (one `apt-get update` first,
# only when something is missing). Used by .ci/run, Benchmarks/run.sh and Reliability/run.sh.
# Progress goes to stderr, so callers can keep stdout for their results.
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing: ${missing[*]}" >&2
  apt-get update >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi
