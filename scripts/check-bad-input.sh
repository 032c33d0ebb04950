#!/bin/sh
# check-bad-input.sh BUILD - bad input gets a one-line located error, a
# non-zero exit, and leaves no half-written output.
#   check-bad-input.sh BUILD long - only the long scaling runs (make test-long)
B=${1:-build}
G=$B/bin/gpuref
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# Scaling (issue 9.4): user CPU seconds of a run on N and on 8N items.  Linear
# work gives a ratio near 8, quadratic near 64: the check is the ratio (at
# most 20, the small run counted as at least 0.05 s), never a time.
cpu() { /usr/bin/time -f %U -o "$T/cpu" "$@" > /dev/null 2>&1; tail -n 1 "$T/cpu"; }
words() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i += 2) print "10008001 00000003" }'; }
labels() { awk -v n="$1" -v op="$2" 'BEGIN { for (i = 0; i < n; i++) printf "L%d: %s L%d\n", i, op, i }'; }
scale() {  # scale NAME SMALL_SECONDS BIG_SECONDS
    if awk -v a="$2" -v b="$3" 'BEGIN { if (a < 0.05) a = 0.05; exit !(b <= 20 * a) }'; then
        ok "$1 scales linearly (${2}s, 8x: ${3}s)"
    else bad "$1 scales linearly (${2}s, 8x: ${3}s)"; fi
}
scaling() {  # scaling N: disasm -f of N and 8N words, asm of N/8 and N labels per ISA
    n=$1; m=$((8 * n)); l=$((n / 8))
    words $n > "$T/ws.hex"; words $m > "$T/wb.hex"
    scale "disasm -f ($n words)" "$(cpu "$G" disasm --isa nv50 -f "$T/ws.hex")" \
          "$(cpu "$G" disasm --isa nv50 -f "$T/wb.hex")"
    for isa in nv50:bra rdna4:s_branch; do
        labels $l "${isa#*:}" > "$T/ls.s"; labels $n "${isa#*:}" > "$T/lb.s"
        scale "asm --isa ${isa%%:*} ($l labels)" "$(cpu "$G" asm --isa ${isa%%:*} "$T/ls.s")" \
              "$(cpu "$G" asm --isa ${isa%%:*} "$T/lb.s")"
    done
}
if [ "$2" = long ]; then
    words 2000000 > "$T/w2m.hex"
    s=$(cpu "$G" disasm --isa nv50 -f "$T/w2m.hex")
    echo "disasm -f: 2000000 words in ${s}s user ($(awk -v s="$s" 'BEGIN { printf "%.0f", (s > 0 ? 2000000 / s : 0) }') words/s)"
    if ! grep -q "non-zero" "$T/cpu"; then ok "disasm -f of 2M words"; else bad "disasm -f of 2M words"; fi
    scaling 320000
    echo "$pass passed, $fail failed"
    [ $fail -eq 0 ]
    exit
fi
scaling 40000

# expect NAME PATTERN CMD...: non-zero exit, exactly one line on stderr matching PATTERN
# (besides a "Try 'gpuref --help'" hint after a usage error)
expect() {
    name=$1; pat=$2; shift 2
    "$@" > "$T/out" 2> "$T/err.raw"
    st=$?
    grep -v "^Try '" "$T/err.raw" > "$T/err"     # usage errors may add a --help hint
    n=$(wc -l < "$T/err")
    if [ $st -ne 0 ] && [ "$n" -eq 1 ] && grep -Eq "$pat" "$T/err"; then ok "$name"
    else bad "$name (exit $st, $n stderr lines: $(head -c 300 "$T/err"))"; fi
}

printf 'isa: nv50\ntests:\n  - name: a\n    program: "nop"\n    expect: {steps: 1}\n    bogus: 1\n' > "$T/unknown-key.yaml"
expect "unknown YAML key" "unknown-key.yaml:6:5: .*bogus" "$G" run "$T/unknown-key.yaml"
printf 'isa: nv50\ntests:\n  - name: a\n    program: "exit nop"\n    expect:\n      regs: {r1: 12}\n' > "$T/nonhex.yaml"
expect "non-hex value" "nonhex.yaml:6:[0-9]+: .*hex" "$G" run "$T/nonhex.yaml"
printf 'isa: nv50\ntests: [ {name: a, program: "exit nop"\n' > "$T/syntax.yaml"
expect "YAML syntax error" "syntax.yaml:[0-9]+:[0-9]+:" "$G" run "$T/syntax.yaml"
printf 'isa: nv50\ntests:\n  - name: a\n    program: "exit nop"\n    expect:\n      regs: {r200: "0x1"}\n' > "$T/range.yaml"
expect "register out of range" "range.yaml:6:[0-9]+: .*r200" "$G" run "$T/range.yaml"
printf 'isa: nv50\ntests:\n  - name: a\n    program: |\n      nop\n      frobnicate $r1\n    expect: {steps: 1}\n' > "$T/mnem.yaml"
expect "unknown mnemonic in a vector" "mnem.yaml:6:[0-9]*:? ?.*frobnicate" "$G" run "$T/mnem.yaml"
printf 'isa: r9000\ntests:\n  - name: a\n    program: "nop"\n    expect: {steps: 1}\n' > "$T/isa.yaml"
expect "unknown ISA in a vector" "isa.yaml:1:[0-9]+: .*r9000" "$G" run "$T/isa.yaml"
expect "missing file" "nosuch.yaml" "$G" run "$T/nosuch.yaml"
expect "unknown ISA" "unknown ISA.*r9000" "$G" disasm --isa r9000 0x0
expect "truncated long instruction" "truncated" "$G" disasm --isa nv50 0x00000001
expect "not a hex word" "zzz" "$G" disasm --isa nv50 zzz
printf 'add b32 $r1 $r2 $r3\nfrobnicate $r1\n' > "$T/p.s"
expect "unknown mnemonic" "p.s:2:1: .*frobnicate" "$G" asm --isa nv50 "$T/p.s" -o "$T/p.hex"
if [ -e "$T/p.hex" ]; then bad "no half-written output"; else ok "no half-written output"; fi
printf 'add b32 $r1 $r2 $r300\n' > "$T/r.s"
expect "register out of range in asm" "r.s:1:17: .*r300" "$G" asm --isa nv50 "$T/r.s"
expect "unknown subcommand" "frob" "$G" frob
for sub in "" run disasm asm; do
    if "$G" $sub --help > "$T/h" 2>&1 && grep -qi usage "$T/h"; then ok "gpuref $sub --help"
    else bad "gpuref $sub --help"; fi
done
# issue 9.1: an exclusion reason on every bin overflowed the listing
printf '*  # x\n' > "$T/all.txt"
if "$G" cov bins --isa nv50 --exclusions "$T/all.txt" > "$T/out" 2>&1 && tail -n 1 "$T/out" | grep -q '# excluded: x$'
then ok "cov bins with every bin excluded"; else bad "cov bins with every bin excluded"; fi
# issue 9.2: -o onto what is not a regular file writes it in place
mkfifo "$T/fifo"
cat "$T/fifo" > "$T/fifo.out" & rdr=$!
"$G" gen --isa nv50 --seed 1 --count 2 -q -o "$T/fifo"; st=$?
wait $rdr
if [ $st -eq 0 ] && [ -p "$T/fifo" ] && grep -q '^tests:' "$T/fifo.out"; then ok "-o FIFO stays a FIFO"
else bad "-o FIFO stays a FIFO (exit $st)"; fi
echo old > "$T/target.yaml"; ln -s target.yaml "$T/link.yaml"
"$G" gen --isa nv50 --seed 1 --count 2 -q -o "$T/link.yaml"; st=$?
if [ $st -eq 0 ] && [ -L "$T/link.yaml" ] && grep -q '^tests:' "$T/target.yaml"; then ok "-o symlink stays a symlink, its target written"
else bad "-o symlink stays a symlink (exit $st)"; fi
"$G" gen --isa nv50 --seed 1 --count 2 -q -o /dev/null; st=$?
if [ $st -eq 0 ] && [ -c /dev/null ]; then ok "-o /dev/null"; else bad "-o /dev/null (exit $st)"; fi
if mknod "$T/null" c 1 3 2>/dev/null; then       # as root: a device node of our own
    "$G" gen --isa nv50 --seed 1 --count 2 -q -o "$T/null"; st=$?
    if [ $st -eq 0 ] && [ -c "$T/null" ]; then ok "-o device node stays a device"
    else bad "-o device node stays a device (exit $st)"; fi
fi
# issue 9.9: killed mid-write (SIGXFSZ past ulimit -f): no temporary file left
(ulimit -f 4; exec "$G" gen --isa nv50 --seed 1 --count 300 -q -o "$T/big.yaml") 2>/dev/null; st=$?
if [ $st -ne 0 ] && ! ls "$T"/big.yaml* > /dev/null 2>&1; then ok "SIGXFSZ mid-write leaves nothing"
else bad "SIGXFSZ mid-write leaves nothing (exit $st: $(ls "$T" | grep big))"; fi
# issue 9.6: shrink stops a bench run that hangs (--timeout), and a folder as
# --bench is a usage error
printf 'isa: nv50\ntests:\n  - name: a\n    program: "exit nop"\n    expect: {steps: 1}\n' > "$T/one.yaml"
printf '#!/bin/sh\nsleep 600\n' > "$T/hang.sh"; chmod +x "$T/hang.sh"
timeout 60 "$G" shrink --bench "$T/hang.sh" --timeout 1 "$T/one.yaml" > /dev/null 2> "$T/err"; st=$?
if [ $st -eq 1 ] && grep -q "does not fail in lockstep" "$T/err"; then ok "shrink --timeout stops a hanging bench"
else bad "shrink --timeout stops a hanging bench (exit $st)"; fi
"$G" shrink --bench "$T" "$T/one.yaml" > /dev/null 2>&1; st=$?
if [ $st -eq 2 ]; then ok "shrink --bench FOLDER is a usage error"; else bad "shrink --bench FOLDER is a usage error (exit $st)"; fi
printf 'isa: nv50\ntests:\n  - name: a\n    max_steps: 18446744073709551615\n    program: "exit nop"\n    expect: {steps: 1}\n' > "$T/maxs.yaml"
expect "max_steps 2^64-1" "maxs.yaml:4:[0-9]+: max_steps" "$G" run "$T/maxs.yaml"
# issue 9.8: messages
mkdir "$T/dir"
expect "run a folder" "dir: .*Is a directory" "$G" run "$T/dir"
expect "asm a folder" "dir: .*Is a directory" "$G" asm --isa nv50 "$T/dir"
expect "cov report a folder" "dir: .*Is a directory" "$G" cov report --no-html "$T/dir"
expect "gen --mix a folder" "dir: .*Is a directory" "$G" gen --isa nv50 --mix "$T/dir"
expect "gen > /dev/full" "cannot write: No space left" "$G" gen --isa nv50 --count 1 -q -o /dev/full
# --mix repeated: every file applies, in order (the second one must not replace the first)
printf 'mov.b16.short: 7\nmov.b32.short: 5\n' > "$T/mix1.yaml"
printf 'mov.b32.short: 9\n' > "$T/mix2.yaml"
"$G" gen --isa nv50 --mix "$T/mix1.yaml" --mix "$T/mix2.yaml" --list-mix > "$T/mixes" 2>&1
if grep -Eq '^mov\.b16\.short +7 ' "$T/mixes" && grep -Eq '^mov\.b32\.short +9 ' "$T/mixes"; then ok "gen --mix twice: both files, in order"
else bad "gen --mix twice: both files, in order ($(grep -E '^mov\.b(16|32)\.short' "$T/mixes" | tr -s ' ' | tr '\n' ';'))"; fi
"$G" gen --isa nv50 --count 1 -q > /dev/full 2> "$T/err"; st=$?
if [ $st -eq 3 ] && [ "$(wc -l < "$T/err")" -eq 1 ]; then ok "gen > /dev/full: one error line"
else bad "gen > /dev/full: one error line (exit $st: $(cat "$T/err"))"; fi
for sub in --help "run --help" "help gen"; do
    "$G" $sub > /dev/full 2> "$T/err"; st=$?
    if [ $st -ne 0 ] && [ "$(wc -l < "$T/err")" -eq 1 ]; then ok "gpuref $sub > /dev/full fails"
    else bad "gpuref $sub > /dev/full fails (exit $st)"; fi
done
printf 'isa: nv50\ntests:\n  - name: a\n    program: |\n      bra 0x100\n      exit nop\n    expect: {error: "pc 0x100 is outside the loaded program [0x0, 0x10)"}\n' > "$T/pc5.yaml"
printf 'isa: rdna4\ntests:\n  - name: a\n    program: |\n      s_branch 5\n      s_endpgm\n    expect: {error: "pc 0x18 is outside the loaded program [0x0, 0x8)"}\n' > "$T/pc4.yaml"
# bra (long, 8 bytes) + exit (long): [0x0, 0x10); s_branch 5 at 0: 0x4 + 4*5 = 0x18
if "$G" run -q "$T/pc5.yaml" "$T/pc4.yaml" > "$T/out" 2>&1; then ok "one pc range format, [base, end)"
else bad "one pc range format, [base, end): $(grep FAIL "$T/out" | head -2)"; fi
# RDNA4 CLAMP / OMOD where LLVM 22 has no such operand (model/rdna4/README.md V55): one
# error line located at the modifier, in the assembler and in a vector's program
printf 's_nop 0\nv_add3_u32 v0, v1, v2, v3 clamp\n' > "$T/cl.s"
expect "rdna4 CLAMP without an operand" "cl.s:2:27: illegal v_add3_u32: CLAMP" "$G" asm --isa rdna4 "$T/cl.s"
printf 'v_cvt_f32_fp8_e64 v1, v2 mul:2\n' > "$T/om.s"
expect "rdna4 OMOD without an operand" "om.s:1:26: illegal v_cvt_f32_fp8: OMOD" "$G" asm --isa rdna4 "$T/om.s"
printf 'isa: rdna4\ntests:\n  - name: a\n    program: |\n      v_nop_e64 clamp\n      s_endpgm\n    expect: {steps: 2}\n' > "$T/cl.yaml"
expect "rdna4 CLAMP on V_NOP in a vector" "cl.yaml:5:17: program: illegal v_nop: CLAMP" "$G" run "$T/cl.yaml"
# RDNA4 forms llvm-mc 22 does not have (model/rdna4/README.md E20): V_READFIRSTLANE_B32
# has no VOP3 form (error at the mnemonic), the V_S_* source is an SGPR (at the operand)
printf 's_nop 0\nv_readfirstlane_b32_e64 s4, v32\n' > "$T/rf.s"
expect "rdna4 v_readfirstlane_b32_e64" "rf.s:2:1: 'v_readfirstlane_b32_e64': v_readfirstlane_b32 has no VOP3 \(_e64\) form" "$G" asm --isa rdna4 "$T/rf.s"
printf 'v_s_exp_f32 s4, v32\n' > "$T/se.s"
expect "rdna4 V_S_* with a VGPR source" "se.s:1:17: v_s_exp_f32: this source must be a scalar value" "$G" asm --isa rdna4 "$T/se.s"
printf 'isa: rdna4\ntests:\n  - name: a\n    program: |\n      v_s_sqrt_f16 s4, v2.l\n      s_endpgm\n    expect: {steps: 2}\n' > "$T/se.yaml"
expect "rdna4 V_S_* with a VGPR source in a vector" "se.yaml:5:24: program: v_s_sqrt_f16: this source must be a scalar value" "$G" run "$T/se.yaml"
printf 'isa: nv50\ntests:\n  - name: a\n    program: "exit nop"\n    expect: {steps: 1}\n' > "$T/a.yaml"
"$G" run -q --cov "$T/a.dat" "$T/a.yaml" > /dev/null 2>&1
expect "cov report: missing --exclusions folder" "exclusions .*nosuch: No such file" "$G" cov report --no-html --exclusions "$T/nosuch" "$T/a.dat"
printf 'nv50.op.\001\377x  # why\n' > "$T/raw.txt"
expect "exclusion errors escape raw bytes" "raw.txt:1: .*nv50.op.\\\\x01\\\\xffx" "$G" cov bins --isa nv50 --exclusions "$T/raw.txt"
# vectors/README.md lists each ISA's register keys as `gpuref run --keys ISA` prints them
for isa in ${ISAS:-nv50 rdna4}; do
    "$G" run --keys "$isa" > "$T/keys" 2>&1
    miss=$(tail -n +2 "$T/keys" | while IFS= read -r l; do grep -qxF -- "$l" vectors/README.md || echo "$l"; done)
    if [ -s "$T/keys" ] && [ -z "$miss" ]; then ok "vectors/README.md has the keys of $isa"
    else bad "vectors/README.md has the keys of $isa (missing: $(echo "$miss" | head -n 2))"; fi
done
"$G" run --keys nv50 --config waves=2 > /dev/full 2> "$T/err"; st=$?
if [ $st -eq 3 ] && [ "$(wc -l < "$T/err")" -eq 1 ]; then ok "run --keys > /dev/full fails"
else bad "run --keys > /dev/full fails (exit $st)"; fi
expect "run --keys: bad config" "run: --keys nv50: .*unknown config key 'bogus'" "$G" run --keys nv50 --config bogus=1

# Data files when installed: the default coverage exclusions are looked up in
# $GPUREF_DATA, ./, then <bin>/../share/gpuref/ (model/cli/README.md).
R=$(pwd)
mkdir -p "$T/elsewhere" "$T/data/coverage/exclusions" "$T/lone/bin"
"$G" cov bins --isa nv50 --exclusions coverage/exclusions/nv50.txt > "$T/bins.ref" 2>&1
if [ "$B" = build ] && make --no-print-directory install PREFIX="$T/inst" > "$T/install.log" 2>&1; then
    (cd "$T/elsewhere" && "$T/inst/bin/gpuref" cov bins --isa nv50 > "$T/bins.inst" 2> "$T/bins.err")
    if [ $? -eq 0 ] && [ ! -s "$T/bins.err" ] && grep -q "# excluded" "$T/bins.inst" &&
       cmp -s "$T/bins.ref" "$T/bins.inst"; then ok "installed cov bins finds its exclusions"
    else bad "installed cov bins finds its exclusions ($(head -c 200 "$T/bins.err"))"; fi
    # the binary alone, no share/ beside it: one warning, bins reported unexcluded
    cp "$T/inst/bin/gpuref" "$T/lone/bin/"
    (cd "$T/elsewhere" && "$T/lone/bin/gpuref" cov bins --isa nv50 > "$T/bins.lone" 2> "$T/bins.err")
    st=$?
    if [ $st -eq 0 ] && [ "$(wc -l < "$T/bins.err")" -eq 1 ] &&
       grep -q "warning: default coverage/exclusions/nv50.txt not found" "$T/bins.err" &&
       ! grep -q "# excluded" "$T/bins.lone"; then ok "no exclusions anywhere: one warning"
    else bad "no exclusions anywhere: one warning (exit $st: $(head -c 200 "$T/bins.err"))"; fi
    # $GPUREF_DATA comes first
    printf 'nv50.op.mov.b16.short  # test: excluded through GPUREF_DATA\n' > "$T/data/coverage/exclusions/nv50.txt"
    (cd "$T/elsewhere" && GPUREF_DATA="$T/data" "$T/inst/bin/gpuref" cov bins --isa nv50 > "$T/bins.env" 2> "$T/bins.err")
    if [ $? -eq 0 ] && [ "$(grep -c '# excluded' "$T/bins.env")" -eq 1 ] &&
       grep -q "excluded: test: excluded through GPUREF_DATA" "$T/bins.env"; then ok "GPUREF_DATA exclusions"
    else bad "GPUREF_DATA exclusions ($(head -c 200 "$T/bins.err"))"; fi
    cd "$T/elsewhere"
    expect "installed: a named exclusions file missing" "nosuch.txt: cannot read" \
        "$T/inst/bin/gpuref" cov bins --isa nv50 --exclusions "$T/nosuch.txt"
    cd "$R"
else
    [ "$B" = build ] && bad "make install PREFIX=$T/inst ($(tail -n 3 "$T/install.log"))"
fi
cd "$R"
# scripts/mutate.py: a find text that is not a whole statement or expression
# (the mutant bench would not build) is rejected up front, nothing written
mut() {  # mut NAME PATTERN FIND [REPLACEMENT]
    printf '# a\nm1 @@ rtl/usc/usc_core.sv @@ %s @@ %s\n' "$3" "${4:-$3}" > "$T/mut.txt"
    expect "mutate.py: $1" "mut.txt:2: the text to find is not a complete .*$2" \
        python3 scripts/mutate.py --isa usc --list "$T/mut.txt" --gen "$T/mutgen"
    [ ! -e "$T/mutgen" ] || bad "mutate.py: $1 leaves $T/mutgen"
}
mut "statement cut after '<='" "does not start where a statement starts" "fall >> 1;"
mut "expression cut inside a name" "starts inside a token" "gnorepe ? 32'hffffffff : pe" "pe"
mut "unclosed bracket" "brackets do not nest" "if (bal"
mut "non-blocking assignment without ';'" "no assignment" "link <= fall"
mut "lvalue" "assigned to" "ph[0]" "ph[1]"
mut "declaration" "declaration" "int np;"
# the wrapped find would regroup the expression around it (pc < (base || wi) || ...):
# the bench with no mutant selected would not run the RTL as written
mut "expression regrouped by its neighbours" "binds at least as tightly" "base || wi" "wi"
# a run checks its list's sites before it builds the mutant bench, and runs only
# mutants the bench has compiled in (an entry of scripts/mutations/ISA.txt)
printf 'm1 @@ rtl/usc/usc_lane.sv @@ (in.no_such_field) @@ (1'"'"'b0) @@ quick\n' > "$T/mut.txt"
expect "mutate.py: a run with a find text the RTL lacks" "mut.txt:1: the text to find occurs 0 times" \
    python3 scripts/mutate.py --isa usc --quick --list "$T/mut.txt" --build "$T/nobuild"
printf 'renamed @@ rtl/usc/usc_exec.sv @@ (in[usc_pkg::IN_SAT]) @@ (1'"'"'b0) @@ quick\n' > "$T/mut.txt"
expect "mutate.py: a --list mutant the bench lacks" "mut.txt:1: mutant renamed is not in the mutant bench" \
    python3 scripts/mutate.py --isa usc --quick --list "$T/mut.txt" --build "$T/nobuild"
[ ! -e "$T/nobuild" ] || bad "mutate.py: a refused run builds nothing ($T/nobuild exists)"
if [ -x "$B/tb/nv50/Vtb_nv50" ]; then
    "$B/tb/nv50/Vtb_nv50" --out "$T/cosim" "$T/unknown-key.yaml" > "$T/out" 2>&1
    st=$?
    if [ $st -ne 0 ] && grep -q "unknown-key.yaml:6:5" "$T/out"; then ok "lockstep bench rejects bad YAML"
    else bad "lockstep bench rejects bad YAML (exit $st)"; fi
    expect "lockstep bench: a bench option it does not take" "unknown bench option '\\+tb_vm_ooo' \\(the nv50 bench takes: none\\)" \
        "$B/tb/nv50/Vtb_nv50" --out "$T/cosim" +tb_vm_ooo "$T/unknown-key.yaml"
fi
# bench_model (make bench): its options get a one-line error and exit 2
BM=$B/bench/bench_model
expect "bench_model: an unknown rdna4 stream" "no rdna4 stream 'nope'" "$BM" --isa rdna4 --stream nope
expect "bench_model: a wave size other than 32/64" "bad wave size '48'" "$BM" --isa rdna4 --stream valu-int --wave 48
expect "bench_model: --stream without a value" "stream needs a value" "$BM" --isa rdna4 --stream
expect "bench_model: --stream on another ISA" "stream and --wave are for --isa rdna4" "$BM" --isa nv50 --stream valu-int
if [ -x "$B/tb/rdna4/Vtb_rdna4" ]; then
    expect "lockstep bench: a misspelt bench option" "unknown bench option '\\+tb_vm_oo' \\(the rdna4 bench takes: \\+tb_vm_ooo\\)" \
        "$B/tb/rdna4/Vtb_rdna4" --out "$T/cosim" +tb_vm_oo "$T/unknown-key.yaml"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
