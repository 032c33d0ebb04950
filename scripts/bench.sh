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

"$B/bench/bench_model" --vector "$B/bench/stream.yaml" 4000
# RDNA4: 300 generated programs of the lockstep mix (seed 1, SMEM included)
"$B/bin/gpuref" gen --isa rdna4 --seed 1 --count 300 --mix scripts/testdata/rdna4-rtl.mix.yaml \
    -o "$B/bench/stream-rdna4.yaml" 2>/dev/null
for isa in nv50 rdna4; do
    vec=$B/bench/stream.yaml; what="the 4000-instruction bench_model stream"
    [ $isa = rdna4 ] && vec=$B/bench/stream-rdna4.yaml && what="300 generated rdna4 programs, seed 1"
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
    say "lockstep $isa: $(med $rates) instructions/s retired and compared; model step+compare share $(med $shares)% of bench time (median of 3 runs of $what)"
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
# regression throughput: directed vectors plus random programs, -j 2
line=$(python3 scripts/regress.py --build "$B" -j 2 --isa nv50 --isa rdna4 --seeds 8 --count 100 \
       --run-id bench --no-rerun | grep -E "tests/minute")
say "regression -j 2 (directed + 8 random seeds x 100 programs per ISA, lockstep): $line"
echo "results: $OUT"
