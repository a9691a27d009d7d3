#!/bin/sh
# Regenerates docs/figures: every `.txt` there starts with the command(s)
# that made it and its pictures (`$ ramsey-verify ...`). A file with one
# command is that command's output and is rewritten; in a file with several
# (pictures only, no output kept) the commands are rerun and the file kept.
# Usage: scripts/regenerate-figures.sh [BINARY]   (default target/release/ramsey-verify)
set -eu
bin=${1:-target/release/ramsey-verify}
for txt in docs/figures/*.txt; do
  commands=$(grep '^\$ ramsey-verify ' "$txt" | sed 's/^\$ ramsey-verify //')
  echo "$commands" | while IFS= read -r args; do
    out=$(eval "\"$bin\" $args")
    if [ "$(grep -c '^\$ ' "$txt")" = 1 ]; then
      printf '$ ramsey-verify %s\n%s\n' "$args" "$out" > "$txt"
    fi
  done
  echo "regenerated $txt"
done
