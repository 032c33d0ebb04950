#!/bin/sh
# check-shrink.sh BUILD - the random-test flow on a deliberately broken RTL:
# random programs in lockstep find the bug, `gpuref shrink` reduces the first
# failing test, the reduced test still fails the same way on the broken RTL,
# passes on the correct RTL and on the model, and the failing test reruns from
# the "reproduce:" line of the regression log.  The broken RTL is bug BUG
# (default CARRY) of scripts/mutations/nv50.txt in the mutant bench
# BUILD/tb/nv50-mut/Vtb_nv50, selected with +gpuref_mutant=BUG.
B=${1:-build}
BUG=${BUG:-CARRY}
T=$B/check-shrink
rm -rf "$T"; mkdir -p "$T"
MUT=$B/tb/nv50-mut/Vtb_nv50
# gpuref shrink runs a bench binary with its own arguments: a two-line wrapper
# adds the plusarg
printf '#!/bin/sh\nexec "%s" +gpuref_mutant=%s "$@"\n' "$(cd "$(dirname "$MUT")" && pwd)/Vtb_nv50" "$BUG" > "$T/bench-$BUG"
chmod +x "$T/bench-$BUG"
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

python3 scripts/regress.py --build "$B" -j 2 --isa nv50 --seeds 6 --count 150 --no-rerun \
    --mutant "$BUG" --run-id shrinkcheck --list scripts/testdata/random-only.yaml > "$T/regress.log" 2>&1
if grep -q "^ *reproduce: " "$T/regress.log"; then ok "random programs find +gpuref_mutant=$BUG"
else bad "random programs find +gpuref_mutant=$BUG (see $T/regress.log)"; echo "$pass passed, $fail failed"; exit 1; fi

repro=$(grep -m1 "^ *reproduce: " "$T/regress.log" | sed 's/^ *reproduce: //')
test=$(echo "$repro" | sed -E 's/.*--test ([^ ]+) .*/\1/')
file=$(echo "$repro" | awk '{print $NF}')
if sh -c "$repro" > "$T/repro.log" 2>&1; then bad "the reproduce line fails again"; else
    grep -q "^FAIL $test:" "$T/repro.log" && ok "the reproduce line fails again ($test)" || bad "the reproduce line fails again"; fi

if "$B/bin/gpuref" shrink --bench "$T/bench-$BUG" --test "$test" -o "$T/shrunk.yaml" "$file" 2> "$T/shrink.log"; then
    ok "gpuref shrink: $(tail -n 1 "$T/shrink.log")"
else bad "gpuref shrink (see $T/shrink.log)"; fi
if [ -s "$T/shrunk.yaml" ]; then
    "$MUT" "+gpuref_mutant=$BUG" -q --out "$T/o1" "$T/shrunk.yaml" > "$T/s1.log" 2>&1 && bad "shrunk test fails on the broken RTL" || ok "shrunk test fails on the broken RTL"
    "$B/tb/nv50/Vtb_nv50" -q --out "$T/o2" "$T/shrunk.yaml" > "$T/s2.log" 2>&1 && ok "shrunk test passes on the correct RTL" || bad "shrunk test passes on the correct RTL"
    "$MUT" -q --out "$T/o4" "$T/shrunk.yaml" > "$T/s4.log" 2>&1 && ok "shrunk test passes on the mutant bench without +gpuref_mutant" || bad "shrunk test passes on the mutant bench without +gpuref_mutant"
    "$B/bin/gpuref" run -q "$T/shrunk.yaml" > "$T/s3.log" 2>&1 && ok "shrunk test passes on the model" || bad "shrunk test passes on the model"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
