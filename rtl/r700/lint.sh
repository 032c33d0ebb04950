#!/bin/sh
# lint.sh - static checks of the R700 VLIW5 core (run from anywhere):
#   1. verilator --lint-only -Wall on rtl/r700 (fatal, no waivers beyond the
#      targeted comments in the sources); the deliberate bugs are not in the
#      sources (scripts/mutations/r700.txt, selected at run time in the
#      mutant bench);
#   2. yosys 0.23 synthesis (rtl/r700/synth.ys, a one-lane wavefront);
#   3. the lockstep bench compiles: tb_r700 + the DPI packages, the retire
#      interface and monitor + the RTL, listed as the Makefile's tb_rule
#      lists them (*_pkg.sv left to the `include).
# Prints one line "N passed, N failed"; a failing check also prints its log tail.
# Exit status 0 when everything passed.
cd "$(dirname "$0")/../.." || exit 2
. rtl/common/lint-lib.sh
lint_init r700

RTL="$(ls rtl/common/fp/*.sv | tr '\n' ' ')rtl/r700/r700_decode.sv rtl/r700/r700_alu.sv rtl/r700/r700_red.sv rtl/r700/r700_f64.sv rtl/r700/r700_trans.sv rtl/r700/r700_fetch.sv rtl/r700/r700_core.sv"

check verilator-wall "$VERILATOR" --lint-only -Wall --top-module r700_core $RTL
for p in LANES=1 LANES=64 STACK=1; do
    check "verilator-wall-$p" "$VERILATOR" --lint-only -Wall --top-module r700_core -G"$p" $RTL
done
# yosys: synthesis in make synth / make test-long only.  make test (coarse)
# runs no yosys on this core: reading, elaboration and the coarse synthesis
# alone take minutes; the full run takes about 18 CPU minutes and 6 GB
# (rtl/r700/README.md, "Synthesis")
skipped=0
if [ "${GPUREF_SYNTH:-full}" = full ]; then
    check yosys-synth sh scripts/synth.sh r700 full
else
    skipped=1
fi
check_bench r700

[ "$skipped" = 1 ] && echo "yosys skipped: the R700 core is read and synthesized by make synth / make test-long only"
lint_end
