/* rdna4_cov.c - RDNA4 functional coverage (scalar pipeline): bins derived from
 * rdna4_ops.def for every row the model executes (r4_exec_of), and the
 * sampler over the wave state, the retire record and the predecoded slot.
 *
 * Bins (coverage/README.md):
 *   rdna4.op.<fmt>.<row>                       a unit of the row retired
 *   rdna4.opnd.<fmt>.<row>.<slot>.<kind>       scalar source held: reg (SGPR),
 *                                              special (vcc, ttmp, m0, exec, null),
 *                                              imm (inline or aperture constant),
 *                                              literal, flags (SCC)
 *   rdna4.in.<fmt>.<row>.<slot>.<class>        value class of a source (by the
 *                                              operand type: integer 16/32/64 bits,
 *                                              f16/bf16/f32/f64)
 *   rdna4.out.<fmt>.<row>.<class>              value class of the scalar result
 *                                              (SDST; SMEM loads of 1 or 2 DWORDs)
 *   rdna4.flag.<fmt>.<row>.scc0|scc1           SCC a compare produced (SOPC)
 *   rdna4.isa.<fmt>.<row>.taken|not_taken      branches
 *
 * Source values are those before the unit: a shadow of the scalar registers
 * is kept in step with the retire records (re-read from the state whenever
 * it is out of step, e.g. after a waiver). */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "rdna4.h"

typedef int16_t bin_t;
#define NB (-1)

enum { K_REG, K_SPECIAL, K_IMM, K_LIT, K_SCC, NK };
static const uint8_t k_opk[NK] = { GPUREF_OPK_REG, GPUREF_OPK_SPECIAL, GPUREF_OPK_IMM,
                                   GPUREF_OPK_LITERAL, GPUREF_OPK_FLAGS };
enum { VK_NONE, VK_INT, VK_FLOAT };

typedef struct r4c_slot {
    uint8_t use;                 /* 1: an SSRC/SDSTSRC operand (p->s[i]); 2: SOPK imm16 */
    uint8_t vk, bits;            /* value kind, width (bf16: 32 of v << 16) */
    uint8_t bf16;
    uint8_t kinds;               /* operand kinds the field can hold (1 << K_*) */
    bin_t   opnd[NK];
    bin_t   in[GPUREF_VC_N];
} r4c_slot;

typedef struct r4c_row {
    bin_t    op;
    uint8_t  dvk, dbits, dwords, dbf16;   /* the SDST result */
    r4c_slot src[2];
    bin_t    out[GPUREF_VC_N];
    bin_t    scc[2];
    bin_t    br[2];              /* taken, not taken */
} r4c_row;

typedef struct r4c {
    r4c_row     row[R4_NROWS];
    uint32_t    sh[128];         /* scalar registers before the next unit */
    uint32_t    shscc;
    const void *shst;
    uint64_t    shseq;
    int         shvalid, shany;
} r4c;

static const char *fmt_lc(unsigned f, char *buf)
{
    const char *n = r4_fmts[f].name;
    size_t i = 0;
    for (; n[i] && i < 15; i++)
        buf[i] = (char)(n[i] >= 'A' && n[i] <= 'Z' ? n[i] - 'A' + 'a' : n[i]);
    buf[i] = '\0';
    return buf;
}

/* Value kind and width of an operand type. */
static void type_vk(int type, uint8_t *vk, uint8_t *bits, uint8_t *bf16)
{
    *bf16 = 0;
    switch (type) {
    case R4T_B32: case R4T_MASK: *vk = VK_INT; *bits = 32; break;
    case R4T_B64: case R4T_I64:  *vk = VK_INT; *bits = 64; break;
    case R4T_F32:                *vk = VK_FLOAT; *bits = 32; break;
    case R4T_F64:                *vk = VK_FLOAT; *bits = 64; break;
    case R4T_F16:                *vk = VK_FLOAT; *bits = 16; break;
    case R4T_BF16:               *vk = VK_FLOAT; *bits = 32; *bf16 = 1; break;
    default:                     *vk = VK_NONE; *bits = 0; break;
    }
}

static unsigned classify(uint64_t v, unsigned vk, unsigned bits, int bf16)
{
    if (vk == VK_FLOAT)
        return bf16 ? gpuref_vc_float((v & 0xffff) << 16, 32) : gpuref_vc_float(v, bits);
    return gpuref_vc_int(v, bits);
}

static void vk_range(unsigned vk, unsigned *lo, unsigned *hi)
{
    *lo = vk == VK_FLOAT ? GPUREF_VC_FPZERO : 0;
    *hi = vk == VK_FLOAT ? GPUREF_VC_SNAN + 1 : GPUREF_VC_NINT;
}

static void fill(bin_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        v[i] = NB;
}

static const char *const kname[NK] = { "reg", "special", "imm", "literal", "flags" };

#define DEF(cat, op, slot, val, aux, ...)                                           \
    do {                                                                            \
        long b_ = gpuref_cov_def(def, cat, op, slot, val, aux, __VA_ARGS__);        \
        if (b_ < 0)                                                                 \
            return gpuref_errf(err, (int)b_, "rdna4 coverage: bad bin definition"); \
        last = (bin_t)b_;                                                           \
    } while (0)

static int r4c_define(gpuref_cov *def, r4c *P, char *err)
{
    bin_t last = NB;
    char fl[16];
    for (unsigned op = 0; op < R4_NROWS; op++) {
        r4c_row *R = &P->row[op];
        const r4_row *r = &r4_rows[op];
        memset(R, 0, sizeof *R);
        R->op = NB;
        fill(R->out, GPUREF_VC_N);
        fill(R->scc, 2);
        fill(R->br, 2);
        for (unsigned i = 0; i < 2; i++) {
            fill(R->src[i].opnd, NK);
            fill(R->src[i].in, GPUREF_VC_N);
        }
        r4_exec_fn fn = r4_exec_of(op);
        if (!fn || fn == r4_exec_unimpl)
            continue;                          /* not executed by the model: no bins yet */
        const char *f = fmt_lc(r->fmt, fl);
        DEF(GPUREF_COV_OP, (int)op, -1, 0, 0, "rdna4.op.%s.%s", f, r->name);
        R->op = last;
        unsigned ns = 0;
        for (unsigned i = 0; i < R4_MAXOPD; i++) {
            const r4_opd *o = &r->o[i];
            if (o->kind == R4K_SDST ||
                (o->kind == R4K_SM_SDATA && (o->type == R4T_B32 || o->type == R4T_B64))) {
                type_vk(o->type, &R->dvk, &R->dbits, &R->dbf16);
                R->dwords = (uint8_t)(r4_type_is64(o->type) ? 2 : 1);
            } else if ((o->kind == R4K_SSRC || o->kind == R4K_SDSTSRC) && ns < 2) {
                r4c_slot *sl = &R->src[ns++];
                sl->use = 1;
                type_vk(o->kind == R4K_SDSTSRC ? R4T_B32 : o->type, &sl->vk, &sl->bits, &sl->bf16);
                /* an SDST field or an indexed base holds registers only; a barrier id
                 * is an inline constant (or M0 for s_get_barrier_state) */
                sl->kinds = (o->kind == R4K_SDSTSRC || (r->flags & R4_REGSRC))
                            ? (1u << K_REG | 1u << K_SPECIAL)
                            : (r->flags & R4_BARID)
                            ? (uint8_t)(1u << K_IMM | (r->o[0].kind == R4K_SDST ? 1u << K_SPECIAL : 0))
                            : (1u << NK) - 1;
            } else if ((o->kind == R4K_SIMM_HEX || o->kind == R4K_SIMM_INL) &&
                       r->fmt == R4_FMT_SOPK && ns < 2) {
                r4c_slot *sl = &R->src[ns++];
                sl->use = 2;
                sl->vk = VK_INT;
                sl->bits = 16;
            }
        }
        for (unsigned i = 0; i < 2; i++) {     /* operand kinds */
            r4c_slot *sl = &R->src[i];
            if (sl->use != 1)
                continue;
            for (unsigned k = 0; k < NK; k++) {
                if (!(sl->kinds >> k & 1))
                    continue;
                DEF(GPUREF_COV_OPND, (int)op, (int)i + 1, k_opk[k], 0, "rdna4.opnd.%s.%s.src%u.%s",
                    f, r->name, i, kname[k]);
                sl->opnd[k] = last;
            }
        }
        for (unsigned i = 0; i < 2; i++) {     /* source values */
            r4c_slot *sl = &R->src[i];
            unsigned lo, hi;
            if (!sl->use || sl->vk == VK_NONE)
                continue;
            vk_range(sl->vk, &lo, &hi);
            for (unsigned k = lo; k < hi; k++) {
                DEF(GPUREF_COV_IN, (int)op, (int)i + 1, k, sl->bits, "rdna4.in.%s.%s.src%u.%s", f,
                    r->name, i, gpuref_vc_name(k));
                sl->in[k] = last;
            }
        }
        if (R->dvk != VK_NONE) {               /* the result */
            unsigned lo, hi;
            vk_range(R->dvk, &lo, &hi);
            for (unsigned k = lo; k < hi; k++) {
                DEF(GPUREF_COV_OUT, (int)op, 0, k, R->dbits, "rdna4.out.%s.%s.%s", f, r->name,
                    gpuref_vc_name(k));
                R->out[k] = last;
            }
        }
        if (r->fmt == R4_FMT_SOPC)             /* a compare: SCC is its result */
            for (unsigned k = 0; k < 2; k++) {
                DEF(GPUREF_COV_FLAG, (int)op, -1, k, 0, "rdna4.flag.%s.%s.scc%u", f, r->name, k);
                R->scc[k] = last;
            }
        for (unsigned i = 0; i < R4_MAXOPD; i++)
            if (r->o[i].kind == R4K_SIMM_BR && r->fmt == R4_FMT_SOPP) {
                DEF(GPUREF_COV_ISA, (int)op, -1, 0, 1, "rdna4.isa.%s.%s.taken", f, r->name);
                R->br[0] = last;
                DEF(GPUREF_COV_ISA, (int)op, -1, 0, 0, "rdna4.isa.%s.%s.not_taken", f, r->name);
                R->br[1] = last;
            }
    }
    return GPUREF_OK;
}
#undef DEF

/* The register code an SGPR-like record writes, or -1. */
static int rec_code(const gpuref_regw *w)
{
    switch (w->file) {
    case R4_FILE_S:    return w->index < 106 ? (int)w->index : -1;
    case R4_FILE_VCC:  return R4_VCC_LO + (w->index & 1);
    case R4_FILE_TTMP: return R4_TTMP0 + (w->index & 15);
    case R4_FILE_M0:   return R4_M0;
    case R4_FILE_EXEC: return R4_EXEC_LO + (w->index & 1);
    default:           return -1;
    }
}

static int written(const gpuref_retire *rr, unsigned code, int *scc)
{
    int hit = 0;
    for (unsigned i = 0; i < rr->nregw && i < GPUREF_MAX_REGW; i++) {
        const gpuref_regw *w = &rr->regw[i];
        if (w->file == R4_FILE_SCC && scc)
            *scc = (int)(w->value[0] & 1);
        else if (rec_code(w) == (int)code)
            hit = 1;
    }
    return hit;
}

static void r4c_sample(void *priv, const void *st, const gpuref_retire *rr, uint64_t *counts)
{
    r4c *P = priv;
    const r4_state *s = st;
    uint64_t off = rr->pc - s->base;
    int shv = P->shvalid && P->shst == st && (P->shany || P->shseq == rr->seq);
    if (rr->pc >= s->base && (off >> 2) < s->ncode && s->pre[off >> 2].exec) {
        const r4_pre *p = &s->pre[off >> 2];
        const r4c_row *R = &P->row[p->row];
        if (R->op >= 0) {
            counts[R->op]++;
            for (unsigned i = 0; i < 2; i++) {
                const r4c_slot *sl = &R->src[i];
                uint64_t v = 0;
                int known = 1;
                if (sl->use == 2) {
                    v = p->imm & 0xffff;
                } else if (sl->use == 1) {
                    const r4_src *o = &p->s[i];
                    unsigned k = o->kind == R4S_SCC ? K_SCC : o->kind != R4S_CONST
                                 ? (o->code < 106 ? K_REG : K_SPECIAL)
                                 : o->code == R4_LIT_SRC ? K_LIT : o->code == R4_NULL ? K_SPECIAL
                                 : K_IMM;
                    if (sl->opnd[k] >= 0)
                        counts[sl->opnd[k]]++;
                    if (o->kind == R4S_CONST) {
                        v = (uint64_t)o->k[1] << 32 | o->k[0];
                    } else if (o->kind == R4S_SCC) {
                        known = shv;
                        v = P->shscc;
                    } else {
                        unsigned c = o->code & 127, c1 = o->kind == R4S_REG64 ? (c & 126) + 1 : c;
                        if (o->kind == R4S_REG64)
                            c &= 126;
                        if (shv && ((!written(rr, c, NULL) && P->sh[c] != s->a.sreg[c]) ||
                                    (!written(rr, c1, NULL) && P->sh[c1] != s->a.sreg[c1])))
                            shv = 0;            /* out of step (a waiver, the API) */
                        if (shv) {
                            v = P->sh[c] | (o->kind == R4S_REG64 ? (uint64_t)P->sh[c1] << 32 : 0);
                        } else {             /* the state after: right unless overwritten */
                            known = !written(rr, c, NULL) && !written(rr, c1, NULL);
                            v = s->a.sreg[c] |
                                (o->kind == R4S_REG64 ? (uint64_t)s->a.sreg[c1] << 32 : 0);
                        }
                    }
                } else {
                    continue;
                }
                if (known && sl->vk != VK_NONE) {
                    bin_t b = sl->in[classify(v, sl->vk, sl->bits, sl->bf16)];
                    if (b >= 0)
                        counts[b]++;
                }
            }
            int scc = -1;
            if (R->dvk != VK_NONE && p->dst != R4_NULL && written(rr, p->dst, &scc)) {
                uint64_t v = s->a.sreg[p->dst & 127];
                if (R->dwords == 2)
                    v |= (uint64_t)s->a.sreg[(p->dst + 1) & 127] << 32;
                bin_t b = R->out[classify(v, R->dvk, R->dbits, R->dbf16)];
                if (b >= 0)
                    counts[b]++;
            } else {
                written(rr, 0xffff, &scc);
            }
            if (scc >= 0 && R->scc[0] >= 0)
                counts[R->scc[scc]]++;
            if (R->br[0] >= 0)
                counts[R->br[(rr->flags & GPUREF_RETIRE_BRANCH) ? 0 : 1]]++;
        }
    }
    /* the shadow: the state after this unit is the state before the next */
    if (shv) {
        for (unsigned i = 0; i < rr->nregw && i < GPUREF_MAX_REGW; i++) {
            const gpuref_regw *w = &rr->regw[i];
            int c = rec_code(w);
            if (c >= 0)
                P->sh[c] = (uint32_t)w->value[0];
            else if (w->file == R4_FILE_SCC)
                P->shscc = (uint32_t)(w->value[0] & 1);
        }
        if (P->shscc != s->a.scc) {        /* out of step: start again from the state */
            memcpy(P->sh, s->a.sreg, sizeof P->sh);
            P->shscc = s->a.scc;
        }
    } else {
        memcpy(P->sh, s->a.sreg, sizeof P->sh);
        P->shscc = s->a.scc;
    }
    P->shvalid = 1;
    P->shany = 0;
    P->shst = st;
    P->shseq = rr->seq + 1;
}

static void r4c_begin(void *priv, const void *st)
{
    r4c *P = priv;
    const r4_state *s = st;
    memcpy(P->sh, s->a.sreg, sizeof P->sh);
    P->shscc = s->a.scc;
    P->shst = st;
    P->shvalid = 1;
    P->shany = 1;
}

static int r4c_init(gpuref_cov *def, void **priv, char *err)
{
    r4c *P = calloc(1, sizeof *P);
    if (!P)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    int rc = r4c_define(def, P, err);
    if (rc == GPUREF_OK && gpuref_cov_nbins(def) >= 0x7fff)
        rc = gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4 coverage: too many bins");
    if (rc) {
        free(P);
        return rc;
    }
    *priv = P;
    return GPUREF_OK;
}

static void r4c_fini(void *priv) { free(priv); }

const gpuref_isa_cov gpuref_rdna4_cov = {
    .init = r4c_init,
    .fini = r4c_fini,
    .begin = r4c_begin,
    .sample = r4c_sample,
};
