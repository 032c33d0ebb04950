#!/bin/sh
# fuzz.sh BUILD corpus            seed corpora of every harness into build/fuzz/seeds/<harness>/
# fuzz.sh BUILD run SECONDS [H..] each libFuzzer harness for SECONDS over its corpus and its
#                                 committed reproducers (model/tests/fuzz/regress/<harness>/)
# fuzz.sh BUILD check SECONDS [H..]  the same from a fixed seed (-seed=1) over the seeds and
#                                 reproducers only, new inputs to a fresh folder: every machine
#                                 runs the same inputs in the same order (a faster one further)
# fuzz.sh BUILD replay            the committed reproducers through the plain-main drivers,
#                                 then the seed corpora (one test per harness)
# fuzz.sh BUILD rate SECONDS      executions/s of each harness (make bench)
#
# FUZZ_NAMES (from the Makefile): the harnesses, disasm_<isa> asm_<isa> exec_<isa> per
# ISA of model/core/isas.def, yaml, covdat.  The libFuzzer binaries are in
# build/fuzz/bin (clang-16, ASan/UBSan); a finding is written to
# build/fuzz/findings/<harness>/ and fails the run: fix it, then copy the
# reproducer into model/tests/fuzz/regress/<harness>/ (model/tests/README.md).
# Inputs libFuzzer finds that add coverage are kept in build/fuzz/corpus/<harness>/.
# FUZZ_DIR (default build/fuzz): where the libFuzzer build, corpora and findings go.
# Ends with `N passed, N failed` (and `, K skipped` where clang is missing).
B=${1:-build}
MODE=${2:-run}
SECS=${3:-600}
FZ=${FUZZ_DIR:-build/fuzz}
REG=model/tests/fuzz/regress
NAMES=${FUZZ_NAMES:-}
ISAS=${ISAS:-nv50}
[ -n "$NAMES" ] || { echo "fuzz.sh: FUZZ_NAMES not set (run it through make)" >&2; exit 2; }
if [ $# -gt 3 ]; then shift 3; NAMES="$*"; fi
pass=0 fail=0 skip=0
# stack traces with file:line (the clang-16 symbolizer)
for s in /usr/lib/llvm-16/bin/llvm-symbolizer /usr/bin/llvm-symbolizer-16; do
    [ -x "$s" ] && { export ASAN_SYMBOLIZER_PATH=$s UBSAN_SYMBOLIZER_PATH=$s; break; }
done

corpus() {
    C=$FZ/seeds
    mkdir -p "$C" "$FZ/gen"
    for isa in $ISAS; do
        # generated programs: every row the generator draws, with its control
        # flow (an ISA without a generator yet: its directed vectors only)
        gen=""
        if "$B/bin/gpuref" gen --isa "$isa" --seed 1 --count 1 -q -o /dev/null 2>/dev/null; then
            "$B/bin/gpuref" gen --isa "$isa" --seed 1 --count 20 --length 40 -q \
                -o "$FZ/gen/$isa.yaml" || exit 1
            gen="$FZ/gen/$isa.yaml"
        else
            echo "fuzz: $isa has no generator yet: seeds from its directed vectors only"
        fi
        rm -rf "$C/disasm_$isa" "$C/asm_$isa" "$C/exec_$isa"
        "$B/fuzz/fuzz_seeds" "$C" "$isa" vectors/"$isa"/directed/*.yaml $gen || exit 1
    done
    # yaml: the vector files, the loader's fixtures (valid and malformed), a generated file
    rm -rf "$C/yaml" "$C/covdat"
    mkdir -p "$C/yaml" "$C/covdat"
    k=0
    for f in vectors/*/directed/*.yaml vectors/*/pending/*.yaml model/tests/data/*.yaml; do
        [ -f "$f" ] || continue
        # files over 64 KiB slow every run down; the small ones cover the schema
        [ "$(wc -c < "$f")" -le 65536 ] || continue
        cp "$f" "$C/yaml/seed$k"; k=$((k + 1))
    done
    for isa in $ISAS; do
        "$B/bin/gpuref" gen --isa "$isa" --seed 2 --count 2 --length 20 -q -o "$C/yaml/gen-$isa" 2>/dev/null || :
    done
    # covdat: the model's coverage of a few vectors per ISA (functional points),
    # an RTL-style point, with and without an exclusion part after a NUL byte
    for isa in $ISAS; do
        set -- vectors/"$isa"/directed/*.yaml
        rm -f "$FZ/gen/$isa.dat"      # no stale points from an earlier corpus
        "$B/bin/gpuref" run -q --cov "$FZ/gen/$isa.dat" "$1" > /dev/null 2>&1
        [ -f "$FZ/gen/$isa.dat" ] || continue
        # the hit points and a few holes keep the seed small
        { head -n 1 "$FZ/gen/$isa.dat"; grep -v "' 0$" "$FZ/gen/$isa.dat" | tail -n +2 | head -n 40;
          grep "' 0$" "$FZ/gen/$isa.dat" | head -n 10; } > "$C/covdat/$isa"
        { cat "$C/covdat/$isa"; printf '\000'; head -n 5 "coverage/exclusions/$isa.txt" 2>/dev/null; } \
            > "$C/covdat/$isa-excl"
    done
    printf "# SystemC::Coverage-3\nC '\001f\002rtl/x.sv\001l\00212\001n\0020\001page\002v_line/x\001o\002line\001h\002TOP.x' 3\n" \
        > "$C/covdat/rtl"
    echo "fuzz corpora: $(for d in "$C"/*/; do printf '%s %s  ' "$(basename "$d")" "$(ls "$d" | wc -l)"; done)"
}

run() {  # run NAME SECONDS [fixed]: one harness; prints its line and its rate
    h=$1 s=$2 fixed=${3:-}
    bin=$FZ/bin/fuzz_$h
    if ! command -v clang-16 >/dev/null 2>&1 || [ ! -x "$bin" ]; then
        echo "SKIP fuzz $h: no libFuzzer build (clang-16 libfuzzer-16-dev; make fuzz-build)"
        skip=$((skip + 1)); return
    fi
    mkdir -p "$FZ/corpus/$h" "$FZ/seeds/$h" "$FZ/findings/$h" "$FZ/logs"
    # new inputs go to the first folder (kept from run to run), the seeds and
    # the reproducers are read
    out=$FZ/corpus/$h opts="" from=""
    if [ -n "$fixed" ]; then
        # check mode: nothing kept from earlier runs, a fixed seed
        out=$FZ/check/$h; rm -rf "$out"; mkdir -p "$out"
        opts="-seed=1" from=" from seed 1"
    fi
    dirs="$out $FZ/seeds/$h"
    [ -d "$REG/$h" ] && dirs="$dirs $REG/$h"
    log=$FZ/logs/$h.log
    # -timeout: an input that runs longer is a finding (every run has a step
    # bound); -rss_limit_mb: the same for memory; one job: the machine is shared
    "$bin" $opts -max_total_time="$s" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$FZ/findings/$h/" $dirs > "$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    if [ $rc = 0 ]; then
        echo "PASS fuzz $h: ${runs:-0} executions in $s s$from (${rate:-0}/s), corpus $(ls "$out" | wc -l) + seeds $(ls "$FZ/seeds/$h" | wc -l)"
        pass=$((pass + 1))
    else
        echo "FAIL fuzz $h: exit $rc, reproducer in $FZ/findings/$h/ (log $log):"
        grep -E "FINDING|ERROR: |SUMMARY|runtime error" "$log" | head -n 5 | sed 's/^/    /'
        fail=$((fail + 1))
    fi
}

case $MODE in
corpus)
    corpus ;;
run|rate)
    for h in $NAMES; do run "$h" "$SECS"; done ;;
check)
    for h in $NAMES; do run "$h" "$SECS" fixed; done ;;
replay)
    # the committed reproducers, each in a child process; then the seed
    # corpora (when made: make fuzz-seeds) in one process per harness
    for h in $NAMES; do
        for what in regress seeds; do
            if [ $what = regress ]; then dir=$REG/$h; opt=""; else dir=$FZ/seeds/$h; opt=--inproc; fi
            [ -d "$dir" ] || continue
            out=$("$B/fuzz/replay_$h" $opt "$dir" 2>&1)
            rc=$?
            line=$(echo "$out" | tail -n 1)
            p=$(echo "$line" | sed -nE 's/^([0-9]+) passed.*/\1/p')
            f=$(echo "$line" | sed -nE 's/.* ([0-9]+) failed$/\1/p')
            [ -n "$p" ] || { p=0; f=1; }
            [ $rc != 0 ] && [ "$f" = 0 ] && f=1
            echo "$out" | grep -E '^FAIL|FINDING|ERROR|runtime error' | head -n 5 | sed "s/^/replay $h $what: /"
            if [ $what = seeds ]; then   # one test per corpus: its inputs are not findings
                echo "replay $h seeds: $p inputs, $([ "$f" = 0 ] && echo ok || echo FAILED)"
                [ "$f" = 0 ] && p=1 || { p=0; f=1; }
            else
                echo "replay $h reproducers: $p passed, $f failed"
            fi
            pass=$((pass + p)); fail=$((fail + f))
        done
    done ;;
*)
    echo "fuzz.sh: unknown mode '$MODE' (corpus, run, check, replay, rate)" >&2; exit 2 ;;
esac
[ "$MODE" = corpus ] && exit 0
if [ $skip != 0 ]; then echo "$pass passed, $fail failed, $skip skipped"
else echo "$pass passed, $fail failed"; fi
[ $fail = 0 ]
