/* test_nvfp_fast.c - the fp32 paths of the pixel processor (nvfp_fast.h)
 * are bit-identical to model/fp under the nvfp policy:
 *
 *  1. nvfp_fast_policy accepts the nvfp policy and refuses policies where a
 *     knob the paths rely on differs (IEEE denormals, NaN not read as
 *     infinity, a rounding mode other than RNE, no zero-wins, an unsealed
 *     policy);
 *  2. every pair (and for MAD every triple) of the special-value table
 *     (+-0, denormals, smallest normal, 1.0 +- ulp, max finite, +-Inf,
 *     quiet and signaling NaNs with payloads) plus results at the edges of
 *     the normal range: add, sub, mul, compare and the unfused MAD (D6)
 *     against fp_add, fp_sub, fp_mul, fp_compare and fp_mad;
 *  3. random operands biased to edge exponents and special values
 *     (GPUREF_FP_N per operation, 1e6 by default);
 *  4. the fast step (nvfp_step_fast.c) against the generic one: random
 *     programs of the rows it takes (MOV ADD MUL MAD MIN MAX SLT SGE DP3
 *     DP4, R/p[]/c[] sources with swizzles and negation, writemasks, CC
 *     updates) mixed with instructions it does not take (H destinations and
 *     sources, which change format tags; conditional writemasks), on
 *     random operands, run with the fast step and twice with the generic
 *     one (the fast kinds of the loaded program cleared; kil_stop=1, which
 *     takes the generic step: no KIL in the programs, so the same results):
 *     every retire record, entry by entry in order, and the final
 *     registers, format tags and CC must be equal, and some steps but not
 *     all must have taken the fast step.  The four-wide functions run with
 *     the host FPU path wherever MXCSR allows it (section 2 and 3 name it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "../nvfp/nvfp.h"
#include "../fp/fp_testutil.h"
#include "testutil.h"

static fp_policy P;

static uint32_t g_add(uint32_t a, uint32_t b)
{
    uint64_t r = 0;
    fp_add(FP_F32, a, b, &P, 0, &r, NULL);
    return (uint32_t)r;
}

static uint32_t g_sub(uint32_t a, uint32_t b)
{
    uint64_t r = 0;
    fp_sub(FP_F32, a, b, &P, 0, &r, NULL);
    return (uint32_t)r;
}

static uint32_t g_mul(uint32_t a, uint32_t b)
{
    uint64_t r = 0;
    fp_mul(FP_F32, a, b, &P, 0, &r, NULL);
    return (uint32_t)r;
}

static uint32_t g_mad(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t r = 0;
    fp_mad(FP_F32, a, b, c, &P, 0, &r, NULL);
    return (uint32_t)r;
}

static int g_less(uint32_t a, uint32_t b)
{
    fp_rel rel = FP_REL_UN;
    fp_compare(FP_F32, a, b, &P, 0, &rel, NULL);
    return rel == FP_REL_LT;
}

/* the four-wide functions (nvfp_f32_add4 ...) on every four pairs and
 * triples in turn, lane by lane against the generic path; host: the host FPU path
 * (MXCSR checked) or the scalar loop */
static uint32_t qa[4], qb[4], qc[4];
static unsigned qn;
static int host;

static void four(void)
{
    uint32_t r[4], m[4], s[4];
    nvfp_f32_add4(&P, host, qa, qb, r);
    for (unsigned i = 0; i < 4; i++)
        tu_check(r[i] == g_add(qa[i], qb[i]), "add4 lane %u 0x%08x 0x%08x: 0x%08x generic 0x%08x", i, qa[i], qb[i],
                 r[i], g_add(qa[i], qb[i]));
    nvfp_f32_mul4(&P, host, qa, qb, r);
    for (unsigned i = 0; i < 4; i++)
        tu_check(r[i] == g_mul(qa[i], qb[i]), "mul4 lane %u 0x%08x 0x%08x: 0x%08x generic 0x%08x", i, qa[i], qb[i],
                 r[i], g_mul(qa[i], qb[i]));
    unsigned lt = nvfp_f32_less4(qa, qb);
    for (unsigned i = 0; i < 4; i++)
        tu_check((int)(lt >> i & 1) == g_less(qa[i], qb[i]), "less4 lane %u 0x%08x 0x%08x", i, qa[i], qb[i]);
    /* MAD as the step makes it: the product, then + c into the same array */
    nvfp_f32_mul4(&P, host, qa, qb, m);
    memcpy(s, qc, sizeof s);
    nvfp_f32_add4(&P, host, m, s, s);
    for (unsigned i = 0; i < 4; i++)
        tu_check(s[i] == g_mad(qa[i], qb[i], qc[i]), "mad4 lane %u 0x%08x 0x%08x 0x%08x: 0x%08x generic 0x%08x", i,
                 qa[i], qb[i], qc[i], s[i], g_mad(qa[i], qb[i], qc[i]));
}

static void push(uint32_t a, uint32_t b, uint32_t c)
{
    qa[qn] = a, qb[qn] = b, qc[qn] = c;
    qn = (qn + 1) % 4;
    if (qn == 0)
        four();
}

static void pair(uint32_t a, uint32_t b)
{
    push(a, b, a ^ b);
    uint32_t x, y;
    x = nvfp_f32_add(&P, a, b), y = g_add(a, b);
    tu_check(x == y, "add 0x%08x 0x%08x: fast 0x%08x generic 0x%08x", a, b, x, y);
    x = nvfp_f32_add(&P, a, b ^ 0x80000000u), y = g_sub(a, b);
    tu_check(x == y, "sub 0x%08x 0x%08x: fast 0x%08x generic 0x%08x", a, b, x, y);
    x = nvfp_f32_mul(&P, a, b), y = g_mul(a, b);
    tu_check(x == y, "mul 0x%08x 0x%08x: fast 0x%08x generic 0x%08x", a, b, x, y);
    int l = nvfp_f32_less(a, b), m = g_less(a, b);
    tu_check(l == m, "less 0x%08x 0x%08x: fast %d generic %d", a, b, l, m);
}

static void triple(uint32_t a, uint32_t b, uint32_t c)
{
    push(a, b, c);
    uint32_t x = nvfp_f32_add(&P, nvfp_f32_mul(&P, a, b), c), y = g_mad(a, b, c);
    tu_check(x == y, "mad 0x%08x 0x%08x 0x%08x: fast 0x%08x generic 0x%08x", a, b, c, x, y);
}

/* ------------------------------------------------ 4. fast step on / off */
static uint64_t rs = 0x9e3779b97f4a7c15ull;
static unsigned rn(unsigned n) { return (unsigned)(tu_xorshift(&rs) >> 20) % n; }

static void add_src(char *b, size_t n, size_t *o)
{
    static const char *const sw[] = { "", "", ".x", ".yzxw", ".wzyx", ".xxyy", ".w" };
    const char *neg = rn(4) == 0 ? "-" : "";
    switch (rn(8)) {
    case 0:  *o += (size_t)snprintf(b + *o, n - *o, "%sp[%u]%s", neg, rn(NVFP_NP), sw[rn(7)]); break;
    case 1:  *o += (size_t)snprintf(b + *o, n - *o, "%sc[%u]%s", neg, rn(NVFP_NC), sw[rn(7)]); break;
    case 2:  *o += (size_t)snprintf(b + *o, n - *o, "%sH%u%s", neg, rn(NVFP_NH), sw[rn(7)]); break;
    default: *o += (size_t)snprintf(b + *o, n - *o, "%sR%u%s", neg, rn(NVFP_NCHUNK), sw[rn(7)]); break;
    }
}

static char *make_prog(unsigned len)
{
    static char b[16384];
    static const char *const ops[] = { "MOV", "ADD", "MUL", "MAD", "MIN", "MAX", "SLT", "SGE", "DP3", "DP4" };
    static const unsigned ns[] = { 1, 2, 2, 3, 2, 2, 2, 2, 2, 2 };
    static const char *const wm[] = { "", "", ".x", ".xy", ".yw", ".xyz", ".z" };
    static const char *const cond[] = { "(EQ)", "(NE.x)", "(LT)", "(GE.yzxw)", "(GT)" };
    size_t o = 0;
    for (unsigned i = 0; i < len; i++) {
        unsigned k = rn(10), kind = rn(10);
        o += (size_t)snprintf(b + o, sizeof b - o, "%s%s ", ops[k], rn(3) == 0 ? "c" : "");
        if (kind == 0)       /* an H destination: the format tag changes */
            o += (size_t)snprintf(b + o, sizeof b - o, "H%u%s", rn(NVFP_NH), wm[rn(7)]);
        else if (kind == 1)  /* a condition: the generic write-back */
            o += (size_t)snprintf(b + o, sizeof b - o, "R%u%s", rn(NVFP_NCHUNK), cond[rn(5)]);
        else
            o += (size_t)snprintf(b + o, sizeof b - o, "R%u%s", rn(NVFP_NCHUNK), wm[rn(7)]);
        for (unsigned j = 0; j < ns[k]; j++) {
            o += (size_t)snprintf(b + o, sizeof b - o, ",");
            add_src(b, sizeof b, &o);
        }
        o += (size_t)snprintf(b + o, sizeof b - o, ";\n");
    }
    return b;
}

/* one instance of the nvfp state driven through the ISA interface (the
 * test reaches its fk table): config cfg, program w, random operands */
static nvfp_state *instance(const gpuref_isa *isa, const char *cfg, const uint32_t *w, size_t nw)
{
    char err[GPUREF_ERRLEN] = "";
    nvfp_state *s = calloc(1, isa->state_size);
    int ok = s && isa->init(s, cfg, err) == GPUREF_OK && isa->reset(s, err) == GPUREF_OK &&
             isa->load(s, 0, w, nw, err) == GPUREF_OK;
    for (unsigned i = 0; ok && i < NVFP_NCHUNK * 4; i++)
        for (unsigned l = 0; l < NVFP_LANES; l++)
            ok = isa->reg_set(s, NVFP_F_R, i, l, (uint32_t)tu_operand(FP_F32), err) == GPUREF_OK;
    for (unsigned i = 0; ok && i < NVFP_NP * 4; i++)
        for (unsigned l = 0; l < NVFP_LANES; l++)
            ok = isa->reg_set(s, NVFP_F_P, i, l, (uint32_t)tu_operand(FP_F32), err) == GPUREF_OK;
    for (unsigned i = 0; ok && i < NVFP_NC * 4; i++)
        ok = isa->reg_set(s, NVFP_F_C, i, 0, (uint32_t)tu_operand(FP_F32), err) == GPUREF_OK;
    for (unsigned i = 0; ok && i < 4; i++)   /* a CC state for the conditions */
        for (unsigned l = 0; l < NVFP_LANES; l++)
            ok = isa->reg_set(s, NVFP_F_CC, i, l, rn(3), err) == GPUREF_OK;
    if (!ok) {
        tu_check(0, "nvfp state with %s: %s", cfg, s ? err : "out of memory");
        if (s)
            isa->fini(s);
        free(s);
        return NULL;
    }
    return s;
}

static void drop(const gpuref_isa *isa, nvfp_state *s)
{
    if (s)
        isa->fini(s);
    free(s);
}

static int same_record(const gpuref_retire *a, const gpuref_retire *b)
{
    if (a->pc != b->pc || a->next_pc != b->next_pc || a->flags != b->flags || a->exec_mask != b->exec_mask ||
        a->nwords != b->nwords || a->nregw != b->nregw || a->nmemw != b->nmemw ||
        memcmp(a->words, b->words, a->nwords * sizeof a->words[0]))
        return 0;
    for (unsigned i = 0; i < a->nregw; i++) {
        const gpuref_regw *x = &a->regw[i], *y = &b->regw[i];
        if (x->file != y->file || x->index != y->index || x->flags != y->flags || x->slot != y->slot ||
            x->bits != y->bits || x->lanes != y->lanes || x->tag != y->tag)
            return 0;
        for (unsigned l = 0; l < NVFP_LANES; l++)
            if ((x->lanes >> l & 1) && x->value[l] != y->value[l])
                return 0;
    }
    return 1;
}

/* one step of s into a cleared record, as gpuref_step makes it */
static int step(const gpuref_isa *isa, nvfp_state *s, gpuref_retire *r, unsigned seq)
{
    char err[GPUREF_ERRLEN];
    gpuref_retire_clear(r);
    r->seq = seq;
    return isa->step(s, r, err);
}

/* The fast step (fa: default config) against the generic one twice: fb,
 * the same config with the fast kind of every instruction cleared after
 * load (the generic step for all, nothing else changed), and fc, kil_stop=1
 * (which takes the generic step; no KIL runs, so the same results). */
static void onoff(unsigned progs)
{
    static gpuref_retire ra, rb, rc;
    const gpuref_isa *isa = gpuref_isa_find("nvfp");
    unsigned steps = 0, fast = 0, bad = 0;
    for (unsigned k = 0; k < progs && !bad; k++) {
        const char *text = make_prog(1 + rn(60));
        uint32_t *w = NULL;
        size_t nw = 0;
        gpuref_diag d = { 0 };
        if (gpuref_assemble(isa, text, 0, &w, &nw, &d) != GPUREF_OK) {
            tu_check(0, "program %u does not assemble: line %u: %s", k, d.line, d.msg);
            return;
        }
        /* the same operands for all: both generators replayed */
        const uint64_t s1 = rs, s2 = TU.rng;
        nvfp_state *fa = instance(isa, "kil_stop=0", w, nw);
        rs = s1, TU.rng = s2;
        nvfp_state *fb = instance(isa, "kil_stop=0", w, nw);
        rs = s1, TU.rng = s2;
        nvfp_state *fc = instance(isa, "kil_stop=1", w, nw);
        if (fb)
            memset(fb->fk, 0, (nw + NVFP_WORDS - 1) / NVFP_WORDS);
        for (unsigned n = 0; fa && fb && fc && !isa->finished(fa); n++) {
            fast += fa->fast && fa->fk[(fa->pc - fa->base) / 16];
            int sa = step(isa, fa, &ra, n), sb = step(isa, fb, &rb, n), sc = step(isa, fc, &rc, n);
            steps++;
            if (sa != sb || !same_record(&ra, &rb) || sa != sc || !same_record(&ra, &rc)) {
                tu_check(0, "program %u step %u: records differ (status %d %d %d)\n%s", k, n, sa, sb, sc, text);
                bad = 1;
                break;
            }
        }
        for (int f = 0; fa && fb && fc && !bad && f < NVFP_F_KILL; f++) {
            if (f == NVFP_F_H || f == NVFP_F_I)
                continue;
            unsigned n = f == NVFP_F_R ? NVFP_NCHUNK * 4 : f == NVFP_F_FMT ? NVFP_NCHUNK : 4;
            for (unsigned i = 0; i < n && !bad; i++)
                for (unsigned l = 0; l < NVFP_LANES; l++) {
                    uint64_t x = 0, y = 0, z = 0;
                    char err[GPUREF_ERRLEN];
                    isa->reg_get(fa, f, i, l, &x, err);
                    isa->reg_get(fb, f, i, l, &y, err);
                    isa->reg_get(fc, f, i, l, &z, err);
                    if (x != y || x != z) {
                        tu_check(0, "program %u: file %d register %u pixel %u differs", k, f, i, l);
                        bad = 1;
                        break;
                    }
                }
        }
        drop(isa, fa);
        drop(isa, fb);
        drop(isa, fc);
        gpuref_free(w);
    }
    tu_check(!bad && steps > 0, "%u programs, %u steps: the same records and state", progs, steps);
    /* the comparison means something only when both steps ran */
    tu_check(fast > 0 && fast < steps, "%u of %u steps took the fast step", fast, steps);
}

int main(void)
{
    P = tu_policy("nvfp");
    unsigned csr;
    host = nvfp_host_begin(&csr);

    tu_test("policy: nvfp accepted, others refused");
    tu_check(nvfp_fast_policy(&P) == 1, "nvfp policy accepted");
    static const char *const other[] = { "usc", "rdna4", "x86_sse" };
    for (unsigned i = 0; i < 3; i++) {
        fp_policy q = tu_policy(other[i]);
        tu_check(nvfp_fast_policy(&q) == 0, "%s policy refused", other[i]);
    }
    fp_policy q = P;
    q.round[FP_F32] = FP_RTZ;
    tu_check(fp_policy_seal(&q, NULL, 0) == GPUREF_OK && nvfp_fast_policy(&q) == 0, "RTZ refused");
    q = P;
    q.nan_inf = FP_NANINF_OFF;
    tu_check(fp_policy_seal(&q, NULL, 0) == GPUREF_OK && nvfp_fast_policy(&q) == 0, "NaN kept refused");
    q = P;
    q.zero_wins = FP_ZW_OFF;
    tu_check(fp_policy_seal(&q, NULL, 0) == GPUREF_OK && nvfp_fast_policy(&q) == 0, "no zero-wins refused");
    q = P;
    q.denorm_in[FP_F32] = FP_DENORM_KEEP;
    tu_check(fp_policy_seal(&q, NULL, 0) == GPUREF_OK && nvfp_fast_policy(&q) == 0, "denormals kept refused");
    q = P;
    q.denorm_out[FP_F32] = FP_DENORM_KEEP;
    tu_check(fp_policy_seal(&q, NULL, 0) == GPUREF_OK && nvfp_fast_policy(&q) == 0, "denormal results refused");
    q = P;
    q.zero_wins_sign = FP_ZWS_XOR;    /* changed after sealing: not sealed any more */
    tu_check(nvfp_fast_policy(&q) == 0, "unsealed refused");

    /* the special table and values whose results leave the normal range */
    uint64_t sp[64];
    int n = tu_specials(FP_F32, sp);
    static const uint32_t edge[] = {
        0x00800001u, 0x00ffffffu, 0x01000000u, 0x1f800000u, 0x20000000u,  /* products near 2^-126 */
        0x5f800000u, 0x60000000u, 0x7f000000u, 0x7effffffu, 0x3f000000u,  /* near overflow, 0.5 */
        0x1f7fffffu, 0x1f000000u, 0x5f7fffffu, 0x5fffffffu, 0x3f7fffffu,  /* with the above: exponent sums 125, 126, 381, 382 */
    };
    for (unsigned i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        sp[n++] = edge[i];
        sp[n++] = edge[i] | 0x80000000u;
    }
    tu_test("specials: add sub mul less over every pair (%d values; four-wide through the %s)", n,
            host ? "host FPU" : "scalar functions");
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            pair((uint32_t)sp[i], (uint32_t)sp[j]);
    tu_test("specials: mad over every triple (%d values)", n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++)
                triple((uint32_t)sp[i], (uint32_t)sp[j], (uint32_t)sp[k]);

    long cnt = tu_count(1000000);
    tu_test("random: add sub mul less (%ld pairs)", cnt);
    for (long i = 0; i < cnt; i++)
        pair((uint32_t)tu_operand(FP_F32), (uint32_t)tu_operand(FP_F32));
    tu_test("random: mad (%ld triples)", cnt);
    for (long i = 0; i < cnt; i++)
        triple((uint32_t)tu_operand(FP_F32), (uint32_t)tu_operand(FP_F32), (uint32_t)tu_operand(FP_F32));
    if (host)
        nvfp_host_end(csr);

    tu_test("fast step on and off: random programs, the same records and state");
    onoff(400);
    return tu_finish();
}
