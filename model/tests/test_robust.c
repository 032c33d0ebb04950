/* test_robust.c - regression tests of robustness findings (issue 9): bad or
 * extreme input that used to crash, wrap or be accepted.  Each check failed
 * before its fix.  Expected values are worked by hand from the rule stated
 * beside each check, never by running the model. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <glob.h>
#include <unistd.h>

#include "gpuref.h"
#include "gpuref_cov.h"
#include "gpuref_gen.h"
#include "gpuref_vectors.h"
#include "testutil.h"


/* 1. The listing of bins with a long exclusion reason on every bin: the line
 * is the name padded to 56 columns, " # excluded: " and the reason. */
static void test_listing(void)
{
    gpuref_cov *c = NULL;
    gpuref_diag d = { 0 };
    if (gpuref_cov_create("nv50", &c, &d)) {
        tu_check(0, "listing setup");
        return;
    }
    tu_check(gpuref_cov_exclude_string(c, "e.txt", "*  # x\n", &d) == GPUREF_OK,
          "'*' excludes every bin");
    char *s = gpuref_cov_listing(c);
    size_t lines = 0, bad = 0;
    for (const char *p = s; p && *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        /* a short name: exactly 56 columns, then " # excluded: x" (14) = 70 */
        const gpuref_cov_bin *b = gpuref_cov_bin_at(c, lines);
        size_t want = (b && strlen(b->name) > 56 ? strlen(b->name) : 56) + 14;
        bad += n != want || strncmp(p + n - 14, " # excluded: x", 14) != 0;
        lines++;
        p = e ? e + 1 : p + n;
    }
    tu_check(s && lines == gpuref_cov_nbins(c) && bad == 0, "listing of every bin excluded");
    free(s);
    gpuref_cov_destroy(c);
}

/* 5. Counts saturate at 2^64-1 when added, and what the writer writes, the
 * reader reads (2^64-1 = 18446744073709551615 is a valid count). */
static void test_saturate(void)
{
    gpuref_covdat *cd = gpuref_covdat_new();
    gpuref_cov *c = NULL;
    gpuref_diag d = { 0 };
    if (!cd || gpuref_cov_create("nv50", &c, &d)) {
        tu_check(0, "saturate setup");
        gpuref_covdat_free(cd);
        return;
    }
    const gpuref_cov_bin *b0 = gpuref_cov_bin_at(c, 0);
    char text[1024];
    /* the key of bin 0: what gpuref_cov_write writes for the first nv50 bin */
    int n = snprintf(text, sizeof text,
                     "C '\001f\002gpuref/nv50.bins\001l\0021\001n\0020\001page\002v_user/gpuref_nv50"
                     "\001o\002%s\001h\002gpuref.nv50' 9223372036854775808\n", b0->name);
    /* 2^63 + 2^63 = 2^64: saturates at 2^64-1, never wraps to 0 */
    tu_check(gpuref_covdat_read_string(cd, "a.dat", text, (size_t)n, &d) == GPUREF_OK &&
          gpuref_covdat_read_string(cd, "b.dat", text, (size_t)n, &d) == GPUREF_OK,
          "read 2^63 twice");
    tu_check(gpuref_covdat_to_cov(cd, c, NULL) == GPUREF_OK && gpuref_cov_count(c, 0) == UINT64_MAX,
          "2^63 + 2^63 merged saturates at 2^64-1");
    /* gpuref_cov_add saturates too */
    tu_check(gpuref_cov_add(c, c) == GPUREF_OK && gpuref_cov_count(c, 0) == UINT64_MAX,
          "cov_add saturates");
    /* write then read back: 18446744073709551615 is accepted */
    char path[] = "/tmp/gpuref_test_robust_XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0)
        close(fd);
    gpuref_cov *r = NULL;
    gpuref_cov_create("nv50", &r, &d);
    tu_check(fd >= 0 && gpuref_cov_write(c, path, &d) == GPUREF_OK &&
          gpuref_cov_read(r, path, NULL, &d) == GPUREF_OK && gpuref_cov_count(r, 0) == UINT64_MAX,
          d.msg[0] ? d.msg : "the reader reads the writer's 2^64-1");
    /* one more than 2^64-1 is still an error */
    const char *big = "C 'x' 18446744073709551616\n";
    gpuref_diag e = { 0 };
    tu_check(gpuref_covdat_read_string(cd, "big.dat", big, strlen(big), &e) == GPUREF_ERR_PARSE &&
          strstr(e.msg, "big.dat:1:"), "2^64 is too large");
    remove(path);
    gpuref_cov_destroy(r);
    gpuref_cov_destroy(c);
    gpuref_covdat_free(cd);
}

/* 3. The RDNA4 generator only emits what it can encode: a jump at address 0
 * whose target is an inline constant (<= 64 bytes) over a skipped block that
 * grew past 64 bytes (it holds branch and call constructs).  This mix makes
 * nearly every program start so; seeds 1-8 each failed with "jump target N
 * is no inline constant" before. */
static void test_rdna4_jumps(void)
{
    static const char mix[] = "\"*\": 0\ns_setpc_b64: 100\ns_swappc_b64: 100\n"
                              "s_rfe_b64: 100\ns_call_b64: 50\nbranch: 50\n";
    for (uint64_t seed = 1; seed <= 8; seed++) {
        gpuref_gen_opts o;
        gpuref_gen_opts_default(&o);
        o.seed = seed;
        o.count = 200;
        o.length = 20;
        gpuref_gen *g = NULL;
        gpuref_diag d = { 0 };
        char *text = NULL;
        size_t len = 0;
        int rc = gpuref_gen_create("rdna4", &o, &g, &d);
        if (!rc)
            rc = gpuref_gen_mix_string(g, "mix", mix, sizeof mix - 1, &d);
        if (!rc)
            rc = gpuref_gen_file(g, &text, &len, &d);
        /* and what it emits runs: every jump lands on its label, so each
         * program reaches s_endpgm on the model */
        gpuref_vec_file *v = NULL;
        size_t pass = 0, ntests = 0;
        if (!rc)
            rc = gpuref_vec_load_string("gen.yaml", text, len, &v, &d);
        if (!rc) {
            ntests = v->ntests;
            gpuref_vec_run_opts ro = { 0 };
            static gpuref_vec_result res;
            for (size_t i = 0; i < ntests; i++)
                pass += gpuref_vec_run_test(v, &v->tests[i], &ro, &res) == GPUREF_OK &&
                        res.nfail == 0 && res.run_status == GPUREF_OK;
        }
        char what[300];
        snprintf(what, sizeof what, "rdna4 gen seed %llu with long jumps at 0: %s",
                 (unsigned long long)seed, rc ? d.msg : "runs");
        tu_check(rc == GPUREF_OK && ntests == 200 && pass == 200, what);
        gpuref_vec_free(v);
        gpuref_free(text);
        gpuref_gen_destroy(g);
    }
}

/* Load text; the error's status, line and message (0 when it loads). */
static int load(const char *text, unsigned *line, char *msg, size_t len)
{
    gpuref_vec_file *f = NULL;
    gpuref_diag d = { 0 };
    int rc = gpuref_vec_load_string("v.yaml", text, strlen(text), &f, &d);
    gpuref_vec_free(f);
    *line = d.line;
    snprintf(msg, len, "%s", d.msg);
    return rc;
}

static void expect_reject(const char *text, unsigned line, const char *part, const char *what)
{
    unsigned l = 0;
    char msg[512], w[700];
    int rc = load(text, &l, msg, sizeof msg);
    snprintf(w, sizeof w, "%s (got %d at line %u: %s)", what, rc, l, msg);
    tu_check(rc != GPUREF_OK && l == line && strstr(msg, part) != NULL, w);
}

static void expect_load(const char *text, const char *what)
{
    unsigned l = 0;
    char msg[512], w[700];
    int rc = load(text, &l, msg, sizeof msg);
    snprintf(w, sizeof w, "%s (got %d at line %u: %s)", what, rc, l, msg);
    tu_check(rc == GPUREF_OK, w);
}

/* 6, 7. The loader rejects at load, located: max_steps above the limit
 * (10^9, GPUREF_VEC_MAX_STEPS_LIMIT), overlapping lane selections of one
 * register, a config key given twice, init of a register the configured
 * model ignores (NV50 D30: r at or above gprs drops writes). */
static void test_loader(void)
{
#define HEAD "isa: nv50\ntests:\n  - name: a\n"
    expect_reject(HEAD "    max_steps: 18446744073709551615\n    program: \"exit nop\"\n"
                  "    expect: {steps: 1}\n", 4, "max_steps", "max_steps 2^64-1 rejected");
    expect_reject(HEAD "    max_steps: 1000000001\n    program: \"exit nop\"\n"
                  "    expect: {steps: 1}\n", 4, "max_steps", "max_steps 10^9+1 rejected");
    expect_load(HEAD "    max_steps: 1000000000\n    program: \"exit nop\"\n"
                "    expect: {steps: 1}\n", "max_steps 10^9 loads");
    expect_reject(HEAD "    program: \"exit nop\"\n    expect:\n"
                  "      regs: {r1: \"0x0\", \"r1[0:3]\": [\"0x1\", \"0x1\", \"0x1\", \"0x1\"]}\n",
                  6, "overlaps r1", "r1 and r1[0:3] in one mapping rejected");
    expect_reject(HEAD "    program: \"exit nop\"\n    init:\n"
                  "      regs: {\"r2[4:7]\": [\"0x1\", \"0x1\", \"0x1\", \"0x1\"], \"r2[7]\": \"0x2\"}\n"
                  "    expect: {steps: 1}\n", 6, "overlaps r2[4:7]", "r2[4:7] and r2[7] rejected");
    expect_load(HEAD "    program: \"exit nop\"\n    init:\n"
                "      regs: {\"r2[4:7]\": [\"0x1\", \"0x1\", \"0x1\", \"0x1\"], \"r2[8]\": \"0x2\", "
                "\"r3[7]\": \"0x2\"}\n    expect: {steps: 1}\n", "disjoint lanes load");
    expect_reject(HEAD "    config: \"threads=4,,threads=8\"\n    program: \"exit nop\"\n"
                  "    expect: {steps: 1}\n", 4, "'threads' given twice", "repeated config key");
    expect_load(HEAD "    config: \"threads=4, gprs=8\"\n    program: \"exit nop\"\n"
                "    expect: {steps: 1}\n", "two config keys load");
    expect_reject(HEAD "    config: \"gprs=8\"\n    program: \"exit nop\"\n    init:\n"
                  "      regs: {r100: \"0x5\"}\n    expect: {steps: 1}\n", 7, "r100",
                  "init of r100 with gprs=8 rejected");
    expect_load(HEAD "    config: \"gprs=8\"\n    program: \"exit nop\"\n    init:\n"
                "      regs: {r7: \"0x5\"}\n    expect: {steps: 1}\n", "init of r7 with gprs=8 loads");
#undef HEAD
    gpuref_model *m = NULL;
    gpuref_diag d = { 0 };
    tu_check(gpuref_model_create("nv50", "threads=4,threads=8", &m, &d) != GPUREF_OK,
          "the API refuses a config key given twice");
    gpuref_model_destroy(m);
    m = NULL;
    tu_check(gpuref_model_create("rdna4", "wave=32, sgprs=16,wave=64", &m, &d) != GPUREF_OK,
          "rdna4: a config key given twice refused");
    gpuref_model_destroy(m);
}

/* 10. The streaming loader (gpuref_vec_open/next) agrees with the whole-file
 * loader on every file: the same error (status, line, column, message), or
 * the same tests in the same order. */
static unsigned nsame, ndiff;

static int same_test(const gpuref_vec_test *a, const gpuref_vec_test *b)
{
    return !strcmp(a->name, b->name) && a->nwords == b->nwords &&
           !memcmp(a->words, b->words, a->nwords * sizeof *a->words) &&
           a->ninit_regs == b->ninit_regs && a->nexp_regs == b->nexp_regs &&
           a->ninit_mem == b->ninit_mem && a->nexp_mem == b->nexp_mem &&
           a->ntrace == b->ntrace && a->max_steps == b->max_steps && a->base == b->base &&
           a->loc.line == b->loc.line && a->program_loc.line == b->program_loc.line &&
           a->program_loc.col == b->program_loc.col && a->has_steps == b->has_steps &&
           a->steps == b->steps && !a->error == !b->error;
}

static void compare_loaders(const char *path)
{
    gpuref_vec_file *f = NULL;
    gpuref_vec_stream *s = NULL;
    gpuref_diag d1 = { 0 }, d2 = { 0 };
    int r1 = gpuref_vec_load(path, &f, &d1);
    int r2 = gpuref_vec_open(path, &s, &d2);
    int same = r1 == r2 && d1.line == d2.line && d1.col == d2.col && !strcmp(d1.msg, d2.msg);
    if (same && r1 == GPUREF_OK) {
        const gpuref_vec_file *h = gpuref_vec_stream_file(s);
        same = !strcmp(h->isa, f->isa) && h->ntests == f->ntests && h->seed == f->seed &&
               !h->comment == !f->comment;
        size_t k = 0;
        const gpuref_vec_test *t = NULL;
        int nr;
        while (same && (nr = gpuref_vec_next(s, &t, &d2)) == 1)
            same = k < f->ntests && same_test(t, &f->tests[k++]);
        same = same && k == f->ntests;
    }
    if (same) {
        nsame++;
    } else {
        ndiff++;
        printf("FAIL: loaders differ on %s:\n  whole:  %d %u:%u %s\n  stream: %d %u:%u %s\n", path,
               r1, d1.line, d1.col, d1.msg, r2, d2.line, d2.col, d2.msg);
    }
    gpuref_vec_free(f);
    gpuref_vec_close(s);
}

static void compare_text(const char *text, size_t len)
{
    char path[] = "/tmp/gpuref_test_stream_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return;
    FILE *f = fdopen(fd, "wb");
    if (f) {
        fwrite(text, 1, len, f);
        fclose(f);
        compare_loaders(path);
    }
    remove(path);
}

static void test_stream(void)
{
    static const char *const pats[] = { "model/tests/data/*.yaml", "vectors/*/directed/*.yaml" };
    for (size_t i = 0; i < 2; i++) {
        glob_t g;
        if (glob(pats[i], 0, NULL, &g) == 0) {
            for (size_t k = 0; k < g.gl_pathc; k++)
                compare_loaders(g.gl_pathv[k]);
            globfree(&g);
        }
    }
    static const char *const texts[] = {
        /* tests before isa: checked once the ISA is known */
        "tests:\n  - name: a\n    program: \"exit nop\"\n    expect: {steps: 1}\n"
        "  - name: b\n    program: \"frob\"\n    expect: {steps: 1}\nisa: nv50\n",
        "tests:\n  - name: a\n    program: \"exit nop\"\n    expect: {steps: 1}\nisa: nv50\n",
        /* a test error, then a later file-level error: the file's key wins */
        "isa: nv50\ntests:\n  - name: a\n    program: \"frob\"\n    expect: {steps: 1}\nbogus: 1\n",
        "isa: nv50\ntests:\n  - name: a\n    program: \"frob\"\n    expect: {steps: 1}\nseed: x\n",
        "isa: nv50\ntests:\n  - name: a\n    program: \"exit nop\"\n    expect: {steps: 1}\n"
        "  - name: a\n    program: \"exit nop\"\n    expect: {steps: 1}\n",
        "isa: nv50\nisa: nv50\ntests: []\n",
        "isa: nv50\ntests: []\n",
        /* an anchor in one test, aliases in later ones */
        "isa: nv50\ncomment: &c \"x\"\ntests:\n  - name: a\n    init: &i {regs: {r1: \"0x1\"}}\n"
        "    program: \"exit nop\"\n    expect: &e {regs: {r1: \"0x1\"}}\n"
        "  - name: b\n    comment: *c\n    init: *i\n    program: \"exit nop\"\n    expect: *e\n"
        "  - name: c\n    init: *i\n    program: \"exit nop\"\n    expect: *nope\n",
        "isa: nv50\ntests:\n  - name: a\n    init: &i {regs: {r1: \"0x1\"}}\n"
        "    program: \"exit nop\"\n    expect: {regs: {r1: \"0x1\"}}\n"
        "  - name: b\n    init: *i\n    program: \"exit nop\"\n    expect: {regs: {r1: \"0x1\"}}\n",
        "isa: nv50\ntests: 5\n",
        "isa: r9000\ntests: []\n",
        "[1, 2]\n",
        "? [a]\n: 1\n",
        "isa: nv50\ntests:\n  - &t {name: a, program: \"exit nop\", expect: {steps: 1}}\n",
        "isa: nv50\ntests:\n  - name: a\n    program: \"exit nop\"\n    expect: &e {steps: 1}\n"
        "  - name: b\n    program: \"exit nop\"\n    expect: {steps: 1}\n",
        "isa: nv50\ntests:\n  - name: a\n    program: \"exit nop\"\n    expect: {steps: 1}\n---\nx: 1\n",
        "isa: nv50\ntests:\n  - name: a\n    program: \"exit nop\"\n    expect: {steps: 1}\n---\n",
        "isa: nv50\ntests:\n  - name: a\n    program: |\n      nop\n      frob $r1\n    expect: {steps: 1}\n"
        "  - name: b\n    program: \"exit nop\"\n    expect: {steps: [}\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        compare_text(texts[i], strlen(texts[i]));
    /* every prefix and random byte changes of a valid two-test file */
    static const char v[] =
        "isa: nv50\nseed: 3\ncomment: \"two tests\"\ntests:\n"
        "  - name: add\n    config: \"threads=4\"\n    init:\n      regs: {r1: \"0x2\", \"r2[0:1]\": [\"0x3\", \"0x4\"]}\n"
        "    program: |\n      add b32 $r3 $r1 $r2\n      exit nop\n"
        "    expect:\n      regs: {\"r3[0]\": \"0x5\"}\n      steps: 2\n"
        "  - name: mem\n    words: [\"0x10008001\", \"0x00000003\"]\n    max_steps: 10\n"
        "    expect: {error: \"outside\"}\n";
    size_t n = sizeof v - 1;
    for (size_t k = 0; k <= n; k += 5)
        compare_text(v, k);
    char buf[sizeof v];
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (unsigned it = 0; it < 300; it++) {
        memcpy(buf, v, sizeof v);
        for (unsigned j = 0; j < 1 + it % 3; j++) {
            tu_xorshift(&x);
            static const char pool[] = "{}[]:,-#&*!|>'\"%@`\n \t0xZ\\";
            buf[x % n] = (x >> 32) & 1 ? pool[(x >> 40) % (sizeof pool - 1)] : (char)(x >> 48);
        }
        compare_text(buf, n);
    }
    char what[100];
    snprintf(what, sizeof what, "streaming and whole loaders agree (%u files, %u differ)",
             nsame + ndiff, ndiff);
    tu_check(ndiff == 0 && nsame > 400, what);
}

int main(void)
{
    tu_group("stream");
    test_stream();
    tu_group("loader");
    test_loader();
    tu_group("rdna4 jumps");
    test_rdna4_jumps();
    tu_group("listing");
    test_listing();
    tu_group("saturate");
    test_saturate();
    return tu_finish();
}
