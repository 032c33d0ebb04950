#!/bin/sh
# llvm_r700.sh BUILD - the R700 decoder against encodings llc emits now:
# compile the shaders of model/tests/data/r700/*.ll with
#   llc-22 -mtriple=r600 -mcpu=rv770 -show-mc-encoding
# into BUILD/llc-r700/ and check every encoding with test_r700_llc (which
# also runs on the listings kept in the repository in the unit suite).
# Without an llc that has the r600 target, say so and check the kept ones.
B=${1:-build}
LLC=${LLC:-$(command -v llc-22 || echo /usr/lib/llvm-22/bin/llc)}
OUT=$B/llc-r700
mkdir -p "$OUT"
if ! "$LLC" --version 2>/dev/null | grep -q 'r600'; then
    echo "llvm_r700: $LLC has no r600 target: checking the kept listings only"
    exec "$B/tests/test_r700_llc"
fi
set --
for f in model/tests/data/r700/*.ll; do
    s=$OUT/$(basename "$f" .ll).s
    "$LLC" -mtriple=r600 -mcpu=rv770 -show-mc-encoding "$f" -o "$s" || { echo "llc failed on $f"; exit 1; }
    set -- "$@" "$s"
done
exec "$B/tests/test_r700_llc" "$@"
