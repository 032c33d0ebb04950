/* test_nv50_roundtrip.c - the NV50 description checked mechanically:
 *   - no two rows of a form overlap;
 *   - for every row, random words built from its match/mask and free fields:
 *     the legal ones satisfy encode(decode(w)) == w outside the row's
 *     don't-care bits (D36), the result is canonical (strict decode keeps it),
 *     asm(disasm(w)) == encode(decode(w)), a word with don't-care bits set is
 *     rejected by the strict decoder, and every row yields legal words;
 *   - a sample of illegal and truncated words is rejected;
 *   - assembler errors name the line and say what is wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "../nv50/nv50.h"
#include "testutil.h"

/* a check whose message fmt takes a string and two numbers */
static void check(int ok, const char *fmt, const char *a, unsigned x, unsigned y)
{
    char msg[512] = "";
    if (!ok)
        snprintf(msg, sizeof msg, fmt, a, x, y);
    tu_check(ok, "%s", msg);
}

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint32_t rnd(void) { return (uint32_t)(tu_xorshift(&rng) >> 16); }

static int overlap(const nv50_row *a, const nv50_row *b)
{
    return a->form == b->form && ((a->m0 ^ b->m0) & a->k0 & b->k0) == 0 &&
           ((a->m1 ^ b->m1) & a->k1 & b->k1) == 0;
}

static void test_overlap(void)
{
    unsigned bad = 0;
    for (unsigned i = 0; i < NV50_NOPS; i++)
        for (unsigned j = i + 1; j < NV50_NOPS; j++)
            if (overlap(&nv50_rows[i], &nv50_rows[j])) {
                printf("overlap: %s / %s\n", nv50_rows[i].name, nv50_rows[j].name);
                bad++;
            }
    check(bad == 0, "%s%u%u rows overlap", "", bad, 0);
}

/* One word of a row: decode, re-encode, disassemble, re-assemble. */
static int roundtrip(const gpuref_isa *isa, unsigned op, const uint32_t w[2], unsigned *legal)
{
    gpuref_insn_info info;
    gpuref_diag d = { 0 };
    if (gpuref_decode(isa, w, 2, &info, &d) != GPUREF_OK)
        return 0;
    if (info.opcode != op) {
        tu_check(0, "%s word 0x%08x 0x%08x decodes as row %s", nv50_rows[op].name, w[0], w[1],
               info.mnemonic);
        return 0;
    }
    (*legal)++;
    nv50_insn in;
    uint32_t e[2] = { 0, 0 };
    char err[GPUREF_ERRLEN], text[256];
    nv50_decode(w, 2, &in, err);
    int n = nv50_encode(&in, e, err);
    uint32_t dc0, dc1;
    nv50_row_dc(op, &dc0, &dc1);
    int ok = n == (int)info.nwords && ((e[0] ^ w[0]) & ~dc0) == 0 &&
             (n == 1 || ((e[1] ^ w[1]) & ~dc1) == 0);
    nv50_insn in2;
    uint32_t e2[2] = { 0, 0 };
    if (ok)         /* canonical: the strict decoder takes it back unchanged */
        ok = nv50_decode_ex(e, 2, 1, &in2, err) == GPUREF_OK && nv50_encode(&in2, e2, err) == n &&
             e2[0] == e[0] && (n == 1 || e2[1] == e[1]);
    if (ok && (e[0] != w[0] || (n == 2 && e[1] != w[1])))   /* don't-care bits set */
        ok = nv50_decode_ex(w, 2, 1, &in2, err) == GPUREF_ERR_DECODE;
    unsigned nw = 0;
    uint32_t *aw = NULL;
    size_t an = 0;
    uint64_t pc = 0x100;
    if (ok && gpuref_disasm(isa, w, 2, pc, text, sizeof text, &nw, &d) == GPUREF_OK &&
        gpuref_assemble(isa, text, pc, &aw, &an, &d) == GPUREF_OK)
        ok = an == info.nwords && aw[0] == e[0] && (an == 1 || aw[1] == e[1]);
    else if (ok)
        ok = 0;
    if (!ok) {
        tu_check(0, "%s (%s) 0x%08x 0x%08x -> enc 0x%08x 0x%08x, text \"%s\" -> 0x%08x 0x%08x %s",
               nv50_rows[op].name, info.form, w[0], w[1], e[0], e[1], text, aw ? aw[0] : 0,
               aw && an > 1 ? aw[1] : 0, d.msg);
    } else {
        tu_check(1, "round trip");
    }
    gpuref_free(aw);
    return ok;
}

static void test_rows(const gpuref_isa *isa, unsigned tries)
{
    for (unsigned op = 0; op < NV50_NOPS; op++) {
        const nv50_row *r = &nv50_rows[op];
        tu_test("row %s: %u random words and the all-zero word: decode, encode, disassemble, assemble", r->name, tries);
        uint32_t f0, f1;
        unsigned legal = 0;
        uint32_t dc0, dc1;
        nv50_row_fields(op, &f0, &f1);
        nv50_row_dc(op, &dc0, &dc1);
        for (unsigned t = 0; t < tries; t++) {
            uint32_t d0 = rnd(), d1 = rnd();
            if (t % 3 >= 1) { d0 &= rnd(); d1 &= rnd(); }
            if (t % 3 == 2) { d0 &= rnd(); d1 &= rnd(); }
            uint32_t w[2] = { r->m0 | (d0 & f0), r->m1 | (d1 & f1) };
            if (t % 2) {                     /* don't-care bits random (D36) */
                w[0] = (w[0] & ~dc0) | (rnd() & dc0);
                w[1] = (w[1] & ~dc1) | (rnd() & dc1);
            }
            if (r->form == NV50_FORM_SHORT || r->form == NV50_FORM_SCTL)
                w[1] = 0;
            if (r->form == NV50_FORM_LONG && (w[1] & 3) == 3)
                w[1] &= ~1u;
            roundtrip(isa, op, w, &legal);
        }
        uint32_t w0[2] = { r->m0, r->m1 };   /* all free fields 0 */
        if (r->form == NV50_FORM_LONG || r->form == NV50_FORM_LCTL)
            w0[1] |= 0xfu << 7;              /* predicate "always" */
        roundtrip(isa, op, w0, &legal);
        check(legal > 0, "row %s: no legal word among %u random words", r->name, tries, 0);
    }
}

static void reject(const gpuref_isa *isa, uint32_t w0, uint32_t w1, size_t avail, int status,
                   const char *what)
{
    uint32_t w[2] = { w0, w1 };
    gpuref_insn_info info;
    gpuref_diag d = { 0 };
    int rc = gpuref_decode(isa, w, avail, &info, &d);
    check(rc == status && strchr(d.msg, '\n') == NULL && (status == GPUREF_OK || d.msg[0]), "%s: status %d (0x%x)", what,
          (unsigned)rc, w0);
}

/* Words with don't-care bits (D36) or an alias (D37): decoded by default, illegal
 * with strict. */
static void dontcare(const gpuref_isa *isa, uint32_t w0, uint32_t w1, const char *what)
{
    uint32_t w[2] = { w0, w1 };
    nv50_insn in;
    char err[GPUREF_ERRLEN];
    reject(isa, w0, w1, 2, GPUREF_OK, what);
    check(nv50_decode_ex(w, 2, 1, &in, err) == GPUREF_ERR_DECODE && !strchr(err, '\n'),
          "%s: strict rejects 0x%08x 0x%08x", what, w0, w1);
}

static void test_illegal(const gpuref_isa *isa)
{
    /* add b32 $r1 $r2 $r3 (short) is 0x20008204 */
    reject(isa, 0x20008204, 0, 1, GPUREF_OK, "short add sanity");
    reject(isa, 0x20018000 | 0x10000001, 0x04000780, 1, GPUREF_ERR_DECODE, "truncated long");
    reject(isa, 0x00000003, 0, 1, GPUREF_ERR_DECODE, "truncated control");
    dontcare(isa, 0x20000001, 0x14000780, "long add: w1 bit 28 set");
    reject(isa, 0x20000001, 0x04000a00, 2, GPUREF_ERR_DECODE, "predicate 0x14 undefined");
    reject(isa, 0x20000001, 0x04000730, 2, GPUREF_ERR_DECODE, "cdst bits without enable");
    dontcare(isa, 0x20000001, 0x04000784, "$a high bit without memory");
    dontcare(isa, 0x22000001, 0x04000780, "post-increment without memory");
    dontcare(isa, 0x7000001d, 0x240187d0, "long mul-add primary 7, w1[31:29] = 1 (u24)");
    dontcare(isa, 0x30020001, 0xcc100780, "shl with the signed bit w1[27]");
    reject(isa, 0x10008001, 0x10000003, 2, GPUREF_ERR_DECODE, "imm: w1 bit 28 set");
    reject(isa, 0x90000012, 0, 1, GPUREF_ERR_DECODE, "short trap with extra bits");
    reject(isa, 0x10000003, 0x00000781, 2, GPUREF_ERR_DECODE, "bra with w1[1:0] != 0");
    reject(isa, 0x30000001, 0x20000780, 2, GPUREF_ERR_DECODE, "primary 3 secondary 1 long");
    reject(isa, 0x50000001, 0x20000780, 2, GPUREF_ERR_DECODE, "primary 5 secondary 1 long");
    reject(isa, 0x03000000 | 0x10008004, 0, 1, GPUREF_ERR_DECODE, "s[] post-increment of $a0");
    reject(isa, 0x00000015, 0xc0000780, 2, GPUREF_ERR_DECODE, "shl to $a5");
    dontcare(isa, 0x00000001, 0xa0000780, "mov to $c without bit 6");
    reject(isa, 0x00000001, 0x60024780, 2, GPUREF_ERR_DECODE, "special register 9");
    reject(isa, 0x01806000 | 0x10008004, 0, 1, GPUREF_ERR_UNIMPL, "p[] operand");
    reject(isa, 0x1000c001, 0x00200780, 2, GPUREF_ERR_DECODE, "b32 s[] into a 16-bit mov");
}

static void asm_err(const gpuref_isa *isa, const char *text, unsigned line, const char *msg)
{
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_diag d = { 0 };
    int rc = gpuref_assemble(isa, text, 0, &w, &n, &d);
    int ok = rc == GPUREF_ERR_ASM && d.line == line && strstr(d.msg, msg) && !strchr(d.msg, '\n');
    if (!ok)
        printf("  asm \"%s\": rc %d line %u col %u: %s\n", text, rc, d.line, d.col, d.msg);
    check(ok, "assembler error for %s (line %u)%u", msg, line, 0);
    gpuref_free(w);
}

static void test_asm_errors(const gpuref_isa *isa)
{
    asm_err(isa, "nop\nfrob $r1 $r2\n", 2, "unknown mnemonic 'frob'");
    asm_err(isa, "add b32 $r1 $r2 %r3\n", 1, "bad operand");
    asm_err(isa, "add b32 $r1 $r2 $r300\n", 1, "register out of range");
    asm_err(isa, "mov b32 $r1l $r2\n", 1, "bad operand '$r1l'");
    asm_err(isa, "\n\nbra nowhere\n", 3, "label 'nowhere' not found");
    asm_err(isa, "x:\nx: nop\n", 2, "duplicate label");
    asm_err(isa, "add b32 $r1 $r2 $r3 $r4\n", 1, "unexpected '$r4'");
    asm_err(isa, "shl $a5 $r1 0x2\n", 1, "$a0-$a4");
    /* a long instruction at a 4 mod 8 base */
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_diag d = { 0 };
    int rc = gpuref_assemble(isa, "nop\n", 4, &w, &n, &d);
    check(rc == GPUREF_ERR_ASM && strstr(d.msg, "misaligned") && d.line == 1,
          "misaligned long: %s%u%u", d.msg, 0, 0);
    gpuref_free(w);
}

/* A compute instruction with an s[] and a c[] source: the short form would set
 * both source-type bits (the p[] encoding, D22), so the assembler must take the
 * long form, where s[] is typed by w1[21]; the short both-bits word itself
 * still decodes as "unimplemented: p[] operand". */
static void test_shared_const(const gpuref_isa *isa)
{
    static const struct { const char *text, *row; } t[] = {
        { "sad $r1 u32 b32 s[0x0] c0[0x0] $r1", "sad.b32" },
        { "add b32 $r2 b32 s[0x0] c0[0x0]", "add.b32" },
        { "mul $r3 u16 u16 s[0x2] u16 c1[0x4]", "mul16" },
        { "add $r4 (mul u16 u16 s[0x2] c0[0x2]) $r4", "madd.u16" },
    };
    for (unsigned k = 0; k < sizeof t / sizeof t[0]; k++) {
        uint32_t *w = NULL, *w2 = NULL;
        size_t n = 0, n2 = 0;
        unsigned nw = 0;
        char text[256] = "";
        gpuref_diag d = { 0 };
        gpuref_insn_info info = { 0 };
        int ok = gpuref_assemble(isa, t[k].text, 0, &w, &n, &d) == GPUREF_OK && n == 2 &&
                 (w[0] & 3) == 1 && (w[0] & 0x01800000) != 0x01800000 &&
                 gpuref_decode(isa, w, n, &info, &d) == GPUREF_OK &&
                 !strcmp(info.mnemonic, t[k].row) && !strcmp(info.form, "long") &&
                 gpuref_disasm(isa, w, n, 0, text, sizeof text, &nw, &d) == GPUREF_OK &&
                 !strcmp(text, t[k].text) &&
                 gpuref_assemble(isa, text, 0, &w2, &n2, &d) == GPUREF_OK && n2 == 2 &&
                 w2[0] == w[0] && w2[1] == w[1];
        if (!ok)
            printf("  \"%s\": n %zu %08x %08x \"%s\" %s\n", t[k].text, n, w ? w[0] : 0,
                   w && n > 1 ? w[1] : 0, text, d.msg);
        check(ok, "s[] with c[] assembles to the long form: %s%u%u", t[k].text, 0, 0);
        gpuref_free(w);
        gpuref_free(w2);
    }
    /* sad $r1 u32 b32 s[0x0] c0[0x0] $r1 in the short form: 0x5180e004 */
    reject(isa, 0x5180e004, 0, 1, GPUREF_ERR_UNIMPL, "short s[] + c[] is the p[] encoding");
    gpuref_insn_info info;
    gpuref_diag d = { 0 };
    uint32_t pw[1] = { 0x5180e004 };
    gpuref_decode(isa, pw, 1, &info, &d);
    check(strstr(d.msg, "unimplemented: p[] operand") != NULL, "p[] message: %s%u%u", d.msg, 0, 0);
    /* two c[] sources of a long instruction would be the same p[] encoding */
    asm_err(isa, "add $r1 (mul u16 $r2l c0[0x2]) c0[0x4]\n", 1, "two c[] operands");
}

/* Decode and disassembly errors say exactly which words were given, one line. */
static void test_messages(const gpuref_isa *isa)
{
    static const struct { uint32_t w[2]; size_t avail; const char *msg; } t[] = {
        { { 0x00000000, 0 }, 1, "illegal encoding 0x00000000: no instruction of this opcode" },
        { { 0x00000000, 0x11111111 }, 2,
          "illegal encoding 0x00000000: no instruction of this opcode" },
        { { 0x20000001, 0x04000730 }, 2,
          "illegal encoding 0x20000001 0x04000730: unused bits set (0x00000000 0x00000030, D4)" },
        { { 0x90000012, 0 }, 1, "illegal encoding 0x90000012: unused bits set (0x00000010, D4)" },
        { { 0x20000001, 0 }, 1, "truncated: long instruction 0x20000001 needs a second word" },
    };
    for (unsigned k = 0; k < sizeof t / sizeof t[0]; k++) {
        char buf[128];
        unsigned nw = 0;
        gpuref_diag d = { 0 }, d2 = { 0 };
        gpuref_insn_info info;
        int rc = gpuref_disasm(isa, t[k].w, t[k].avail, 0x40, buf, sizeof buf, &nw, &d);
        int rc2 = gpuref_decode(isa, t[k].w, t[k].avail, &info, &d2);
        int ok = rc == GPUREF_ERR_DECODE && rc2 == rc && !strcmp(d.msg, t[k].msg) &&
                 !strcmp(d2.msg, t[k].msg);
        if (!ok)
            printf("  message: \"%s\" / \"%s\", want \"%s\"\n", d.msg, d2.msg, t[k].msg);
        check(ok, "error message %s%u%u", t[k].msg, 0, 0);
    }
}

/* The alignment rule and labels on a small program with known words. */
static void test_program(const gpuref_isa *isa)
{
    const char *text = "start: add b32 $r1 $r2 $r3\n"      /* short, promoted: next is long */
                       "  exit nop\n"
                       "  add b32 $r1 $r2 $r3 // short\n"
                       "  add b32 $r1 $r2 $r3\n"
                       "loop: bra loop\n";
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_diag d = { 0 };
    int rc = gpuref_assemble(isa, text, 0, &w, &n, &d);
    /* 0x00: long add, 0x08: exit nop, 0x10/0x14: two shorts, 0x18: bra 0x18 */
    static const uint32_t want[] = { 0x20000405, 0x0400c780, 0xf0000001, 0xe0000781,
                                     0x20038404, 0x20038404, 0x10003003, 0x00000780 };
    int ok = rc == GPUREF_OK && n == 8;
    for (size_t i = 0; ok && i < 8; i++)
        ok = w[i] == want[i];
    if (!ok) {
        printf("  program: rc %d %s n %zu:", rc, d.msg, n);
        for (size_t i = 0; i < n; i++)
            printf(" %08x", w[i]);
        printf("\n");
    }
    check(ok, "program assembly with promotion and labels%s%u%u", "", 0, 0);
    gpuref_free(w);
}

/* envydis spellings (README "Assembly syntax"): both texts assemble to the same
 * words, which disassemble as envydis prints them. */
static void spelling(const gpuref_isa *isa, const char *a, const char *b, const char *dis)
{
    uint32_t *wa = NULL, *wb = NULL;
    size_t na = 0, nb = 0;
    unsigned nw = 0;
    char text[256] = "";
    gpuref_diag d = { 0 };
    int ok = gpuref_assemble(isa, a, 0, &wa, &na, &d) == GPUREF_OK &&
             gpuref_assemble(isa, b, 0, &wb, &nb, &d) == GPUREF_OK && na == nb &&
             !memcmp(wa, wb, na * sizeof *wa) &&
             gpuref_disasm(isa, wa, na, 0, text, sizeof text, &nw, &d) == GPUREF_OK &&
             !strcmp(text, dis);
    if (!ok)
        printf("  \"%s\" / \"%s\": \"%s\" %s\n", a, b, text, d.msg);
    check(ok, "spellings %s%u%u", a, 0, 0);
    gpuref_free(wa);
    gpuref_free(wb);
}

static void test_spellings(const gpuref_isa *isa)
{
    spelling(isa, "(never) bra 0x10", "(never $c0) bra 0x10", "(never) bra 0x10");
    spelling(isa, "(l $c1) call 0x10", "call 0x10", "call 0x10");
    spelling(isa, "(ge $c2) joinat 0x10", "joinat 0x10", "joinat 0x10");
    spelling(isa, "add sat b32 $c0 $r1 $r2 $r3", "add b32 sat $c0 $r1 $r2 $r3",
             "add b32 sat $c0 $r1 $r2 $r3");
    spelling(isa, "subr sat b16 $c1 $r1l $r2l $r3h", "subr b16 sat $c1 $r1l $r2l $r3h",
             "subr b16 sat $c1 $r1l $r2l $r3h");
    spelling(isa, "add sat b32 $r1 $r2 $r3", "add sat b32 $r1 $r2 $r3", "add sat b32 $r1 $r2 $r3");
    spelling(isa, "add b32 $r1 b32 s[$a1--0x8] $r2", "add b32 $r1 b32 s[$a1++-0x8] $r2",
             "add b32 $r1 b32 s[$a1++-0x8] $r2");
    spelling(isa, "exit nop", "exit nop", "exit nop");
    /* exit is w1[1:0] = 1, join 2 (D3) */
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_diag d = { 0 };
    int ok = gpuref_assemble(isa, "exit nop\njoin nop\n", 0, &w, &n, &d) == GPUREF_OK && n == 4 &&
             w[0] == 0xf0000001 && w[1] == 0xe0000781 && w[2] == 0xf0000001 && w[3] == 0xe0000782;
    check(ok, "exit = 0xe0000781, join = 0xe0000782%s%u%u", "", 0, 0);
    gpuref_free(w);
}

int main(int argc, char **argv)
{
    unsigned tries = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 300;
    const gpuref_isa *isa = gpuref_isa_find("nv50");
    printf("test_nv50_roundtrip: seed 0x%llx, %u rows, %u words per row\n",
           (unsigned long long)rng, (unsigned)NV50_NOPS, tries);
    tu_group("overlap");
    test_overlap();
    test_rows(isa, tries);
    tu_group("illegal");
    test_illegal(isa);
    tu_group("spellings");
    test_spellings(isa);
    tu_group("asm errors");
    test_asm_errors(isa);
    tu_group("program");
    test_program(isa);
    tu_group("shared const");
    test_shared_const(isa);
    tu_group("messages");
    test_messages(isa);
    return tu_finish();
}
