/* test_r700_roundtrip.c - the R700 description checked mechanically:
 *   - every ALU row: random legal groups (one slot, or the four slots of a
 *     reduction) decode to that row, and assemble(disasm(w)) == w;
 *   - every CF row: random words decode to it, encode(decode(w)) == w and
 *     assemble(disasm(w)) == w;
 *   - every fetch row: random 128-bit words with that opcode decode to it
 *     (or are rejected naming a reserved field), encode(decode(w)) == w and
 *     assemble(disasm(w)) == w;
 *   - opcode numbers are unique per encoding, every row has an exec function;
 *   - reserved opcodes, truncated groups, a missing literal slot and illegal
 *     groups are rejected with the rule named;
 *   - assembler errors name the line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "../r700/r700.h"
#include "testutil.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) { return (uint32_t)(tu_xorshift(&rng) >> 16); }

static unsigned rsel(void)
{
    switch (rnd() % 6) {
    case 0: case 1: return rnd() % 128;
    case 2: return 128 + rnd() % 64;
    case 3: return 244 + rnd() % 12;
    case 4: return 256 + rnd() % 256;
    default: return rnd() % 8;
    }
}

static uint32_t slot_w0(unsigned nsrc_max, unsigned last)
{
    uint32_t w0 = 0;
    for (unsigned k = 0; k < 2; k++) {
        unsigned used = k < nsrc_max || rnd() % 4 == 0;
        if (!used)
            continue;
        w0 |= (rsel() | (rnd() % 4 == 0) << 9 | (rnd() % 4) << 10 | (rnd() % 2) << 12) << (13 * k);
    }
    unsigned pred[3] = { 0, 2, 3 };
    w0 |= (rnd() % 7) << 26 | pred[rnd() % 3] << 29 | last << 31;
    return w0;
}

static uint32_t slot_w1(const r700_alu_row *r, unsigned chan, unsigned trans)
{
    uint32_t w1 = (rnd() % 128) << 21 | (rnd() % 8 == 0) << 28 | chan << 29 | (rnd() % 2) << 31;
    w1 |= (trans ? rnd() % 4 : rnd() % 6) << 18;
    if (r->enc == R700_ENC_OP3)
        w1 |= rsel() | (rnd() % 4 == 0) << 9 | (rnd() % 4) << 10 | (rnd() % 2) << 12 | (uint32_t)r->op << 13;
    else
        w1 |= (rnd() & 0x7f) | (uint32_t)r->op << 7;
    return w1;
}

/* does the disassembled text assemble back to the n words w?  1, or 0 with
 * the reason in why */
static int asm_back(const char *text, const uint32_t *w, size_t n, char *why, size_t len)
{
    uint32_t *aw = NULL;
    size_t an = 0;
    gpuref_diag d = { 0, 0, 0, "" };
    if (r700_isa_assemble(text, 0, &aw, &an, &d)) {
        snprintf(why, len, "asm of '%s': %s", text, d.msg);
        return 0;
    }
    int ok = an == n && memcmp(aw, w, n * 4) == 0;
    if (!ok)
        snprintf(why, len, "'%s' assembles to %zu words (%08x %08x %08x), not %zu (%08x %08x %08x)",
                 text, an, an ? aw[0] : 0, an > 1 ? aw[1] : 0, an > 2 ? aw[2] : 0, n, w[0],
                 n > 1 ? w[1] : 0, n > 2 ? w[2] : 0);
    gpuref_free(aw);
    return ok;
}

static int roundtrip(const uint32_t *w, unsigned n, char *why, size_t len)
{
    r700_group g;
    char err[GPUREF_ERRLEN], text[2048];
    if (r700_decode_group(w, n, NULL, &g, err) || r700_group_check(&g, err))
        return -1;                                       /* not a legal group */
    r700_disasm_group(&g, text, sizeof text);
    return asm_back(text, w, g.nwords, why, len);
}

static void alu_rows(void)
{
    for (unsigned i = 0; i < R700_NALU; i++) {
        const r700_alu_row *r = &r700_alu_rows[i];
        tu_test("ALU %s: asm(disasm(w)) == w", r->name);
        unsigned legal = 0;
        for (unsigned t = 0; t < 400 && legal < 40; t++) {
            uint32_t w[16];
            /* reductions, four-slot doubles: the four vector slots; two-slot doubles: a pair x,y or z,w */
            unsigned n = 0, ns = r->unit == R700_U_RED || r->unit == R700_U_D4 ? 4 : r->unit == R700_U_D2 ? 2 : 1;
            unsigned pair = (rnd() % 2) * 2;
            for (unsigned k = 0; k < ns; k++) {
                unsigned chan = ns == 4 ? k : ns == 2 ? pair + k : rnd() % 4;
                w[n++] = slot_w0(r->nsrc, k == ns - 1);
                w[n++] = slot_w1(r, chan, r->unit == R700_U_TRANS);
            }
            if (ns == 4)            /* a reduction: one OMOD [6:5] and CLAMP [31] (L1978) */
                for (unsigned k = 1; k < 4; k++)
                    w[2 * k + 1] = (w[2 * k + 1] & ~0x80000060u) | (w[1] & 0x80000060u);
            for (unsigned k = 0; k < 4; k++)
                w[n + k] = rnd();
            r700_group g;
            char err[GPUREF_ERRLEN], why[2400] = "";
            if (r700_decode_group(w, n + 4, NULL, &g, err))
                continue;
            tu_check(g.slot[0].row == i, "row %s decodes as %s", r->name, r700_alu_rows[g.slot[0].row].name);
            int rt = roundtrip(w, g.nwords, why, sizeof why);
            if (rt < 0)
                continue;
            legal++;
            tu_check(rt == 1, "%s", why);
        }
        tu_check(legal > 0, "%s: some legal groups", r->name);
        tu_check(r->exec != NULL, "%s has an exec function", r->name);
    }
}

static void cf_rows(void)
{
    for (unsigned i = 0; i < R700_NCF; i++) {
        const r700_cf_row *r = &r700_cf_rows[i];
        tu_test("CF %s: encode/decode/asm/disasm", r->name);
        for (unsigned t = 0; t < 60; t++) {
            uint32_t w[2] = { rnd() | rnd() << 16, 0 };
            if (r->fmt == R700_FMT_ALU)
                w[1] = (rnd() | rnd() << 16) & ~(15u << 26), w[1] |= (uint32_t)r->op << 26;
            else
                w[1] = ((rnd() | rnd() << 16) & ~(0x7fu << 23)) | (uint32_t)r->op << 23;
            r700_cf c;
            char err[GPUREF_ERRLEN], text[256], why[512];
            int st = r700_decode_cf(w, 2, &c, err);
            tu_check(st == 0 && c.row == i, "%s decodes (%s)", r->name, st ? err : r700_cf_rows[c.row].name);
            if (st)
                continue;
            uint32_t e[2];
            r700_encode_cf(&c, e);
            tu_check(e[0] == w[0] && e[1] == w[1], "encode(decode(%08x %08x)) = %08x %08x", w[0], w[1], e[0], e[1]);
            r700_disasm_cf(&c, text, sizeof text);
            tu_check(asm_back(text, w, 2, why, sizeof why), "%s", why);
        }
    }
}

static void fetch_rows(void)
{
    for (unsigned i = 0; i < R700_NFETCH; i++) {
        const r700_fetch_row *r = &r700_fetch_rows[i];
        tu_test("fetch %s: encode/decode/asm/disasm", r->name);
        unsigned ok = 0;
        for (unsigned t = 0; t < 200 && ok < 40; t++) {
            uint32_t w[4] = { ((rnd() | rnd() << 16) & ~31u) | r->op, rnd() | rnd() << 16,
                              rnd() | rnd() << 16, 0 };
            if (r->form >= R700_FF_MRD)  /* VTX_INST 2 and the row's MEM_OP */
                w[0] = (w[0] & ~0x71fu) | 2u | (uint32_t)(r->op >> 5) << 8;
            if ((t & 1) && r->form == R700_FF_MRD) {
                w[0] &= ~(7u << 13) & ~(3u << 30);
                w[1] &= ~(1u << 8) & ~(1u << 21) & ~(1u << 29);
                w[2] = (w[2] & ~(7u << 13) & ~(1u << 18) & ~(1u << 17)) | 1u << 19;
                for (unsigned k = 0; k < 4; k++)
                    if ((w[1] >> (9 + 3 * k) & 7) == 6)
                        w[1] &= ~(1u << (10 + 3 * k));
            } else if ((t & 1) && r->form == R700_FF_DSW) {
                w[0] &= ~(7u << 5) & ~(1u << 19);
                w[1] &= ~(0xffu << 8) & ~(0x3fu << 25);
                w[2] &= 15u;
                for (unsigned k = 0; k < 4; k++)
                    if ((w[0] >> (20 + 3 * k) & 7) == 6)
                        w[0] &= ~(1u << (21 + 3 * k));
            } else if ((t & 1) && r->form == R700_FF_DSR) {
                w[0] &= ~(7u << 5) & ~(1u << 19) & ~(1u << 22) & ~(1u << 25);
                w[1] &= ~(7u << 13) & ~(3u << 18) & ~(0x1ffu << 23) & ~(3u << 21) & ~(1u << 8);
                w[2] &= 15u;
            }
            if ((t & 1) && r->form < R700_FF_MRD) {  /* mostly legal: clear the reserved fields */
                w[1] &= ~(1u << 8);
                if (r->form == R700_FF_VTX)
                    w[0] &= ~(1u << 6), w[2] &= 0x1fffffu & ~(1u << 17);
                else
                    w[0] &= 0x01ffffbfu, w[2] &= 0x6db7ffffu;
                for (unsigned k = 0; k < 4; k++)
                    if ((w[1] >> (9 + 3 * k) & 7) == 6)
                        w[1] &= ~(1u << (10 + 3 * k));
            }
            r700_fetch f;
            char err[GPUREF_ERRLEN], text[256], why[512];
            int st = r700_decode_fetch(w, 4, &f, err);
            if (st) {
                tu_check(strstr(err, "reserved") != NULL, "%08x %08x %08x: rejected naming a reserved "
                         "field (%s)", w[0], w[1], w[2], err);
                continue;
            }
            ok++;
            tu_check(f.row == i, "%s decodes as %s", r->name, r700_fetch_rows[f.row].name);
            uint32_t e[4];
            r700_encode_fetch(&f, e);
            tu_check(memcmp(e, w, sizeof e) == 0, "encode(decode(%08x %08x %08x)) = %08x %08x %08x",
                     w[0], w[1], w[2], e[0], e[1], e[2]);
            r700_disasm_fetch(&f, text, sizeof text);
            tu_check(asm_back(text, w, 4, why, sizeof why), "%s", why);
        }
        tu_check(ok > 0, "%s: some legal words", r->name);
        tu_check(r->exec != NULL, "%s has an exec function", r->name);
    }
    tu_test("fetch: TEX_INST 13 is reserved, the fourth dword must be 0");
    uint32_t w13[4] = { 13, 0, 0, 0 }, w3[4] = { 3, 0, 0, 1 };
    r700_fetch f;
    char err[GPUREF_ERRLEN] = "";
    tu_check(r700_decode_fetch(w13, 4, &f, err) == GPUREF_ERR_DECODE && strstr(err, "reserved"), "%s", err);
    tu_check(r700_decode_fetch(w3, 4, &f, err) == GPUREF_ERR_DECODE && strstr(err, "fourth"), "%s", err);
    tu_check(r700_decode_fetch(w3, 3, &f, err) == GPUREF_ERR_DECODE && strstr(err, "truncated"), "%s", err);
}

static void expect_bad(const uint32_t *w, unsigned n, const char *want)
{
    r700_group g;
    char err[GPUREF_ERRLEN] = "";
    int st = r700_decode_group(w, n, NULL, &g, err);
    if (!st)
        st = r700_group_check(&g, err);
    tu_check(st != 0 && strstr(err, want) != NULL, "rejected with '%s': got '%s'", want, st ? err : "accepted");
}

static void bad_groups(void)
{
    tu_group("bad groups");
    /* ADD T0.X, T1.X, T2.X without LAST, nothing after: truncated */
    uint32_t a[2] = { 1u | 2u << 13, 0x10 };
    expect_bad(a, 2, "truncated");
    /* MOV * T0.X, literal.x with no literal slot */
    uint32_t b[2] = { 253u | 1u << 31, 0x10 | 25u << 7 };
    expect_bad(b, 2, "missing literal");
    /* OP2 reserved opcode 90 */
    uint32_t c[2] = { 1u << 31, 90u << 7 };
    expect_bad(c, 2, "reserved OP2 opcode 90");
    /* OP3 reserved opcode 27 */
    uint32_t d[2] = { 1u << 31, 27u << 13 };
    expect_bad(d, 2, "reserved OP3 opcode 27");
    /* two MOVA (vector-only) writing element x: unit x twice */
    uint32_t e[4] = { 0, 21u << 7, 1u << 31, 21u << 7 };
    expect_bad(e, 4, "already taken");
    /* reduction with three slots */
    uint32_t f[6] = { 0, 80u << 7, 0, 80u << 7 | 1u << 29, 1u << 31, 80u << 7 | 2u << 29 };
    expect_bad(f, 6, "all four vector slots");
    /* bank swizzle: R1.x and R2.x both read on cycle 0 (VEC_012 src0) in x and y (L1510) */
    uint32_t g[4] = { 1u | 3u << 13, 0x10, 2u | 4u << 13 | 1u << 31, 0x10 | 1u << 29 };
    expect_bad(g, 4, "read port");
    /* y reads R1.x (shared with x's cycle 0 read) and R4.x on cycle 2 (VEC_021): legal */
    uint32_t h[4] = { 1u | 3u << 13, 0x10, 1u | 4u << 13 | 1u << 31, 0x10 | 1u << 29 | 1u << 18 };
    r700_group gg;
    char err[GPUREF_ERRLEN] = "";
    int st = r700_decode_group(h, 4, NULL, &gg, err);
    if (!st)
        st = r700_group_check(&gg, err);
    tu_check(st == 0, "VEC_021 resolves the port conflict: %s", st ? err : "");
    /* three constant pairs: C0.x, C1.x in x, C2.x in y */
    uint32_t k[4] = { 256u | 257u << 13, 0x10, 258u | 1u << 31, 0x10 | 1u << 29 | 25u << 7 };
    expect_bad(k, 4, "constant pairs");
    /* trans slot with one constant and one GPR: the GPR read on the cycle its
     * bank swizzle names is legal (SCL_122: src1 on cycle 2; SCL_210: src0 on
     * cycle 2) (L1560-1611) */
    uint32_t m[2] = { 256u | 1u << 13 | 1u << 31, 0x10 | 115u << 7 | 1u << 18 };  /* SCL_122: src1 GPR on cycle 2 */
    st = r700_decode_group(m, 2, NULL, &gg, err);
    if (!st)
        st = r700_group_check(&gg, err);
    tu_check(st == 0, "trans SCL_122 with one constant: src1 R1 on cycle 2 is legal: %s", st ? err : "");
    uint32_t m2[2] = { 1u | 256u << 13 | 1u << 31, 0x10 | 115u << 7 | 0u << 18 };  /* SCL_210: src0 GPR cycle 2 */
    st = r700_decode_group(m2, 2, NULL, &gg, err);
    if (!st)
        st = r700_group_check(&gg, err);
    tu_check(st == 0, "trans SCL_210, src0 GPR on cycle 2, src1 constant: legal: %s", st ? err : "");
    /* MUL_LIT C0.x, C1.x, R1.x: two constants, src2 must be on cycle 2;
     * SCL_221 puts it on cycle 1 (L1560-1611) */
    uint32_t m3[2] = { 256u | 257u << 13 | 1u << 31, 1u | 12u << 13 | 3u << 18 };
    expect_bad(m3, 2, "cycle 1 with 2 constant(s)");
    uint32_t m4[2] = { 256u | 257u << 13 | 1u << 31, 1u | 12u << 13 | 1u << 18 };   /* SCL_122: cycle 2 */
    st = r700_decode_group(m4, 2, NULL, &gg, err);
    if (!st)
        st = r700_group_check(&gg, err);
    tu_check(st == 0, "MUL_LIT SCL_122 with two constants: src2 on cycle 2 is legal: %s", st ? err : "");
}

static void asm_errors(void)
{
    tu_group("assembler errors");
    static const struct { const char *text; unsigned line; const char *want; } t[] = {
        { "ALU\n  ADD T0.X, T1.X, T2.X\nCF_END\n", 3, "not closed" },
        { "ALU\n  FOO * T0.X, T1.X\n", 2, "unknown instruction" },
        { "ALU\n  ADD * T0.X, T1.X\n", 2, "2 source(s) expected" },
        { "ALU\n  MOV * T0.X, literal.x\nCF_END\n", 3, "no LITERALS" },
        { "ALU\n  MOV * T0.X, T200.X\n", 2, "bad GPR" },
        { "JUMP @nowhere\nCF_END\n", 1, "undefined label" },
        { "CF_END\n  MOV * T0.X, T1.X\n", 2, "outside a clause" },
        { "ALU\n  MULADD * T0.X, |T1.X|, T2.X, T3.X\n", 2, "no |abs|" },
        { "VTX\n  LD T1.XYZW, T0.XYZW, RID:0 SID:0\nCF_END\n", 2, "TEX clauses only" },
        { "CF_END\n  FETCH T1.XYZW, T0.X, RID:0 OFS:0 FMT:32 NUM:INT\n", 2, "outside a fetch clause" },
        { "TEX\n  FETCH T1.XYZW, T0.Y, RID:0 OFS:0 FMT:32 NUM:FOO\n", 2, "unexpected 'NUM:FOO'" },
        { "TEX\nCF_END\n", 2, "fetch clause without instructions" },
        { "VTX COUNT:2\n", 1, "COUNT without @ADDR" },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        uint32_t *w = NULL;
        size_t n = 0;
        gpuref_diag d = { 0, 0, 0, "" };
        int st = r700_isa_assemble(t[i].text, 0, &w, &n, &d);
        tu_check(st == GPUREF_ERR_ASM && d.line == t[i].line && strstr(d.msg, t[i].want),
                 "'%s': line %u '%s' (got %d line %u '%s')", t[i].want, t[i].line, t[i].want, st, d.line, d.msg);
        if (!st)
            gpuref_free(w);
    }
}

int main(void)
{
    alu_rows();
    cf_rows();
    fetch_rows();
    bad_groups();
    asm_errors();
    return tu_finish();
}
