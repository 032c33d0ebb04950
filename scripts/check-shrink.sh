#!/bin/sh
# check-shrink.sh BUILD - the random-test flow on a deliberately broken RTL:
# random programs in lockstep find the bug, `gpuref shrink` reduces the first
# failing test, the reduced test still fails the same way on the broken RTL,
# passes on the correct RTL and on the model, and the failing test reruns from
# the "reproduce:" line of the regression log.
B=${1:-build}
BUG=${BUG:-CARRY}
T=$B/check-shrink
rm -rf "$T"; mkdir -p "$T"
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

python3 scripts/regress.py --build "$B" -j 2 --isa nv50 --seeds 6 --count 150 --no-rerun \
    --variant "bug-$BUG" --run-id shrinkcheck --list scripts/testdata/random-only.yaml > "$T/regress.log" 2>&1
if grep -q "^ *reproduce: " "$T/regress.log"; then ok "random programs find GPUREF_BUG_$BUG"
else bad "random programs find GPUREF_BUG_$BUG (see $T/regress.log)"; echo "$pass passed, $fail failed"; exit 1; fi

repro=$(grep -m1 "^ *reproduce: " "$T/regress.log" | sed 's/^ *reproduce: //')
test=$(echo "$repro" | sed -E 's/.*--test ([^ ]+) .*/\1/')
file=$(echo "$repro" | awk '{print $NF}')
if sh -c "$repro" > "$T/repro.log" 2>&1; then bad "the reproduce line fails again"; else
    grep -q "^FAIL $test:" "$T/repro.log" && ok "the reproduce line fails again ($test)" || bad "the reproduce line fails again"; fi

if "$B/bin/gpuref" shrink --bench "$B/tb/nv50-bug-$BUG/Vtb_nv50" --test "$test" -o "$T/shrunk.yaml" "$file" 2> "$T/shrink.log"; then
    ok "gpuref shrink: $(tail -n 1 "$T/shrink.log")"
else bad "gpuref shrink (see $T/shrink.log)"; fi
if [ -s "$T/shrunk.yaml" ]; then
    "$B/tb/nv50-bug-$BUG/Vtb_nv50" -q --out "$T/o1" "$T/shrunk.yaml" > "$T/s1.log" 2>&1 && bad "shrunk test fails on the broken RTL" || ok "shrunk test fails on the broken RTL"
    "$B/tb/nv50/Vtb_nv50" -q --out "$T/o2" "$T/shrunk.yaml" > "$T/s2.log" 2>&1 && ok "shrunk test passes on the correct RTL" || bad "shrunk test passes on the correct RTL"
    "$B/bin/gpuref" run -q "$T/shrunk.yaml" > "$T/s3.log" 2>&1 && ok "shrunk test passes on the model" || bad "shrunk test passes on the model"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
