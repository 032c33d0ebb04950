#!/bin/sh
# rtl/nv50/lint.sh - static checks of the NV50 core:
#   1. verilator --lint-only -Wall (default parameters), plain and with every
#      option define, and with -GSTRICT=1'b1 (all must be warning-free).  The deliberate bugs and
#      mutants are not in the sources (scripts/mutations/nv50.txt; the
#      generated mutant RTL is built with -Wno-fatal by the Makefile);
#   2. yosys synthesis with small memories (rtl/nv50/synth.ys);
#   3. the lockstep bench compiles (check_bench, rtl/common/lint-lib.sh).
# Usage: rtl/nv50/lint.sh            (from anywhere; exits non-zero on failure)
#        NV50_NO_SYNTH=1 rtl/nv50/lint.sh   skips the (slow, several minutes) yosys run
#        GPUREF_SYNTH=coarse rtl/nv50/lint.sh  coarse synthesis only (scripts/synth.sh)
cd "$(dirname "$0")/../.." || exit 2

# every float unit of rtl/common/fp (as the other cores' lint and the benches
# read them; --top-module leaves out the units nv50_fpu does not use)
FP=$(ls rtl/common/fp/*.sv | tr '\n' ' ')
SRCS="rtl/nv50/nv50_pkg.sv rtl/nv50/nv50_ram.sv rtl/nv50/nv50_alu.sv rtl/nv50/nv50_decode.sv \
      rtl/nv50/nv50_sfu_rom.sv rtl/nv50/nv50_sfu.sv rtl/nv50/nv50_fpu.sv rtl/nv50/nv50_mad_g80.sv rtl/nv50/nv50_core.sv $FP"
. rtl/common/lint-lib.sh
lint_init nv50

for def in "" NV50_PI_UNSIGNED STRICT; do
  case "$def" in
    "")     dflag=""; label="default" ;;
    STRICT) dflag="-GSTRICT=1'b1"; label="STRICT=1" ;;   # a 1-bit value: -GSTRICT=1 is 32 bits (WIDTH)
    *)      dflag="-D$def"; label="$def" ;;
  esac
  # shellcheck disable=SC2086
  check "verilator-wall-$label" "$VERILATOR" --lint-only -Wall $dflag --top-module nv50_core $SRCS
done

if [ "${NV50_NO_SYNTH:-0}" = "1" ]; then
  echo "synth: skipped (NV50_NO_SYNTH=1)"; skipped=1
else
  check yosys-synth sh scripts/synth.sh nv50 "${GPUREF_SYNTH:-full}"
fi

check_bench nv50
lint_end
