/* fuzz_seeds.c - seed corpora from vector files: for each loaded test of the
 * ISA, its program words (harness exec_<isa>: a byte choosing the waves, then
 * the words), each unit's words (disasm_<isa>) and its program text
 * (asm_<isa>), written under OUT/<harness>/.  scripts/fuzz.sh adds the
 * vector files themselves (yaml) and coverage.dat files (covdat).
 *
 *   fuzz_seeds OUT ISA FILE.yaml...   (files of other ISAs are skipped) */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gpuref.h"
#include "gpuref_vectors.h"

static unsigned nseeds;

static void put(const char *out, const char *h, const char *isa, unsigned long k,
                const void *data, size_t len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s_%s", out, h, isa);
    if (mkdir(path, 0777) && errno != EEXIST) {
        perror(path);
        exit(1);
    }
    snprintf(path, sizeof path, "%s/%s_%s/seed%06lu", out, h, isa, k);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f)) {
        perror(path);
        exit(1);
    }
    nseeds++;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: fuzz_seeds OUT ISA FILE.yaml...\n");
        return 2;
    }
    const char *out = argv[1], *isa_name = argv[2];
    const gpuref_isa *isa = gpuref_isa_find(isa_name);
    if (!isa) {
        fprintf(stderr, "fuzz_seeds: unknown ISA '%s'\n", isa_name);
        return 2;
    }
    unsigned long kexec = 0, kunit = 0, kasm = 0;
    for (int a = 3; a < argc; a++) {
        gpuref_vec_file *f = NULL;
        gpuref_diag d;
        if (gpuref_vec_load(argv[a], &f, &d) != GPUREF_OK) {
            fprintf(stderr, "fuzz_seeds: %s (skipped)\n", d.msg);
            continue;
        }
        if (strcmp(f->isa, isa_name) != 0) {
            gpuref_vec_free(f);
            continue;
        }
        for (size_t t = 0; t < f->ntests; t++) {
            const gpuref_vec_test *vt = &f->tests[t];
            if (vt->program)
                put(out, "asm", isa_name, kasm++, vt->program, strlen(vt->program));
            size_t nb = 1 + 4 * vt->nwords;
            unsigned char *b = malloc(nb);
            if (!b)
                return 1;
            b[0] = (unsigned char)(t & 1);
            for (size_t i = 0; i < vt->nwords; i++)
                for (int k = 0; k < 4; k++)
                    b[1 + 4 * i + k] = (unsigned char)(vt->words[i] >> (8 * k));
            put(out, "exec", isa_name, kexec++, b, nb);
            for (size_t i = 0; i < vt->nwords;) {
                gpuref_unit_info ui;
                if (gpuref_decode_unit(isa, 0, vt->words + i, vt->nwords - i, &ui, &d) !=
                        GPUREF_OK || ui.nwords == 0) {
                    i++;
                    continue;
                }
                put(out, "disasm", isa_name, kunit++, b + 1 + 4 * i, 4 * ui.nwords);
                i += ui.nwords;
            }
            free(b);
        }
        gpuref_vec_free(f);
    }
    printf("fuzz_seeds %s: %u seeds\n", isa_name, nseeds);
    return 0;
}
