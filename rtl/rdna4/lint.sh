#!/bin/sh
# lint.sh - static checks of the RDNA4 core (scalar core and vector unit; run from anywhere):
#   1. verilator --lint-only -Wall on rtl/rdna4 (fatal, no waivers beyond the
#      targeted comments in the sources); the deliberate bugs are not in the
#      sources (scripts/mutations/rdna4.txt, selected at run time in the
#      mutant bench);
#   2. yosys 0.23 synthesis (rtl/rdna4/synth.ys, small memories);
#   3. the lockstep bench compiles: tb_rdna4 + the DPI packages, the retire
#      interface and monitor + the RTL, listed
#      as the Makefile's tb_rule lists them (*_pkg.sv left to the `include);
#   4. the 2/pi ROM of rdna4_vtrig.sv matches the model's table.
# Prints one line "N passed, N failed"; a failing check also prints its log tail.
# Exit status 0 when everything passed.
cd "$(dirname "$0")/../.." || exit 2
. rtl/common/lint-lib.sh
lint_init rdna4

RTL="$(ls rtl/common/fp/*.sv | tr '\n' ' ')rtl/rdna4/rdna4_decode.sv rtl/rdna4/rdna4_salu.sv rtl/rdna4/rdna4_sfloat.sv rtl/rdna4/rdna4_valu.sv rtl/rdna4/rdna4_valu64.sv rtl/rdna4/rdna4_vf64.sv rtl/rdna4/rdna4_vfloat_lane.sv rtl/rdna4/rdna4_vhalf_lane.sv rtl/rdna4/rdna4_vfloat.sv rtl/rdna4/rdna4_vtrans.sv rtl/rdna4/rdna4_vcvtn.sv rtl/rdna4/rdna4_vfp8.sv rtl/rdna4/rdna4_wmma.sv rtl/rdna4/rdna4_vdsr.sv rtl/rdna4/rdna4_vdiv.sv rtl/rdna4/rdna4_vtrig.sv rtl/rdna4/rdna4_vdot.sv rtl/rdna4/rdna4_vdot16_step.sv rtl/rdna4/rdna4_vdot16.sv rtl/rdna4/rdna4_vpk.sv rtl/rdna4/rdna4_vinterp.sv rtl/rdna4/rdna4_dpp.sv rtl/rdna4/rdna4_vopd.sv rtl/rdna4/rdna4_fatomic.sv rtl/rdna4/rdna4_vfmt_ld.sv rtl/rdna4/rdna4_vfmt_st.sv rtl/rdna4/rdna4_vfmt.sv rtl/rdna4/rdna4_vmem.sv rtl/rdna4/rdna4_lds.sv rtl/rdna4/rdna4_mcnt.sv rtl/rdna4/rdna4_waves.sv rtl/rdna4/rdna4_core.sv"

check verilator-wall "$VERILATOR" --lint-only -Wall --top-module rdna4_core $RTL
# yosys: make synth / make test-long run the whole synthesis.  make test
# (GPUREF_SYNTH=coarse) reads and elaborates the core (read_verilog, chparam,
# hierarchy -check: every module found, every port and parameter bound, under a
# minute) and counts the synthesis as skipped: with the vector unit's per-lane
# loops (LDS, 64-bit operands, packed math) yosys 0.23's proc pass alone took
# 11 minutes and the coarse synthesis 22 on this 2-core machine.
check_synth rdna4
check_bench rdna4
# the 2/pi ROM of rdna4_vtrig.sv is the block rdna4_two_over_pi_rom.py generates from the model's table
check two-over-pi-rom python3 rtl/rdna4/rdna4_two_over_pi_rom.py --check rtl/rdna4/rdna4_vtrig.sv

# out-of-range parameters must stop elaboration with their message
for bad in WAVES=0 WAVES=5 VMQ=16 VMQ=0 VM_LAT=0 LDQ=0 LDQ=16 LDS_LAT=0 LDS_WORDS=3 KMQ=16 KMQ=0 SMEM_LAT=0 SMEM_LAT=257 LPC=3 FPC=3 VGPRS=3; do
    check "param-$bad" sh -c '"$1" --lint-only -Wall --top-module rdna4_core -G"$2" $3 2>&1 | grep -q "must be"' \
        sh "$VERILATOR" "$bad" "$RTL"
done

[ "$skipped" = 1 ] && echo "yosys synthesis skipped: the RDNA4 core is elaborated here and synthesized by make synth / make test-long"
lint_end
