#!/usr/bin/env bash
# Builds a Debian package of Tally with dpkg-deb, for machines without a Swift toolchain:
# the static release executable in /usr/bin, the manual page, and the bash, zsh and fish
# completions where Debian's packages put them, the compiled catalogs of translations, and the
# machine-readable copyright (Resources/deb/copyright). The static executable carries the Swift
# runtime, FoundationEssentials, ncurses, SQLite and glibc, so the package depends on nothing beyond
# the essential set (ncurses-base's terminfo is essential). Prints the package's path.
#
#   scripts/build-deb.sh [OUTPUT_DIR]      (default: .build/deb)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/deb}

binary=$(scripts/build-release.sh)
version=$("$binary" --version)           # the version the source declares (TallyCommand)
arch=$(dpkg --print-architecture)
[[ $version =~ ^[0-9][A-Za-z0-9.+~-]*$ ]] || { echo "build-deb: odd version '$version'" >&2; exit 1; }

maintainer="Tally maintainers <maintainers@users.noreply.a-seed-b15eec83.example>"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
chmod 755 "$root"
install -D -m 755 "$binary" "$root/usr/bin/tally"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/tally"
install -d "$root/usr/share/man/man1"
gzip -9n < Resources/man/tally.1 > "$root/usr/share/man/man1/tally.1.gz"
chmod 644 "$root/usr/share/man/man1/tally.1.gz"
install -d "$root/usr/share/bash-completion/completions"    # sourced, not run: no #! line
sed '1{/^#!/d}' Resources/completions/tally.bash > "$root/usr/share/bash-completion/completions/tally"
chmod 644 "$root/usr/share/bash-completion/completions/tally"
install -D -m 644 Resources/completions/_tally "$root/usr/share/zsh/vendor-completions/_tally"
install -D -m 644 Resources/completions/tally.fish "$root/usr/share/fish/vendor_completions.d/tally.fish"
install -d "$root/usr/share/doc/tally"
# Debian's machine-readable copyright: Tally and what the static executable includes.
install -m 644 Resources/deb/copyright "$root/usr/share/doc/tally/copyright"
# The catalogs, compiled by msgfmt (which checks them): a compiled catalog is read without
# parsing, so a translated first frame costs little more than an English one (docs/translations.md).
scripts/apt-install.sh gettext
install -d "$root/usr/share/tally/po"
for catalog in Resources/po/*.po; do
  if [ -e "$catalog" ]; then
    msgfmt --check -o "$root/usr/share/tally/po/$(basename "$catalog" .po).mo" "$catalog"
    chmod 644 "$root/usr/share/tally/po/$(basename "$catalog" .po).mo"
  fi
done

printf 'tally (%s) unstable; urgency=medium\n\n  * Release %s: see README.md.\n\n -- %s  %s\n' \
  "$version" "$version" "$maintainer" "$(date -R -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")" \
  | gzip -9n > "$root/usr/share/doc/tally/changelog.gz"
# Static on purpose (one file, a few milliseconds to start): ncurses, SQLite and glibc are inside it.
install -d "$root/usr/share/lintian/overrides"
printf '%s\n' 'tally: statically-linked-binary [usr/bin/tally]' 'tally: embedded-library ncurses [usr/bin/tally]' \
  'tally: embedded-library sqlite [usr/bin/tally]' \
  > "$root/usr/share/lintian/overrides/tally"
chmod 644 "$root/usr/share/doc/tally/changelog.gz" "$root/usr/share/lintian/overrides/tally"

install -d "$root/DEBIAN"
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: tally
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Section: utils
Priority: optional
Description: counter for the terminal, to count with a key or from scripts
 An ncurses tally counter: count with Space, undo, several named counters,
 a history of every change, and commands (tally inc, get, list, ...) for
 scripts. Every value is on disk before it is on screen, and any number of
 running tallies and commands share one store without losing a count.
CONTROL

mkdir -p "$out"
package="$out/tally_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$root" "$package" >&2
echo "$package"
