#!/bin/sh
# fdiv_check.sh [BUILD] [N] - the unit bench of rtl/nvfp/nvfp_fdiv.sv (TXP's
# division) against model/fp's fp_div under the nvfp policy: N operand pairs
# (default 200000) from fdiv_vec.c, the divider verilated with tb_fdiv.sv.
# Needs BUILD/lib/libgpuref.a (make all).  Prints "N divisions, N mismatches";
# exit status 0 when there are none.
cd "$(dirname "$0")/../../.." || exit 2
B=${1:-build}; N=${2:-200000}
out=$B/nvfp-fdiv
mkdir -p "$out" || exit 2
cc -std=c11 -O2 -Imodel/fp -Imodel/include testbenches/nvfp/fdiv/fdiv_vec.c "$B/lib/libgpuref.a" -lyaml -lm \
    -o "$out/fdiv_vec" || exit 1
"$out/fdiv_vec" "$N" > "$out/fdiv_vec.txt" || exit 1
verilator --binary -Wno-fatal -O2 --Mdir "$out/obj" --top-module tb_fdiv rtl/common/fp/fp_round.sv \
    rtl/nvfp/nvfp_fdiv.sv testbenches/nvfp/fdiv/tb_fdiv.sv > "$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 1; }
"$out/obj/Vtb_fdiv" "+vec=$out/fdiv_vec.txt" | tee "$out/run.log" | grep -v finish
grep -q ", 0 mismatches" "$out/run.log"
