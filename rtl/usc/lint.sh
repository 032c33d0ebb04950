#!/bin/sh
# lint.sh - static checks of the USC core (run from anywhere):
#   1. verilator --lint-only -Wall on rtl/usc (fatal, no waivers beyond the
#      targeted comments in the sources), at the default 16 instances per
#      cycle and at 1 and 32; the deliberate bugs are not in the sources
#      (scripts/mutations/usc.txt, selected at run time in the mutant bench);
#   2. yosys 0.23 reads the modules below the lane (see below);
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
RTL="$FP rtl/usc/usc_decode.sv rtl/usc/usc_unpck.sv rtl/usc/usc_pck.sv rtl/usc/usc_hadd.sv rtl/usc/usc_hdot.sv rtl/usc/usc_sop.sv rtl/usc/usc_f64.sv rtl/usc/usc_lane.sv rtl/usc/usc_core.sv"

check verilator-wall "$VERILATOR" --lint-only -Wall --top-module usc_core $RTL
for p in LPC=1 LPC=32; do
    check "verilator-wall-$p" "$VERILATOR" --lint-only -Wall --top-module usc_core -G"$p" $RTL
done
# yosys 0.23 reads (and elaborates at their defaults) the modules below the
# lane; reading usc_lane (exec inlined once per slot) takes about a minute
# of CPU and 1.8 GB (rtl/usc/README.md "Not implemented"), so the lane,
# the core and a synthesis (rtl/usc/synth.ys) are skipped.
check yosys-read "$YOSYS" -q -p "script rtl/common/fp/read.ys; read_verilog -sv rtl/usc/usc_decode.sv rtl/usc/usc_unpck.sv rtl/usc/usc_pck.sv rtl/usc/usc_hadd.sv rtl/usc/usc_hdot.sv rtl/usc/usc_sop.sv rtl/usc/usc_f64.sv"
skipped=1
check_bench usc

echo "yosys skipped: usc_lane, usc_core and a synthesis (yosys 0.23 reads the lane in about a minute of CPU; rtl/usc/README.md, Not implemented)"
lint_end
