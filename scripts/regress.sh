#!/bin/sh
# regress.sh BUILD ISA... - the lockstep regression of `make run`: every directed
# vector of every implemented ISA through RTL and model, then a summary table.
B=$1; shift
mkdir -p "$B/regress"
status=0
rows=""
for isa in "$@"; do
    set -- vectors/$isa/directed/*.yaml
    log="$B/regress/$isa.log"
    echo "== $isa: lockstep over $# vector files (log: $log)"
    "$B/tb/$isa/Vtb_$isa" -q --out "$B/cosim/$isa" "$@" > "$log" 2>&1 || status=1
    grep -E '^(FAIL|ERROR)' "$log" | head -20
    stats=$(grep -E "^cosim $isa:" "$log" | tail -n 1)
    res=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    p=$(echo "$res" | sed -E 's/^([0-9]+) passed.*/\1/')
    f=$(echo "$res" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    t=$(echo "$stats" | sed -E 's/.*tests=([0-9]+).*/\1/')
    r=$(echo "$stats" | sed -E 's/.*retired=([0-9]+).*/\1/')
    s=$(echo "$stats" | sed -E 's/.*seconds=([0-9.]+).*/\1/')
    rows="$rows$(printf '%-8s %7s %7s %7s %10s %9s' "$isa" "${t:-?}" "${p:-0}" "${f:-?}" "${r:-?}" "${s:-?}")
"
    [ -z "$res" ] && status=1
done
echo
printf '%-8s %7s %7s %7s %10s %9s\n' ISA tests passed failed retired seconds
printf '%s' "$rows"
exit $status
