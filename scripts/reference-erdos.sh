#!/usr/bin/env bash
# Times Cambie and Provoost's reference solver for Erdős' scoring games
# (erdos-solver.c + gen-colex.c, repository Computational-Graph-Theory-Group-Kulak/Erdos-Graph-Game,
# built here against Debian's nauty) beside `ramsey-verify erdos` on the same boards, and
# prints one Markdown row per board: wall and CPU seconds of each and the ratios (CPU is the
# fairer figure on a machine busy with other jobs).
#
# Usage: scripts/reference-erdos.sh SRC_DIR [BOARD...]
#   SRC_DIR  a checkout of the reference repository (with its readGraph/ and bitset.h);
#            its code is built in a temporary directory and never copied into this repository.
#   BOARD    n for K_n or colex:m for C(m); default: 7 colex:18 colex:19 8 colex:22
# Environment: THREADS (default 2, both solvers), TIMEOUT (seconds per run, default 600),
#   REF_THREADS_FLAG (default -t; older versions of erdos-solver use -m),
#   OURS (ramsey-verify binaries to time, space-separated, one row each per board, so an old
#   and a new build are compared with the reference in one run; default: this checkout's,
#   built here).
# Both solve the Clique, Star and vertex-capturing games (the reference solves the three in
# one run; ours runs `--game clique,star,vc`). Run as root on Debian/Ubuntu (installs nauty).
set -euo pipefail
src=$(cd "${1:?usage: scripts/reference-erdos.sh SRC_DIR [BOARD...]}" && pwd)
shift
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(7 colex:18 colex:19 8 colex:22)
threads=${THREADS:-2}
limit=${TIMEOUT:-600}
flag=${REF_THREADS_FLAG:--t}
here=$(cd "$(dirname "$0")/.." && pwd)

header=$(find /usr/include -name nauty.h -path '*nauty/*' 2>/dev/null | head -n 1)
if [ -z "$header" ]; then
    apt-get update -qq && apt-get install -y -qq nauty libnauty2-dev >/dev/null
    header=$(find /usr/include -name nauty.h -path '*nauty/*' | head -n 1)
fi
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
cp -r "$src"/. "$build"/
mkdir -p "$build/nauty2_8_6"
ln -sf "$(dirname "$header")"/* "$build/nauty2_8_6/"
# The reference links nauty built with 64-bit words, MAXN = WORDSIZE and thread-local storage.
lib=nautyL1
for l in nautyTL1 nautyL1; do
    if ls /usr/lib/*/lib$l.so /usr/lib/lib$l.so >/dev/null 2>&1; then lib=$l; break; fi
done
cflags=(-std=gnu11 -O3 -march=native -w -DUSE_64_BIT -DWORDSIZE=64 -DMAXN=WORDSIZE -DUSE_TLS -I"$build")
(cd "$build" && gcc "${cflags[@]}" -o erdos-solver erdos-solver.c readGraph/readGraph6.c -l$lib -lpthread)
(cd "$build" && gcc "${cflags[@]}" -o gen-colex gen-colex.c readGraph/readGraph6.c writeGraph/writeGraph6.c -l$lib -lpthread)

# graph6 of K_n or C(m) (first m pairs in colex order), and of the empty graph on n vertices.
graph6() {
    python3 - "$1" <<'PY'
import sys
b = sys.argv[1]
if b.startswith("colex:"):
    m = int(b[6:]); n = 0
    while n * (n - 1) // 2 < m: n += 1
else:
    n = int(b); m = n * (n - 1) // 2
bits = [1 if i < m else 0 for i in range(n * (n - 1) // 2)]  # graph6 order = colex order
bits += [0] * (-len(bits) % 6)
body = "".join(chr(63 + int("".join(map(str, bits[i:i + 6])), 2)) for i in range(0, len(bits), 6))
empty = "".join(chr(63) for _ in range(0, len(bits), 6))
print(n, chr(63 + n) + body, chr(63 + n) + empty)
PY
}

if [ -z "${OURS:-}" ]; then
    (cd "$here" && cargo build --release -q)
    OURS="$here/target/release/ramsey-verify"
fi
read -r -a ours <<<"$OURS"
# Wall and CPU (user + system) seconds of a command, or "-" for both past the time limit.
seconds() {
    if /usr/bin/time -f '%e %U %S' -o "$build/t" timeout "$limit" "$@" >"$build/out" 2>"$build/err"; then
        awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$build/t"
    else
        echo "- -"
    fi
}
ratio() { python3 -c "import sys
try: print(f'{float(sys.argv[1]) / float(sys.argv[2]):.1f}x')
except (ValueError, ZeroDivisionError): print('-')" "$1" "$2"; }

echo "| board | reference wall / CPU (s) | ramsey-verify | wall / CPU (s) | ratio wall / CPU |"
echo "|---|---|---|---|---|"
for b in "${boards[@]}"; do
    read -r n base empty < <(graph6 "$b")
    read -r ref_wall ref_cpu < <(seconds bash -c "'$build/gen-colex' $n $base $empty $empty -p1 | '$build/erdos-solver' $n -g $flag$threads -p1 $empty $empty")
    cp "$build/out" "$build/ref-$n.out"
    for bin in "${ours[@]}"; do
        read -r wall cpu < <(seconds "$bin" erdos --game clique,star,vc --board "$b" --threads "$threads")
        echo "| $b | $ref_wall / $ref_cpu | $bin | $wall / $cpu | $(ratio "$ref_wall" "$wall") / $(ratio "$ref_cpu" "$cpu") |"
    done
done
