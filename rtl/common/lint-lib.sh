# lint-lib.sh - what every rtl/<isa>/lint.sh shares, sourced from the
# repository root:
#   . rtl/common/lint-lib.sh; lint_init ISA
#   check NAME COMMAND...   one check; its output goes to $tmp/NAME.log and
#                           is shown (last 20 lines) when it fails
#   check_bench ISA         the lockstep bench tb_ISA compiles
#   check_synth ISA         yosys: the whole synthesis (GPUREF_SYNTH unset or
#                           full), else read and elaborate rtl/ISA/synth.ys up to
#                           its `synth` line and count the synthesis as skipped
#   lint_end                "N passed, N failed" (", N skipped" once the
#                           script has set $skipped); non-zero when a check failed
lint_init() {   # lint_init ISA: VERILATOR, YOSYS, the scratch folder $tmp (removed on exit), the counters
    VERILATOR=${VERILATOR:-verilator}
    YOSYS=${YOSYS:-yosys}
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1-lint.XXXXXX") || exit 2
    trap 'rm -rf "$tmp"' EXIT INT TERM
    pass=0
    fail=0
    skipped=
}

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

# the bench top compiles with the DPI packages, the retire interface and
# monitor and the RTL, listed as the Makefile's tb_rule lists them (the
# ISA's *_pkg.sv first: nv50's modules name the package without `include)
check_bench() {   # check_bench ISA
    check bench-verilate "$VERILATOR" --lint-only -Wno-fatal --top-module "tb_$1" \
        dpi/gpuref_pkg.sv testbenches/common/gpuref_check_pkg.sv testbenches/common/gpuref_retire_if.sv \
        testbenches/common/gpuref_retire_mon.sv \
        $(ls rtl/common/*.sv rtl/common/fp/*.sv "rtl/$1"/*_pkg.sv 2>/dev/null; ls "rtl/$1"/*.sv | grep -v '_pkg\.sv$') \
        "testbenches/$1/tb_$1.sv"
}

check_synth() {   # check_synth ISA
    skipped=0
    if [ "${GPUREF_SYNTH:-full}" = full ]; then
        check yosys-synth sh scripts/synth.sh "$1" full
    else
        check yosys-elaborate sh -c 'sed -e "/^synth /,\$d" "rtl/$2/synth.ys" > "$1/elab.ys" && yosys -q -s "$1/elab.ys"' sh "$tmp" "$1"
        skipped=1
    fi
}

lint_end() {
    if [ -n "$skipped" ]; then
        echo "$pass passed, $fail failed, $skipped skipped"
    else
        echo "$pass passed, $fail failed"
    fi
    [ "$fail" -eq 0 ]
}
