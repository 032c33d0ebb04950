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
VERILATOR=${VERILATOR:-verilator}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/r700-lint.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

check() {   # check NAME COMMAND...
    name=$1; shift
    if "$@" > "$tmp/$name.log" 2>&1; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: $*" >&2
        tail -20 "$tmp/$name.log" >&2
    fi
}

RTL="$(ls rtl/common/fp/*.sv | tr '\n' ' ')rtl/r700/r700_decode.sv rtl/r700/r700_alu.sv rtl/r700/r700_red.sv rtl/r700/r700_core.sv"
BENCH_RTL=$(ls rtl/common/*.sv rtl/common/fp/*.sv 2>/dev/null; ls rtl/r700/*.sv | grep -v '_pkg\.sv$')

check verilator-wall "$VERILATOR" --lint-only -Wall --top-module r700_core $RTL
for p in LANES=1 LANES=64 STACK=1; do
    check "verilator-wall-$p" "$VERILATOR" --lint-only -Wall --top-module r700_core -G"$p" $RTL
done
# yosys: full synthesis in make synth / make test-long; make test (coarse)
# only elaborates (a coarse synthesis of the one-lane core takes over 15
# minutes on a loaded 2-core machine: the GPR file and the five slots)
skipped=0
if [ "${GPUREF_SYNTH:-full}" = full ]; then
    check yosys-synth sh scripts/synth.sh r700 full
else
    check yosys-elaborate sh -c 'sed -e "/^synth /,\$d" rtl/r700/synth.ys > "$1/elab.ys" && yosys -q -s "$1/elab.ys"' sh "$tmp"
    skipped=1
fi
check bench-verilate "$VERILATOR" --lint-only -Wno-fatal --top-module tb_r700 \
    dpi/gpuref_pkg.sv testbenches/common/gpuref_check_pkg.sv testbenches/common/gpuref_retire_if.sv \
    testbenches/common/gpuref_retire_mon.sv $BENCH_RTL testbenches/r700/tb_r700.sv

[ "$skipped" = 1 ] && echo "yosys synthesis skipped (make synth or make test-long runs it)"
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
