#!/bin/sh
# synth.sh ISA [full|coarse] - yosys synthesis check of rtl/ISA (rtl/ISA/synth.ys).
#   full   (default) the whole `synth`: down to gates, memories mapped (minutes:
#          the NV50 register files alone are ~800k cells)
#   coarse `synth -run :fine`: elaboration, flattening, FSM, coarse optimisation
#          and memory inference, without gate mapping; `make test` runs this,
#          `make synth` and `make test-long` the full run.
set -eu
isa=$1; level=${2:-full}
ys=rtl/$isa/synth.ys
[ -f "$ys" ] || { echo "synth: no $ys" >&2; exit 1; }
if [ "$level" = coarse ]; then
    tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
    sed -E -e 's/^(synth -top [A-Za-z0-9_]+)(.*)$/\1\2 -run :fine/' -e '/^stat/d' "$ys" > "$tmp"
    ys=$tmp
fi
yosys -q -s "$ys"
