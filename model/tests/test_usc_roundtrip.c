/* test_usc_roundtrip.c - the USC description checked mechanically:
 *   - random groups of every row that has a form: decode, check, then
 *     encode(decode(w)) == w and assemble(disasm(w)) == w;
 *   - every row has a name, an exec function and a slot;
 *   - reserved header fields, truncated groups and illegal groups are
 *     rejected with the rule named; assembler errors name the line;
 *   - a row without execution stops with "unimplemented: <mnemonic>". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "../usc/usc.h"
#include "testutil.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) { return (uint32_t)(tu_xorshift(&rng) >> 16); }

static uint32_t rreg(void)
{
    static const unsigned max[USC_NBANKS] = { 248, 248, 256, 256, 4096, 240, 8, 2, 8 };
    for (;;) {
        unsigned b = rnd() % USC_NBANKS, i = rnd() % max[b];
        if (b == USC_B_SC && !usc_sc_is_defined(i)) continue;
        unsigned idx = 0, d = 0;
        if (b != USC_B_SC && b != USC_B_I && b != USC_B_IDX && rnd() % 4 == 0) { idx = 1 + rnd() % 2; d = rnd() % 5; }
        return b | i << 4 | idx << 16 | d << 18;
    }
}

static int roundtrip(const gpuref_isa *isa, const uint32_t *w, unsigned n)
{
    char text[2048];
    unsigned nw = 0;
    gpuref_diag d;
    memset(&d, 0, sizeof d);
    if (gpuref_disasm_unit(isa, 0, w, n, 0, text, sizeof text, &nw, &d)) return -1;
    /* the disassembler's listing text without addresses */
    uint32_t *out = NULL;
    size_t no = 0;
    int st = gpuref_assemble(isa, text, 0, &out, &no, &d);
    int ok = !st && no == nw && !memcmp(out, w, nw * 4);
    if (!ok) fprintf(stderr, "roundtrip failed (%s):\n%s\n", d.msg, text);
    gpuref_free(out);
    return ok ? 1 : 0;
}

int main(void)
{
    const gpuref_isa *isa = gpuref_isa_find("usc");
    tu_group("description");
    tu_check(isa != NULL, "usc is registered");
    if (!isa) return tu_finish();
    usc_desc_init();
    unsigned nform = 0;
    for (unsigned r = 0; r < USC_NOPS; r++) {
        tu_check(usc_rows[r].name && usc_rows[r].exec && usc_rows[r].slots, "row %u complete", r);
        if (usc_rows[r].form[0]) nform++;
    }
    tu_check(USC_NOPS == 122, "121 mnemonics + the logical unit's byp row (%u)", USC_NOPS);

    tu_group("random groups round trip");
    unsigned hit[USC_NOPS] = { 0 }, good = 0;
    for (unsigned t = 0; t < 200000; t++) {
        usc_group g;
        memset(&g, 0, sizeof g);
        unsigned op;
        do op = rnd() % USC_NOPS; while (!usc_rows[op].form[0]);
        const usc_row *row = &usc_rows[op];
        unsigned f;
        do f = rnd() % 3; while (!row->form[f]);
        usc_ins in;
        memset(&in, 0, sizeof in);
        in.op = (uint8_t)op;
        unsigned k = 0;
        for (unsigned s = 0; s < USC_NSLOTS; s++)
            if (row->slots >> s & 1) { if (k == f) { in.slot = (uint8_t)s; break; } k++; }
        in.form = (uint8_t)f;
        in.mods = (uint8_t)(rnd() & row->mods);
        in.sat = USC_ROW_SAT(row) && rnd() % 2;
        in.lp = 0;                          /* .LP is refused (not defined by the source) */
        in.m = (uint8_t)(row->mkind == USC_M_BYTES ? 1 + rnd() % 15 : row->mkind == USC_M_TYPE ? rnd() % 7 :
                         row->mkind == USC_M_ASR ? rnd() % 4 : row->mkind == USC_M_PCK ? rnd() % 26 :
                         row->mkind == USC_M_CVT || row->mkind == USC_M_INST ? rnd() % 3 :
                         row->mkind == USC_M_PART ? rnd() % 2 : 0);
        in.o = (uint8_t)(rnd() % 16);
        unsigned ob = 0;
        for (unsigned j = 0; j < row->ntok[f]; j++) ob += row->tok[f][j].obits;
        in.o &= (uint8_t)((1u << ob) - 1);
        if (usc_resolve(&in)) continue;
        in.imm = rnd();
        if (USC_MEM_ROW(op))   /* the memory control word (D37): the row's fields, any values */
            in.ctl[0] = rnd() & (op == USC_OP_LD ? 0x7ffu : op == USC_OP_ST ? 0x7ffffu :
                                 op == USC_OP_ATOM ? 0x78380fu : 0xfu);
        if (USC_BE_ROW(op))    /* the backend control word (D47-D50): the row's fields */
            in.ctl[0] = rnd() & (op == USC_OP_SMP ? 0x7ffffu : op == USC_OP_UVSW ? 0x1fe0u | (rnd() % 2 ? 0x18u : 0x08u) :
                                 0xffu);
        if (USC_IT_ROW(op)) {  /* DITR, ITRSMP: two control words (D51, D52) */
            in.ctl[0] = rnd();
            if (rnd() % 2) in.ctl[0] &= ~0xff0000u;       /* no W coefficients: persp 0 and 3 legal */
            in.ctl[1] = rnd() & (op == USC_OP_DITR ? 0xfu : 0xfffffffu);
        }
        g.ninsn = 1;
        g.ins[0] = in;
        g.bitwise = (USC_S_BITWISE >> in.slot) & 1;
        g.pred = rnd() % 3;
        g.ignorepe = rnd() % 2;
        g.is0 = rnd() % 6; g.is1 = rnd() % 2; g.is2 = rnd() % 2; g.is3 = rnd() % 4;
        g.is4 = rnd() % 4; g.is5 = rnd() % 4;
        g.smask = (uint8_t)(rnd() % 64);
        if (!g.bitwise) {  /* lowest first */
            static const uint8_t lf[4] = { 0, 1, 3, 7 };
            g.smask = (uint8_t)(lf[rnd() % 4] | lf[rnd() % 4] << 3);
        }
        for (unsigned j = 0; j < in.nk; j++)
            if (in.k[j] <= USC_K_S5) g.smask |= (uint8_t)(1u << in.k[j]);
        for (unsigned s = 0; s < 6; s++) { uint32_t rw = rreg(); g.s[s].bank = rw & 15; g.s[s].index = (uint16_t)(rw >> 4 & 0xfff); g.s[s].idx = rw >> 16 & 3; g.s[s].dlog = rw >> 18 & 7; }
        if (op == USC_OP_FITR || op == USC_OP_FITRP)   /* their coefficients are cf registers (D47) */
            for (unsigned s = 0; s <= 2; s += 2) { g.s[s].bank = USC_B_CF; g.s[s].idx = 0; g.s[s].dlog = 0; g.s[s].index %= 200; }
        g.wmask = (uint8_t)(rnd() % 4);
        for (unsigned s = 0; s < 2; s++) { uint32_t rw = rreg(); g.w[s].bank = rw & 15; g.w[s].index = (uint16_t)(rw >> 4 & 0xfff); g.w[s].idx = rw >> 16 & 3; g.w[s].dlog = rw >> 18 & 7; }
        if (in.slot == USC_SL_P1) {      /* phase 1 needs phase 0 */
            usc_ins p0 = { 0 };
            p0.op = USC_OP_MBYP; p0.slot = USC_SL_P0; p0.form = 0;
            usc_resolve(&p0);
            g.ins[1] = in; g.ins[0] = p0; g.ninsn = 2;
            g.smask |= 1;
        }
        if (in.op == USC_OP_MOVC) {
            usc_ins ts = { 0 };
            ts.op = USC_OP_TSTZ; ts.slot = USC_SL_TST; ts.form = 0;
            usc_resolve(&ts);
            g.ins[1] = in; g.ins[0] = ts; g.ninsn = 2;
        }
        uint32_t w[32];
        unsigned n;
        usc_encode_group(&g, w, &n);
        usc_group g2;
        char err[GPUREF_ERRLEN];
        if (usc_decode_group(w, n, &g2, err)) continue;    /* illegal groups included */
        uint32_t w2[32];
        unsigned n2;
        usc_encode_group(&g2, w2, &n2);
        if (n2 != n || memcmp(w, w2, n * 4)) { tu_check(0, "encode(decode(w)) == w for %s", row->name); continue; }
        int r = roundtrip(isa, w, n);
        if (r == 1) { hit[op]++; good++; }
        else tu_check(0, "asm(disasm(w)) == w for %s", row->name);
    }
    unsigned rows_hit = 0;
    for (unsigned r = 0; r < USC_NOPS; r++)
        if (usc_rows[r].form[0]) {
            tu_check(hit[r] > 0, "%s: at least one random group round trips", usc_rows[r].name);
            rows_hit += hit[r] > 0;
        }
    printf("  %u groups round trip, %u of %u rows with a form\n", good, rows_hit, nform);

    tu_group("bad words");
    {
        char err[GPUREF_ERRLEN];
        usc_group g;
        uint32_t w1[] = { 0x20000000 };
        tu_check(usc_decode_group(w1, 1, &g, err) && strstr(err, "version"), "version 2: %s", err);
        uint32_t w2[] = { 0x10006000 };
        tu_check(usc_decode_group(w2, 1, &g, err) && strstr(err, "reserved"), "predicate 3: %s", err);
        uint32_t w3[] = { 0x10000002, 0x00000000 };
        tu_check(usc_decode_group(w3, 2, &g, err) && strstr(err, "truncated"), "truncated: %s", err);
        uint32_t w4[] = { 0x10000001, 0x0000007f };
        tu_check(usc_decode_group(w4, 2, &g, err) && strstr(err, "no such"), "opcode 127: %s", err);
        uint32_t w5[] = { 0x10000001, (uint32_t)USC_OP_FMAD | (uint32_t)USC_SL_MOV << 7 };
        tu_check(usc_decode_group(w5, 2, &g, err) && strstr(err, "cannot be in slot"), "fmad in mov: %s", err);
        /* F16SOP's control words (D33): a reserved operation, a truncated pair */
        uint32_t w6[] = { 0x10000001, USC_OP_F16SOP, 5u << 20, 0 };
        tu_check(usc_decode_group(w6, 4, &g, err) && strstr(err, "reserved operation"), "jOp 5: %s", err);
        tu_check(usc_decode_group(w6, 3, &g, err) && strstr(err, "truncated"), "one control word: %s", err);
        /* F16SOP.MAD's three control words (D34): E of MAD 1 names 7, two words */
        uint32_t w7[] = { 0x10000001, USC_OP_F16SOPMAD, 7u << 7, 0, 0 };
        tu_check(usc_decode_group(w7, 5, &g, err) && strstr(err, "arguments E and V"), "E = 7: %s", err);
        w7[2] = 0;
        tu_check(usc_decode_group(w7, 4, &g, err) && strstr(err, "truncated"), "two control words: %s", err);
        w7[4] = 1u << 28;
        tu_check(usc_decode_group(w7, 5, &g, err) && strstr(err, "reserved bits"), "bit 92: %s", err);
        /* the memory control word (D37): a field LD does not have, a truncated
         * word, ATOM's operation 10, ST's size 3 */
        uint32_t w8[] = { 0x10000091, 0x10, 0x80, (uint32_t)USC_OP_LD | (uint32_t)USC_SL_BE << 7, 1u << 11 };
        tu_check(usc_decode_group(w8, 5, &g, err) && strstr(err, "does not have"), "ld data field: %s", err);
        tu_check(usc_decode_group(w8, 4, &g, err) && strstr(err, "truncated"), "no control word: %s", err);
        w8[4] = 7u << 4 | 15u << 7;       /* burst 16: legal */
        tu_check(usc_decode_group(w8, 5, &g, err) == 0, "ld burst 16 decodes: %s", err);
        w8[3] = (uint32_t)USC_OP_ATOM | (uint32_t)USC_SL_BE << 7;
        w8[4] = 3u << 11 | 10u << 19;
        tu_check(usc_decode_group(w8, 5, &g, err) && strstr(err, "reserved atomic"), "atom op 10: %s", err);
        w8[3] = (uint32_t)USC_OP_ST | (uint32_t)USC_SL_BE << 7;
        w8[4] = 3u << 11 | 3u << 14 | 7u << 16 | 7u << 4;
        tu_check(usc_decode_group(w8, 5, &g, err) && strstr(err, "0, 1 or 2"), "st size 3: %s", err);
        /* the backend control words (D47-D52): a UVSW operation other than
         * write, a reserved FITR mode, an SMP without a dimension, a DITR
         * to r248, two words of ITRSMP truncated to one */
        uint32_t w9[] = { 0x10000001, (uint32_t)USC_OP_UVSW | (uint32_t)USC_SL_BE << 7, 1u | 1u << 4 | 3u << 5 };
        tu_check(usc_decode_group(w9, 3, &g, err) && strstr(err, "only .write"), "uvsw emit: %s", err);
        w9[2] = 1u << 4 | 3u << 5;
        tu_check(usc_decode_group(w9, 3, &g, err) == 0, "uvsw.write w0, 3 decodes: %s", err);
        w9[1] = (uint32_t)USC_OP_FITR | (uint32_t)USC_SL_BE << 7;
        w9[2] = 3u << 1;
        tu_check(usc_decode_group(w9, 3, &g, err) && strstr(err, "reserved mode"), "fitr mode 3: %s", err);
        w9[1] = (uint32_t)USC_OP_SMP | (uint32_t)USC_SL_BE << 7;
        w9[2] = 0;
        tu_check(usc_decode_group(w9, 3, &g, err) && strstr(err, "1D, 2D or 3D"), "smp dimension 0: %s", err);
        uint32_t w10[] = { 0x10000001, (uint32_t)USC_OP_DITR | (uint32_t)USC_SL_BE << 7, 248u, 0 };
        tu_check(usc_decode_group(w10, 4, &g, err) && strstr(err, "r0-r247"), "ditr to r248: %s", err);
        w10[2] = 247u;
        tu_check(usc_decode_group(w10, 4, &g, err) == 0, "ditr to r247 decodes: %s", err);
        w10[1] = (uint32_t)USC_OP_ITRSMP | (uint32_t)USC_SL_BE << 7;
        w10[3] = 1u << 20;
        tu_check(usc_decode_group(w10, 4, &g, err) == 0, "itrsmp1d decodes: %s", err);
        tu_check(usc_decode_group(w10, 3, &g, err) && strstr(err, "truncated"), "itrsmp one word: %s", err);
        w10[3] = 1u << 20 | 1u << 28;
        tu_check(usc_decode_group(w10, 4, &g, err) && strstr(err, "does not have"), "itrsmp bit 28: %s", err);
    }

    tu_group("illegal groups and located errors");
    static const struct { const char *src, *want; unsigned line; } bad[] = {
        { "0 : fadd ft1, r0, r1\n", "phase 1 without phase 0", 1 },
        { "0 : fadd ft0, r0, r1\n    and ft4, _, ft2, _, r3\n", "main and bitwise", 2 },
        { "0 : s1=r1\n", "lowest first", 1 },
        { "0 : fadd ft0, r0, r1\n    fmul ft0, r0, r1\n", "two instructions in one phase", 2 },
        { "0 : fmul ft1, r0, r1\n    fadd ft0, r0, r1\n", "out of phase order", 2 },
        { "0 : mbyp ft0, r0\n    movc w0, w1, ftt, ft0, ft1\n", "movc without a test", 1 },
        { "0 : frcp w0, r0\n    fadd ft1, r1, r2\n", "whole main ALU", 1 },
        { "0 : fadd ft0, r0, r1\nfoo r1\n", "unknown instruction", 2 },
        { "fadd ft0, r0, r1\n", "outside a group", 1 },
        { "0 : gta w0\n", "unimplemented: gta", 1 },
        { "0 : fadd ft0, r0, c40\n", "do not fit", 1 },
        { "0 : mbyp ft0, r0\n    mov c1, w0\n", "read-only", 2 },
        { "0 : fadd ft0, r0.flr, r1.flr\n", "not allowed", 1 },
        { "0 : ba nowhere\n", "unknown label", 1 },
        { "0 : mbyp ft0, r0\n    mov r1, w1\n", "nothing drives it", 1 },
        /* .SAT only where the source gives it (not MBYP, L511-L514); .LP undefined */
        { "0 : mbyp.sat ft0, r0\n", "unknown modifier '.sat'", 1 },
        { "0 : fmad.lp ft0, r0, r1, r2\n", "unimplemented: fmad.lp", 1 },
        /* PCK/UNPCK: .scale on a format with no normalized form, UNPCK's
         * formats (L614), its source element */
        { "0 : mbyp ft0, r0\n    pck.u32.scale ft2, is3\n", ".scale needs a normalized format", 2 },
        { "0 : unpck.const0 ft0, r1\n", "not a format of unpck", 1 },
        { "0 : unpck.coveragemask ft0, r1\n", "not a format of unpck", 1 },
        { "0 : unpck.u1616 ft0, r1.e2\n", "beyond the format's fields", 1 },
        { "0 : unpck.u8888 ft0, r1.e0.e1\n", "one source element", 1 },
        { "0 : mbyp ft0, r0\n    pck.u8888 ft2, is3.e1\n", "not supported on this operand", 2 },
        { "0 : unpck ft0, r1\n", "needs a mode modifier", 1 },
        /* the F64 ops (D32): every operand a low, high pair; no modifiers; the
         * whole main ALU */
        { "0 : f64mul w0, w1, r0, r1, r2\n", "operands do not fit f64mul", 1 },
        { "0 : f64byp w0, w1, r0.neg, r1\n", "not allowed", 1 },
        { "0 : f64byp w0, w1, r0, r1\n    fadd ft1, r1, r7\n", "f64byp uses the whole main ALU", 1 },
        /* F16SOP (D33): 14 operands, sources by bank name, F16 or F32 outputs,
         * z reads S0 and S1, jOp mad is F16SOP.MAD, modifiers by argument */
        { "0 : s0=r0 s1=r1\n    f16sop w0.e0.joutj, w0.e1.koutk, _, s0, s1, add, s0, 0\n", "14 operands", 2 },
        { "0 : f16sop w0.e0.joutj, w0.e1.koutk, _, r0, s1, add, s0, 0, s0, s1, add, s0, 0, _\n",
          "name the source bank", 1 },
        { "0 : s0=r0 s1=r1\n    f16sop w0.e0.joutj, w1.koutk, _, s0, s1, add, s0, 0, s0, s1, add, s0, 0, _\n",
          "mix F32 and F16 outputs", 2 },
        { "0 : s0=r0\n    f16sop w0.e0.joutj, w0.e1.koutk, _, s0, s1, add, s0, 0, s0, z, add, s0, 0, _\n",
          "f16sop reads s1, which is not declared", 1 },
        { "0 : s0=r0 s1=r1\n    f16sop w0.e0.joutj, w0.e1.koutk, _, s0, s1, mad, s0, 0, s0, s1, add, s0, 0, _\n",
          "the row f16sop.mad", 2 },
        { "0 : s0=r0 s1=r1\n    f16sop w0.e0.joutj, w0.e1.koutk, _, s0.oneminus, s1, add, s0, 0, s0, s1, add, s0, 0, _\n",
          "'.oneminus' not allowed here", 2 },
        /* F16SOP.MAD (D34): 16 operands, the destinations in order, A a source,
         * modifiers by position, no u8 elements, its sources declared */
        { "0 : s0=r0 s1=r1\n    f16sop.mad w0.e0, w0.e1, w1.e0, w1.e1, s0, s1, s0\n", "16 operands", 2 },
        { "0 : s0=r0 s1=r1\n    f16sop.mad w0.e1, w0.e0, w1.e0, w1.e1, s0, s1, s0, s0, s1, s0, s0, s1, s0, s0, s1, s0\n",
          "destination 1 is w0.e0", 2 },
        { "0 : s0=r0 s1=r1\n    f16sop.mad w0.e0, w0.e1, w1.e0, w1.e1, 0, s1, s0, s0, s1, s0, s0, s1, s0, s0, s1, s0\n",
          "argument A1 is a source s0-s5", 2 },
        { "0 : s0=r0 s1=r1\n    f16sop.mad w0.e0, w0.e1, w1.e0, w1.e1, s0, s1, s0, s0, s1.neg, s0, s0, s1, s0, s0, s1, s0\n",
          "'.neg' not allowed on argument E", 2 },
        { "0 : s0=r0 s1=r1\n    f16sop.mad w0.e0, w0.e1, w1.e0, w1.e1, s0, s1, s0, s0, s1, s0, s0.u8, s1, s0, s0, s1, s0\n",
          "not designed", 2 },
        { "0 : s0=r0 s1=r1\n    f16sop.mad w0.e0, w0.e1, w1.e0, w1.e1, s0, s1, s0, s0, s1, s0, s0, s1, s2, s0, s1, s0\n",
          "f16sop.mad reads s2, which is not declared", 1 },
        { "0 : s0=r0 s1=r1\n    f16sop.mad w0.e0, w0.e1, w1.e0, w1.e1.u8, s0, s1, s0, s0, s1, s0, s0, s1, s0, s0, s1, s0\n",
          "f16sop.u8mad", 2 },
        /* the memory rows (D37, D38): the source's operands, sources by bank name */
        { "0 : s0=r1 s3=r8\n    ld s0, drc0, 4, s0\n", "the destination is s3", 2 },
        { "0 : s0=r1 s3=r8\n    ld s3, drc0, 17, s0\n", "s0-s5 or 1-16", 2 },
        { "0 : s0=r1 s3=r8\n    ld.direct s3, drc0, 4, s0\n", "not implemented", 2 },
        { "0 : s0=r1 s3=r8\n    ld s3, drc0, 4, r1\n", "source bank s0-s5", 2 },
        { "0 : s0=r1 s1=r2\n    st s1, 3, drc0, 4, s0, _\n", "sourceDataSize is 0, 1 or 2", 2 },
        { "0 : s0=r1 s1=r2\n    st.tiled s1, 2, drc0, 4, s0, _\n", "not implemented", 2 },
        { "0 : s0=r1 s1=r2\n    atom.nand s1, drc0, s0\n", "the operation is", 2 },
        { "0 : s0=r1 s1=r2\n    atom.add s1, drc0\n", "3 operands", 2 },
        { "0 : s0=r1\n    idf drc2, s0\n", "sourceDRC is drc0 or drc1", 2 },
        { "0 : s0=r1\n    ld s3, drc0, 4, s0\n", "ld reads s3, which is not declared", 1 },
        { "0 : s0=r1 s3=sh4\n    ld s3, drc0, 4, s0\n", "a register of r, vi, i or o", 1 },
        { "0 : s0=r1 s1=r2[idx0]\n    atom.add s1, drc0, s0\n", "not indexed", 1 },
        { "0 : s0=r1 s1=c1\n    st s1, 2, drc0, 4, s0, _\n", "a register of r, vi, cf, cfa, sh, i or o", 1 },
        /* FITR, FITRP, SMP, UVSW (D47-D50): the source's operands, Sk by
         * bank name or register, coefficients in cf, the modes and flags
         * the model runs */
        { "0 : s0=sh4 s3=r0\n    fitr.pixel s3, drc0, s0, 1\n", "must be a coefficient register cf", 1 },
        { "0 : s0=cf4 s1=r1 s2=r2 s3=r7\n    fitrp.pixel s3, drc1, s0, s2, 1\n", "s2 (r2) must be a coefficient register cf", 1 },
        { "0 : fitr.pixel r0, drc0, cf4[idx0], 1\n", "not indexed", 1 },
        { "0 : fitr.pixel r0, drc0, cf4, cf0, 2\n", "4 operands", 1 },
        { "0 : fitr r0, drc0, cf4, 2\n", "the mode is .pixel, .sample or .centroid", 1 },
        { "0 : fitr.pixel r0, drc0, cf4, 17\n", "sourceCount is 1-16", 1 },
        { "0 : fitr.pixel.sat.sat r0, drc0, cf4, 2\n", "not implemented or repeated", 1 },
        { "0 : fitrp.pixel r0, drc0, cf4, cf0, 1\n", "source bank S0-S2 not used lowest first", 1 },
        { "0 : s3=sh4\n    fitr.pixel s3, drc0, cf4, 1\n", "a register of r, vi, i or o", 1 },
        { "0 : smp2d.wrt drc0, sh4, r1, sh0, _, r0, 4\n", "not implemented or repeated", 1 },
        { "0 : smp2d.f16 drc0, sh4, r1, sh0, _, r0, 4\n", "not implemented or repeated", 1 },
        { "0 : smp4d drc0, sh4, r1, sh0, _, r0, 4\n", "unknown instruction", 1 },
        { "0 : smp drc0, sh4, r1, sh0, _, r0, 4\n", "smp1d, smp2d or smp3d", 1 },
        { "0 : s3=r9\n    smp2d drc0, sh4, r1, sh0, _, r0, 5\n", "chan is 1-4", 2 },
        { "0 : smp2d.replace drc0, sh4, r1, sh0, _, r0, 4\n", "a LOD source s3 goes with .bias or .replace", 1 },
        { "0 : smp2d drc0, sh4, r1, sh0, sh11, r0, 4\n", "a LOD source s3 goes with .bias or .replace", 1 },
        { "0 : smp2d.pplod.gradient drc0, sh4, r1, sh0, sh11, r0, 4\n", ".pplod needs .bias or .replace", 1 },
        { "0 : smp2d drc0, sh4, r1, sh0, _, r0, 4\n", "source bank S3-S5 not used lowest first", 1 },
        { "0 : mbyp ft0, r1\n    uvsw.emit w0, 3\n", "only .write", 2 },
        { "0 : mbyp ft0, r1\n    uvsw.write w0, 256\n", "s0-s5 or 0-255", 2 },
        { "0 : mbyp ft0, r1\n    uvsw.write ft0, 3\n", "the data is w0 or w1", 2 },
        { "0 : mbyp ft0, r1\n    uvsw.write w0, s2\n", "uvsw reads s2, which is not declared", 1 },
        /* DITR, ITRSMP (D51, D52): registers named directly, W with the
         * perspective controls that iterate it */
        { "0 : ditr.pixel r0, drc0, cf4, 2, 1, _\n", "perspective control 1 iterates W", 1 },
        { "0 : ditr.pixel r0, drc0, cf4, 2, 0, cf0\n", "sourceWCoeff is cf0-cf255 with perspective control 1 or 2", 1 },
        { "0 : ditr.pixel r0, drc0, cf4, 0, 0, _\n", "sourceCount is 1-16", 1 },
        { "0 : ditr.pixel vi0, drc0, cf4, 1, 0, _\n", "the destination is r0-r247", 1 },
        { "0 : ditr.pixel.f16 r0, drc0, cf4, 1, 0, _\n", "not implemented or repeated", 1 },
        { "0 : ditr.pixel.schedswap.schedwdf r0, drc0, cf4, 1, 0, _\n", "not implemented or repeated", 1 },
        { "0 : ditr r0, drc0, cf4, 1, 0, _\n", "the mode is .pixel, .sample or .centroid", 1 },
        { "0 : itrsmp2d.pixel r0, 1, drc0, cf4, sh4, sh0, 4, cf0\n", "9 operands", 1 },
        { "0 : itrsmp2d.pixel r0, 0, drc0, cf4, r4, sh0, 4, 2, _\n", "sourceTextureState is sh0-sh255", 1 },
        { "0 : itrsmp2d.pixel r0, 0, drc0, cf4, sh4, sh0, 5, 2, _\n", "chan is 1-4", 1 },
        { "0 : itrsmp.pixel r0, 0, drc0, cf4, sh4, sh0, 4, 2, _\n", "itrsmp1d, itrsmp2d or itrsmp3d", 1 },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t *w = NULL;
        size_t n = 0;
        gpuref_diag d;
        memset(&d, 0, sizeof d);
        int st = gpuref_assemble(isa, bad[i].src, 0, &w, &n, &d);
        tu_check(st != 0 && strstr(d.msg, bad[i].want) && d.line == bad[i].line,
                 "'%s' -> line %u '%s' (got %d, line %u: %s)", bad[i].want, bad[i].line, bad[i].want, st,
                 d.line, d.msg);
        gpuref_free(w);
    }

    tu_test("a word with fmad's .lp bit decodes to unimplemented: fmad.lp");
    {
        uint32_t *w = NULL, w2[32];
        size_t n = 0;
        unsigned n2 = 0;
        gpuref_diag d;
        memset(&d, 0, sizeof d);
        usc_group g;
        char err[GPUREF_ERRLEN] = "";
        int st = gpuref_assemble(isa, "0 : fmad ft0, r0, r1, r2\n    mov r3, w0\n", 0, &w, &n, &d);
        tu_check(st == 0 && usc_decode_group(w, n, &g, err) == 0, "fmad assembles and decodes: %s %s", d.msg,
                 err);
        if (st == 0 && g.ninsn && g.ins[0].op == USC_OP_FMAD) {
            g.ins[0].lp = 1;
            usc_encode_group(&g, w2, &n2);
            st = usc_decode_group(w2, n2, &g, err);
            tu_check(st == GPUREF_ERR_UNIMPL && strstr(err, "unimplemented: fmad.lp"), "got %d: %s", st, err);
        } else
            tu_check(0, "the group's first instruction is fmad");
        gpuref_free(w);
    }

    tu_test("PCK/UNPCK fields: a word with an element on PCK or .scale on u32 does not decode");
    {
        uint32_t *w = NULL, w2[32];
        size_t n = 0;
        unsigned n2 = 0;
        gpuref_diag d;
        memset(&d, 0, sizeof d);
        usc_group g;
        char err[GPUREF_ERRLEN] = "";
        int st = gpuref_assemble(isa, "0 : mbyp ft0, r0\n    pck.u32 ft2, is3\n    mov r2, ft2\n", 0, &w, &n,
                                 &d);
        tu_check(st == 0 && usc_decode_group(w, n, &g, err) == 0 && g.ninsn == 2, "pck.u32 assembles: %s %s",
                 d.msg, err);
        if (st == 0 && g.ninsn == 2) {
            g.ins[1].o = 1;                    /* an element: UNPCK only */
            usc_encode_group(&g, w2, &n2);
            tu_check(usc_decode_group(w2, n2, &g, err) == GPUREF_ERR_DECODE && strstr(err, "bad field"),
                     "element on pck: %s", err);
            usc_decode_group(w, n, &g, err);
            g.ins[1].o = USC_PK_SCALE;         /* .scale on u32 */
            usc_encode_group(&g, w2, &n2);
            tu_check(usc_decode_group(w2, n2, &g, err) == GPUREF_ERR_DECODE && strstr(err, "bad field"),
                     ".scale on u32: %s", err);
        }
        gpuref_free(w);
    }

    tu_group("unimplemented at execution only");
    {
        uint32_t *w = NULL;
        size_t n = 0;
        gpuref_diag d;
        memset(&d, 0, sizeof d);
        int st = gpuref_assemble(isa, "0 : bpret\n", 0, &w, &n, &d);
        tu_check(st == 0, "bpret assembles: %s", d.msg);
        gpuref_model *m = NULL;
        tu_check(gpuref_model_create("usc", NULL, &m, &d) == 0, "model");
        if (m && !st) {
            tu_check(gpuref_program_load(m, 0, w, n) == 0, "load");
            gpuref_retire rr;
            st = gpuref_step(m, &rr);
            tu_check(st != 0 && strstr(gpuref_model_error(m), "unimplemented: bpret"), "step: %s",
                     gpuref_model_error(m));
            /* every PCK format runs (D20, D26-D32): u1010102.scale assembles and runs */
            gpuref_free(w);
            w = NULL;
            st = gpuref_assemble(isa, "0 : mbyp ft0, c64\n    pck.u1010102.scale ft2, is3\n    mov r2, ft2\n", 0,
                                 &w, &n, &d);
            tu_check(st == 0 && gpuref_program_load(m, 0, w, n) == 0, "pck.u1010102 assembles: %s", d.msg);
            gpuref_model_reset(m);
            tu_check(gpuref_step(m, &rr) == 0, "pck.u1010102 runs: %s", gpuref_model_error(m));
            /* a bad word is an error only when executed */
            uint32_t bw[] = { 0x10000000, 0xffffffff };
            tu_check(gpuref_program_load(m, 0, bw, 2) == 0, "a bad word loads");
            gpuref_model_reset(m);
            tu_check(gpuref_step(m, &rr) == 0, "the good group runs");
            tu_check(gpuref_step(m, &rr) != 0 && strstr(gpuref_model_error(m), "version"),
                     "the bad one fails when reached: %s", gpuref_model_error(m));
            /* a row without syntax (f16sop.u8, row 13) has no encoding: its word does
             * not decode or disassemble, and running it stops as unimplemented */
            uint32_t fw[] = { 0x10000001, 13 };
            gpuref_unit_info ui;
            char txt[128];
            unsigned nw = 0;
            tu_check(gpuref_decode_unit(isa, 0, fw, 2, &ui, &d) == GPUREF_ERR_UNIMPL &&
                     gpuref_disasm(isa, fw, 2, 0, txt, sizeof txt, &nw, &d) == GPUREF_ERR_UNIMPL,
                     "a formless row decodes to unimplemented: %s", d.msg);
            tu_check(gpuref_program_load(m, 0, fw, 2) == 0, "it loads");
            gpuref_model_reset(m);
            tu_check(gpuref_step(m, &rr) == GPUREF_ERR_UNIMPL &&
                     strstr(gpuref_model_error(m), "unimplemented: f16sop.u8"),
                     "and stops when run: %s", gpuref_model_error(m));
        }
        gpuref_model_destroy(m);
        gpuref_free(w);
    }

    tu_group("the read-only file cfg: every knob, at its index (README config table)");
    {
        gpuref_diag d;
        memset(&d, 0, sizeof d);
        gpuref_model *m = NULL;
        int st = gpuref_model_create("usc", "instances=16,temps=8,vins=4,shared=16,coeffs=2,"
                                     "internals=2,fmad_fused=0,cvt_f64_int_rne=1,small_float_sat=1,"
                                     "sop_fused=1", &m, &d);
        tu_check(st == 0, "model: %s", d.msg);
        int f = m ? gpuref_regfile_lookup(m, "cfg") : -1;
        tu_check(f >= 0, "a file cfg");
        const uint64_t want[10] = { 16, 8, 4, 16, 2, 2, 0, 1, 1, 1 };
        for (unsigned i = 0; f >= 0 && i < 10; i++) {
            uint64_t v = ~0ull;
            tu_check(gpuref_reg_get(m, f, i, 0, &v) == 0 && v == want[i], "cfg%u = %llu, want %llu",
                     i, (unsigned long long)v, (unsigned long long)want[i]);
        }
        if (f >= 0) {
            uint64_t v = 0;
            tu_check(gpuref_reg_get(m, f, 10, 0, &v) != 0, "no cfg10");
            tu_check(gpuref_reg_set(m, f, 7, 0, 0) != 0 &&
                     strstr(gpuref_model_error(m), "read-only"), "cfg7 is read-only: %s",
                     gpuref_model_error(m));
        }
        gpuref_model_destroy(m);
        m = NULL;
        tu_check(gpuref_model_create("usc", NULL, &m, &d) == 0, "default model");
        const uint64_t def[10] = { 32, 248, 248, 4096, 256, 8, 1, 0, 0, 0 };
        for (unsigned i = 0; m && f >= 0 && i < 10; i++) {
            uint64_t v = ~0ull;
            tu_check(gpuref_reg_get(m, f, i, 0, &v) == 0 && v == def[i], "default cfg%u = %llu",
                     i, (unsigned long long)v);
        }
        gpuref_model_destroy(m);
    }
    return tu_finish();
}
