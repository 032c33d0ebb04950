#!/bin/sh
# run-tests.sh BUILD - run every test suite, then one closing line summing them:
#   N passed, N failed
# Each suite's output goes to BUILD/test-logs/<suite>.log; a suite's count is
# taken from its own closing "N passed, N failed" line, or 1 passed / 1 failed
# from its exit status when it has none.  Unit tests and llvm_rdna4.sh count
# named tests (their checks on a line of their own); the vector suites count
# vectors.  Each suite line ends with its time in seconds (also BUILD/test-logs/times.txt),
# and a line before the total gives the time of all suites.
#
# SUITE=a,b runs only those suites (SUITE=list names them); ISA=x runs only that
# ISA's suites and the ISA-neutral ones.  The default runs all.
B=${1:-build}
ISAS=${ISAS:-nv50}          # the implemented ISAs (the Makefile passes its list)
ALL_ISAS=$ISAS
RTL_ISAS=${RTL_ISAS:-$ISAS} # those with an RTL core and lockstep bench
LOG=$B/test-logs

suites_list() {
    cat <<'LIST'
unit       unit tests, model/tests/test_* (named tests; see model/tests/README.md)
vectors    directed (and pending) vectors on the model: gpuref run
llvm       the RDNA4 assembler and disassembler against llvm-mc, CLAMP/OMOD of every VOP3/VOP3P row (rdna4); the R700 decoder against llc (r700)
systemc    the SystemC wrapper of the model on the directed vectors
cosim      lockstep, RTL vs model, on the directed vectors (tests an RTL cannot run yet: testbenches/<isa>/lockstep_skip.txt)
byo        bring your own RTL: install, build the example outside the tree, lockstep
bugs       the checker catches injected RTL bugs
shrink     random programs: find, shrink, reproduce (broken RTL)
mutants    mutation score (quick set: every mutant must be killed)
rtl-fp     RTL float units against model/fp
lint       RTL lint and synthesis
bad-input  bad input to the command line: located errors, no crash
slurm      regressions as a Slurm job array on a one-node local cluster equal local runs
fuzz       libFuzzer harnesses, 10 s each from a fixed seed over their seeds (make test-long: an hour each), and the replay of the committed reproducers
cov-html   the HTML coverage report in headless Chromium: the totals shown are those of the coverage.dat files
long       long robustness runs (make test-long only)
san        the sanitizer build (ASan/UBSan): unit tests and vectors
LIST
}
SUITES_ALL=$(suites_list | cut -d' ' -f1 | tr '\n' ' ')
SUITE=$(echo "${SUITE:-}" | tr ',' ' ')
if [ "$SUITE" = list ]; then [ "${2:-}" = --check ] || suites_list; exit 0; fi
for s in $SUITE; do
    case " $SUITES_ALL all " in *" $s "*) ;; *) echo "run-tests.sh: unknown suite '$s' (make test SUITE=list names them)"; exit 2;; esac
done
case " $SUITE " in *" all "*) SUITE="";; esac
if [ -n "${ISA:-}" ]; then
    case " $ISAS " in *" $ISA "*) ISAS=$ISA; case " $RTL_ISAS " in *" $ISA "*) RTL_ISAS=$ISA;; *) RTL_ISAS="";; esac;;
    *) echo "run-tests.sh: unknown ISA '$ISA' (implemented: $ALL_ISAS)"; exit 2;; esac
fi
[ "${2:-}" = --check ] && exit 0          # the Makefile checks SUITE and ISA before building
mkdir -p "$LOG"
: > "$LOG/times.txt"        # NAME SECONDS per suite run, for make bench and slow-suite hunting
T_START=$(date +%s)
RAN=""                      # the suite kinds that ran
HDR=""                      # the section heading, printed before its first suite

want() {  # want KIND: is this kind of suite selected?
    [ -z "$SUITE" ] && return 0
    case " $SUITE " in *" $1 "*) return 0;; esac
    return 1
}

section() { HDR=$1; }

kind() {  # kind NAME: the kind of suite NAME
    case $1 in
    san-*) echo san;;
    test_*|description-*) echo unit;;
    model-vectors-*) echo vectors;;
    llvm-mc-*|llvm-llc-*) echo llvm;;
    systemc-*) echo systemc;;
    cosim-*) echo cosim;;
    byo-*) echo byo;;
    checker-catches-bugs*) echo bugs;;
    random-shrink-*) echo shrink;;
    mutants-*) echo mutants;;
    rtl-fp-*) echo rtl-fp;;
    rtl-lint-*) echo lint;;
    cli-bad-input*) echo bad-input;;
    slurm-*) echo slurm;;
    fuzz-*) echo fuzz;;
    cov-html*) echo cov-html;;
    gen-*|scaling-*) echo long;;
    *) echo "run-tests.sh: suite '$1' has no kind (add it to kind())" >&2; echo unknown;;
    esac
}

selected() {  # selected NAME: the suite's kind is wanted and it tests no ISA left out
    want "$(kind "$1")" || return 1
    for i in $ALL_ISAS; do
        case " $ISAS " in *" $i "*) continue;; esac
        case $1 in *"$i"*) return 1;; esac
    done
    return 0
}
TOTAL_P=0
TOTAL_F=0
TOTAL_S=0
SUITES_FAILED=""

count() {  # count NAME STATUS LOGFILE
    line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$3" | tail -n 1)
    sk=$(echo "$line" | sed -nE 's/.* ([0-9]+) skipped.*/\1/p')
    [ -n "$sk" ] && TOTAL_S=$((TOTAL_S + sk))
    if [ -n "$line" ]; then
        p=$(echo "$line" | sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed.*/\2/')
        f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
        [ "$2" != 0 ] && [ "$f" = 0 ] && f=1
    elif [ "$2" = 0 ]; then p=1; f=0; else p=0; f=1; fi
    TOTAL_P=$((TOTAL_P + p))
    TOTAL_F=$((TOTAL_F + f))
    [ "$f" != 0 ] && SUITES_FAILED="$SUITES_FAILED $1"
    el=""; [ -n "${4:-}" ] && el=$(printf '  %5ds' "$4")
    printf '%-34s %6d passed, %4d failed%s%s%s\n' "$1" "$p" "$f" "${sk:+, $sk skipped}" "$el" \
        "$( [ "$f" != 0 ] && echo "   (see $3)")"
    [ -n "${4:-}" ] && echo "$1 $4" >> "$LOG/times.txt"
}

# Suites run JOBS at a time (TEST_JOBS, default the number of CPUs; 1 runs them
# one after the other), each in the background with its output in its log; the
# results are printed, and counted, in the order the suites were started.
JOBS=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $JOBS in ''|*[!0-9]*|0) JOBS=1;; esac
PEND=""                     # started suites not yet reported, in start order

key() { echo "$1" | tr -c 'A-Za-z0-9_\n' '_'; }

report() {  # report NAME: print (its section heading first) and count a finished suite
    eval "h=\${HDR_$(key "$1"):-}"
    [ -n "$h" ] && echo "$h"
    read -r st el < "$LOG/$1.rc"
    rm -f "$LOG/$1.rc"
    count "$1" "$st" "$LOG/$1.log" "$el"
}

flush() {  # flush [all]: report the finished suites at the head of the queue (all: wait for every one)
    fa=${1:-}
    while [ -n "$PEND" ]; do
        set -- $PEND
        [ "$fa" = all ] && while [ ! -f "$LOG/$1.rc" ]; do sleep 0.2; done
        [ -f "$LOG/$1.rc" ] || return 0
        report "$1"
        shift; PEND="$*"
    done
}

barrier() {  # wait for every started suite and report it
    flush all
    wait
}

running() {  # how many started suites have not finished
    n=0
    for x in $PEND; do [ -f "$LOG/$x.rc" ] || n=$((n + 1)); done
    echo $n
}

suite() {  # suite NAME COMMAND...: start a suite (JOBS > 1: in the background)
    name=$1; shift
    selected "$name" || return 0
    RAN="$RAN $(kind "$name")"
    eval "HDR_$(key "$name")=\$HDR"
    HDR=""
    rm -f "$LOG/$name.rc"
    if [ "$JOBS" -le 1 ]; then
        run_one "$name" "$@"
        report "$name"
        return 0
    fi
    while [ "$(running)" -ge "$JOBS" ]; do sleep 0.2; flush; done
    run_one "$name" "$@" &
    PEND="$PEND $name"
    flush
}

run_one() {  # run_one NAME COMMAND...: run, then write "STATUS SECONDS" to LOG/NAME.rc
    n=$1; shift
    t0=$(date +%s)
    "$@" > "$LOG/$n.log" 2>&1
    st=$?
    echo "$st $(( $(date +%s) - t0 ))" > "$LOG/$n.rc.tmp" && mv "$LOG/$n.rc.tmp" "$LOG/$n.rc"
}

alone() {  # alone NAME COMMAND...: a suite that runs with no other (it runs make, or daemons)
    selected "$1" || return 0
    barrier
    J=$JOBS; JOBS=1
    suite "$@"
    JOBS=$J
}

# make test-long: 10^8 random operands per float op and mode (make test: 10^6)
[ "${GPUREF_LONG:-0}" = 1 ] && export GPUREF_FP_N=${GPUREF_FP_N:-100000000}

section "== unit tests"
for t in "$B"/tests/test_*; do
    [ -x "$t" ] || continue
    suite "$(basename "$t")" "$t"
done

# The RDNA4 description is generated from the guide: the checked-in file must be
# what the generator makes of it; and the check must catch a file that differs
# (copies with one row's exec column changed, with one row left out).
desc_rdna4() {
    p=0; f=0
    if python3 scripts/rdna4_gen_desc.py --check; then p=$((p + 1))
    else f=$((f + 1)); echo "FAIL: model/rdna4/rdna4.def is not the generator's output"; fi
    T=$(mktemp "${TMPDIR:-/tmp}/rdna4def.XXXXXX") || return 1
    for how in exec row; do
        case $how in
        exec) sed -E 's/^(RDNA4_OP\(SOP2, +0, s_add_co_u32, +)s_add_co_u32,/\1unimpl,      /' \
                  model/rdna4/rdna4.def > "$T";;
        row)  sed -E '/^RDNA4_OP\(SOP1, +0, s_mov_b32,/d' model/rdna4/rdna4.def > "$T";;
        esac
        if cmp -s "$T" model/rdna4/rdna4.def; then
            f=$((f + 1)); echo "FAIL: $how: the copy was not changed"; continue
        fi
        python3 scripts/rdna4_gen_desc.py -o "$T" --check 2> "$T.err"
        st=$?
        cat "$T.err"
        if [ $st = 1 ] && grep -q "out of date" "$T.err"; then p=$((p + 1)); echo "ok: $how: a changed copy fails the check"
        else f=$((f + 1)); echo "FAIL: $how: the check passed (status $st) on a changed copy"; fi
    done
    rm -f "$T" "$T.err"
    echo "$p passed, $f failed"
    [ $f = 0 ]
}
case " $ISAS " in *" rdna4 "*)
    suite "description-rdna4" desc_rdna4;;
esac

section "== vectors on the model (gpuref run)"
for isa in $ISAS; do
    set -- vectors/$isa/directed/*.yaml
    [ -e "$1" ] && suite "model-vectors-$isa" "$B/bin/gpuref" run -q "$@"
done

for isa in $ISAS; do
    set -- vectors/$isa/pending/*.yaml
    [ -e "$1" ] && suite "model-vectors-$isa-pending" "$B/bin/gpuref" run -q "$@"
done

case " $ISAS " in *" rdna4 "*)
    section "== RDNA4 assembler and disassembler against llvm-mc (llvm-22)"
    suite "llvm-mc-rdna4" sh model/tests/llvm_rdna4.sh "$B"
    suite "llvm-mc-rdna4-mods" sh model/tests/llvm_rdna4_mods.sh "$B";;
esac

case " $ISAS " in *" r700 "*)
    section "== R700 decoder against llc-22 -mtriple=r600 -mcpu=rv770 encodings"
    suite "llvm-llc-r700" sh model/tests/llvm_r700.sh "$B";;
esac

section "== SystemC wrapper of the model"
set --
for isa in $ISAS; do set -- "$@" vectors/$isa/directed/*.yaml; done
suite "systemc-wrapper" "$B/sc/sc_test" "$@"

section "== lockstep (RTL vs model)"
for isa in $ISAS; do
    case " $RTL_ISAS " in *" $isa "*) ;;
    *) if want cosim; then                # counted as skipped, not failed
           barrier; [ -n "$HDR" ] && echo "$HDR"; HDR=""
           echo "cosim-$isa: skipped, no RTL bench yet (the model runs its vectors: model-vectors-$isa)"
           RAN="$RAN cosim"; TOTAL_S=$((TOTAL_S + 1))
       fi
       continue;; esac
    set -- vectors/$isa/directed/*.yaml
    skip=""; [ -f testbenches/$isa/lockstep_skip.txt ] && skip="--skip testbenches/$isa/lockstep_skip.txt"
    [ -n "$skip" ] && suite "cosim-skip-list-$isa" python3 scripts/check-skip-list.py --build "$B" --isa $isa
    [ -e "$1" ] && suite "cosim-$isa" "$B/tb/$isa/Vtb_$isa" -q $skip --out "$B/cosim/$isa" "$@"
done

if [ -n "$RTL_ISAS" ]; then       # these exercise RTL benches
section "== bring your own RTL: install, build the example outside the tree, lockstep"
alone "byo-installed-example" sh scripts/check-byo.sh "$B"

section "== the checker catches injected RTL bugs"
suite "checker-catches-bugs" env ISAS="$RTL_ISAS" sh scripts/check-bugs.sh "$B"

section "== random programs: find, shrink, reproduce (broken RTL)"
suite "random-shrink-reproduce-nv50" sh scripts/check-shrink.sh "$B"
fi

section "== mutation score (quick set: every mutant must be killed)"
for isa in $RTL_ISAS; do
    [ -f scripts/mutations/$isa.txt ] && suite "mutants-$isa" python3 scripts/mutate.py --isa $isa --quick --build "$B" -j 2
done

section "== RTL float units against model/fp (lint, synthesis, unit lockstep)"
suite "rtl-fp-units" env GPUREF_FP_RTL_N=$([ "${GPUREF_LONG:-0}" = 1 ] && echo 1000000 || echo 100000) sh scripts/fp_units.sh "$B"
# the F16 transcendentals of rtl/rdna4/rdna4_vtrans.sv: their algorithm against the model,
# every input, rounding and denormal mode (rtl/rdna4/README.md "F16 transcendentals"; ~15 s)
case " $RTL_ISAS " in *" rdna4 "*)
    suite "rtl-fp-f16-trans-rdna4" sh -c 'mkdir -p "$1/fpunits" && ${CC:-gcc} -O2 -std=c11 -Imodel/fp -Imodel/include -o "$1/fpunits/f16_trans_check" testbenches/fp/f16_trans_check.c "$1/lib/libgpuref.a" -lm && "$1/fpunits/f16_trans_check"' sh "$B"
    # RCP/RSQ/SQRT_F32 in MODE's directed roundings (rtl/rdna4/README.md "Transcendentals"; ~5 s)
    suite "rtl-fp-f32-trans-dir-rdna4" sh -c 'mkdir -p "$1/fpunits" && ${CC:-gcc} -O2 -std=c11 -Imodel/fp -Imodel/include -o "$1/fpunits/f32_trans_dir_check" testbenches/fp/f32_trans_dir_check.c "$1/lib/libgpuref.a" -lm && "$1/fpunits/f32_trans_dir_check"' sh "$B";;
esac

section "== RTL lint and synthesis"
# make test: lint and coarse synthesis; make test-long / make synth: full synthesis
SYN=coarse; [ "${GPUREF_LONG:-0}" = 1 ] && SYN=full
for isa in $RTL_ISAS; do
    suite "rtl-lint-synth-$isa" env GPUREF_SYNTH=$SYN sh rtl/$isa/lint.sh
done

section "== bad input"
alone "cli-bad-input" sh scripts/check-bad-input.sh "$B"

section "== regressions on Slurm (a one-node cluster on this host)"
# make test: a small regression here and as a job array, compared test for
# test; make test-long: the make run set
if [ "${GPUREF_LONG:-0}" = 1 ]; then
    alone "slurm-make-run" env ISAS="$ISAS" RTL_ISAS="$RTL_ISAS" sh scripts/check-slurm.sh "$B" long
else
    alone "slurm-regress" env ISAS="$ISAS" RTL_ISAS="$RTL_ISAS" sh scripts/check-slurm.sh "$B"
fi

section "== fuzzing (model/tests/README.md, \"Fuzzing\")"
if want fuzz; then
    # the committed reproducers of findings, replayed without clang (gcc, ASan/UBSan)
    # and the seed corpora (gcc-built seeds: no clang needed either)
    alone "fuzz-replay" sh -c "{ make --no-print-directory -j$JOBS fuzz-seeds && make --no-print-directory -j$JOBS SAN=1 fuzz-replay; } >'$LOG/fuzz-replay-build.log' 2>&1 || { tail -20 '$LOG/fuzz-replay-build.log'; exit 1; }; sh scripts/fuzz.sh '$B/san' replay"
    # every libFuzzer harness over its seed corpus for 10 s from a fixed seed:
    # the same inputs in the same order on every machine (test-long: an hour each)
    FMODE=check FSECS=10; [ "${GPUREF_LONG:-0}" = 1 ] && FMODE=run FSECS=3600
    barrier
    if command -v clang-16 >/dev/null 2>&1 &&
       make --no-print-directory -j$JOBS fuzz-build > "$LOG/fuzz-build.log" 2>&1; then
        for h in $FUZZ_NAMES; do
            # a harness with an open finding (model/tests/fuzz/open.txt: NAME # what)
            # is reported as skipped with it until the finding is fixed
            why=$(sed -n "s/^$h *# *//p" model/tests/fuzz/open.txt 2>/dev/null)
            if [ -n "$why" ]; then
                suite "fuzz-$h" sh -c 'echo "open finding: $1"; echo "0 passed, 0 failed, 1 skipped"' sh "$why"
                continue
            fi
            suite "fuzz-$h" sh scripts/fuzz.sh "$B" "$FMODE" "$FSECS" "$h"
        done
    else
        suite "fuzz-build" sh -c "command -v clang-16 >/dev/null || { echo 'clang-16 missing (make deps)'; exit 1; }; tail -20 '$LOG/fuzz-build.log'; exit 1"
    fi
fi

section "== the HTML coverage report in a browser"
suite "cov-html-chromium" env ISAS="$ISAS" sh scripts/check-cov-html.sh "$B"

if [ "${GPUREF_LONG:-0}" = 1 ]; then
    section "== long robustness runs (issue 9)"
    # the exact command that once failed with "jump target ... is no inline constant"
    suite "gen-rdna4-seed1-16426" "$B/bin/gpuref" gen --isa rdna4 --seed 1 --count 16426 --length 1000 -q -o "$B/gen-rdna4-seed1-16426.yaml"
    rm -f "$B/gen-rdna4-seed1-16426.yaml"
    suite "scaling-long" sh scripts/check-bad-input.sh "$B" long
fi

if [ "${GPUREF_SKIP_SAN:-0}" != 1 ] && want san; then
    section "== sanitizer build (ASan/UBSan)"
    barrier
    if make --no-print-directory -j$JOBS SAN=1 unit cli > "$LOG/san-build.log" 2>&1; then
        for t in "$B"/san/tests/test_*; do
            [ -x "$t" ] || continue
            case "$(basename "$t")" in test_fp_*) [ "${GPUREF_LONG:-0}" = 1 ] || continue;; esac
            suite "san-$(basename "$t")" env ASAN_OPTIONS=detect_leaks=1 GPUREF_FP_N=1000 "$t"
        done
        set --
        for isa in $ISAS; do set -- "$@" vectors/$isa/directed/*.yaml; done
        suite "san-model-vectors" "$B/san/bin/gpuref" run -q "$@"
    else
        count "san-build" 1 "$LOG/san-build.log"
    fi
fi

barrier
for s in $SUITE; do        # a suite asked for by name that did not run is a failure
    case " $RAN " in *" $s "*) ;; *) echo "suite '$s' ran nothing here${ISA:+ (ISA=$ISA)}"; TOTAL_F=$((TOTAL_F + 1));; esac
done
echo
echo "suite time: $(( $(date +%s) - T_START )) s (per suite: the last column above; $LOG/times.txt)"
[ -n "$SUITES_FAILED" ] && echo "failed suites:$SUITES_FAILED"
if [ "$TOTAL_S" != 0 ]; then echo "$TOTAL_P passed, $TOTAL_F failed, $TOTAL_S skipped"
else echo "$TOTAL_P passed, $TOTAL_F failed"; fi
[ "$TOTAL_F" = 0 ]
