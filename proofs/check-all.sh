#!/usr/bin/env bash
# Checks every certificate of proofs/CERTIFICATES.md and of
# proofs/ramsey-table-certs/INDEX.md: its size and SHA-256 against the
# index, then the certificate itself with the independent checker (`ramsey-verify check`, which runs the checker crate; exit 0 only
# if every one is valid).
#
#   proofs/check-all.sh                      # all of them (the K4 ones take a minute)
#   proofs/check-all.sh --max-bytes 200000   # only files of at most that many bytes (CI)
#
# RAMSEY_VERIFY names the binary (default: target/release/ramsey-verify,
# built if missing); THREADS (default 2) the checker's threads.
set -euo pipefail
cd "$(dirname "$0")/.."
max_bytes=
if [ "${1:-}" = "--max-bytes" ]; then
  max_bytes=${2:?--max-bytes needs a number}
fi
BIN=${RAMSEY_VERIFY:-target/release/ramsey-verify}
if [ ! -x "$BIN" ]; then
  cargo build --release --quiet
fi
THREADS=${THREADS:-2}

checked=0 skipped=0 failed=0
# One certificate: FILE (under proofs/), its BYTES and SHA-256 as indexed.
check_one() {
  local file=$1 bytes=$2 sha=$3 path verdict
  if [ -n "$max_bytes" ] && [ "$bytes" -gt "$max_bytes" ]; then
    skipped=$((skipped + 1))
    return
  fi
  path="proofs/$file"
  if [ "$(stat -c %s "$path")" != "$bytes" ] || [ "$(sha256sum "$path" | cut -d' ' -f1)" != "$sha" ]; then
    echo "FAILED $file: size or SHA-256 differs from its index" >&2
    failed=$((failed + 1))
    return
  fi
  # The committed files are trusted to be large, not to be valid: the entry
  # and text caps are raised for the grid certificates and K_8's budget 14
  # (millions of entries, 219 MB of text), and the
  # checker still checks every one.
  if verdict=$("$BIN" check --threads "$THREADS" --max-entries 16777216 --max-text-mib 1024 "$path" 2>&1); then
    echo "ok $file: $(head -c 160 <<< "$verdict" | head -1)"
    checked=$((checked + 1))
  else
    echo "FAILED $file: $verdict" >&2
    failed=$((failed + 1))
  fi
}

# Rows of the index: | `FILE` | claim | BYTES | `SHA` | `COMMAND` |
while IFS='|' read -r _ file _ bytes sha _; do
  check_one "$(tr -d '` ' <<< "$file")" "$(tr -d ' ' <<< "$bytes")" "$(tr -d '` ' <<< "$sha")"
done < <(grep -E '^\| `' proofs/CERTIFICATES.md)

# The Ramsey game table's folder (ramsey-table --cert): rows
# | board | target | rules | claim | `FILE` | entries | BYTES | `SHA` | command |,
# rows without a certificate have no file.
table=proofs/ramsey-table-certs/INDEX.md
if [ -f "$table" ]; then
  while IFS='|' read -r _ _ _ _ _ file _ bytes sha _; do
    file=$(tr -d '` ' <<< "$file")
    [ -n "$file" ] || continue
    check_one "ramsey-table-certs/$file" "$(tr -d ' ' <<< "$bytes")" "$(tr -d '` ' <<< "$sha")"
  done < <(grep -E '^\| K' "$table")
fi

echo "$checked valid, $failed failed, $skipped skipped (larger than ${max_bytes:-any} bytes)"
[ "$failed" -eq 0 ] && [ "$checked" -gt 0 ]
