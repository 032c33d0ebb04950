/* test_gen.c - the random generator: RNG and special values, determinism
 * (same seed, byte-identical file), legality (every generated program loads,
 * assembles back to text the disassembler prints the same way, and ends
 * normally on the model within its max_steps) over many seeds, --record,
 * instruction-mix files and their errors, and coverage-driven generation
 * (aimed generation hits bins plain generation misses). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "gpuref_cov.h"
#include "gpuref_gen.h"
#include "gpuref_vectors.h"
#include "testutil.h"

#define NSEEDS_DEFAULT 200

static const char *isa = "nv50";   /* the ISA under test */

static char *gen(uint64_t seed, unsigned count, unsigned length, int record, const char *mix,
                 const gpuref_cov *target, size_t *len, gpuref_diag *d)
{
    gpuref_gen_opts o;
    gpuref_gen_opts_default(&o);
    o.seed = seed;
    o.count = count;
    o.length = length;
    o.record = record;
    gpuref_gen *g = NULL;
    char *text = NULL;
    int rc = gpuref_gen_create(isa, &o, &g, d);
    if (!rc && mix)
        rc = gpuref_gen_mix_string(g, "mix.yaml", mix, strlen(mix), d);
    if (!rc && target)
        rc = gpuref_gen_target(g, target, d);
    if (!rc)
        rc = gpuref_gen_file(g, &text, len, d);
    gpuref_gen_destroy(g);
    return rc ? NULL : text;
}

static void test_rng(void)
{
    gpuref_rng a, b;
    gpuref_rng_seed(&a, 42);
    gpuref_rng_seed(&b, 42);
    int same = 1;
    for (int i = 0; i < 100; i++)
        same &= gpuref_rng_next(&a) == gpuref_rng_next(&b);
    tu_check(same, "same seed, same stream");
    gpuref_rng_seed_stream(&a, 42, 0);
    gpuref_rng_seed_stream(&b, 42, 1);
    tu_check(gpuref_rng_next(&a) != gpuref_rng_next(&b), "streams differ");
    unsigned hist[7] = { 0 }, bad = 0;
    for (int i = 0; i < 70000; i++) {
        uint32_t v = gpuref_rng_below(&a, 7);
        if (v >= 7)
            bad++;
        else
            hist[v]++;
    }
    int flat = 1;
    for (int i = 0; i < 7; i++)
        flat &= hist[i] > 9000 && hist[i] < 11000;
    tu_check(!bad && flat, "below(7) in range and about uniform");
    tu_check(gpuref_rng_below(&a, 0) == 0, "below(0) is 0");
    unsigned special = 0, over = 0;
    for (int i = 0; i < 10000; i++) {
        uint64_t v = gpuref_rng_value(&a, 16, 25);
        over += v > 0xffff;
        for (size_t k = 0; k < gpuref_special_count(16); k++)
            if (v == gpuref_special_value(16, k)) {
                special++;
                break;
            }
    }
    tu_check(!over, "16-bit values fit 16 bits");
    tu_check(special > 2000 && special < 3500, "about a quarter of the values are special");
    tu_check(gpuref_special_count(32) > 20 && gpuref_special_count(7) == 0, "special tables");
}

/* The length of as many lines of p as the disassembly dis has (a USC group
 * prints one line per instruction and destination). */
static size_t text_lines(const char *p, const char *dis)
{
    size_t k = 0;
    for (const char *d = dis; (d = strchr(d, '\n')) != NULL; d++)
        k += strcspn(p + k, "\n") + (p[k + strcspn(p + k, "\n")] == '\n');
    return k + strcspn(p + k, "\n");
}

/* RDNA4 wave64 programs (a ".wave64" line) spell lane masks as pairs (vcc, exec,
 * s[4:5]) where the disassembler prints wave32 ones (vcc_lo, exec_lo, s4), and WMMA
 * tuples half as long: both sides are compared with those spellings made one (the
 * assembler has checked the widths under .wave64 when the file loaded). */
static void mask_norm(const char *in, size_t n, char *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 8 < cap;) {
        unsigned a, b;
        int len = 0;
        int word = i == 0 || !((in[i - 1] >= 'a' && in[i - 1] <= 'z') || in[i - 1] == '_');
        if (word && !strncmp(in + i, "vcc", 3) && (i + 3 >= n || in[i + 3] != '_')) {
            memcpy(out + k, "vcc_lo", 6);
            k += 6;
            i += 3;
        } else if (word && !strncmp(in + i, "exec", 4) && (i + 4 >= n || in[i + 4] != '_')) {
            memcpy(out + k, "exec_lo", 7);
            k += 7;
            i += 4;
        } else if (word && in[i] == 's' && sscanf(in + i, "s[%u:%u]%n", &a, &b, &len) == 2 && len > 0 &&
                   b == a + 1 && (size_t)len <= n - i) {
            k += (size_t)snprintf(out + k, cap - k, "s%u", a);
            i += (size_t)len;
        } else if (word && in[i] == 'v' && sscanf(in + i, "v[%u:%u]%n", &a, &b, &len) == 2 && len > 0 &&
                   (size_t)len <= n - i) {       /* WMMA tuples: half as long in wave64 */
            k += (size_t)snprintf(out + k, cap - k, "v%u", a);
            i += (size_t)len;
        } else {
            out[k++] = in[i++];
        }
    }
    out[k] = '\0';
}

/* Load a generated file and run every test: it must load (the program text
 * assembles), the disassembly of its words must be the generator's text, and
 * every test must pass (end normally within max_steps). */
static unsigned run_file(const char *text, size_t len, const char *name, gpuref_cov *cov,
                         int check_text)
{
    gpuref_diag d = { 0 };
    gpuref_vec_file *f = NULL;
    unsigned bad = 0;
    if (gpuref_vec_load_string(name, text, len, &f, &d) != GPUREF_OK) {
        printf("FAIL: %s does not load: %s\n", name, d.msg);
        return 1;
    }
    gpuref_retire *rr = malloc(sizeof *rr);
    for (size_t i = 0; i < f->ntests && rr; i++) {
        const gpuref_vec_test *t = &f->tests[i];
        if (check_text) {                     /* asm(text) -> disasm -> the same text */
            const char *p = t->program;
            size_t at = 0;
            int w64 = p && !strncmp(p, ".wave64\n", 8);
            if (w64)
                p += 8;
            while (p && *p && at < t->nwords) {
                size_t k = strcspn(p, "\n");
                char dis[2048], na[2048], nb[2048];
                unsigned nw = 0;
                int st = gpuref_disasm(gpuref_isa_find(isa), t->words + at, t->nwords - at,
                                       4 * at, dis, sizeof dis, &nw, &d);
                if (st == GPUREF_OK && w64) {
                    mask_norm(dis, strlen(dis), na, sizeof na);
                    mask_norm(p, k, nb, sizeof nb);
                }
                if (st != GPUREF_OK ||
                    (w64 ? strcmp(na, nb) != 0
                         : (((k = text_lines(p, dis)), strlen(dis) != k) || strncmp(dis, p, k)))) {
                    printf("FAIL: %s %s: text '%.*s' disassembles as '%s'\n", name, t->name,
                           (int)k, p, dis);
                    bad++;
                    break;
                }
                at += nw;
                p += k + (p[k] == '\n');
            }
        }
        gpuref_model *m = NULL;
        if (gpuref_vec_setup(f, t, &m, &d) != GPUREF_OK) {
            printf("FAIL: %s %s: setup: %s\n", name, t->name, d.msg);
            bad++;
            continue;
        }
        uint64_t steps = 0;
        int rc = GPUREF_OK;
        if (cov)
            gpuref_cov_begin(cov, m);
        while (!gpuref_finished(m) && steps < t->max_steps) {
            if ((rc = gpuref_step_next(m, rr)) != GPUREF_OK)     /* waves=N: in turn */
                break;
            if (cov)
                gpuref_cov_sample(cov, m, rr);
            steps++;
        }
        char report[GPUREF_VEC_REPORT_LEN] = "";
        int nf = gpuref_vec_check_final(t, m, gpuref_finished(m) ? rc : GPUREF_ERR_LIMIT,
                                        gpuref_model_error(m), steps, report, sizeof report);
        if (rc != GPUREF_OK || !gpuref_finished(m) || nf) {
            printf("FAIL: %s %s: %s %s\n", name, t->name, gpuref_model_error(m), report);
            bad++;
        }
        gpuref_model_destroy(m);
    }
    free(rr);
    gpuref_vec_free(f);
    return bad;
}

/* Seed `s` of `mix` (count tests of `length` instructions), loaded, round-tripped and
 * run by run_file under the name TAG_seedS.yaml; NULL (and *bad counted) when the
 * generator fails.  The caller frees the text. */
static char *gen_run(const char *tag, unsigned s, unsigned count, unsigned length, const char *mix,
                     size_t *len, unsigned *bad)
{
    gpuref_diag d = { 0 };
    char name[48];
    char *t = gen(s, count, length, 0, mix, NULL, len, &d);
    snprintf(name, sizeof name, "%s_seed%u.yaml", tag, s);
    if (!t) {
        printf("FAIL: %s seed %u: %s\n", tag, s, d.msg);
        (*bad)++;
        return NULL;
    }
    *bad += run_file(t, *len, name, NULL, 1);
    return t;
}


static void test_determinism(void)
{
    gpuref_diag d = { 0 };
    size_t la = 0, lb = 0, lc = 0;
    char *a = gen(7, 5, 80, 0, NULL, NULL, &la, &d);
    char *b = gen(7, 5, 80, 0, NULL, NULL, &lb, &d);
    char *c = gen(8, 5, 80, 0, NULL, NULL, &lc, &d);
    tu_check(a && b && la == lb && !memcmp(a, b, la), "same seed: byte-identical file");
    tu_check(a && c && (la != lc || memcmp(a, c, la)), "another seed: another file");
    tu_check(a && strstr(a, "\nseed: 7\n"), "the seed is stored in the file");
    gpuref_free(a);
    gpuref_free(b);
    gpuref_free(c);
}

/* The knob items (group "knob"): weight 0 draws nothing (the programs of
 * no mix), 100 sets every listed key in every program's config, 50 sets
 * some and not others, reproducibly; the programs run on the model. */
static void test_knobs(const char *const *keys)
{
    gpuref_diag d = { 0 };
    size_t l0 = 0, ln = 0, l100 = 0, l50 = 0, l50b = 0;
    char *none = gen(11, 20, 40, 0, NULL, NULL, &ln, &d);
    char *k0 = gen(11, 20, 40, 0, "knob: 0\n", NULL, &l0, &d);
    char *k100 = gen(11, 20, 40, 0, "knob: 100\n", NULL, &l100, &d);
    char *k50 = gen(11, 20, 40, 0, "knob: 50\n", NULL, &l50, &d);
    char *k50b = gen(11, 20, 40, 0, "knob: 50\n", NULL, &l50b, &d);
    tu_check(none && k0 && ln == l0 && !memcmp(none, k0, ln), "knob weight 0: the programs of no mix");
    tu_check(k50 && k50b && l50 == l50b && !memcmp(k50, k50b, l50), "knob weight 50: reproducible");
    for (unsigned i = 0; keys[i]; i++) {
        unsigned n100 = 0, n50 = 0;
        for (const char *p = k100; p && (p = strstr(p, keys[i])); p++)
            n100++;
        for (const char *p = k50; p && (p = strstr(p, keys[i])); p++)
            n50++;
        tu_check(n100 == 20, "%s: weight 100 sets %s in every program (%u of 20)", isa, keys[i], n100);
        tu_check(n50 > 0 && n50 < 20, "%s: weight 50 sets %s in some programs (%u of 20)", isa,
                 keys[i], n50);
    }
    tu_check(k100 && run_file(k100, l100, "knob100.yaml", NULL, 0) == 0,
             "%s: the knob programs run on the model", isa);
    gpuref_free(none);
    gpuref_free(k0);
    gpuref_free(k100);
    gpuref_free(k50);
    gpuref_free(k50b);
}

static void test_seeds(unsigned nseeds)
{
    unsigned bad = 0;
    for (unsigned s = 1; s <= nseeds; s++) {
        gpuref_diag d = { 0 };
        size_t len = 0;
        char name[32];
        char *t = gen(s, 1, 60, 0, NULL, NULL, &len, &d);
        snprintf(name, sizeof name, "seed%u.yaml", s);
        if (!t) {
            printf("FAIL: seed %u: %s\n", s, d.msg);
            bad++;
            continue;
        }
        /* R700 programs name clause addresses, counts and loop ends by label,
         * which the assembler fills in: their listing is not the generated text */
        bad += run_file(t, len, name, NULL, strcmp(isa, "r700") != 0);
        gpuref_free(t);
    }
    char what[96];
    snprintf(what, sizeof what, "%s: %u seeds: programs load, round-trip and end normally", isa,
             nseeds);
    tu_check(bad == 0, what);
}

static void test_record(void)
{
    gpuref_diag d = { 0 };
    size_t len = 0;
    char *t = gen(3, 4, 80, 1, NULL, NULL, &len, &d);
    tu_check(t != NULL, d.msg[0] ? d.msg : "--record generates");
    if (!t)
        return;
    tu_check(strstr(t, "recorded from the model") && strstr(t, "      steps: ") &&
          strstr(t, "      regs:\n"), "recorded expectations are in the file");
    tu_check(run_file(t, len, "record.yaml", NULL, 0) == 0, "recorded tests pass on the model");
    gpuref_free(t);
}

static void test_mix(void)
{
    gpuref_diag d = { 0 };
    size_t len = 0;
    /* only add rows and no constructs */
    char *t = gen(5, 3, 60, 0, "alu: 0\ncontrol: 0\nadd.b32: 10\n", NULL, &len, &d);
    tu_check(t != NULL, d.msg[0] ? d.msg : "mix generates");
    if (t) {
        unsigned other = 0;
        for (const char *p = strstr(t, "program: |"); p && *p; p = strchr(p, '\n')) {
            p++;
            if (strncmp(p, "      ", 6) != 0)
                break;
            const char *q = p + 6;
            if (!strncmp(q, "long ", 5))
                q += 5;
            other += strncmp(q, "add b32", 7) && strncmp(q, "exit nop", 8) &&
                     strncmp(q, "mov", 3);      /* fillers keep alignment: short rows */
        }
        tu_check(other == 0, "a mix of add.b32 only gives add b32 instructions");
        gpuref_free(t);
    }
    static const struct { const char *text; unsigned line; const char *msg; } errs[] = {
        { "add.b32: 5\nnosuch: 1\n", 2, "is no item" },
        { "add.b32: -1\n", 1, "expected a decimal integer" },
        { "add.b32: 0x10\n", 1, "expected a decimal integer" },
        { "add.b32: 1\nadd.b32: 2\n", 2, "duplicate name" },
        { "alu: 0\ncontrol: 0\n", 1, "every weight is 0" },
        { "- a\n- b\n", 1, "expected a mapping" },
        { "add.b32: [1\n", 2, "mix.yaml:" },
    };
    for (size_t k = 0; k < sizeof errs / sizeof errs[0]; k++) {
        gpuref_diag e = { 0 };
        char *x = gen(5, 1, 10, 0, errs[k].text, NULL, &len, &e);
        char what[400];
        snprintf(what, sizeof what, "mix error %zu (%s)", k, e.msg);
        tu_check(!x && e.status == GPUREF_ERR_PARSE && e.line == errs[k].line &&
              strstr(e.msg, errs[k].msg) && strstr(e.msg, "mix.yaml:"), what);
        gpuref_free(x);
    }
}

/* Count the program lines of t that are instructions of `mnemonic`; *total:
 * all program lines. */
static unsigned count_lines(const char *t, const char *mnemonic, unsigned *total)
{
    unsigned n = 0;
    size_t ml = strlen(mnemonic);
    *total = 0;
    for (const char *p = t; (p = strstr(p, "    program: |\n")) != NULL;) {
        p = strchr(p, '\n') + 1;
        for (; !strncmp(p, "      ", 6) && p[6] != ' '; p = strchr(p, '\n') + 1) {
            (*total)++;
            n += !strncmp(p + 6, mnemonic, ml) && (p[6 + ml] == ' ' || p[6 + ml] == '\n');
        }
    }
    return n;
}

/* RDNA4: the rows are drawn in the proportions of the mix weights, and a mix
 * of one row gives that row only (s_endpgm ends every program). */
static void test_mix_weights(void)
{
    gpuref_diag d = { 0 };
    size_t len = 0;
    unsigned total = 0;
    char *t = gen(6, 20, 100, 0, "rdna4: 0\ncontrol: 0\ns_and_b32: 1\n", NULL, &len, &d);
    unsigned a = t ? count_lines(t, "s_and_b32", &total) : 0;
    unsigned e = t ? count_lines(t, "s_endpgm", &total) : 0;
    tu_check(t && a == 20 * 100 && e == 20 && total == a + e, "rdna4: a mix of one row");
    gpuref_free(t);
    t = gen(6, 40, 100, 0, "rdna4: 0\ncontrol: 0\ns_and_b32: 1\ns_or_b32: 3\n", NULL, &len, &d);
    a = t ? count_lines(t, "s_and_b32", &total) : 0;
    unsigned o = t ? count_lines(t, "s_or_b32", &total) : 0;
    char what[96];
    snprintf(what, sizeof what, "rdna4: mix weights 1:3 give %u:%u", a, o);
    tu_check(t && a + o == 40 * 100 && a > 800 && a < 1200, what);   /* 1000 expected, sd 27 */
    gpuref_free(t);
    /* a VOPD pair's other half comes from that half's rows of weight > 0: halves of
     * weight 0 appear in no pair; without a Y row of weight > 0 no pair is drawn */
    t = gen(6, 20, 100, 0, "rdna4: 0\ncontrol: 0\ns_and_b32: 1\nv_dual_*: 10\n"
            "v_dual_dot2acc_*: 0\nv_dual_mul_dx9_zero_f32: 0\n", NULL, &len, &d);
    unsigned pairs = 0;
    for (const char *p = t; p && (p = strstr(p, " :: v_dual_")) != NULL; p++)
        pairs++;
    tu_check(t && pairs > 100 && !strstr(t, "dot2acc") && !strstr(t, "dx9_zero"),
             "rdna4: VOPD pairs (%u) draw no half of weight 0", pairs);
    gpuref_free(t);
    t = gen(6, 20, 100, 0, "rdna4: 0\ncontrol: 0\ns_and_b32: 1\nvopdx: 10\n", NULL, &len, &d);
    tu_check(t && !strstr(t, "v_dual_"), "rdna4: no VOPD pair without a Y half of weight > 0");
    gpuref_free(t);
}

/* RDNA4 vector ALU programs: an all-VALU mix loads, round-trips and runs to the
 * end on the model for every seed (no "unimplemented"), is the same text for the
 * same seed, and has both wave sizes, random EXEC (also empty), MODE writes, DPP16,
 * DPP8, VOPD pairs, VOP3P, VINTERP and WMMA/SWMMAC; "valu: 0" leaves the scalar
 * programs. */
static void test_rdna4_valu(unsigned nseeds)
{
    static const char mix[] = "rdna4: 0\nvalu: 10\nvaluctl: 30\ndpp: 40\n";
    gpuref_diag d = { 0 };
    size_t len = 0, len2 = 0;
    unsigned bad = 0, w64 = 0, w32 = 0, execz = 0, mode = 0, dpp16 = 0, dpp8 = 0, vopd = 0,
             vop3p = 0, vinterp = 0, sdst = 0, wmma = 0;
    for (unsigned s = 1; s <= nseeds; s++) {
        char *t = gen_run("valu", s, 2, 80, mix, &len, &bad);
        if (!t)
            continue;
        for (const char *p = t; (p = strstr(p, "program: |")) != NULL; p++) {
            if (!strncmp(strchr(p, '\n') + 1, "      .wave64", 13))
                w64++;
            else
                w32++;
        }
        execz += strstr(t, "s_mov_b32 exec_lo, lit(0x0)\n") != NULL;
        mode += strstr(t, "s_round_mode") || strstr(t, "s_denorm_mode") ||
                strstr(t, "hwreg(HW_REG_WAVE_MODE, 0, 8)");
        dpp16 += strstr(t, "row_mask:") != NULL;
        dpp8 += strstr(t, " dpp8:[") != NULL;
        vopd += strstr(t, " :: v_dual_") != NULL;
        vop3p += strstr(t, "v_pk_") != NULL;
        vinterp += strstr(t, "v_interp_") != NULL;
        wmma += strstr(t, "v_wmma_") || strstr(t, "v_swmmac_");
        sdst += strstr(t, "_e64 s[") != NULL;
        gpuref_free(t);
    }
    tu_check(bad == 0, "rdna4 VALU mix: %u seeds load, round-trip and end normally", nseeds);
    tu_check(w64 && w32, "both wave sizes (%u wave64, %u wave32 tests)", w64, w32);
    tu_check(execz && mode, "EXEC = 0 in %u, MODE writes in %u files", execz, mode);
    tu_check(dpp16 && dpp8 && vopd && vop3p && vinterp && sdst && wmma,
             "DPP16 %u, DPP8 %u, VOPD %u, VOP3P %u, VINTERP %u, wave64 SGPR-pair masks %u, "
             "WMMA/SWMMAC %u files", dpp16, dpp8, vopd, vop3p, vinterp, sdst, wmma);
    char *a = gen(11, 3, 100, 0, mix, NULL, &len, &d);
    char *b = gen(11, 3, 100, 0, mix, NULL, &len2, &d);
    tu_check(a && b && len == len2 && !memcmp(a, b, len), "rdna4 VALU mix: same seed, same file");
    gpuref_free(a);
    gpuref_free(b);
    a = gen(12, 5, 100, 0, "valu: 0\n", NULL, &len, &d);
    tu_check(a && !strstr(a, ".wave64") && !strstr(a, "wave=64") && !strstr(a, "\n      v_") &&
             strstr(a, "\n      s_"), "valu: 0 gives scalar programs (wave32, no VALU row)");
    gpuref_free(a);
}

/* Does the line read one of v8-v15 (a register or a tuple v[a:b] that covers
 * one of them)?  Mnemonics (v_...) and other registers do not count. */
static int reads_v8_15(const char *p, const char *end)
{
    for (; p < end; p++) {
        if (*p != 'v' || (p > end - 2))
            continue;
        unsigned lo, hi;
        const char *q = p + 1;
        if (*q == '[') {
            if (sscanf(q, "[%u:%u]", &lo, &hi) != 2)
                continue;
        } else if (*q >= '0' && *q <= '9') {
            if (sscanf(q, "%u", &lo) != 1)
                continue;
            hi = lo;
        } else {
            continue;
        }
        if (lo <= 15 && hi >= 8)
            return 1;
    }
    return 0;
}

/* RDNA4 memory traffic by kind: a mix of GLOBAL kinds only (as the RTL's mix)
 * gives no other memory kind (no BUFFER, SCRATCH, FLAT, LDS, atomics, no
 * several waves), has every GLOBAL form asked for, runs to the end on the
 * model, never reads a load's destination (v8-v15) between the load and the
 * next s_wait_loadcnt 0, and is the same file for the same seed; the kinds at
 * their default weights leave a default program as it is. */
static void test_rdna4_global(unsigned nseeds)
{
    static const char mix[] = "memtraffic: 0\nmemtraffic.vmem: 400\nmemtraffic.global_load: 3\n"
                              "memtraffic.global_store: 2\nmemtraffic.global_use: 3\n"
                              "memtraffic.global_addtid: 1\nmemtraffic.global_cache: 1\n";
    static const char *const other[] = { "\n      buffer_", "\n      scratch_", "\n      flat_",
                                         "\n      ds_", "\n      global_atomic", "waves=" };
    static const char *const want[] = { "global_load_b128 ", "global_load_d16_hi_u8 ",
                                        "global_load_d16_i8 ", "global_store_b96 ",
                                        "global_store_d16_hi_b16 ", "global_load_addtid_b32 ",
                                        "global_store_addtid_b32 ", "global_inv\n",
                                        "global_wb\n", "global_wbinv\n", ", v[24:25], off",
                                        ", v0, s[88:89]", ".wave64", "s_wait_loadcnt 0x0\n" };
    gpuref_diag d = { 0 };
    size_t len = 0, len2 = 0;
    unsigned bad = 0, foreign = 0, early = 0, uses = 0, found[sizeof want / sizeof *want] = { 0 };
    for (unsigned s = 1; s <= nseeds; s++) {
        char *t = gen_run("global", s, 4, 100, mix, &len, &bad);
        if (!t)
            continue;
        for (unsigned k = 0; k < sizeof other / sizeof *other; k++)
            if (strstr(t, other[k])) {
                printf("FAIL: global seed %u has %s\n", s, other[k] + (other[k][0] == '\n' ? 7 : 0));
                foreign++;
            }
        for (unsigned k = 0; k < sizeof want / sizeof *want; k++)
            found[k] += strstr(t, want[k]) != NULL;
        int pending = 0;                        /* a load to v8-v15 not waited for */
        for (const char *p = t; *p;) {
            const char *e = strchr(p, '\n');
            if (!e)
                e = p + strlen(p);
            const char *i = p;
            while (*i == ' ')
                i++;
            if (!strncmp(i, "program:", 8) || !strncmp(i, "- name:", 7))
                pending = 0;
            else if (!strncmp(i, "s_wait_loadcnt 0x0\n", 19) || !strncmp(i, "s_endpgm", 8))
                pending = 0;
            else if (!strncmp(i, "global_load_", 12))
                pending = 1;
            else if (!strncmp(i, "global_", 7) || !strncmp(i, "v_", 2)) {
                if (reads_v8_15(strchr(i, ' ') ? strchr(i, ' ') : e, e)) {
                    early += pending;
                    uses++;
                }
            }
            p = *e ? e + 1 : e;
        }
        gpuref_free(t);
    }
    tu_check(bad == 0, "rdna4 GLOBAL mix: %u seeds load, round-trip and end normally", nseeds);
    tu_check(foreign == 0, "rdna4 GLOBAL mix: no atomic, BUFFER, SCRATCH, FLAT, LDS, several waves");
    for (unsigned k = 0; k < sizeof want / sizeof *want; k++)
        tu_check(found[k] > 0, "rdna4 GLOBAL mix: '%.*s' in %u files",
                 (int)strcspn(want[k], "\n"), want[k], found[k]);
    tu_check(uses > 0 && early == 0, "rdna4 GLOBAL mix: %u reads of load data, %u before "
             "their s_wait_loadcnt 0", uses, early);
    char *a = gen(13, 3, 100, 0, mix, NULL, &len, &d);
    char *b = gen(13, 3, 100, 0, mix, NULL, &len2, &d);
    tu_check(a && b && len == len2 && !memcmp(a, b, len), "rdna4 GLOBAL mix: same seed, same file");
    gpuref_free(a);
    gpuref_free(b);
    a = gen(14, 3, 100, 0, NULL, NULL, &len, &d);
    b = gen(14, 3, 100, 0, "memtraffic.global_load: 3\nmemtraffic.scratch: 1\n"
            "memtraffic.global_use: 0\n", NULL, &len2, &d);
    tu_check(a && b && len == len2 && !memcmp(a, b, len),
             "rdna4: the memtraffic kinds at their default weights change nothing");
    gpuref_free(a);
    gpuref_free(b);
    /* global_atomic_int: the integer rows of global_atomic only (a DUT without
     * the float atomics), with and without return, 32- and 64-bit */
    a = gen(16, 4, 100, 0, "memtraffic: 0\nmemtraffic.vmem: 400\nmemtraffic.global_load: 0\n"
            "memtraffic.global_store: 0\nmemtraffic.global_atomic: 0\nmemtraffic.buffer: 0\n"
            "memtraffic.scratch: 0\nmemtraffic.global_atomic_int: 1\n", NULL, &len, &d);
    tu_check(a && strstr(a, "global_atomic_add_u32 ") && strstr(a, "global_atomic_cmpswap_b64 ") &&
             strstr(a, "th:TH_ATOMIC_RETURN") && !strstr(a, "global_atomic_add_f32") &&
             !strstr(a, "global_atomic_max_num_f32") && !strstr(a, "global_load") &&
             !strstr(a, "global_store"), "rdna4: memtraffic.global_atomic_int draws integer atomics only");
    gpuref_free(a);
    a = gen(15, 3, 100, 0, "memtraffic.global_load: 0\nmemtraffic.global_store: 0\n"
            "memtraffic.global_atomic: 0\nmemtraffic.scratch: 0\nmemtraffic.lds: 0\n", NULL, &len, &d);
    tu_check(a && strstr(a, "\n      buffer_") && !strstr(a, "\n      global_") &&
             !strstr(a, "\n      scratch_"),
             "rdna4: a mix of BUFFER only gives no GLOBAL or SCRATCH");
    gpuref_free(a);
    /* memtraffic.flat: FLAT loads, stores and atomics through v[26:27], the
     * apertures' config, and runs to the end on the model */
    unsigned fbad = 0;
    a = gen_run("flat", 17, 4, 100, "memtraffic: 0\nmemtraffic.vmem: 400\nmemtraffic.global_load: 0\n"
                "memtraffic.global_store: 0\nmemtraffic.global_atomic: 0\nmemtraffic.buffer: 0\n"
                "memtraffic.scratch: 0\nmemtraffic.flat: 1\n", &len, &fbad);
    tu_check(a && fbad == 0 && strstr(a, "flat_load_") && strstr(a, "flat_store_") &&
             strstr(a, "flat_atomic_") && strstr(a, ", v[26:27]") &&
             strstr(a, "shared_base=1,private_base=2") && !strstr(a, "\n      global_"),
             "rdna4: memtraffic.flat draws FLAT loads, stores and atomics with the apertures' config");
    gpuref_free(a);
}

static size_t hits(const gpuref_cov *c)
{
    size_t n = 0;
    for (size_t i = 0; i < gpuref_cov_nbins(c); i++)
        n += gpuref_cov_count(c, i) != 0;
    return n;
}

/* Aimed generation reaches bins that plain generation of the same size
 * misses: from the coverage of a first batch, a second batch made without
 * and with --target.  One batch pair of 20 programs is noisy (the two
 * batches' totals differ by a few percent either way from seed to seed), so
 * the bins are summed over three seed pairs. */
static int target_pair(uint64_t seed, size_t *hb, size_t *hp, size_t *ha, size_t *only,
                       unsigned *bad)
{
    gpuref_diag d = { 0 };
    gpuref_cov *base = NULL, *plain = NULL, *aimed = NULL;
    int refused = 0;
    if (gpuref_cov_create(isa, &base, &d) || gpuref_cov_create(isa, &plain, &d) ||
        gpuref_cov_create(isa, &aimed, &d)) {
        tu_check(0, d.msg);
        gpuref_cov_destroy(base);
        gpuref_cov_destroy(plain);
        return 1;
    }
    size_t len = 0;
    char *t = gen(seed, 20, 100, 0, NULL, NULL, &len, &d);
    if (t)
        run_file(t, len, "base.yaml", base, 0);
    gpuref_free(t);
    gpuref_cov_set_exact(plain, 1);
    gpuref_cov_set_exact(aimed, 1);
    gpuref_cov_add(plain, base);
    gpuref_cov_add(aimed, base);
    t = gen(seed + 1, 20, 100, 0, NULL, NULL, &len, &d);
    *bad += t ? run_file(t, len, "plain.yaml", plain, 0) : 1;
    gpuref_free(t);
    t = gen(seed + 1, 20, 100, 0, NULL, base, &len, &d);
    if (!t && strstr(d.msg, "unimplemented: ")) {
        /* a generator that cannot aim refuses --target in so many words */
        tu_check(strstr(d.msg, "--target") != NULL, "--target refused: %s", d.msg);
        refused = 1;
    } else {
        *bad += t ? run_file(t, len, "aimed.yaml", aimed, 0) : 1;
        tu_check(t && strstr(t, "aimed at coverage holes"), "aimed tests say so");
        gpuref_free(t);
        *hb += hits(base);
        *hp += hits(plain);
        *ha += hits(aimed);
        for (size_t i = 0; i < gpuref_cov_nbins(aimed); i++)
            *only += gpuref_cov_count(aimed, i) && !gpuref_cov_count(plain, i);
    }
    gpuref_cov_destroy(base);
    gpuref_cov_destroy(plain);
    gpuref_cov_destroy(aimed);
    return refused;
}

static void test_target(void)
{
    size_t hb = 0, hp = 0, ha = 0, only = 0;
    unsigned bad = 0;
    for (uint64_t seed = 21; seed <= 41; seed += 10)
        if (target_pair(seed, &hb, &hp, &ha, &only, &bad))
            return;
    printf("%s target, 3 seed pairs: base %zu bins, +plain batch %zu, +aimed batch %zu (%zu only aimed)\n",
           isa, hb, hp, ha, only);
    tu_check(bad == 0, "aimed programs end normally");
    tu_check(ha > hp && only > 0, "aimed generation hits bins plain generation misses");
}

static void test_errors(void)
{
    gpuref_gen_opts o;
    gpuref_gen *g = NULL;
    gpuref_diag d = { 0 };
    gpuref_gen_opts_default(&o);
    tu_check(gpuref_gen_create("nope", &o, &g, &d) == GPUREF_ERR_CONFIG && !g, "unknown ISA");
    o.count = 0;
    tu_check(gpuref_gen_create("nv50", &o, &g, &d) == GPUREF_ERR_CONFIG && !g, "count 0");
    gpuref_gen_opts_default(&o);
    o.prefix = "bad name";
    tu_check(gpuref_gen_create("nv50", &o, &g, &d) == GPUREF_ERR_CONFIG && !g, "bad prefix");
    gpuref_gen_opts_default(&o);
    tu_check(gpuref_gen_create("nv50", &o, &g, &d) == GPUREF_OK, "defaults");
    tu_check(gpuref_gen_mix_file(g, "/nonexistent/mix.yaml", &d) == GPUREF_ERR_IO, "missing mix");
    unsigned n = gpuref_gen_item_count(gpuref_isa_find("nv50"));
    tu_check(n > 100 && gpuref_gen_item_name(gpuref_isa_find("nv50"), 0) &&
          gpuref_gen_item_groups(gpuref_isa_find("nv50"), n - 1), "mix items listed");
    gpuref_gen_destroy(g);
}

/* R700: a --mix of one row makes that row only (the CF scaffolding of the
 * clause around it aside); its coverage bins follow the unit and modifier
 * rules (a trans-only op has no x-slot bin, no NaN class after CLAMP, no
 * AR-relative kcache read), and the CF instructions and stack depths a batch
 * runs are counted. */
static void test_r700(void)
{
    gpuref_diag d = { 0 };
    size_t len = 0;
    char *t = gen(4, 5, 60, 0, "r700: 0\ncontrol: 0\nexport: 0\nSUB_INT: 1\n", NULL, &len, &d);
    tu_check(t != NULL, "a mix of one row generates: %s", d.msg);
    if (t) {
        unsigned sub = 0, other = 0;
        for (const char *p = t; (p = strstr(p, "    program: |\n")) != NULL;) {
            p += 15;
            const char *end = strstr(p, "\n  - name");
            end = end ? end : p + strlen(p);
            for (const char *q = p; q && q < end; q = strchr(q, '\n'), q = q ? q + 1 : NULL) {
                if (strncmp(q, "        ", 8))
                    continue;                   /* CF lines: 6 spaces; group lines: 8 */
                q += 8;
                if (!strncmp(q, "PRED_SEL_ZERO ", 14))
                    q += 14;
                else if (!strncmp(q, "PRED_SEL_ONE ", 13))
                    q += 13;
                if (!strncmp(q, "SUB_INT ", 8))
                    sub++;
                else if (strncmp(q, "LITERALS", 8))
                    other++;
            }
        }
        tu_check(sub > 50 && other == 0, "SUB_INT only: %u SUB_INT lines, %u others", sub, other);
        tu_check(run_file(t, len, "mix.yaml", NULL, 0) == 0, "the mix's programs run");
        gpuref_free(t);
    }
    gpuref_cov *c = NULL;
    if (gpuref_cov_create("r700", &c, &d)) {
        tu_check(0, "%s", d.msg);
        return;
    }
    tu_check(gpuref_cov_find(c, "r700.mod.DOT4.slot_x") >= 0 &&
             gpuref_cov_find(c, "r700.mod.MULLO_INT.slot_t") >= 0 &&
             gpuref_cov_find(c, "r700.mod.MULLO_INT.slot_x") < 0 &&
             gpuref_cov_find(c, "r700.mod.m2.clamp.fpnorm") >= 0 &&
             gpuref_cov_find(c, "r700.mod.m2.clamp.qnan") < 0 &&
             gpuref_cov_find(c, "r700.isa.rel.kcache.al.out") >= 0 &&
             gpuref_cov_find(c, "r700.isa.rel.kcache.ar_x.in") < 0,
             "bins follow the unit and modifier rules");
    t = gen(21, 10, 60, 0, NULL, NULL, &len, &d);
    unsigned bad = t ? run_file(t, len, "base.yaml", c, 0) : 1;
    gpuref_free(t);
    tu_check(bad == 0 &&
             gpuref_cov_count(c, (size_t)gpuref_cov_find(c, "r700.op.cf.ALU_PUSH_BEFORE")) > 0 &&
             gpuref_cov_count(c, (size_t)gpuref_cov_find(c, "r700.isa.cf.depth1")) > 0,
             "CF instructions and stack depths are counted");
    gpuref_cov_destroy(c);
}

/* how many lines of text start with `indent` spaces and then `word` (a
 * whole word: a space, comma or the end of line follows) */
static unsigned word_lines(const char *text, unsigned indent, const char *word)
{
    unsigned n = 0;
    size_t wl = strlen(word);
    for (const char *q = text; q; q = strchr(q, '\n'), q = q ? q + 1 : NULL) {
        unsigned sp = 0;
        while (q[sp] == ' ')
            sp++;
        if (sp == indent && !strncmp(q + sp, word, wl) &&
            (q[sp + wl] == ' ' || q[sp + wl] == ',' || q[sp + wl] == '\n' || !q[sp + wl]))
            n++;
    }
    return n;
}

static long bin_count(const gpuref_cov *c, const char *name)
{
    long b = gpuref_cov_find(c, name);
    return b < 0 ? -1 : (long)gpuref_cov_count(c, (size_t)b);
}

/* R700 fetch clauses and exports: a mix of fetch and export rows only makes
 * TEX/VTX/VTX_TC clauses of the four fetch rows the model runs and exports
 * of every kind (the CF lines at 6 spaces, fetch lines at 8); the programs
 * load (the assembler and the decoder accept every line), end normally on
 * the model, and reach the fetch and export bins; the same seed gives the
 * same file, another seed another; the default mix makes them too. */
static void test_r700_fetch_export(void)
{
    static const char mix[] = "r700: 0\ncontrol: 0\nMOV: 1\nfetch: 60\nFETCH: 6\nSEMANTIC: 3\n"
                              "LD: 4\nGET_TEXTURE_RESINFO: 2\nexport: 40\n";
    gpuref_diag d = { 0 };
    size_t len = 0, len2 = 0;
    char *t = gen(7, 30, 60, 0, mix, NULL, &len, &d);
    tu_check(t != NULL, "a fetch/export mix generates: %s", d.msg);
    if (!t)
        return;
    static const char *const frow[] = { "FETCH", "SEMANTIC", "LD", "GET_TEXTURE_RESINFO" };
    static const char *const cfk[] = { "TEX", "VTX", "VTX_TC", "EXPORT", "EXPORT_DONE",
                                       "MEM_STREAM0", "MEM_STREAM1", "MEM_STREAM2", "MEM_STREAM3",
                                       "MEM_SCRATCH", "MEM_REDUCTION", "MEM_RING", "MEM_EXPORT" };
    unsigned miss = 0, nf = 0;
    for (unsigned i = 0; i < 4; i++) {
        unsigned n = word_lines(t, 8, frow[i]);
        nf += n;
        if (!n) {
            printf("  no %s line\n", frow[i]);
            miss++;
        }
    }
    for (unsigned i = 0; i < sizeof cfk / sizeof cfk[0]; i++)
        if (!word_lines(t, 6, cfk[i])) {
            printf("  no %s line\n", cfk[i]);
            miss++;
        }
    tu_check(miss == 0 && nf > 100,
             "every fetch row and export kind appears (%u fetch lines, %u missing)", nf, miss);
    tu_check(strstr(t, " BURST:") && strstr(t, "WRITE_IND") && strstr(t, " POS ") &&
             strstr(t, " PARAM ") && strstr(t, " PIX "),
             "bursts, indexed MEM_* and every export type appear");
    gpuref_cov *c = NULL;
    if (gpuref_cov_create("r700", &c, &d)) {
        tu_check(0, "%s", d.msg);
        gpuref_free(t);
        return;
    }
    tu_check(run_file(t, len, "fetch.yaml", c, 0) == 0, "the fetch/export programs load and end normally");
    static const char *const bins[] = {
        "r700.op.fetch.FETCH", "r700.op.fetch.SEMANTIC", "r700.op.fetch.LD",
        "r700.op.fetch.GET_TEXTURE_RESINFO", "r700.fetch.endian.8in16", "r700.fetch.endian.8in32",
        "r700.fetch.fmt.32_32_32_32.int", "r700.fetch.fmt.8_8_8_8.norm", "r700.fetch.opt.ucf",
        "r700.export.pix", "r700.export.pos", "r700.export.param", "r700.export.mem.write_ind.es3",
        "r700.export.burst.exp.b1", "r700.export.burst.mem.b1", "r700.export.mask.mem.part",
        "r700.op.cf.MEM_RING", "r700.op.cf.MEM_EXPORT", "r700.op.cf.VTX_TC",
    };
    unsigned zero = 0;
    for (unsigned i = 0; i < sizeof bins / sizeof bins[0]; i++)
        if (bin_count(c, bins[i]) <= 0) {
            printf("  bin %s: %ld\n", bins[i], bin_count(c, bins[i]));
            zero++;
        }
    tu_check(zero == 0, "the fetch and export bins are hit (%u not)", zero);
    gpuref_cov_destroy(c);
    char *t2 = gen(7, 30, 60, 0, mix, NULL, &len2, &d);
    tu_check(t2 && len2 == len && !memcmp(t, t2, len), "same seed, same fetch/export file");
    gpuref_free(t2);
    t2 = gen(8, 30, 60, 0, mix, NULL, &len2, &d);
    tu_check(t2 && (len2 != len || memcmp(t, t2, len)), "another seed, another file");
    gpuref_free(t2);
    gpuref_free(t);
    t = gen(3, 20, 100, 0, NULL, NULL, &len, &d);
    tu_check(t && word_lines(t, 8, "FETCH") + word_lines(t, 8, "LD") > 0 &&
             word_lines(t, 6, "MEM_EXPORT") + word_lines(t, 6, "MEM_SCRATCH") +
             word_lines(t, 6, "MEM_STREAM0") + word_lines(t, 6, "MEM_RING") > 0,
             "the default mix makes fetch clauses and MEM_* exports");
    gpuref_free(t);
}

/* USC: a --mix of one row makes that row only (the destination lines of its
 * groups aside); bins follow the slots, modifiers and routing of usc.def; the
 * bitwise groups, conditional groups, subroutine calls and branches a batch
 * runs are counted. */
static void test_usc(void)
{
    gpuref_diag d = { 0 };
    size_t len = 0;
    char *t = gen(4, 5, 60, 0, "usc: 0\nconstruct: 0\nfadd: 1\n", NULL, &len, &d);
    tu_check(t != NULL, "usc: a mix of one row generates: %s", d.msg);
    if (t) {
        unsigned fadd = 0, other = 0;
        for (const char *p = t; (p = strstr(p, "    program: |\n")) != NULL;) {
            p += 15;
            for (; !strncmp(p, "      ", 6); p = strchr(p, '\n') + 1) {
                const char *q = p + 6;
                if (*q != ' ')
                    continue;             /* a group header line "N : ..." */
                while (*q == ' ')
                    q++;
                size_t k = strcspn(q, "\n");
                if (!strncmp(q, "fadd ", 5) || !strncmp(q, "fadd.sat ", 9))
                    fadd++;
                else if (strncmp(q, "mov ", 4) || k < 4 || strncmp(q + k - 4, ", w", 3))
                    other++;              /* only "mov REG, w0|w1" destinations */
            }
        }
        tu_check(fadd > 50 && other == 0, "usc: fadd only: %u fadd lines, %u others", fadd, other);
        tu_check(run_file(t, len, "mix.yaml", NULL, 1) == 0, "usc: the mix's programs run");
        gpuref_free(t);
    }
    /* the memory construct: every memory row is followed, within three
     * groups, by (ignorepe) wdf on its DRC; the image is in init.mem */
    t = gen(6, 8, 60, 0, "usc: 0\nconstruct: 0\nfadd: 1\nmem: 50\nld: 1\nst: 1\natom: 1\nidf: 1\n", NULL, &len, &d);
    tu_check(t != NULL, "usc: the memory construct generates: %s", d.msg);
    if (t) {
        unsigned rows = 0, waited = 0, img = 0;
        for (const char *p = t; (p = strstr(p, "\n")) != NULL; p++) {
            const char *q = p + 1;
            while (*q == ' ')
                q++;
            if (!strncmp(q, "- space: mem", 12))
                img++;
            if (strncmp(q, "ld ", 3) && strncmp(q, "st ", 3) && strncmp(q, "atom.", 5) && strncmp(q, "idf ", 4))
                continue;
            rows++;
            const char *dr = strstr(q, "drc");
            const char *e = strchr(q, '\n');
            if (!dr || !e || dr > e)
                continue;
            char want[32];
            snprintf(want, sizeof want, "(ignorepe)\n          wdf drc%c", dr[3]);
            /* the construct's WDF comes after at most 2 more groups (each < 24 lines) */
            const char *w = strstr(e, want), *next = strstr(e, "  - name:");
            unsigned lines = 0;
            for (const char *x = e; w && x < w; x++)
                lines += *x == '\n';
            if (w && (!next || w < next) && lines < 48)
                waited++;
        }
        tu_check(rows > 20 && waited == rows && img > 0,
                 "usc: %u memory rows, %u followed by their wdf, %u images", rows, waited, img);
        tu_check(run_file(t, len, "mem.yaml", NULL, 1) == 0, "usc: the memory construct's programs run");
        gpuref_free(t);
    }
    gpuref_cov *c = NULL;
    if (gpuref_cov_create("usc", &c, &d)) {
        tu_check(0, "%s", d.msg);
        return;
    }
    /* FMAD: phases 0 and 1 (L393), FLR on source 2 only (USC_MOD_F3); BYP
     * of the logical unit is the second byp row; AND writes FT4, which only
     * feeds later units (no result bin); LSL in the second shifter writes
     * FT5 = W0; phase 1 needs phase 0 (L201) */
    tu_check(gpuref_cov_find(c, "usc.mod.fmad.slot_p0") >= 0 &&
             gpuref_cov_find(c, "usc.mod.fmad.slot_p1") >= 0 &&
             gpuref_cov_find(c, "usc.mod.fmad.slot_p2") < 0 &&
             gpuref_cov_find(c, "usc.mod.frcp.slot_p0") < 0 &&      /* one slot: the op bin */
             gpuref_cov_find(c, "usc.mod.fmad.src2.flr_abs_neg") >= 0 &&
             gpuref_cov_find(c, "usc.mod.fmad.src0.flr") < 0 &&
             gpuref_cov_find(c, "usc.mod.fadd.src0.flr") >= 0 &&
             gpuref_cov_find(c, "usc.op.byp.blog") >= 0 &&
             gpuref_cov_find(c, "usc.mod.byp.slot_bcnt") >= 0 &&
             gpuref_cov_find(c, "usc.opnd.byp.bmsk.op3.imm") >= 0 &&
             gpuref_cov_find(c, "usc.out.and.zero") < 0 && gpuref_cov_find(c, "usc.out.lsl.zero") >= 0 &&
             gpuref_cov_find(c, "usc.isa.slots.main.p1") < 0 &&
             gpuref_cov_find(c, "usc.isa.slots.main.p0_p1_be") < 0 &&
             gpuref_cov_find(c, "usc.isa.slots.main.p0_p2_be") >= 0 &&
             gpuref_cov_find(c, "usc.isa.slots.bitwise.bmsk_bsh1_bcnt_blog_bsh2_btst") >= 0 &&
             gpuref_cov_find(c, "usc.op.f16sop") >= 0,
             "usc: bins follow the slots, modifiers and routing of usc.def");
    t = gen(21, 10, 60, 0, NULL, NULL, &len, &d);
    unsigned bad = t ? run_file(t, len, "base.yaml", c, 0) : 1;
    gpuref_free(t);
    static const char *const seen[] = {
        "usc.isa.slots.bitwise.bsh2", "usc.op.cndend", "usc.op.lapc", "usc.op.bal",
        "usc.isa.branch.br.taken", "usc.mask.always.pe.all",
    };
    unsigned miss = 0;
    for (size_t i = 0; i < sizeof seen / sizeof seen[0]; i++) {
        long b = gpuref_cov_find(c, seen[i]);
        miss += b < 0 || !gpuref_cov_count(c, (size_t)b);
    }
    tu_check(bad == 0 && miss == 0, "usc: groups, constructs and predicates are counted (%u missing)",
             miss);
    gpuref_cov_destroy(c);
}

int main(void)
{
    const char *e = getenv("GPUREF_GEN_SEEDS");
    unsigned nseeds = e ? (unsigned)strtoul(e, NULL, 10) : NSEEDS_DEFAULT;
    tu_group("rng");
    test_rng();
    tu_group("%s determinism", isa);
    test_determinism();
    tu_group("errors");
    test_errors();
    tu_group("%s mix", isa);
    test_mix();
    tu_group("%s record", isa);
    test_record();
    tu_group("%s target", isa);
    test_target();
    tu_group("%s seeds", isa);
    test_seeds(nseeds ? nseeds : NSEEDS_DEFAULT);
    static const char *const nv50_knobs[] = { "zero_wins=1", "chipset=g200", NULL };
    tu_group("nv50 knobs");
    test_knobs(nv50_knobs);
    /* every other ISA with a generator (the list of model/core/isas.def):
     * the same checks of their programs */
    char list[256], *save = NULL;
    snprintf(list, sizeof list, "%s", gpuref_isa_list());
    for (char *name = strtok_r(list, ", ", &save); name; name = strtok_r(NULL, ", ", &save)) {
        const gpuref_isa *I = gpuref_isa_find(name);
        if (!I || gpuref_gen_item_count(I) == 0 || !strcmp(name, "nv50"))
            continue;
        isa = name;
        tu_group("%s determinism", isa);
        test_determinism();
        if (!strcmp(isa, "rdna4")) {
            tu_group("rdna4 mix weights");
            test_mix_weights();
            tu_group("rdna4 vector ALU programs");
            test_rdna4_valu(nseeds ? nseeds : NSEEDS_DEFAULT);
            tu_group("rdna4 memory traffic by kind");
            test_rdna4_global(nseeds ? nseeds : NSEEDS_DEFAULT);
        }
        if (!strcmp(isa, "r700")) {
            tu_group("r700 mix and bins");
            test_r700();
            tu_group("r700 fetch clauses and exports");
            test_r700_fetch_export();
        }
        if (!strcmp(isa, "usc")) {
            tu_group("usc mix and bins");
            test_usc();
            static const char *const k[] = { "fmad_fused=0", "cvt_f64_int_rne=1", "small_float_sat=1", NULL };
            tu_group("usc knobs");
            test_knobs(k);
        }
        if (!strcmp(isa, "r700")) {
            static const char *const k[] = { "prefer_trans=1", "sub_guide=1", "shift_mask=1",
                                             "flt_to_int_rne=1", "sin_radians=1", NULL };
            tu_group("r700 knobs");
            test_knobs(k);
        }
        if (!strcmp(isa, "nvfp")) {
            static const char *const k[] = { "frc_clamp=0", "kil_stop=1", NULL };
            tu_group("nvfp knobs");
            test_knobs(k);
        }
        tu_group("%s record", isa);
        test_record();
        tu_group("%s target", isa);
        test_target();
        tu_group("%s seeds", isa);
        test_seeds(nseeds ? nseeds : NSEEDS_DEFAULT);
    }
    return tu_finish();
}
