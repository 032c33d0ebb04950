#!/bin/sh
# lint.sh - static checks of the NVFP quad processor (run from anywhere):
#   1. verilator --lint-only -Wall on rtl/nvfp (fatal, no waivers beyond the
#      split_var comments of the DP chain and lint.vlt's one line on
#      rtl/common/fp/fp_round.sv); the deliberate bugs are not in
#      the sources (scripts/mutations/nvfp.txt, selected at run time in the
#      mutant bench);
#   2. yosys 0.23 synthesis (rtl/nvfp/synth.ys; `make test` only elaborates);
#   3. the lockstep bench compiles: tb_nvfp + the DPI packages, the retire
#      interface and monitor + the RTL, listed as the Makefile's tb_rule
#      lists them (*_pkg.sv left to the `include).
# Prints one line "N passed, N failed"; a failing check also prints its log tail.
# Exit status 0 when everything passed.
cd "$(dirname "$0")/../.." || exit 2
. rtl/common/lint-lib.sh
lint_init nvfp

RTL="$(ls rtl/common/fp/*.sv | tr '\n' ' ')rtl/nvfp/nvfp_decode.sv rtl/nvfp/nvfp_to_h.sv rtl/nvfp/nvfp_lane.sv rtl/nvfp/nvfp_fdiv.sv rtl/nvfp/nvfp_tex_addr.sv rtl/nvfp/nvfp_tex.sv rtl/nvfp/nvfp_trans.sv rtl/nvfp/nvfp_core.sv"

check verilator-wall "$VERILATOR" --lint-only -Wall --top-module nvfp_core rtl/nvfp/lint.vlt $RTL
check verilator-wall-NINSN=16 "$VERILATOR" --lint-only -Wall --top-module nvfp_core -GNINSN=16 rtl/nvfp/lint.vlt $RTL
check_synth nvfp
check_bench nvfp

[ "$skipped" = 1 ] && echo "yosys synthesis skipped (make synth or make test-long runs it)"
lint_end
