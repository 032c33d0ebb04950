/* llvm_rdna4_tool.h - helpers shared by the drivers that llvm_rdna4.sh and
 * llvm_rdna4_mods.sh compile (each script embeds its own main and includes this
 * file; -Imodel/tests): a fixed pseudo-random sequence, legal words of a row,
 * words to llvm-mc's byte input, our assembler line by line. */
#ifndef LLVM_RDNA4_TOOL_H
#define LLVM_RDNA4_TOOL_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rdna4.h"

/* xorshift64 from a fixed seed: the same patterns on every run */
static uint64_t seed = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return (uint32_t)seed;
}

static void print_words(const rdna4_insn *in)
{
    for (unsigned i = 0; i < in->nwords; i++)
        printf("%s0x%08x", i ? " " : "", in->w[i]);
}

/* A legal word of `row`: try t = 0 with every field 0, then random fields (small
 * values on odd tries, 0-3 on even ones); `fill` sets the fields the caller fixes
 * (operands, modifiers) on each try; the opcode field is the row's.  The word must
 * encode and decode back to the row, and, when `text` is given, format.
 * 0, or -1 when no try of 20000 gives one. */
typedef void (*fill_fn)(const rdna4_row *r, rdna4_insn *in, int t);
static int legal_word(unsigned row, fill_fn fill, rdna4_insn *out, char *text, size_t len)
{
    const rdna4_row *r = &rdna4_rows[row];
    char err[GPUREF_ERRLEN];
    for (int t = 0; t < 20000; t++) {
        rdna4_insn in;
        memset(&in, 0, sizeof in);
        in.fmt = r->fmt;
        in.row = (uint16_t)row;
        if (t)
            for (int f = 1; f < RDNA4_FLD_COUNT; f++)
                in.f[f] = rnd() & ((t & 1) ? 0x7f : 0x3);
        fill(r, &in, t);
        if (rdna4_fmts[r->fmt].op_fld)
            in.f[rdna4_fmts[r->fmt].op_fld] = r->op;
        if (rdna4_encode(&in, err))
            continue;
        if (rdna4_decode(in.w, in.nwords, out, err) || out->row != row)
            continue;
        if (text && rdna4_format(out, 0, text, len, err))
            continue;
        return 0;
    }
    return -1;
}

/* one instruction per line -> our words, or "ERROR line:col: message"; wave64:
 * each line is assembled after ".wave64" (the error's line is the input line's) */
static int asm_lines(int wave64)
{
    char line[512], text[600];
    while (fgets(line, sizeof line, stdin)) {
        uint32_t *w;
        size_t n;
        gpuref_diag d = { 0, 0, 0, "" };
        snprintf(text, sizeof text, "%s%s", wave64 ? ".wave64\n" : "", line);
        if (gpuref_isa_rdna4.assemble(text, 0, &w, &n, &d)) {
            printf("ERROR %u:%u: %s\n", d.line - (unsigned)wave64, d.col, d.msg);
            continue;
        }
        for (size_t i = 0; i < n; i++)
            printf("%s0x%08x", i ? " " : "", w[i]);
        printf("\n");
        free(w);
    }
    return 0;
}

/* words lines (hex, one instruction per line) -> llvm-mc -disassemble input: each
 * word's bytes, then the marker word `mark` (hex) on a line of its own */
static int bytes(const char *mark)
{
    char line[512];
    unsigned long m = strtoul(mark, NULL, 16);
    while (fgets(line, sizeof line, stdin)) {
        char *p = line, *e;
        int first = 1;
        for (;;) {
            unsigned long v = strtoul(p, &e, 16);
            if (e == p)
                break;
            for (int b = 0; b < 4; b++)
                printf("%s0x%02lx", first && b == 0 ? "" : " ", (v >> (8 * b)) & 0xff);
            first = 0;
            p = e;
        }
        printf("\n0x%02lx 0x%02lx 0x%02lx 0x%02lx\n", m & 0xff, (m >> 8) & 0xff, (m >> 16) & 0xff,
               m >> 24);
    }
    return 0;
}
#endif
