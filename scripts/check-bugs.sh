#!/bin/sh
# check-bugs.sh BUILD - the lockstep checker must catch each deliberately broken
# RTL variant, as a mismatch at the instruction where the bug first shows.
# The bugs are the `bug TEST PC` entries of scripts/mutations/<isa>.txt, all
# compiled into the one mutant bench BUILD/tb/<isa>-mut/Vtb_<isa> and selected
# at run time with +gpuref_mutant=NAME; TEST of
# vectors/<isa>/directed/checker_bugs.yaml must fail at PC with a mismatch.json.
# The same bench without the plusarg (the correct RTL) must pass that file.
B=${1:-build}
pass=0; fail=0
mkdir -p "$B/bugs"
for isa in ${ISAS:-nv50}; do
    [ -f scripts/mutations/$isa.txt ] || continue
    VEC=vectors/$isa/directed/checker_bugs.yaml
    bin=$B/tb/$isa-mut/Vtb_$isa
    if "$bin" -q --out "$B/bugs/$isa-none" "$VEC" > "$B/bugs/$isa-none.log" 2>&1; then
        pass=$((pass + 1)); echo "ok   $isa mutant bench, no mutant selected: $VEC passes"
    else
        fail=$((fail + 1)); echo "FAIL $isa mutant bench, no mutant selected: $VEC fails (see $B/bugs/$isa-none.log)"
    fi
    if ! python3 scripts/mutate.py --isa "$isa" --bugs > "$B/bugs/$isa.list"; then
        fail=$((fail + 1)); echo "FAIL $isa: cannot read scripts/mutations/$isa.txt"; continue
    fi
    while read -r bug test pc; do
        out=$B/bugs/$isa-$bug
        rm -rf "$out"
        log=$("$bin" "+gpuref_mutant=$bug" --out "$out" --test "$test" "$VEC" 2>&1)
        st=$?
        line=$(echo "$log" | grep -E "^FAIL $test:" | head -n 1)
        if [ $st -eq 1 ] && echo "$line" | grep -q "MISMATCH test $test .* pc=$pc " \
           && [ -s "$out/checker_bugs/$test/mismatch.json" ]; then
            pass=$((pass + 1)); echo "ok   $isa +gpuref_mutant=$bug caught at pc=$pc: ${line#*: }"
        else
            fail=$((fail + 1)); echo "FAIL $isa +gpuref_mutant=$bug not caught at pc=$pc (exit $st): $(echo "$log" | head -n 3)"
        fi
    done < "$B/bugs/$isa.list"
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
