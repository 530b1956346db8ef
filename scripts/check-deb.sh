#!/usr/bin/env bash
# Installs a Tally package built by scripts/build-deb.sh as a user would
# (`apt-get install ./tally_*.deb`), checks what it installed, and removes it again:
# `tally --version` is the source's version, `man -w tally` finds the page, and bash-completion
# (loading the file from where Debian's packages put it) completes a counter's name; the
# copyright file is machine-readable and names the licenses, the catalogs are installed, and
# `LANG=de_DE.UTF-8 tally --help` is German. Needs root.
#
#   scripts/check-deb.sh PACKAGE.deb
set -euo pipefail
cd "$(dirname "$0")/.."
package=$(realpath "$1")
scripts/apt-install.sh man-db bash-completion

fail() { echo "check-deb: $*" >&2; exit 1; }
work=$(mktemp -d)
cleanup() {
  DEBIAN_FRONTEND=noninteractive apt-get purge -y tally >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

DEBIAN_FRONTEND=noninteractive apt-get install -y "$package" >&2
[ "$(command -v tally)" = /usr/bin/tally ] || fail "tally is not /usr/bin/tally but '$(command -v tally)'"
expected=$(dpkg-deb -f "$package" Version)
[ "$(tally --version)" = "$expected" ] || fail "tally --version says '$(tally --version)', the package $expected"
man -w tally | grep -q '^/usr/share/man/man1/tally.1.gz$' || fail "man -w tally: $(man -w tally 2>&1)"

# The license, in Debian's machine-readable format, naming what the static executable includes.
copyright=/usr/share/doc/tally/copyright
head -1 "$copyright" | grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/$' \
  || fail "$copyright is not in the machine-readable format"
for license in "Apache-2.0" "Apache-2.0 with Runtime Library Exception" "X11" "public-domain"; do
  grep -qx "License: $license" "$copyright" || fail "$copyright has no 'License: $license'"
done
! grep -qi "all rights reserved" "$copyright" || fail "$copyright still says all rights reserved"

# The catalogs, each installed, and German chosen by LANG without a generated locale.
for catalog in Resources/po/*.po; do
  [ -e "$catalog" ] || continue
  [ -s "/usr/share/tally/po/$(basename "$catalog" .po).mo" ] || fail "$(basename "$catalog" .po).mo is not installed"
done
if [ -e Resources/po/de.po ]; then
  # The whole text, then its first line: `| head -1` would close the pipe under tally.
  overview=$(env -i PATH=/usr/bin:/bin HOME="$work" LANG=de_DE.UTF-8 tally --help)
  overview=${overview%%$'\n'*}
  english=$(env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8 tally --help)
  english=${english%%$'\n'*}
  [ "$overview" != "$english" ] || fail "LANG=de_DE.UTF-8 tally --help is not German: $overview"
fi

# Completion, as an interactive bash loads it: bash-completion finds the file by the command's name.
completions=$(env -i PATH=/usr/bin:/bin HOME="$work" XDG_DATA_HOME="$work/data" bash --norc --noprofile -c '
  tally new "Push ups" >/dev/null && tally new water >/dev/null && tally new walks >/dev/null || exit
  source /usr/share/bash-completion/bash_completion   # not under set -e: it is not written for it
  __load_completion tally || exit
  COMP_LINE="tally inc wa"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(tally inc wa); COMP_CWORD=2
  _tally tally wa inc
  printf "%s\n" "${COMPREPLY[@]}" | sort')
[ "$completions" = $'walks\nwater' ] || fail "bash completed 'tally inc wa' to: ${completions:-nothing}"

echo "check-deb: $(basename "$package") installs /usr/bin/tally $expected, its manual page, completions, copyright and catalogs; removed again." >&2
