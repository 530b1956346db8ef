#!/usr/bin/env bash
# Regenerates the shell completions and the manual page in Resources/ with
# swift-argument-parser's own generators (the manual with its generate-manual plugin, which
# reads `tally --experimental-dump-help`). A test (ResourcesTests) fails when they are out of date.
set -euo pipefail
cd "$(dirname "$0")/.."
# The manual and completions are English, whatever the language of the shell (docs/translations.md).
export LC_ALL=C.UTF-8 LANGUAGE=
unset LC_MESSAGES LANG
release_date=2026-11-23 # the date the manual page carries
swift build --product tally
tally=.build/debug/tally
"$tally" --generate-completion-script bash > Resources/completions/tally.bash
"$tally" --generate-completion-script zsh > Resources/completions/_tally
"$tally" --generate-completion-script fish > Resources/completions/tally.fish
swift package --allow-writing-to-package-directory generate-manual --configuration debug --date "$release_date" >&2
cp .build/plugins/GenerateManual/outputs/tally/tally.1 Resources/man/tally.1
echo "Updated Resources/completions and Resources/man."
