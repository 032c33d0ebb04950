/* test_usc_fast.c - the USC step's fast paths equal its general ones:
 *
 *  1. a register that is not indexed is read and written a row at a time
 *     (one retire entry per write), an indexed one instance by instance: the
 *     same group written with plain registers and with the same registers
 *     indexed by idx0 = 0 (index + 0 * D) retires the same record and leaves
 *     the same state, for bitwise groups (every unit), 8/16-bit integer ops
 *     with and without .SAT and modifiers, float groups with the default W
 *     routing and shared (uniform) destinations; under random Pe and P0
 *     masks, the group predicates and 16 or 32 instances;
 *  2. the bit-count and bit-permutation units (SHFL, REV, CBS, FTB,
 *     FTB_SHI, FTB_MSB) against the source's definitions written bit by bit
 *     (L886, L890, L956-L975, README D8), on random and edge values;
 *  3. the 8/16-bit integer ops (the 32-bit wrapping path without .SAT, the
 *     exact path with it) against decision D3 computed exactly: element 0
 *     of each source, .ABS then .NEG, the exact sum or product, clamped to
 *     the type's range with .SAT, else its low 32 bits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "testutil.h"

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint32_t rnd(void) { return (uint32_t)(tu_xorshift(&rng) >> 16); }

/* a value: a quarter edge values, the rest random bits or small numbers */
static uint32_t rval(void)
{
    static const uint32_t edge[] = { 0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x8000u, 0x80u,
                                     0xffffu, 0xffu, 0x3f800000u, 31, 32, 33 };
    switch (rnd() % 4) {
    case 0: return edge[rnd() % (sizeof edge / sizeof edge[0])];
    case 1: return rnd() % 70;
    default: return rnd() ^ rnd() << 16;
    }
}

/* group templates: {a}..{e} are registers (r1 r2 r3 r4 r0), {d} {f} the
 * destinations (r10 r11), {s} a shared destination (sh7) */
static const char *const tmpl[] = {
    "0 : %sbyp ft2, {a}\n cbs ft3, ft2\n xor ft4, _, ft2, _, {b}\n rol ft5, ft4, {c}\n tnz p0, ft3\n mov {d}, w0\n mov {f}, w1\n",
    "0 : %sshfl ft2, {a}, {b}\n ftb_msb ft3, ft2\n nor ft4, _, ft2, _, {c}\n shr ft5, ft4, {c}\n tz p0, ft5\n mov {d}, w0\n",
    "0 : %srev ft2, {a}\n ftb_shi ft3, {a}\n or ft4, _, ft2, _, {c}\n lsl ft5, ft4, {d4}\n mov {d}, w0\n mov {f}, w1\n",
    "0 : %smsk ft0, ft1, {e}, {a}\n byp ft2, {b}\n and ft4, ft1, ft2, _, {c}\n asr.mtb ft5, ft4, {d4}\n mov {d}, w0\n",
    "0 : %sbyp ft4, {a}\n cps ft5, p0, ft4, {d4}\n mov {s}, w0\n",
    "0 : %suadd16 ft0, {a}, {b}\n mov {d}, w0\n",
    "0 : %sumad8 ft0, {a}, {b}, {c}\n mov {s}, w0\n",
    "0 : %simad16.sat ft0, {a}.abs, {b}.abs, {c}.neg\n mov {d}, w0\n",
    "0 : %siadd8 ft0, {a}.neg, {b}.abs\n mov {d}, w0\n",
    "0 : %simul16 ft0, {a}, {b}.abs\n mov {d}, w0\n",
    "0 : %sumul8.sat ft0, {a}, {b}\n mov {d}, w0\n",
    "0 : %simad8 ft0, {a}.neg, {b}, {c}.abs\n mov {d}, w0\n",
    "0 : %sfadd ft0, {a}, {b}\n fmul ft1, {c}, {d4}\n mov {d}, w0\n mov {f}, w1\n",
};
#define NT (sizeof tmpl / sizeof tmpl[0])

static char *expand(const char *t, const char *pred, int indexed)
{
    static const char *const keys[] = { "{a}", "{b}", "{c}", "{d4}", "{e}", "{d}", "{f}", "{s}" };
    static const char *const regs[] = { "r1", "r2", "r3", "r4", "r0", "r10", "r11", "sh7" };
    char buf[1024], out[2048];
    snprintf(buf, sizeof buf, t, pred);
    size_t n = 0;
    for (const char *p = buf; *p && n < sizeof out - 32;) {
        int hit = 0;
        for (unsigned k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            size_t kl = strlen(keys[k]);
            if (!strncmp(p, keys[k], kl)) {
                n += (size_t)snprintf(out + n, sizeof out - n, indexed ? "%s[idx0]" : "%s", regs[k]);
                p += kl;
                hit = 1;
                break;
            }
        }
        if (!hit) out[n++] = *p++;
    }
    out[n] = 0;
    char *r = malloc(n + 1);
    if (r) memcpy(r, out, n + 1);
    return r;
}

static gpuref_model *make(const char *cfg, const char *text)
{
    gpuref_diag d;
    memset(&d, 0, sizeof d);
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_model *m = NULL;
    if (gpuref_assemble(gpuref_isa_find("usc"), text, 0, &w, &n, &d) != GPUREF_OK) {
        printf("assemble failed: line %u: %s\n%s", d.line, d.msg, text);
        return NULL;
    }
    if (gpuref_model_create("usc", cfg, &m, &d) != GPUREF_OK || gpuref_program_load(m, 0, w, n) != GPUREF_OK) {
        printf("model: %s\n", m ? gpuref_model_error(m) : d.msg);
        gpuref_free(w);
        gpuref_model_destroy(m);
        return NULL;
    }
    gpuref_free(w);
    return m;
}

static void set(gpuref_model *a, gpuref_model *b, const char *file, unsigned i, unsigned lane, uint64_t v)
{
    int f = gpuref_regfile_lookup(a, file);
    gpuref_reg_set(a, f, i, lane, v);
    gpuref_reg_set(b, f, i, lane, v);
}

/* 1: plain and indexed registers */
static void plain_vs_indexed(void)
{
    static const char *const preds[] = { "", "if (p0) ", "if (!p0) " };
    static const char *const cfgs[] = { NULL, "instances=16" };
    static const char *const files[] = { "r", "sh", "p0", "pe", "cout" };
    static const unsigned counts[] = { 16, 16, 1, 1, 1 };
    for (unsigned t = 0; t < NT; t++)
        for (unsigned pr = 0; pr < 3; pr++)
            for (unsigned ci = 0; ci < 2; ci++) {
                tu_test("plain vs indexed: template %u, predicate '%s', %s", t, preds[pr],
                        cfgs[ci] ? cfgs[ci] : "instances=32");
                char *pt = expand(tmpl[t], preds[pr], 0), *it = expand(tmpl[t], preds[pr], 1);
                gpuref_model *a = pt ? make(cfgs[ci], pt) : NULL, *b = it ? make(cfgs[ci], it) : NULL;
                tu_check(a && b, "both forms assemble and load");
                unsigned ni = ci ? 16 : 32;
                gpuref_retire *ra = malloc(sizeof *ra), *rb = malloc(sizeof *rb);
                for (int k = 0; a && b && ra && rb && k < 40; k++) {
                    gpuref_model_reset(a);
                    gpuref_model_reset(b);
                    uint32_t pe = k % 4 == 0 ? 0xffffffffu : rnd(), p0 = rnd();
                    for (unsigned l = 0; l < ni; l++) {
                        for (unsigned r = 0; r < 16; r++) set(a, b, "r", r, l, rval());
                        set(a, b, "pe", 0, l, pe >> l & 1);
                        set(a, b, "p0", 0, l, p0 >> l & 1);
                    }
                    for (unsigned r = 0; r < 16; r++) set(a, b, "sh", r, 0, rval());
                    int sa = gpuref_step(a, ra), sb = gpuref_step(b, rb);
                    tu_check(sa == sb, "same status (%d, %d)", sa, sb);
                    if (sa || sb) continue;
                    /* the words differ (the register words name the index) */
                    memcpy(rb->words, ra->words, sizeof ra->words);
                    gpuref_diff df[4];
                    int nd = gpuref_retire_compare(rb, ra, df, 4);
                    char why[256] = "";
                    if (nd > 0) gpuref_diff_format(a, &df[0], why, sizeof why);
                    tu_check(nd == 0, "same retire record (state %d): %s", k, why);
                    for (unsigned fi = 0; fi < 5; fi++) {
                        int f = gpuref_regfile_lookup(a, files[fi]);
                        unsigned lanes = !strcmp(files[fi], "sh") ? 1 : ni;
                        for (unsigned i = 0; i < counts[fi]; i++)
                            for (unsigned l = 0; l < lanes; l++) {
                                uint64_t va = 0, vb = 0;
                                gpuref_reg_get(a, f, i, l, &va);
                                gpuref_reg_get(b, f, i, l, &vb);
                                if (va != vb)
                                    tu_check(0, "%s%u lane %u: plain 0x%llx indexed 0x%llx (state %d)", files[fi], i,
                                             l, (unsigned long long)va, (unsigned long long)vb, k);
                            }
                    }
                    tu_check(1, "state %d compared", k);
                }
                free(ra);
                free(rb);
                gpuref_model_destroy(a);
                gpuref_model_destroy(b);
                free(pt);
                free(it);
            }
}

/* 2: the source's definitions, bit by bit */
/* SHFL FT2, S2, S1: "S1 = ..ABC..P, S2 = ..abc..p, FT2 = AaBb..Pp" (L886): S1's
 * low 16 bits to the odd positions, S2's to the even */
static uint32_t ref_shfl(uint32_t s2, uint32_t s1)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 16; i++) r |= (s2 >> i & 1u) << (2 * i) | (s1 >> i & 1u) << (2 * i + 1);
    return r;
}
static uint32_t ref_rev(uint32_t x)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i++) r |= (x >> i & 1u) << (31 - i);
    return r;
}
static uint32_t ref_cbs(uint32_t x)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i++) r += x >> i & 1u;
    return r;
}
static uint32_t ref_ftb(uint32_t x)          /* the highest set bit, -1 for 0 */
{
    uint32_t r = 0xffffffffu;
    for (unsigned i = 0; i < 32; i++) if (x >> i & 1u) r = i;
    return r;
}
static uint32_t ref_ftb_shi(uint32_t x)      /* FTB of x xor its replicated sign bit (D8) */
{
    return ref_ftb(x ^ ((x >> 31) ? 0xffffffffu : 0));
}
static uint32_t ref_ftb_msb(uint32_t x)      /* leading zeros, -1 for 0 (D8) */
{
    return x ? 31 - ref_ftb(x) : 0xffffffffu;
}

static void bit_units(void)
{
    static const struct { const char *name, *text; int two; uint32_t (*f1)(uint32_t); } u[] = {
        { "shfl", "0 : shfl ft2, r1, r2\n byp ft3, ft2\n mov r10, w1\n", 1, NULL },   /* S2 = r1, S1 = r2 */
        { "rev", "0 : rev ft2, r1\n byp ft3, ft2\n mov r10, w1\n", 0, ref_rev },
        { "cbs", "0 : cbs ft3, r1\n mov r10, w1\n", 0, ref_cbs },
        { "ftb", "0 : ftb ft3, r1\n mov r10, w1\n", 0, ref_ftb },
        { "ftb_shi", "0 : ftb_shi ft3, r1\n mov r10, w1\n", 0, ref_ftb_shi },
        { "ftb_msb", "0 : byp ft2, r1\n ftb_msb ft3, ft2\n mov r10, w1\n", 0, ref_ftb_msb },
    };
    for (unsigned k = 0; k < sizeof u / sizeof u[0]; k++) {
        tu_test("bit unit %s against its definition", u[k].name);
        gpuref_model *m = make(NULL, u[k].text);
        tu_check(m != NULL, "assembles");
        if (!m) continue;
        int rf = gpuref_regfile_lookup(m, "r");
        for (int it = 0; it < 200; it++) {
            uint32_t x[32], y[32];
            gpuref_model_reset(m);
            for (unsigned l = 0; l < 32; l++) {
                x[l] = rval();
                y[l] = rval();
                gpuref_reg_set(m, rf, 1, l, x[l]);
                gpuref_reg_set(m, rf, 2, l, y[l]);
            }
            uint64_t steps = 0;
            tu_check(gpuref_run(m, 10, &steps) == GPUREF_OK, "runs");
            for (unsigned l = 0; l < 32; l++) {
                uint64_t v = 0;
                gpuref_reg_get(m, rf, 10, l, &v);
                uint32_t want = u[k].two ? ref_shfl(x[l], y[l]) : u[k].f1(x[l]);
                if (v != want)
                    tu_check(0, "%s(0x%08x, 0x%08x) = 0x%08llx, the definition gives 0x%08x", u[k].name, x[l],
                             y[l], (unsigned long long)v, want);
            }
            tu_check(1, "iteration %d", it);
        }
        gpuref_model_destroy(m);
    }
}

static void int_ops(void)
{
    static const char *const ops[] = { "uadd8", "umul8", "umad8", "iadd8", "imul8", "imad8",
                                       "uadd16", "umul16", "umad16", "iadd16", "imul16", "imad16" };
    /* modifier sets: operand 1 abs/neg, operand 2 abs, operand 3 abs/neg (USC_MOD_I3) */
    static const char *const m1[] = { "", ".abs", ".neg", ".abs.neg" }, *const m3[] = { "", ".abs", ".neg" };
    for (unsigned o = 0; o < 12; o++)
        for (unsigned sat = 0; sat < 2; sat++) {
            tu_test("%s%s against D3", ops[o], sat ? ".sat" : "");
            unsigned bits = o < 6 ? 8 : 16, sgn = o % 6 >= 3, kind = o % 3;
            for (unsigned a1 = 0; a1 < 4; a1++)
                for (unsigned a2 = 0; a2 < 2; a2++)
                    for (unsigned a3 = 0; a3 < (kind == 2 ? 3u : 1u); a3++) {
                        char text[256];
                        if (kind == 2)
                            snprintf(text, sizeof text, "0 : %s%s ft0, r1%s, r2%s, r3%s\n mov r10, w0\n", ops[o],
                                     sat ? ".sat" : "", m1[a1], a2 ? ".abs" : "", m3[a3]);
                        else
                            snprintf(text, sizeof text, "0 : %s%s ft0, r1%s, r2%s\n mov r10, w0\n", ops[o],
                                     sat ? ".sat" : "", m1[a1], a2 ? ".abs" : "");
                        gpuref_model *m = make(NULL, text);
                        tu_check(m != NULL, "%s assembles", text);
                        if (!m) continue;
                        int rf = gpuref_regfile_lookup(m, "r");
                        for (int it = 0; it < 8; it++) {
                            uint32_t v[3][32];
                            gpuref_model_reset(m);
                            for (unsigned l = 0; l < 32; l++)
                                for (unsigned j = 0; j < 3; j++) {
                                    v[j][l] = rval();
                                    gpuref_reg_set(m, rf, 1 + j, l, v[j][l]);
                                }
                            uint64_t steps = 0;
                            tu_check(gpuref_run(m, 10, &steps) == GPUREF_OK, "runs");
                            for (unsigned l = 0; l < 32; l++) {
                                int64_t x[3];
                                const int absf[3] = { a1 & 1, a2, a3 == 1 }, negf[3] = { a1 >> 1, 0, a3 == 2 };
                                for (unsigned j = 0; j < 3; j++) {
                                    uint32_t e = v[j][l] & ((1u << bits) - 1);
                                    x[j] = sgn && (e >> (bits - 1)) ? (int64_t)e - (1ll << bits) : (int64_t)e;
                                    if (absf[j] && x[j] < 0) x[j] = -x[j];
                                    if (negf[j]) x[j] = -x[j];
                                }
                                int64_t r = kind == 0 ? x[0] + x[1] : kind == 1 ? x[0] * x[1] : x[0] * x[1] + x[2];
                                if (sat) {
                                    int64_t lo = sgn ? -(1ll << (bits - 1)) : 0;
                                    int64_t hi = sgn ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1;
                                    r = r < lo ? lo : r > hi ? hi : r;
                                }
                                uint64_t got = 0;
                                gpuref_reg_get(m, rf, 10, l, &got);
                                if (got != (uint32_t)r)
                                    tu_check(0, "%s lane %u: 0x%08llx, D3 gives 0x%08x", text, l,
                                             (unsigned long long)got, (uint32_t)r);
                            }
                            tu_check(1, "iteration %d", it);
                        }
                        gpuref_model_destroy(m);
                    }
        }
}

int main(void)
{
    plain_vs_indexed();
    bit_units();
    int_ops();
    return tu_finish();
}
