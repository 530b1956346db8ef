#!/usr/bin/env bash
# Regenerates the shell completions and the manual page in Resources/ from the argument
# parser. A test (ResourcesTests) fails when they are out of date.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product tally
tally=.build/debug/tally
"$tally" --generate-completion-script bash > Resources/completions/tally.bash
"$tally" --generate-completion-script zsh > Resources/completions/_tally
"$tally" --generate-completion-script fish > Resources/completions/tally.fish
"$tally" generate-manual > Resources/man/tally.1
echo "Updated Resources/completions and Resources/man."
