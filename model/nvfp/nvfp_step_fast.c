/* nvfp_step_fast.c - the step of the common arithmetic instructions without
 * the generic operand path (README "Speed").
 *
 * Taken for an instruction that nvfp_fast_kind() accepted at load (MOV, ADD,
 * MUL, MAD, MIN, MAX, SLT, SGE, DP3, DP4 with an fp32 destination R, no
 * condition (cctest TR), no CC-only destination, every source an fp32 view R,
 * p[] or c[]) when the state's float policy is one of nvfp_fast.h
 * (nvfp_state.fast) and kil_stop is 0.  Then nvfp_step's generic path
 * would read every source at fp32 without a conversion, run the exec
 * function's FAST32 branch and take its fp32 write-back without a
 * condition; this path does the same operations in the same order:
 *   - a source is read component-major ([component][pixel], the layout of
 *     the register file), swizzled, and a chunk whose format tag is not fp32
 *     reads 0.0 (p[58]) before the negation, as in nvfp_step;
 *   - each result component is the same nvfp_f32_add / nvfp_f32_mul /
 *     nvfp_f32_less expression of the exec function, operands in the same
 *     order (MAD: the product rounded, then + c; DP3/DP4: products summed
 *     left to right, D6);
 *   - the retire entries are those of nvfp_step's fp32 write-back, in its
 *     order (R words of the writemask, the format tag, then the CC
 *     components), appended with gpuref_retire_regw_new (without the
 *     search gpuref_retire_regw makes: the record arrives cleared and the
 *     entries are distinct).
 * test_nvfp_fast runs random programs with this path and with the generic
 * one (the loaded program's kinds cleared; and kil_stop=1, the same
 * results when no KIL runs), compares every retire record and the final
 * state, and checks that this path ran. */
#include <string.h>

#include "nvfp.h"

enum { FK_NONE, FK_MOV, FK_ADD, FK_MUL, FK_MAD, FK_MIN, FK_MAX, FK_SLT, FK_SGE, FK_DP3, FK_DP4 };

uint8_t nvfp_fast_kind(const nvfp_insn *in)
{
    uint8_t k;
    switch (in->op) {
    case NVFP_OP_MOV: k = FK_MOV; break;
    case NVFP_OP_ADD: k = FK_ADD; break;
    case NVFP_OP_MUL: k = FK_MUL; break;
    case NVFP_OP_MAD: k = FK_MAD; break;
    case NVFP_OP_MIN: k = FK_MIN; break;
    case NVFP_OP_MAX: k = FK_MAX; break;
    case NVFP_OP_SLT: k = FK_SLT; break;
    case NVFP_OP_SGE: k = FK_SGE; break;
    case NVFP_OP_DP3: k = FK_DP3; break;
    case NVFP_OP_DP4: k = FK_DP4; break;
    default: return FK_NONE;
    }
    if (in->dprec != NVFP_PR_R || in->cctest != NVFP_T_TR || in->ccdst || in->dreg >= NVFP_NCHUNK)
        return FK_NONE;
    for (unsigned n = 0; n < nvfp_rows[in->op].nsrc; n++) {
        const nvfp_src *o = &in->src[n];
        if (o->type == NVFP_ST_REG ? o->prec != NVFP_PR_R || o->index >= NVFP_NCHUNK
            : o->type == NVFP_ST_P ? o->index >= NVFP_NP
            : o->type == NVFP_ST_C ? o->index >= NVFP_NC : 1)
            return FK_NONE;
    }
    return k;
}

typedef uint32_t nvfp_rows4[4][NVFP_LANES];   /* [component][pixel] */

/* source o at fp32, swizzled and negated, component-major */
static inline void operand(const nvfp_state *s, const nvfp_src *o, nvfp_rows4 out)
{
    const uint32_t ng = o->neg ? 0x80000000u : 0;
#if NVFP_HOST
    const __m128i ngv = _mm_set1_epi32((int)ng);
    if (o->type == NVFP_ST_C) {
        for (unsigned j = 0; j < 4; j++)
            _mm_storeu_si128((__m128i *)(void *)out[j], _mm_set1_epi32((int)(s->c[o->index][o->swz >> (2 * j) & 3] ^ ng)));
        return;
    }
    __m128i mv = _mm_set1_epi32(-1);
    const uint32_t (*src)[NVFP_LANES] = o->type == NVFP_ST_P ? (const uint32_t (*)[NVFP_LANES])s->p[o->index]
                                                             : (const uint32_t (*)[NVFP_LANES])s->reg[o->index];
    if (o->type == NVFP_ST_REG) {
        /* p[58]: a chunk last written in another format reads 0.0 (the four
         * format bytes, NVFP_PR_R = 0, widened to lane masks) */
        uint32_t f;
        memcpy(&f, s->fmt[o->index], sizeof f);
        const __m128i z = _mm_setzero_si128();
        __m128i fb = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)f), z), z);
        mv = _mm_cmpeq_epi32(fb, z);
    }
    for (unsigned j = 0; j < 4; j++) {
        __m128i r = _mm_loadu_si128((const __m128i *)(const void *)src[o->swz >> (2 * j) & 3]);
        _mm_storeu_si128((__m128i *)(void *)out[j], _mm_xor_si128(_mm_and_si128(r, mv), ngv));
    }
#else
    uint32_t m[NVFP_LANES] = { ~0u, ~0u, ~0u, ~0u };
    nvfp_rows4 cb;
    const uint32_t (*src)[NVFP_LANES];
    if (o->type == NVFP_ST_C) {
        for (unsigned j = 0; j < 4; j++)
            for (unsigned l = 0; l < NVFP_LANES; l++)
                cb[j][l] = s->c[o->index][j];
        src = (const uint32_t (*)[NVFP_LANES])cb;
    } else if (o->type == NVFP_ST_P) {
        src = (const uint32_t (*)[NVFP_LANES])s->p[o->index];
    } else {
        src = (const uint32_t (*)[NVFP_LANES])s->reg[o->index];
        /* p[58]: a chunk last written in another format reads 0.0 */
        for (unsigned l = 0; l < NVFP_LANES; l++)
            m[l] = s->fmt[o->index][l] == NVFP_PR_R ? ~0u : 0;
    }
    for (unsigned j = 0; j < 4; j++) {
        const uint32_t *r = src[o->swz >> (2 * j) & 3];
        for (unsigned l = 0; l < NVFP_LANES; l++)
            out[j][l] = (r[l] & m[l]) ^ ng;
    }
#endif
}

/* the compare rows: MIN a < b ? a : b, MAX !(a < b) ? a : b, SLT a < b ?
 * 1.0 : 0.0, SGE !(a < b) ? 1.0 : 0.0 (nvfp_f32_less) */
static inline void compare(unsigned kind, nvfp_rows4 a, nvfp_rows4 b, nvfp_rows4 q)
{
    const int sel = kind == FK_MIN || kind == FK_MAX, inv = kind == FK_MAX || kind == FK_SGE;
#if NVFP_HOST
    const __m128i iv = _mm_set1_epi32(inv ? -1 : 0), one = _mm_set1_epi32(0x3f800000);
    for (unsigned j = 0; j < 4; j++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)a[j]),
                y = _mm_loadu_si128((const __m128i *)(const void *)b[j]);
        __m128i c = _mm_xor_si128(_mm_cmplt_epi32(nvfp__key4(x), nvfp__key4(y)), iv);
        __m128i r = sel ? _mm_or_si128(_mm_and_si128(c, x), _mm_andnot_si128(c, y)) : _mm_and_si128(c, one);
        _mm_storeu_si128((__m128i *)(void *)q[j], r);
    }
#else
    for (unsigned j = 0; j < 4; j++)
        for (unsigned l = 0; l < NVFP_LANES; l++) {
            const int c = nvfp_f32_less(a[j][l], b[j][l]) ^ inv;
            q[j][l] = sel ? (c ? a[j][l] : b[j][l]) : c ? 0x3f800000u : 0;
        }
#endif
}

/* a new entry of the record for the four pixels: the record arrives
 * cleared (isa.h) and this step's entries are distinct registers, so
 * gpuref_retire_regw's search would find nothing to merge into */
static inline gpuref_regw *entry(gpuref_retire *rr, int file, unsigned index, uint64_t bits)
{
    gpuref_regw *w = gpuref_retire_regw_new(rr, file, index, bits, GPUREF_SLOT_NONE);
    if (w)
        w->lanes = 0xfu;
    return w;
}

/* status of an fp32 result against 0.0 (p[41]; -0 is 0) */
static inline uint8_t status32(uint32_t v)
{
    return !(v & 0x7fffffffu) ? NVFP_CC_EQ : (v >> 31) ? NVFP_CC_LT : NVFP_CC_GT;
}

void nvfp_step_fast(nvfp_state *s, const nvfp_insn *in, unsigned kind, gpuref_retire *rr)
{
    const fp_policy *p = &s->fp;
    nvfp_rows4 a[3], q;
    const unsigned ns = nvfp_rows[in->op].nsrc;
    for (unsigned n = 0; n < ns; n++)
        operand(s, &in->src[n], a[n]);
    /* four pixels of a component at a time (nvfp_fast.h: the four-wide
     * functions give the scalar ones' results); MXCSR is read and restored
     * only by the kinds that add or multiply */
    const int fpu = kind == FK_ADD || kind == FK_MUL || kind == FK_MAD || kind == FK_DP3 || kind == FK_DP4;
    unsigned csr = 0;
    const int host = fpu && nvfp_host_begin(&csr);
    switch (kind) {
    case FK_MOV: memcpy(q, a[0], sizeof q); break;
    case FK_ADD: for (unsigned j = 0; j < 4; j++) nvfp_f32_add4(p, host, a[0][j], a[1][j], q[j]); break;
    case FK_MUL: for (unsigned j = 0; j < 4; j++) nvfp_f32_mul4(p, host, a[0][j], a[1][j], q[j]); break;
    case FK_MAD:   /* the product rounded, then + c */
        for (unsigned j = 0; j < 4; j++) {
            uint32_t m[NVFP_LANES];
            nvfp_f32_mul4(p, host, a[0][j], a[1][j], m);
            nvfp_f32_add4(p, host, m, a[2][j], q[j]);
        }
        break;
    case FK_MIN: case FK_MAX: case FK_SLT: case FK_SGE: compare(kind, a[0], a[1], q); break;
    default: {   /* DP3, DP4 (D6): products summed left to right, each step
                  * rounded: sum = a0 b0, then sum = aj bj + sum */
        const unsigned n = kind == FK_DP3 ? 3 : 4;
        uint32_t sum[NVFP_LANES], m[NVFP_LANES];
        nvfp_f32_mul4(p, host, a[0][0], a[1][0], sum);
        for (unsigned j = 1; j < n; j++) {
            nvfp_f32_mul4(p, host, a[0][j], a[1][j], m);
            nvfp_f32_add4(p, host, m, sum, sum);
        }
        for (unsigned j = 0; j < 4; j++)
            memcpy(q[j], sum, sizeof sum);
        break;
    }
    }
    if (host)
        nvfp_host_end(csr);
    /* the fp32 write-back without a condition (nvfp_step): every pixel
     * writes the components of the writemask, then the format tag, then the
     * CC of those components */
    const unsigned ch = in->dreg, mask = in->wmask;
    for (unsigned j = 0; j < 4; j++)
        if (mask >> j & 1) {
            memcpy(s->reg[ch][j], q[j], sizeof q[j]);
            gpuref_regw *w = entry(rr, NVFP_F_R, ch * 4 + j, 0xffffffffu);
            if (w)
                for (unsigned l = 0; l < NVFP_LANES; l++)
                    w->value[l] = q[j][l];
        }
    memset(s->fmt[ch], NVFP_PR_R, sizeof s->fmt[ch]);
    gpuref_regw *w = entry(rr, NVFP_F_FMT, ch, 3);
    if (w)
        for (unsigned l = 0; l < NVFP_LANES; l++)
            w->value[l] = NVFP_PR_R;
    if (in->cc)
        for (unsigned j = 0; j < 4; j++)
            if (mask >> j & 1) {
                for (unsigned l = 0; l < NVFP_LANES; l++)
                    s->cc[j][l] = status32(q[j][l]);
                gpuref_regw *c = entry(rr, NVFP_F_CC, j, 3);
                if (c)
                    for (unsigned l = 0; l < NVFP_LANES; l++)
                        c->value[l] = s->cc[j][l];
            }
}
