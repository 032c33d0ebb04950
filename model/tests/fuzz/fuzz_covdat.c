/* fuzz_covdat.c - the coverage.dat reader and merger, and exclusion files.
 * The input is split at its first NUL byte: the part before is read as a
 * coverage.dat twice (merged with itself: every count doubles, saturating),
 * the part after as an exclusion file of each ISA the points name. */
#include <string.h>

#include "fuzz.h"
#include "gpuref_cov.h"

/* One cov per ISA and use, kept across inputs (creating one costs more than
 * a whole input): counts are cleared before each input. */
static gpuref_cov *cached(const char *isa, int which)
{
    static struct { char name[32]; gpuref_cov *c[2]; int bad; } tab[16];
    for (int i = 0; i < 16; i++) {
        if (tab[i].name[0] && strcmp(tab[i].name, isa) == 0)
            return tab[i].bad ? NULL : tab[i].c[which];
        if (!tab[i].name[0]) {
            gpuref_diag d;
            snprintf(tab[i].name, sizeof tab[i].name, "%s", isa);
            if (strlen(isa) >= sizeof tab[i].name ||
                gpuref_cov_create(isa, &tab[i].c[0], &d) != GPUREF_OK ||
                gpuref_cov_create(isa, &tab[i].c[1], &d) != GPUREF_OK)
                tab[i].bad = 1;
            return tab[i].bad ? NULL : tab[i].c[which];
        }
    }
    return NULL;
}

static void check_totals(const gpuref_cov *c, const char *isa)
{
    gpuref_cov_totals t;
    gpuref_cov_totals_get(c, &t);
    if (t.hit + t.excluded > t.bins)
        fuzz_fail("%s: %llu hit + %llu excluded > %llu bins", isa, (unsigned long long)t.hit,
                  (unsigned long long)t.excluded, (unsigned long long)t.bins);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    const uint8_t *z = memchr(data, 0, size);
    size_t n1 = z ? (size_t)(z - data) : size;
    char *excl = z ? fuzz_text(z + 1, size - n1 - 1) : NULL;
    gpuref_covdat *cd = gpuref_covdat_new();
    gpuref_diag d;
    if (!cd)
        fuzz_fail("out of memory");
    int r1 = gpuref_covdat_read_string(cd, "a.dat", text, n1, &d);
    if (r1 == GPUREF_OK && gpuref_covdat_read_string(cd, "b.dat", text, n1, &d) != GPUREF_OK)
        fuzz_fail("the second read of a file that read once failed: %s", d.msg);
    if (r1 != GPUREF_OK && (!d.msg[0] || strncmp(d.msg, "a.dat", 5) != 0))
        fuzz_fail("rejected without a located message: %s", d.msg);
    gpuref_covdat_rtl rt[16];
    gpuref_covdat_rtl_summary(cd, rt, 16);
    size_t nisa = gpuref_covdat_nisas(cd);
    for (size_t k = 0; k < nisa; k++) {
        const char *isa = gpuref_covdat_isa(cd, k);
        if (!isa)
            fuzz_fail("ISA %zu of %zu has no name", k, nisa);
        gpuref_cov *c = cached(isa, 0), *c2 = cached(isa, 1);
        if (!c || !c2)
            continue;               /* names no ISA of this library */
        gpuref_cov_clear(c);
        gpuref_cov_clear(c2);
        size_t unknown = 0;
        if (gpuref_covdat_to_cov(cd, c, &unknown) != GPUREF_OK)
            fuzz_fail("covdat_to_cov failed");
        check_totals(c, isa);
        gpuref_cov_add(c2, c);
        gpuref_cov_add(c2, c);
        for (size_t i = 0; i < gpuref_cov_nbins(c); i++)
            if (gpuref_cov_count(c2, i) < gpuref_cov_count(c, i))
                fuzz_fail("%s: bin %zu wrapped when added", isa, i);
        if (excl) {                 /* exclusions stay on a cov: a new one */
            gpuref_cov *ce = NULL;
            if (gpuref_cov_create(isa, &ce, &d) != GPUREF_OK)
                fuzz_fail("cov_create(%s): %s", isa, d.msg);
            gpuref_cov_add(ce, c);
            if (gpuref_cov_exclude_string(ce, "x.txt", excl, &d) != GPUREF_OK &&
                strncmp(d.msg, "x.txt", 5) != 0)
                fuzz_fail("exclusion error not located: %s", d.msg);
            check_totals(ce, isa);
            char *l = gpuref_cov_listing(ce);
            if (!l)
                fuzz_fail("no listing");
            gpuref_free(l);
            gpuref_cov_destroy(ce);
        }
    }
    gpuref_covdat_free(cd);
    free(excl);
    return 0;
}
