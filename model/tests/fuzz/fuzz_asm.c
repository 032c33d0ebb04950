/* fuzz_asm.c - assemble arbitrary text of one ISA (FUZZ_ISA): a program text
 * is accepted or rejected with a located error; every unit of an accepted
 * program decodes and disassembles. */
#include <string.h>

#include "fuzz.h"

#ifndef FUZZ_ISA
#error "FUZZ_ISA: the Makefile builds this harness once per ISA"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const gpuref_isa *isa = gpuref_isa_find(FUZZ_ISA);
    if (!isa)
        fuzz_fail("ISA %s not in this library", FUZZ_ISA);
    char *text = fuzz_text(data, size);
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_diag d;
    memset(&d, 0, sizeof d);
    int rc = gpuref_assemble(isa, text, 0, &w, &n, &d);
    if (rc != GPUREF_OK) {
        if (rc != GPUREF_ERR_ASM && rc != GPUREF_ERR_RANGE && rc != GPUREF_ERR_NOMEM)
            fuzz_fail("assembler status %d (%s)", rc, d.msg);
        if (!d.msg[0] || !memchr(d.msg, '\0', sizeof d.msg))
            fuzz_fail("assembler error without a message");
        free(text);
        return 0;
    }
    /* an ISA with a second instruction stream (r700: ALU clause words after
     * the CF program) places words stream 0 does not describe: the walk ends
     * at the first of them */
    int multi = strcmp(gpuref_stream_name(isa, 1), "main") != 0;
    for (size_t i = 0; i < n;) {
        char buf[512];
        unsigned k = 0;
        if (gpuref_disasm(isa, w + i, n - i, 4 * i, buf, sizeof buf, &k, &d) != GPUREF_OK ||
            k == 0) {
            if (multi)
                break;
            fuzz_fail("word %zu (%08x) of an assembled program does not decode: %s", i, w[i],
                      d.msg);
        }
        i += k;
    }
    gpuref_free(w);
    free(text);
    return 0;
}
