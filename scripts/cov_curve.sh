#!/bin/sh
# cov_curve.sh [BUILD] - functional coverage against the number of random
# instructions, plain random generation versus generation aimed at the holes
# (gpuref gen --target).  Prints a markdown table (the one in
# coverage/README.md): coverage of the bins that are not excluded, the median
# over SEEDS, at each checkpoint.
#
# Each run grows one coverage.dat batch by batch: a batch is BATCH_TESTS
# programs of LENGTH instructions, generated (plain: --seed S*1000+k; aimed:
# the same seeds plus --target <coverage so far>), run on the model with
# --cov, and merged.  Both modes generate the same number of instructions.
#
#   ISA=nv50 SEEDS="1 2 3" LENGTH=100 BATCH_TESTS=10 MAX=64000 sh scripts/cov_curve.sh
set -u
B=${1:-build}
ISA=${ISA:-nv50}
SEEDS=${SEEDS:-"1 2 3"}
LENGTH=${LENGTH:-100}
BATCH_TESTS=${BATCH_TESTS:-10}
MAX=${MAX:-64000}
CHECKS=${CHECKS:-"1000 2000 4000 8000 16000 32000 64000"}
G=$B/bin/gpuref
W=$B/cov_curve
[ -x "$G" ] || { echo "cov_curve.sh: $G not built (make)" >&2; exit 2; }
mkdir -p "$W"
: > "$W/data.txt"

pct() {  # coverage of the not-excluded bins, one decimal
    "$G" cov report --no-html --max-holes 0 "$1" |
        awk -v isa="$ISA" '$1 == isa { printf "%.1f", int(1000 * $4 / ($2 - $3)) / 10; exit }'
}

for mode in plain aimed; do
    for s in $SEEDS; do
        cum=$W/$mode-$s.dat
        rm -f "$cum"
        n=0 k=0
        set -- $CHECKS
        while [ "$n" -lt "$MAX" ] && [ $# -gt 0 ]; do
            seed=$((s * 1000 + k))
            tgt=""
            [ "$mode" = aimed ] && [ -f "$cum" ] && tgt="--target $cum"
            out=$("$G" gen --isa "$ISA" --seed "$seed" --count "$BATCH_TESTS" --length "$LENGTH" \
                  $tgt -o "$W/batch.yaml" 2>&1) || { echo "$out" >&2; exit 1; }
            ins=$(echo "$out" | sed -E 's/.* ([0-9]+) instructions.*/\1/')
            "$G" run -q --cov "$W/batch.dat" "$W/batch.yaml" > "$W/run.log" 2>&1 ||
                { echo "cov_curve.sh: generated tests failed (seed $seed):" >&2;
                  tail -5 "$W/run.log" >&2; exit 1; }
            if [ -f "$cum" ]; then
                "$G" cov merge -o "$cum" "$cum" "$W/batch.dat"
            else
                cp "$W/batch.dat" "$cum"
            fi
            n=$((n + ins))
            k=$((k + 1))
            while [ $# -gt 0 ] && [ "$n" -ge "$1" ]; do
                echo "$mode $s $1 $n $(pct "$cum")" >> "$W/data.txt"
                shift
            done
        done
    done
done

med() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }
echo "| random instructions | plain: coverage | aimed at holes: coverage |"
echo "|---:|---:|---:|"
for c in $CHECKS; do
    p=$(awk -v c="$c" '$1 == "plain" && $3 == c { print $5 }' "$W/data.txt" | med)
    a=$(awk -v c="$c" '$1 == "aimed" && $3 == c { print $5 }' "$W/data.txt" | med)
    [ -n "$p$a" ] && echo "| $c | ${p:-}% | ${a:-}% |"
done
echo
echo "ISA $ISA; median of seeds $SEEDS; batches of $BATCH_TESTS programs x $LENGTH instructions;" \
     "coverage of the bins not excluded ($(ls coverage/exclusions/$ISA.txt 2>/dev/null || echo none));" \
     "raw data: $W/data.txt"
