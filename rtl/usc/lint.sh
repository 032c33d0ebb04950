#!/bin/sh
# lint.sh - static checks of the USC core (run from anywhere):
#   1. verilator --lint-only -Wall on rtl/usc (fatal, no waivers beyond the
#      targeted comments in the sources), at the default 16 instances per
#      cycle and at 1 and 32; the deliberate bugs are not in the sources
#      (scripts/mutations/usc.txt, selected at run time in the mutant bench);
#   2. yosys 0.23 synthesis (rtl/usc/synth.ys, one instance per cycle, small
#      register files; `make test` only reads and elaborates the core);
#   3. the lockstep bench compiles: tb_usc + the DPI packages, the retire
#      interface and monitor + the RTL, listed as the Makefile's tb_rule
#      lists them (*_pkg.sv left to the `include).
# Prints one line "N passed, N failed"; a failing check also prints its log tail.
# Exit status 0 when everything passed.
cd "$(dirname "$0")/../.." || exit 2
. rtl/common/lint-lib.sh
lint_init usc

# every float unit of rtl/common/fp, as the other cores' lint and the benches read them
FP=$(ls rtl/common/fp/*.sv | tr '\n' ' ')
RTL="$FP rtl/usc/usc_decode.sv rtl/usc/usc_unpck.sv rtl/usc/usc_pck.sv rtl/usc/usc_hadd.sv rtl/usc/usc_hdot.sv rtl/usc/usc_sop.sv rtl/usc/usc_f64.sv rtl/usc/usc_gfn.sv rtl/usc/usc_exec.sv rtl/usc/usc_lane.sv rtl/usc/usc_core.sv"

check verilator-wall "$VERILATOR" --lint-only -Wall --top-module usc_core $RTL
for p in LPC=1 LPC=32; do
    check "verilator-wall-$p" "$VERILATOR" --lint-only -Wall --top-module usc_core -G"$p" $RTL
done
# yosys: make synth / make test-long run the whole synthesis; make test
# (GPUREF_SYNTH=coarse) reads and elaborates the core at the parameters of
# synth.ys (the lane's row functions inlined once per slot: about a minute
# and a half of CPU, 1.8 GB) and counts the synthesis as skipped
# (rtl/usc/README.md, "Synthesis")
check_synth usc
check_bench usc

[ "$skipped" = 1 ] && echo "yosys synthesis skipped: the USC core is elaborated here and synthesized by make synth / make test-long"
lint_end
