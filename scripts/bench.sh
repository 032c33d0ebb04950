#!/bin/sh
# bench.sh BUILD - speed figures as rates and ratios (medians of several runs).
# Nothing here asserts a time: the figures go to BUILD/bench/results.txt and
# the README quotes them.
B=${1:-build}
OUT=$B/bench/results.txt
mkdir -p "$B/bench"
: > "$OUT"
say() { echo "$*" | tee -a "$OUT"; }

say "# gpuref bench, $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m)"
"$B/bench/bench_model" | tee -a "$OUT"
"$B/bench/bench_model" --isa rdna4 20000 100 | tee -a "$OUT"
# RDNA4 vector streams (issues 13 and 14): VALU integer and F32 FMA lane-ops/s in
# wave32 and wave64 (the FMA lines also time the host's fmaf on the same lanes and
# give the model/host ratio), GLOBAL loads/stores as lane-accesses/s in wave32
for w in 32 64; do
    "$B/bench/bench_model" --isa rdna4 --stream valu-int --wave $w 20000 50 | tee -a "$OUT"
    "$B/bench/bench_model" --isa rdna4 --stream valu-fma --wave $w 20000 20 | tee -a "$OUT"
done
"$B/bench/bench_model" --isa rdna4 --stream global --wave 32 20000 20 | tee -a "$OUT"
"$B/bench/bench_model" --isa r700 20000 50 | tee -a "$OUT"
"$B/bench/bench_model" --isa usc 10000 10 | tee -a "$OUT"
"$B/bench/bench_model" --isa nvfp 120 500 | tee -a "$OUT"

"$B/bench/bench_model" --vector "$B/bench/stream.yaml" 4000
# RDNA4: 300 generated programs of the lockstep mix (seed 1, SMEM included)
"$B/bin/gpuref" gen --isa rdna4 --seed 1 --count 300 --mix scripts/testdata/rdna4-rtl.mix.yaml \
    -o "$B/bench/stream-rdna4.yaml" 2>/dev/null
# R700: the bench_model stream of full integer groups, 400 groups (the RTL
# core's code memory holds 16 KiB); a unit is an ALU group or a CF instruction
"$B/bench/bench_model" --isa r700 --vector "$B/bench/stream-r700.yaml" 400
# NVFP: 100 generated programs of the lockstep mix (seed 1; texture chains
# and transcendentals included); a unit is one instruction of the quad
"$B/bin/gpuref" gen --isa nvfp --seed 1 --count 100 --mix scripts/testdata/nvfp-rtl.mix.yaml \
    -o "$B/bench/stream-nvfp.yaml" 2>/dev/null
# USC: 100 generated programs of the lockstep mix (seed 1); a unit is an
# instruction group executed by every instance of the task
"$B/bin/gpuref" gen --isa usc --seed 1 --count 100 --mix scripts/testdata/usc-rtl.mix.yaml \
    -o "$B/bench/stream-usc.yaml" 2>/dev/null
for isa in nv50 rdna4 r700 usc nvfp; do
    vec=$B/bench/stream.yaml; what="the 4000-instruction bench_model stream"; unit=instructions
    [ $isa = rdna4 ] && vec=$B/bench/stream-rdna4.yaml && what="300 generated rdna4 programs, seed 1"
    [ $isa = r700 ] && vec=$B/bench/stream-r700.yaml && what="the 400-group bench_model r700 stream" \
        && unit="units (ALU groups, CF instructions)"
    [ $isa = usc ] && vec=$B/bench/stream-usc.yaml && what="100 generated usc programs, seed 1" \
        && unit="groups"
    [ $isa = nvfp ] && vec=$B/bench/stream-nvfp.yaml && what="100 generated nvfp programs, seed 1" \
        && unit="quad-instructions"
    rates=""; shares=""
    for run in 1 2 3; do
        line=$("$B/tb/$isa/Vtb_$isa" -q --out "$B/bench/cosim-$isa" "$vec" \
               | grep -E "^cosim $isa:")
        r=$(echo "$line" | sed -E 's/.*retired=([0-9]+).*/\1/')
        s=$(echo "$line" | sed -E 's/.*seconds=([0-9.]+) .*/\1/')
        ms=$(echo "$line" | sed -E 's/.*model_seconds=([0-9.]+).*/\1/')
        rates="$rates $(awk -v r="$r" -v s="$s" 'BEGIN{printf "%.0f", r/s}')"
        shares="$shares $(awk -v m="$ms" -v s="$s" 'BEGIN{printf "%.2f", 100*m/s}')"
    done
    med() { echo "$@" | tr ' ' '\n' | grep -v '^$' | sort -n | sed -n 2p; }
    say "lockstep $isa: $(med $rates) $unit/s retired and compared; model step+compare share $(med $shares)% of bench time (median of 3 runs of $what)"
done
for f in "$B"/bench/bench_fp; do [ -x "$f" ] && "$f" | tee -a "$OUT"; done
for isa in nv50 rdna4; do "$B/bench/bench_cov" $isa 2>&1 | tee -a "$OUT"; done
# fuzzing: executions/s of each libFuzzer harness (ASan/UBSan, clang-16), a
# short run each over its corpus (libFuzzer's own average)
if [ -n "${FUZZ_NAMES:-}" ] && command -v clang-16 >/dev/null 2>&1; then
    for h in $FUZZ_NAMES; do
        line=$(sh scripts/fuzz.sh "$B" rate "${FUZZ_BENCH_SECONDS:-10}" "$h" | grep -E "^(PASS|FAIL) fuzz")
        r=$(echo "$line" | sed -nE 's/.*\(([0-9]+)\/s\).*/\1/p')
        say "fuzz $h: ${r:-?} executions/s (libFuzzer, ASan/UBSan, ${FUZZ_BENCH_SECONDS:-10} s over its corpus)"
    done
fi
# regression throughput, tests/minute: one list at -j 1 and -j 2 here, and as a
# Slurm job array on a one-node local cluster (scripts/slurm-local.sh) whose
# node has 1 and then 2 CPUs (job slots); median of BENCH_RUNS runs (default 3)
RUNS=${BENCH_RUNS:-3}
REG="--isa nv50 --isa rdna4 --seeds ${BENCH_SEEDS:-4} --count ${BENCH_COUNT:-50}"
what="directed vectors + ${BENCH_SEEDS:-4} seeds x ${BENCH_COUNT:-50} random programs per ISA, lockstep"
medn() { echo "$@" | tr ' ' '\n' | grep -v '^$' | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
rate() {  # rate ARGS...: tests/minute of one run of the list ("failed" if it did not pass)
    out=$(python3 scripts/regress.py --build "$B" --no-rerun --run-id bench $REG "$@" 2>&1)
    echo "$out" | grep -q "^[0-9]* passed, 0 failed" || { echo failed; return; }
    echo "$out" | sed -nE 's/.*; ([0-9]+) tests\/minute.*/\1/p'
}
regress_rates() {  # regress_rates LABEL ARGS...: say the median rate of RUNS runs
    label=$1; shift
    rates=""
    for run in $(seq "$RUNS"); do rates="$rates $(rate "$@")"; done
    case $rates in *failed*) say "regression $label: a run failed ($rates)" >&2; echo "-"; return;; esac
    m=$(medn $rates)
    say "regression $label: $m tests/minute (median of $RUNS runs:$rates; $what)" >&2
    echo "$m"
}
j1=$(regress_rates "-j 1" -j 1 | tail -n 1)
j2=$(regress_rates "-j 2" -j 2 | tail -n 1)
s1=-; s2=-
for cpus in 1 2; do
    if SLURM_LOCAL_CPUS=$cpus sh scripts/slurm-local.sh start "$B" > "$B/bench/slurm-start.log" 2>&1; then
        eval "$(sh scripts/slurm-local.sh env "$B")"
        r=$(regress_rates "on Slurm, 1 node with $cpus CPU(s)" --slurm --poll 0.5 | tail -n 1)
        [ $cpus = 1 ] && s1=$r || s2=$r
        sh scripts/slurm-local.sh stop "$B" > /dev/null
    else
        say "regression on Slurm with $cpus CPU(s): skipped: $(tail -n 1 "$B/bench/slurm-start.log")"
    fi
done
ratio() { case "$1$2" in *-*) echo "-";; *) awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2fx", a/b}';; esac; }
say "regression speedup: -j 2 over -j 1 $(ratio "$j2" "$j1"); Slurm 2 slots over 1 slot $(ratio "$s2" "$s1"); Slurm 1 slot over -j 1 $(ratio "$s1" "$j1") ($(nproc) cores shared with whatever else runs)"
echo "results: $OUT"
