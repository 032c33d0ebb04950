#!/bin/sh
# check-byo.sh BUILD - the "Bring your own RTL" flow of dpi/README.md, as a new
# user meets it: install gpuref into a fresh prefix, copy the example out of
# the installed tree, build it with that prefix only (SystemVerilog bench, no
# C++ main), run its vectors in lockstep; then break the example core (the
# carry out of S_ADD_CO_U32 dropped) and check that the checker names it.
B=${1:-build}
PREFIX=$(pwd)/$B/byo/prefix
# the SONAME carries major.minor of GPUREF_VERSION (model/include/gpuref.h)
SOVER=$(sed -n 's/^#define GPUREF_VERSION "\([0-9]*\.[0-9]*\).*/\1/p' model/include/gpuref.h)
WORK=$(pwd)/$B/byo/work
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
rm -rf "$B/byo" && mkdir -p "$WORK"
if make --no-print-directory install PREFIX="$PREFIX" > "$B/byo/install.log" 2>&1; then
    ok "make install PREFIX=$PREFIX"
else
    bad "make install (see $B/byo/install.log)"; echo "$pass passed, $fail failed"; exit 1
fi
for f in include/gpuref.h include/gpuref_check.h lib/libgpuref.a lib/libgpuref_check.a \
         lib/libgpuref.so.$SOVER lib/pkgconfig/gpuref.pc lib/pkgconfig/gpuref-check.pc \
         share/gpuref/sv/gpuref_pkg.sv share/gpuref/sv/gpuref_check_pkg.sv \
         share/gpuref/sv/gpuref_retire_if.sv share/gpuref/sv/gpuref_retire_mon.sv \
         share/gpuref/sv/gpuref_dpi.c share/gpuref/systemc/gpuref_sc.h \
         share/gpuref/doc/vectors-schema.md share/gpuref/coverage/exclusions/nv50.txt; do
    [ -e "$PREFIX/$f" ] && ok "installed $f" || bad "not installed: $f"
done
soname=$(objdump -p "$PREFIX/lib/libgpuref.so" 2>/dev/null | sed -n 's/ *SONAME *//p')
[ "$soname" = "libgpuref.so.$SOVER" ] && ok "SONAME $soname" || bad "SONAME is '$soname'"
# the model's DPI shim builds from the installed header alone
VINC=$(verilator --getenv VERILATOR_ROOT)/include
if cc -std=c11 -Wall -Werror -c -I"$PREFIX/include" -I"$VINC/vltstd" \
      "$PREFIX/share/gpuref/sv/gpuref_dpi.c" -o "$WORK/gpuref_dpi.o" 2> "$WORK/dpi.log"; then
    ok "gpuref_dpi.c compiles against the installed headers"
else
    bad "gpuref_dpi.c does not compile (see $WORK/dpi.log)"
fi
# a C program against pkg-config
cat > "$WORK/use.c" <<'C'
#include <gpuref.h>
#include <gpuref_check.h>
#include <stdio.h>
int main(void) { printf("%s\n", gpuref_isa_list()); return 0; }
C
if PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig" cc "$WORK/use.c" -o "$WORK/use" \
       $(PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig" pkg-config --cflags --libs --static gpuref-check) \
       2> "$WORK/use.log" && LD_LIBRARY_PATH="$PREFIX/lib" "$WORK/use" > /dev/null; then
    ok "a C program links with pkg-config gpuref-check"
else
    bad "pkg-config link (see $WORK/use.log)"
fi
# the example, from the installed tree
cp -r "$PREFIX/share/gpuref/examples/byo" "$WORK/ex"
if (cd "$WORK/ex" && make run PREFIX="$PREFIX") > "$WORK/ex.log" 2>&1 \
   && grep -q '^3 passed, 0 failed' "$WORK/ex.log"; then
    ok "example bench: 3 passed (one with two waves interleaved), 0 failed"
else
    bad "example bench (see $WORK/ex.log)"
fi
# a broken example core: the checker must name the missing SCC write
cp -r "$PREFIX/share/gpuref/examples/byo" "$WORK/bug"
sed -i 's/rt.rw_en\[1\] = fire \&\& is_add;/rt.rw_en[1] = 1'"'"'b0;/' "$WORK/bug/mini_core.sv"
(cd "$WORK/bug" && make run PREFIX="$PREFIX") > "$WORK/bug.log" 2>&1
if grep -q '^0 passed, 3 failed' "$WORK/bug.log" && grep -q 'scc: not written by DUT' "$WORK/bug.log" \
   && [ -s "$WORK/bug/byo_out/mov_add_carry/mismatch.json" ]; then
    ok "broken example core: scc write missing, named, report written"
else
    bad "broken example core not caught as expected (see $WORK/bug.log)"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
