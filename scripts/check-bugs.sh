#!/bin/sh
# check-bugs.sh BUILD - the lockstep checker must catch each deliberately broken
# RTL variant, as a mismatch at the instruction where the bug first shows.
#   isa  bug define  test (vectors/<isa>/directed/checker_bugs.yaml)  pc of the first divergence
B=${1:-build}
pass=0; fail=0
while read -r isa bug test pc; do
    case "$isa" in ''|\#*) continue;; esac
    case " ${ISAS:-nv50} " in *" $isa "*) ;; *) continue;; esac
    VEC=vectors/$isa/directed/checker_bugs.yaml
    bin=$B/tb/$isa-bug-$bug/Vtb_$isa
    out=$B/bugs/$isa-$bug
    rm -rf "$out"
    log=$("$bin" --out "$out" --test "$test" "$VEC" 2>&1)
    st=$?
    line=$(echo "$log" | grep -E "^FAIL $test:" | head -n 1)
    if [ $st -eq 1 ] && echo "$line" | grep -q "MISMATCH test $test .* pc=$pc " \
       && [ -s "$out/checker_bugs/$test/mismatch.json" ]; then
        pass=$((pass + 1)); echo "ok   $isa GPUREF_BUG_$bug caught at pc=$pc: ${line#*: }"
    else
        fail=$((fail + 1)); echo "FAIL $isa GPUREF_BUG_$bug not caught at pc=$pc (exit $st): $(echo "$log" | head -n 3)"
    fi
done <<'TABLE'
nv50   CARRY        bug_carry_add         0x0
nv50   DROP_THREAD  bug_drop_thread       0x0
nv50   SAT_FLAG     bug_sat_flag          0x0
nv50   SHIFT        bug_shift_imm         0x0
nv50   BRANCH       bug_divergent_branch  0x30
rdna4  SCC          bug_scc_add_carry     0x0
rdna4  BRANCH       bug_branch_scc1       0x4
rdna4  SHIFT64      bug_lshl_b64_by_40    0x0
TABLE
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
