#!/bin/sh
# check-bugs.sh BUILD - the lockstep checker must catch each deliberately broken
# RTL variant, as a mismatch at the instruction where the bug first shows.
#   bug define      test (vectors/nv50/directed/checker_bugs.yaml)   pc of the first divergence
B=${1:-build}
VEC=vectors/nv50/directed/checker_bugs.yaml
pass=0; fail=0
while read -r bug test pc; do
    case "$bug" in ''|\#*) continue;; esac
    bin=$B/tb/nv50-bug-$bug/Vtb_nv50
    out=$B/bugs/$bug
    rm -rf "$out"
    log=$("$bin" --out "$out" --test "$test" "$VEC" 2>&1)
    st=$?
    line=$(echo "$log" | grep -E "^FAIL $test:" | head -n 1)
    if [ $st -eq 1 ] && echo "$line" | grep -q "MISMATCH test $test .* pc=$pc " \
       && [ -s "$out/checker_bugs/$test/mismatch.json" ]; then
        pass=$((pass + 1)); echo "ok   GPUREF_BUG_$bug caught at pc=$pc: ${line#*: }"
    else
        fail=$((fail + 1)); echo "FAIL GPUREF_BUG_$bug not caught at pc=$pc (exit $st): $(echo "$log" | head -n 3)"
    fi
done <<'TABLE'
CARRY        bug_carry_add         0x0
DROP_THREAD  bug_drop_thread       0x0
SAT_FLAG     bug_sat_flag          0x0
SHIFT        bug_shift_imm         0x0
BRANCH       bug_divergent_branch  0x30
TABLE
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
