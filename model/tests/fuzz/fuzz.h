/* fuzz.h - what every harness of model/tests/fuzz shares: the libFuzzer entry
 * point, the ISA a per-ISA harness is built for (FUZZ_ISA, given by the
 * Makefile once per entry of model/core/isas.def), and the finding check.
 *
 * A harness sees only the public API (gpuref.h, gpuref_vectors.h,
 * gpuref_cov.h).  Bad input must give an error status, never a crash; a
 * property that does not hold (text that does not assemble back to its word,
 * ...) is a finding too: fuzz_fail prints what and aborts, which libFuzzer
 * and the replay driver (fuzz_main.c) both report with the input. */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpuref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Step bound of every run a harness starts: the harnesses must end quickly
 * on any input (libFuzzer's -timeout catches a bound that does not hold). */
#define FUZZ_MAX_STEPS 2000u

#include <stdarg.h>

#ifdef __GNUC__
__attribute__((noreturn, format(printf, 1, 2)))
#endif
static inline void fuzz_fail(const char *fmt, ...);

static inline void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("FINDING: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* Little-endian words from bytes; at most max words, the last one padded with
 * zero bytes. */
static inline size_t fuzz_words(const uint8_t *data, size_t size, uint32_t *w, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < size && n < max; i += 4, n++) {
        uint32_t v = 0;
        for (size_t k = 0; k < 4 && i + k < size; k++)
            v |= (uint32_t)data[i + k] << (8 * k);
        w[n] = v;
    }
    return n;
}

/* A NUL-terminated copy of the input (text harnesses). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        fuzz_fail("out of memory");
    for (size_t i = 0; i < size; i++)
        s[i] = (char)data[i];
    s[size] = '\0';
    return s;
}

#endif
