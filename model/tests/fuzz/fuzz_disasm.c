/* fuzz_disasm.c - decode and disassemble arbitrary words of one ISA
 * (FUZZ_ISA), and assemble what disassembles: the text must assemble back to
 * the canonical unit, i.e. asm(disasm(w)) gives words c of the same length
 * whose disassembly is the same text, and asm of that text gives c again
 * (model/tests/README.md, "Fuzzing"). */
#include <string.h>

#include "fuzz.h"

#ifndef FUZZ_ISA
#error "FUZZ_ISA: the Makefile builds this harness once per ISA"
#endif

/* Programs are placed here so that backward relative branches have a target. */
#define PC 0x10000u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const gpuref_isa *isa = gpuref_isa_find(FUZZ_ISA);
    uint32_t w[GPUREF_MAX_WORDS];
    char t1[512], t2[512];
    unsigned n1 = 0, n2 = 0;
    gpuref_diag d;
    if (!isa)
        fuzz_fail("ISA %s not in this library", FUZZ_ISA);
    size_t n = fuzz_words(data, size, w, GPUREF_MAX_WORDS);
    if (n == 0)
        return 0;
    gpuref_unit_info ui;
    int rd = gpuref_decode_unit(isa, 0, w, n, &ui, &d);
    int rt = gpuref_disasm(isa, w, n, PC, t1, sizeof t1, &n1, &d);
    if ((rd == GPUREF_OK) != (rt == GPUREF_OK))
        fuzz_fail("decode says %d, disassembly %d for %08x", rd, rt, w[0]);
    if (rt != GPUREF_OK)
        return 0;
    if (n1 == 0 || n1 > n || n1 != ui.nwords)
        fuzz_fail("%08x: disassembly of %u words (decode: %u, %zu given)", w[0], n1, ui.nwords,
                  n);
    uint32_t *c = NULL, *c2 = NULL;
    size_t nc = 0, nc2 = 0;
    if (gpuref_assemble(isa, t1, PC, &c, &nc, &d) != GPUREF_OK)
        fuzz_fail("%08x: '%s' does not assemble: %s", w[0], t1, d.msg);
    if (nc != n1)
        fuzz_fail("%08x: '%s' assembles to %zu words, the unit has %u", w[0], t1, nc, n1);
    if (gpuref_disasm(isa, c, nc, PC, t2, sizeof t2, &n2, &d) != GPUREF_OK)
        fuzz_fail("%08x: '%s' assembles to %08x, which does not decode: %s", w[0], t1, c[0],
                  d.msg);
    if (strcmp(t1, t2) != 0 || n2 != nc)
        fuzz_fail("%08x: '%s' assembles to %08x: '%s'", w[0], t1, c[0], t2);
    if (gpuref_assemble(isa, t2, PC, &c2, &nc2, &d) != GPUREF_OK || nc2 != nc ||
        memcmp(c, c2, nc * sizeof *c) != 0)
        fuzz_fail("%08x: '%s' does not assemble to the same words twice", w[0], t2);
    gpuref_free(c);
    gpuref_free(c2);
    return 0;
}
