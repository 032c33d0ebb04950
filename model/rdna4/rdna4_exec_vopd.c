/* rdna4_exec_vopd.c - VOPD dual issue (guide §7.8 L3272-3351, Chapter 16 §16.11
 * L17803-18295; README "Dual issue (VOPD)", decisions Q1-Q4).
 *
 * Every X/Y pair binds to one function (the EXEC column of every VOPDX and VOPDY row
 * names `vopd`; the slot of a VOPD instruction holds its X row).  The function
 * decodes the instruction's two halves again (the predecoded VALU side table has one
 * operand set per DWORD), reads every source of X and of Y from the state before the
 * instruction, computes both, then writes X's destination and Y's ("both read their
 * sources before either writes": an X that overwrites a source of Y, which the guide
 * forbids (L3303) and llvm-mc accepts, leaves Y reading the old value).  The two
 * destinations differ (one even, one odd, by encoding).  VOPD is wave32 only (L3279):
 * in wave64 the step fails with "illegal", the state unchanged.  The exceptions of both
 * halves set the sticky bits once (L3351).  No modifiers exist in VOPD: F32 operations
 * run on model/fp with MODE's F32 rounding and denormal mode and C1's NaN rules. */
#include <string.h>

#include "fp.h"

#include "rdna4.h"
#include "rdna4_exec.h"

#define NL RDNA4_NL

/* The operands of one half: destination, source 0 (any 9-bit source), source 1 (a
 * VGPR), the literal K of FMAAK/FMAMK as a source in its place. */
typedef struct vhalf {
    const rdna4_row *r;
    unsigned vdst;
    rdna4_vpre v;
} vhalf;

static void collect(const rdna4_state *s, const rdna4_insn *in, unsigned row, int y, vhalf *h)
{
    const rdna4_row *r = &rdna4_rows[row];
    rdna4_vpre *v = &h->v;
    unsigned ns = 0;
    memset(h, 0, sizeof *h);
    h->r = r;
    for (int i = 0; i < 3; i++) {
        v->v[i] = -1;
        v->s[i].lo = v->s[i].hi = RDNA4_NULL;
        v->s[i].kind = RDNA4_S_CONST;
    }
    for (int i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        switch (o->kind) {
        case RDNA4_K_VDST:
            h->vdst = y ? (in->f[RDNA4_FLD_VDSTY] << 1 | (~in->f[RDNA4_FLD_VDSTX] & 1u))
                        : in->f[RDNA4_FLD_VDSTX];
            break;
        case RDNA4_K_VSRC:
            if (in->f[o->fld] >= 256)
                v->v[ns] = (int16_t)(in->f[o->fld] - 256);
            else
                rdna4_resolve_src(s, &v->s[ns], in->f[o->fld], o->type, in->lit);
            ns++;
            break;
        case RDNA4_K_VGPR:
            v->v[ns++] = (int16_t)in->f[o->fld];
            break;
        case RDNA4_K_LIT:
            rdna4_resolve_src(s, &v->s[ns++], 255, o->type, in->lit);
            break;
        default:
            break;
        }
    }
    v->nsrc = (uint8_t)ns;
}

static void load(const rdna4_state *s, const rdna4_vpre *v, unsigned i, uint32_t *out)
{
    if (v->v[i] >= 0) {
        memcpy(out, &s->vgpr[(unsigned)v->v[i] * 64u], 32 * sizeof *out);
    } else {
        uint32_t k = rdna4_src32(s, &v->s[i]);
        for (unsigned l = 0; l < 32; l++)
            out[l] = k;
    }
}

/* The sources of a half in the 32 lanes, as computed: DOT2ACC's inline or literal S0
 * is "Duplicate lo to hi" (§7.7.2 table L3270-3271). */
static void half_sources(const rdna4_state *s, const vhalf *h, uint32_t src[3][32])
{
    const rdna4_vpre *v = &h->v;
    for (unsigned i = 0; i < v->nsrc && i < 3; i++)
        load(s, v, i, src[i]);
    if (!strncmp(h->r->name, "v_dual_dot2acc_", 15) && v->nsrc && v->v[0] < 0) {
        unsigned code = v->s[0].code;
        if ((code >= 128 && code <= 208) || (code >= 240 && code <= 248))
            for (unsigned l = 0; l < 32; l++)
                src[0][l] = (src[0][l] & 0xffffu) * 0x10001u;
    }
}

unsigned rdna4_vopd_operands(const rdna4_state *s, const rdna4_insn *in, int y, unsigned *vdst,
                             int16_t vreg[3], uint32_t val[3][32])
{
    vhalf h;
    collect(s, in, y ? in->rowy : in->row, y, &h);
    half_sources(s, &h, val);
    *vdst = h.vdst;
    for (unsigned i = 0; i < 3; i++)
        vreg[i] = i < h.v.nsrc ? h.v.v[i] : -1;
    return h.v.nsrc;
}

/* Compute one half for the active lanes into d[] (sources read now, nothing written). */
static int compute(rdna4_state *s, const rdna4_pre *p, const vhalf *h, uint64_t ex, uint32_t *d,
                   unsigned *exc)
{
    const fp_policy *pol = rdna4_fp_policy(s);
    uint32_t src[3][32] = { { 0 } }, *a = src[0], *b = src[1], *c = src[2];
    const char *nm = h->r->name + 7;     /* after "v_dual_" */
    half_sources(s, h, src);
    int fmac = !strcmp(nm, "fmac_f32"), dotf = !strcmp(nm, "dot2acc_f32_f16"),
        dotb = !strcmp(nm, "dot2acc_f32_bf16");
    if (fmac || dotf || dotb)            /* the destination is the accumulator (SRC2 port) */
        memcpy(c, &s->vgpr[h->vdst * 64u], sizeof src[2]);
    static const char *const ops[] = { "fmac_f32", "fmaak_f32", "fmamk_f32", "mul_f32",
                                       "mul_dx9_zero_f32", "add_f32", "sub_f32", "subrev_f32",
                                       "max_num_f32", "min_num_f32", "mov_b32", "cndmask_b32",
                                       "add_nc_u32", "lshlrev_b32", "and_b32", "dot2acc_f32_f16",
                                       "dot2acc_f32_bf16" };
    unsigned k = 0;
    while (k < sizeof ops / sizeof ops[0] && strcmp(nm, ops[k]))
        k++;
    if (k == sizeof ops / sizeof ops[0])
        return rdna4_valu_not_yet(s, p, "(VOPD half not executed)");
    uint64_t mask = s->a.sreg[RDNA4_VCC_LO];
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t r = 0;
        uint32_t t = 0;
        int st = GPUREF_OK;
        switch (k) {
        case 0: case 1: case 2:          /* FMAC, FMAAK, FMAMK: K is the source of its place */
            st = fp_fma(FP_F32, a[l], b[l], c[l], pol, 0, &r, exc);
            break;
        case 3: st = fp_mul(FP_F32, a[l], b[l], pol, 0, &r, exc); break;
        case 4:                          /* 0 * anything = +0 (L17897-17905) */
            st = fp_mul(FP_F32, a[l], b[l], pol, FP_F_ZERO_WINS, &r, exc);
            break;
        case 5: st = fp_add(FP_F32, a[l], b[l], pol, 0, &r, exc); break;
        case 6: st = fp_sub(FP_F32, a[l], b[l], pol, 0, &r, exc); break;
        case 7: st = fp_sub(FP_F32, b[l], a[l], pol, 0, &r, exc); break;
        case 8: case 9: st = rdna4_fp_minmax(FP_F32, 0, k == 8, a[l], b[l], pol, &r, exc); break;
        case 10: r = a[l]; break;
        case 11: r = (mask >> l & 1u) ? b[l] : a[l]; break;     /* VCC selects (L3345) */
        case 12: r = (uint32_t)(a[l] + b[l]); break;
        case 13: r = (uint32_t)(b[l] << (a[l] & 31u)); break;
        case 14: r = a[l] & b[l]; break;
        default:
            st = rdna4_dot2_lane(k == 16 ? FP_BF16 : FP_F16, a[l], b[l], c[l], pol, &t, exc);
            r = t;
            break;
        }
        if (st)
            return rdna4_fp_fail(s, p, st);
        d[l] = (uint32_t)r;
    }
    return GPUREF_OK;
}

RDNA4_EXEC(vopd)
{
    size_t idx = (size_t)(p - s->pre);
    rdna4_insn in;
    int st = rdna4_decode(s->code + idx, s->ncode - idx, &in, s->err);
    if (st)
        return st;
    if (s->wave64)
        return gpuref_errf(s->err, GPUREF_ERR_DECODE,
                           "illegal %s :: %s: VOPD is legal only in wave32 (guide §7.8 L3279)",
                           rdna4_rows[in.row].name, rdna4_rows[in.rowy].name);
    vhalf x, y;
    collect(s, &in, in.row, 0, &x);
    collect(s, &in, in.rowy, 1, &y);
    uint32_t dx[NL], dy[NL];
    unsigned exc = 0;
    uint64_t ex = s->a.sreg[RDNA4_EXEC_LO];
    if ((st = compute(s, p, &x, ex, dx, &exc)) || (st = compute(s, p, &y, ex, dy, &exc)))
        return st;
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = ex;
    rdna4_valu_write(s, rr, x.vdst, dx, ex);
    rdna4_valu_write(s, rr, y.vdst, dy, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}
