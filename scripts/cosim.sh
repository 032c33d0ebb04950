#!/bin/sh
# cosim.sh BUILD ISA VEC TRACE - run the lockstep bench of ISA on VEC (a file)
# or on every directed vector file of the ISA.
B=$1; ISA=$2; VEC=$3; TRACE=$4
if [ -n "$VEC" ]; then set -- "$VEC"; else set -- vectors/$ISA/directed/*.yaml; fi
T=""
[ "$TRACE" = 1 ] && T="+trace"
# tests the RTL cannot run yet are reported as SKIP with their reason
S=""
[ -f "testbenches/$ISA/lockstep_skip.txt" ] && S="--skip testbenches/$ISA/lockstep_skip.txt"
exec "$B/tb/$ISA/Vtb_$ISA" --out "$B/cosim/$ISA" $T $S "$@"
