/* test_nvfp_desc.c - the NVFP description (model/nvfp/nvfp.def) and the
 * project encoding v1 checked mechanically:
 *   - every row: random legal instructions of it encode, decode back to the
 *     same fields, and assemble(disasm(w)) == w;
 *   - random words: each that decodes re-encodes to itself (decode rejects
 *     every word the encoder cannot produce);
 *   - illegal words (undefined opcode, reserved bits, register out of
 *     range, fields of an absent operand, PK2 to H, UP2 of H) are rejected
 *     with the rule named;
 *   - assembler errors are located (line and column) and name the rule,
 *     including Appendix A example 4 verbatim (c[70], beyond Table 2) and a
 *     program over the 128-instruction limit;
 *   - an undecodable word reports its error only when executed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "../nvfp/nvfp.h"
#include "testutil.h"

static uint64_t rng = 0x243f6a8885a308d3ull;
static uint32_t rnd(void) { return (uint32_t)(tu_xorshift(&rng) >> 16); }

static const unsigned nreg[3] = { 8, 16, 8 };

static void rand_src(nvfp_src *s, int fp32_only)
{
    s->type = (uint8_t)(1 + rnd() % 3);
    s->prec = s->type == NVFP_ST_REG ? (uint8_t)(fp32_only ? 0 : rnd() % 3) : 0;
    unsigned lim = s->type == NVFP_ST_REG ? nreg[s->prec] : s->type == NVFP_ST_P ? 12 : 32;
    s->index = (uint8_t)(rnd() % lim);
    s->swz = (uint8_t)rnd();
    s->neg = (uint8_t)(rnd() & 1);
}

static void rand_insn(unsigned op, nvfp_insn *in)
{
    const nvfp_row *r = &nvfp_rows[op];
    memset(in, 0, sizeof *in);
    in->op = (uint8_t)op;
    if (r->flags & NVFP_CCSRC) {
        in->cctest = (uint8_t)(rnd() % 8);
        in->ccswz = (uint8_t)rnd();
    } else if (!(r->flags & NVFP_NODST)) {
        in->cc = (uint8_t)(rnd() & 1);
        in->dprec = (uint8_t)((r->flags & NVFP_RDST) ? 0 : rnd() % 3);
        in->ccdst = (uint8_t)(in->cc && rnd() % 4 == 0);
        in->dreg = (uint8_t)(in->ccdst ? 0 : rnd() % nreg[in->dprec]);
        in->wmask = (uint8_t)(1 + rnd() % 15);
        in->cctest = (uint8_t)(rnd() % 8);
        in->ccswz = (uint8_t)rnd();
    }
    if (r->flags & NVFP_TEXID)
        in->tid = (uint8_t)(rnd() % 16);
    for (unsigned k = 0; k < r->nsrc; k++)
        rand_src(&in->src[k], r->srcprec == NVFP_SP_W);
}

static int asm_text(const char *text, uint32_t **w, size_t *n, gpuref_diag *d)
{
    memset(d, 0, sizeof *d);
    return nvfp_isa_assemble(text, 0, w, n, d);
}

static void roundtrip(const uint32_t w[4])
{
    char text[256], err[GPUREF_ERRLEN];
    unsigned nw = 0;
    int st = nvfp_isa_disasm(w, 4, 0, text, sizeof text, &nw, err);
    tu_check(st == 0 && nw == 4, "disasm %08x %08x %08x %08x: %s", w[0], w[1], w[2], w[3], st ? err : "");
    if (st)
        return;
    uint32_t *aw = NULL;
    size_t an = 0;
    gpuref_diag d;
    st = asm_text(text, &aw, &an, &d);
    tu_check(st == 0 && an == 4 && !memcmp(aw, w, 16), "'%s' (%08x %08x %08x %08x) assembles back to "
             "%zu words %08x %08x: %s", text, w[0], w[1], w[2], w[3], an, an ? aw[0] : 0,
             an ? aw[1] : 0, d.msg);
    free(aw);
}

static void rows(void)
{
    for (unsigned op = 0; op < NVFP_NOPS; op++) {
        tu_test("row %s: encode/decode/disasm/asm round trip", nvfp_rows[op].name);
        tu_check(nvfp_exec[op] != NULL, "%s has an exec function", nvfp_rows[op].name);
        for (unsigned i = 0; i < 400; i++) {
            nvfp_insn in, back;
            uint32_t w[4];
            char err[GPUREF_ERRLEN];
            rand_insn(op, &in);
            nvfp_encode_insn(&in, w);
            int st = nvfp_decode_insn(w, 4, &back, err);
            tu_check(st == 0 && !memcmp(&in, &back, sizeof in), "%s: decode(encode) %08x: %s",
                     nvfp_rows[op].name, w[0], st ? err : "fields differ");
            roundtrip(w);
        }
    }
    tu_test("description: mnemonics unique, tables and operand counts in range");
    for (unsigned a = 0; a < NVFP_NOPS; a++) {
        tu_check(nvfp_rows[a].nsrc <= 3 && nvfp_rows[a].table <= 33, "%s columns", nvfp_rows[a].name);
        for (unsigned b = a + 1; b < NVFP_NOPS; b++)
            tu_check(strcmp(nvfp_rows[a].name, nvfp_rows[b].name) != 0, "%s twice", nvfp_rows[a].name);
    }
    tu_check(NVFP_NOPS == 29, "29 mnemonics (seed-nvfp §5): %d", NVFP_NOPS);
}

static void random_words(void)
{
    tu_test("random words: every word that decodes re-encodes to itself");
    unsigned legal = 0;
    for (unsigned i = 0; i < 200000; i++) {
        uint32_t w[4] = { rnd() | rnd() << 16, rnd() & 0x3ffff, rnd() & 0x3ffff, rnd() & 0x3ffff };
        if (i & 1)
            w[3] = 0;
        if (i & 2)
            w[2] = 0;
        nvfp_insn in;
        char err[GPUREF_ERRLEN];
        if (nvfp_decode_insn(w, 4, &in, err))
            continue;
        legal++;
        uint32_t e[4];
        nvfp_encode_insn(&in, e);
        tu_check(!memcmp(e, w, 16), "encode(decode(%08x %08x %08x %08x))", w[0], w[1], w[2], w[3]);
        if (legal % 16 == 0)
            roundtrip(w);
    }
    tu_check(legal > 100, "some random words are legal (%u)", legal);
}

static void bad_word(const char *what, uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, const char *want)
{
    uint32_t w[4] = { w0, w1, w2, w3 };
    nvfp_insn in;
    char err[GPUREF_ERRLEN] = "";
    int st = nvfp_decode_insn(w, 4, &in, err);
    tu_check(st == GPUREF_ERR_DECODE && strstr(err, want), "%s: status %d, '%s' (want '%s')", what, st,
             err, want);
}

static void illegal_words(void)
{
    tu_group("illegal word");
    bad_word("opcode 29", 29, 0, 0, 0, "opcode 29 is not defined");
    bad_word("opcode 31", 31, 0, 0, 0, "opcode 31 is not defined");
    /* MOV R0, R1 = 0x0e4fe006 0x0001c811 */
    bad_word("reserved source bits", 0x0e4fe006, 0x0001c811 | 1u << 18, 0, 0, "reserved bits");
    bad_word("R8 destination", 0x0e4fe006 | 8u << 9, 0x0001c811, 0, 0, "destination R8 out of range");
    bad_word("I8 destination", 0x0e4fe006 | 2u << 6 | 8u << 9, 0x0001c811, 0, 0, "I8 out of range");
    bad_word("precision 3", 0x0e4fe006 | 3u << 6, 0x0001c811, 0, 0, "precision 3");
    bad_word("R8 source", 0x0e4fe006, 0x0001c801 | 8u << 4, 0, 0, "index 8 out of range");
    bad_word("p[12]", 0x0e4fe006, 0x0001c802 | 12u << 4, 0, 0, "index 12 out of range");
    bad_word("source precision on c[]", 0x0e4fe006, 0x0001c803 | 1u << 2, 0, 0, "precision 1");
    bad_word("second source of MOV", 0x0e4fe006, 0x0001c811, 0x0001c811, 0, "takes 1 source");
    bad_word("missing source of ADD", 0x0e4fe008, 0x0001c811, 0, 0, "source 1 missing");
    bad_word("empty writemask", 0x0e400006, 0x0001c811, 0, 0, "empty writemask");
    bad_word("texture id on MOV", 0x0e4fe006 | 3u << 28, 0x0001c811, 0, 0, "no texture id");
    bad_word("PK2 to H", 0x0e4fe011 | 1u << 6, 0x0001c811, 0, 0, "must be fp32");
    bad_word("UP2 of H", 0x0e4fe013, 0x0001c815, 0, 0, "must be fp32");
    bad_word("NOP with a condition", 0x0e400000, 0, 0, 0, "no condition");
    bad_word("KIL with a writemask", 0x00042019, 0, 0, 0, "no destination");
    bad_word("RC without c", 0x0e4fe106, 0x0001c811, 0, 0, "needs the CC update");
    uint32_t w[4] = { 0x0e4fe006, 0x0001c811, 0, 0 };
    nvfp_insn in;
    char err[GPUREF_ERRLEN] = "";
    tu_check(nvfp_decode_insn(w, 3, &in, err) == GPUREF_ERR_DECODE && strstr(err, "truncated"),
             "3 words: truncated: '%s'", err);
}

static void bad_asm(const char *text, unsigned line, unsigned col, const char *want)
{
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_diag d;
    int st = asm_text(text, &w, &n, &d);
    tu_check(st == GPUREF_ERR_ASM && d.line == line && d.col == col && strstr(d.msg, want),
             "'%s': status %d at %u:%u '%s' (want %u:%u '%s')", text, st, d.line, d.col, d.msg, line,
             col, want);
    free(w);
}

static void asm_errors(void)
{
    tu_group("assembler error");
    bad_asm("MOV R9, R1;", 1, 5, "R9 out of range");
    bad_asm("MOV R1, H16;", 1, 9, "H16 out of range");
    bad_asm("\nADD R1, R2, c[32];", 2, 15, "c[32] out of range");
    bad_asm("ADD R1, R2, p[12].x;", 1, 15, "p[12] out of range");
    bad_asm("MUL R1, R2;", 1, 5, "MUL takes 3 operands");
    bad_asm("MOV R1.yx, R2;", 1, 9, "bad writemask");
    bad_asm("MOV R1, R2.xy;", 1, 12, "bad swizzle");
    bad_asm("MOV R1(XX), R2;", 1, 8, "condition test");
    bad_asm("FOO R1, R2;", 1, 1, "unknown mnemonic");
    bad_asm("PK2 H1, R2;", 1, 5, "destination must be R or RC");
    bad_asm("UP4 R1, H2.x;", 1, 9, "source must be R");
    bad_asm("MOV RC, R2;", 1, 5, "needs the 'c' suffix");
    bad_asm("KILc LT;", 1, 1, "cannot update the condition codes");
    bad_asm("TEX R1, R0, TEX16;", 1, 13, "TEX0..TEX15");
    bad_asm("MOV R1, p[IWGT];", 1, 11, "neither a number nor a #define");
    bad_asm("#define A 1\n#define A 2", 2, 9, "already defined");
    /* Appendix A example 4 as printed: c[70] is beyond the 32 constants */
    bad_asm(";reduce R1 to fundamental period\n"
            "#define PERIOD 70; location PERIOD is 1.0/(2*Pl),2*Pl,0.0,0.0\n"
            " MUL R0,R1,c[PERIOD].x;//divide by period FRC R2,R0; MUL R2,R2,c[PERIOD].y;//multiply by period\n",
            3, 14, "c[70] out of range");
    /* 129 instructions */
    size_t len = 129 * 5 + 1;
    char *big = malloc(len);
    if (big) {
        for (unsigned i = 0; i < 129; i++)
            memcpy(big + 5 * i, "NOP;\n", 5);
        big[129 * 5] = 0;
        bad_asm(big, 129, 1, "instruction limit of 128");
        free(big);
    }
}

static void run_errors(void)
{
    tu_test("an undecodable word stops the run only when executed, with the decoder's message");
    gpuref_model *m = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    tu_check(gpuref_model_create("nvfp", NULL, &m, &d) == 0, "create: %s", d.msg);
    if (!m)
        return;
    /* MOV R1, c[0]; then an undefined opcode */
    uint32_t w[8] = { 0x0e4fe206, 0x0001c803, 0, 0, 30, 0, 0, 0 };
    tu_check(gpuref_program_load(m, 0, w, 8) == 0, "load: %s", gpuref_model_error(m));
    static gpuref_retire rr;
    tu_check(gpuref_step(m, &rr) == 0, "the first instruction runs: %s", gpuref_model_error(m));
    int st = gpuref_step(m, &rr);
    tu_check(st == GPUREF_ERR_DECODE && strstr(gpuref_model_error(m), "opcode 30"), "the second stops: %d '%s'",
             st, gpuref_model_error(m));

    tu_test("instruction 129 and a truncated instruction load, and stop the run when executed");
    uint32_t *big = calloc(129 * 4 + 2, 4);
    if (big) {
        tu_check(gpuref_program_load(m, 0, big, 129 * 4) == 0, "129 NOPs load: %s", gpuref_model_error(m));
        tu_check(gpuref_program_load(m, 0, big, 129 * 4) == 0 && gpuref_run(m, 1000, NULL) == GPUREF_ERR_RANGE &&
                 strstr(gpuref_model_error(m), "past the instruction storage of 128"), "the 129th stops: '%s'",
                 gpuref_model_error(m));
        tu_check(gpuref_program_load(m, 0, big, 6) == 0, "6 words load");
        tu_check(gpuref_step(m, &rr) == 0, "the first NOP runs");
        st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_ERR_DECODE && strstr(gpuref_model_error(m), "truncated"), "2 words: %d '%s'", st,
                 gpuref_model_error(m));
        free(big);
    }
    gpuref_model_destroy(m);
}

int main(void)
{
    rows();
    random_words();
    illegal_words();
    asm_errors();
    run_errors();
    return tu_finish();
}
