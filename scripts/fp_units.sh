#!/bin/sh
# fp_units.sh [BUILD_DIR] - lint, synthesize and lockstep-test every unit of
# rtl/common/fp against model/fp.  Self-contained: builds what it needs into
# BUILD_DIR/fpunits/ (default BUILD_DIR: $BUILD_DIR, else build).
#
#   per unit:  verilator --lint-only -Wall (fatal), yosys synth -top <unit>,
#              lockstep bench (special-value cross product under the named
#              policies + GPUREF_FP_RTL_N random vectors, default 100000)
#   output:    one line per unit, then exactly one line "N passed, N failed"
#              counting units (a unit passes when all three checks pass)
#
# Environment: GPUREF_FP_RTL_N (random vectors per unit), GPUREF_FP_SEED
# (default 1), GPUREF_FP_SYNTH=0 skips yosys, JOBS (default 2).
# Logs: BUILD_DIR/fpunits/logs/.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=${1:-${BUILD_DIR:-build}}
mkdir -p "$B" || exit 2
B=$(cd "$B" && pwd)
O=$B/fpunits
L=$O/logs
RTL=$ROOT/rtl/common/fp
TB=$ROOT/testbenches/fp
JOBS=${JOBS:-2}
N=${GPUREF_FP_RTL_N:-100000}
SYNTH=${GPUREF_FP_SYNTH:-1}
# fp32_add/mul/fma/cmp and fp64_add/mul/fma/cmp are the width-parametric
# fp_add, fp_mul, fp_fma, fp_cmp at EW 8/MW 23 and EW 11/MW 52: linting and synthesizing the
# wrappers checks the parametric modules at both widths.
UNITS="fp32_add fp32_mul fp32_fma fp32_cmp fp32_minmax fp32_to_int fp32_from_int fp16_to_fp32 fp32_to_fp16 fp32_trans fp64_add fp64_mul fp64_cmp fp64_to_fp32 fp64_fma fp64_dsr"
VERILATOR=${VERILATOR:-verilator}
CC=${CC:-gcc}
mkdir -p "$O" "$L" "$O/obj" "$O/status"
rm -f "$O"/status/*
RTL_SRC=$(echo "$RTL"/*.sv)

# ---------------------------------------------------------------- lint
for u in $UNITS; do
    if $VERILATOR --lint-only -Wall --top-module "$u" $RTL_SRC > "$L/lint-$u.log" 2>&1; then
        echo ok > "$O/status/lint-$u"
    else
        echo FAIL > "$O/status/lint-$u"
    fi
done

# ------------------------------------------------- synthesis (background)
# fp32_trans (multi-cycle, wide tables and shifters) takes minutes in yosys:
# synthesized in the long runs only (GPUREF_LONG=1 or GPUREF_FP_SYNTH=full)
SYNTH_LONG="fp32_trans"
synth_all() {
    for u in $UNITS; do
        case " $SYNTH_LONG " in
            *" $u "*) if [ "${GPUREF_LONG:-0}" != 1 ] && [ "$SYNTH" != full ]; then
                          echo skipped > "$O/status/synth-$u"; continue
                      fi;;
        esac
        rm -f "$L/stat-$u.txt"
        top=$u   # fp32_trans: the core, so that the radian path (rad = 1) is kept
        [ "$u" = fp32_trans ] && top=fp32_trans_core
        if yosys -q -p "read_verilog -sv $RTL_SRC; synth -top $top; tee -q -o $L/stat-$u.txt stat" \
                > "$L/synth-$u.log" 2>&1 && ! grep -q "ERROR" "$L/synth-$u.log"; then
            cells=$(grep -E "^ +Number of cells:" "$L/stat-$u.txt" 2>/dev/null | tail -n 1 | awk '{print $4}')
            echo "ok ${cells:-?}" > "$O/status/synth-$u"
        else
            echo FAIL > "$O/status/synth-$u"
        fi
    done
}
SYNTH_PID=
if [ "$SYNTH" = 0 ]; then
    for u in $UNITS; do echo skipped > "$O/status/synth-$u"; done
elif ! command -v yosys > /dev/null 2>&1; then
    for u in $UNITS; do echo "FAIL (no yosys)" > "$O/status/synth-$u"; done
else
    synth_all &
    SYNTH_PID=$!
fi

# ------------------------------------------------------ model + driver
build_ok=1
CFLAGS_M="-std=c11 -O2 -g -Wall -Wextra -Wpedantic -fPIC -D_POSIX_C_SOURCE=200809L -I$ROOT/model/include -I$ROOT/model/fp"
rm -rf "$O/cobj" && mkdir -p "$O/cobj"
: > "$L/model.log"
for c in "$ROOT"/model/fp/*.c; do
    $CC $CFLAGS_M -c "$c" -o "$O/cobj/$(basename "$c" .c).o" >> "$L/model.log" 2>&1 || build_ok=0
done
# the ISA policies join the pool once model/fp defines them
DEFS=
nm "$O"/cobj/*.o 2>/dev/null | grep -q " T fp_policy_find$" && DEFS=-DFPD_HAVE_ISA_POLICIES
$CC $CFLAGS_M -Werror $DEFS -I"$TB" -c "$TB/fp_drv.c" -o "$O/cobj/fp_drv.o" >> "$L/model.log" 2>&1 || build_ok=0
rm -f "$O/libfpunits_c.a"
[ $build_ok = 1 ] && { ar rcs "$O/libfpunits_c.a" "$O"/cobj/*.o >> "$L/model.log" 2>&1 || build_ok=0; }

# ------------------------------------------------------ verilated bench
BIN=$O/obj/Vtb_fp_units
rm -f "$BIN"            # a changed .a does not make verilator relink
if [ $build_ok = 1 ]; then
    OBJCACHE=${OBJCACHE:-$(command -v ccache 2>/dev/null || true)}
    export OBJCACHE
    $VERILATOR --cc --exe --build -j "$JOBS" -Wno-fatal --x-assign unique --x-initial unique \
        -MAKEFLAGS "OPT_FAST=-O2" --Mdir "$O/obj" --top-module tb_fp_units -o Vtb_fp_units \
        -CFLAGS "-I$TB -I$ROOT/model/include -I$ROOT/model/fp" \
        $RTL_SRC "$TB/tb_fp_units.sv" "$TB/main.cpp" "$O/libfpunits_c.a" \
        > "$L/verilator-build.log" 2>&1 || build_ok=0
fi

if [ $build_ok = 1 ] && [ -x "$BIN" ]; then
    GPUREF_FP_RTL_N=$N "$BIN" > "$L/bench.log" 2>&1
    bench_rc=$?
else
    echo "bench not built (see $L/model.log, $L/verilator-build.log)" > "$L/bench.log"
    bench_rc=1
fi
[ -n "$SYNTH_PID" ] && wait "$SYNTH_PID"

# ------------------------------------------------------------- report
head -n 1 "$L/bench.log"
pass=0
fail=0
for u in $UNITS; do
    lint=$(cat "$O/status/lint-$u")
    synth=$(cat "$O/status/synth-$u" 2>/dev/null || echo FAIL)
    line=$(grep -E "^$u +(PASS|FAIL) " "$L/bench.log" | head -n 1)
    if [ -n "$line" ]; then
        verdict=$(echo "$line" | awk '{print $2}')
        detail=$(echo "$line" | sed -E "s/^$u +(PASS|FAIL) +//")
    else
        verdict=FAIL
        detail="not run"
    fi
    case "$synth" in ok*) synth_txt="synth ok ($(echo "$synth" | cut -d' ' -f2) cells)";; skipped) synth_txt="synth skipped";; *) synth_txt="synth $synth";; esac
    status=PASS
    [ "$lint" != ok ] && status=FAIL
    case "$synth" in FAIL*) status=FAIL;; esac
    [ "$verdict" != PASS ] && status=FAIL
    printf '%-14s %s  lint %s, %s, lockstep %s\n' "$u" "$status" "$lint" "$synth_txt" "$detail"
    if [ $status = PASS ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
if [ $fail != 0 ]; then
    grep -E "^  MISMATCH" "$L/bench.log" | head -n 20
    echo "logs: $L"
fi
[ $bench_rc != 0 ] && [ $fail = 0 ] && fail=1    # the bench itself failed
echo "$pass passed, $fail failed"
[ $fail = 0 ]
