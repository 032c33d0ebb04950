/* rdna4_exec_buffer.c - VBUFFER: untyped, format and typed buffer loads and stores,
 * buffer atomics (README "Vector memory", decisions D28-D32).
 *
 * Guide chapter 9 (L4066-4600) and the VBUFFER pages of chapter 16:
 *  - V# (Table 57 L4566-4588) in SGPR[RSRC..RSRC+3]: base [47:0], stride [61:48]
 *    (times 1/4/8/32 by stride_scale [115:114]), swizzle_enable [63:62],
 *    num_records [95:64], dst_sel_x/y/z/w [107:96], format [113:108], index_stride
 *    [118:117], add_tid_enable [119], OOB_SELECT [125:124], type [127:126];
 *  - index = (IDXEN ? VGPR[VADDR] : 0) + (add_tid ? lane : 0); offset = (OFFEN ?
 *    VGPR[VADDR + IDXEN] : 0) + IOFFSET (Table 50 L4273); address = base + SOFFSET
 *    + offset + stride * index (linear, §9.4.1.1) or the swizzled formula of §9.4.2
 *    (L4515-4527, SOFFSET inside total_offset); 48 bits (D16);
 *  - range check (Table 56 L4443-4453, D29) per DWORD for untyped B64-B128, all or
 *    nothing for FORMAT/TBUFFER and atomics: loads read 0 (dst_sel SEL_1: 1),
 *    stores and atomics are dropped (an atomic returns 0);
 *  - data formats (Table 62 L5046-5091, D30): 8/16/32-bit components, 1, 2 or 4 of
 *    them, UNORM/SNORM/USCALED/SSCALED/UINT/SINT/FLOAT; other formats stop with
 *    "unimplemented";
 *  - loads are deferred write-backs on LOADcnt as GLOBAL's (D19); stores write memory
 *    at issue, one memory write per lane and contiguous run (D20). */
#include <math.h>
#include <string.h>

#include "rdna4.h"
#include "rdna4_exec.h"

#define ADDR48 0x0000ffffffffffffull

/* What a row moves: untyped (bytes per lane, registers, sign, D16 half) or format
 * (components, D16 packing, typed). */
typedef struct buf_kind {
    unsigned bytes, nreg, sign, half;
    unsigned fmt;              /* format instruction: components + 1 (0: untyped) */
    unsigned d16;              /* format: D16 (1) or D16_HI (2) */
    unsigned typed;            /* TBUFFER: the format from the instruction */
    unsigned store;
    unsigned atomic, w64, fatomic;
} buf_kind;

static buf_kind kind_of(unsigned op)
{
    buf_kind k = { 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    if (rdna4_vm_atomic_kind(op, &k.atomic, &k.w64, &k.fatomic)) {
        k.bytes = k.w64 ? 8 : 4;
        k.nreg = k.w64 ? 2 : 1;
        return k;
    }
    if (op >= 128) {
        k.typed = 1;
        op -= 128;
    }
    if (op <= 15 || op == 38 || op == 39) {
        unsigned n = op == 38 || op == 39 ? 1 : (op & 3) + 1;
        k.fmt = n + 1;
        k.store = (op >= 4 && op <= 7) || (op >= 12 && op <= 15) || op == 39;
        k.d16 = op >= 8 && op <= 15 ? 1 : op >= 38 ? 2 : 0;
        k.nreg = k.d16 ? (n + 1) / 2 : n;
        return k;
    }
    k.store = (op >= 24 && op <= 29) || op == 36 || op == 37;
    rdna4_vm_size z = rdna4_vm_data_size(op);
    k.bytes = z.bytes; k.nreg = z.nreg; k.sign = z.sign; k.half = z.half;
    return k;
}

/* ------------------------------------------------ data formats */

enum { NUM_UNORM, NUM_SNORM, NUM_USCALED, NUM_SSCALED, NUM_UINT, NUM_SINT, NUM_FLOAT };

typedef struct buf_fmt {
    unsigned comps, bits, num;   /* comps 0: not modelled; bits: of each component
                                    (unpacked formats) */
    unsigned packed;             /* element bytes of a packed format (0: unpacked) */
    uint8_t  cb[4], sh[4];       /* packed: each component's width and shift */
} buf_fmt;

/* Table 62: formats with equal 8/16/32-bit components, and the packed ones, whose
 * components are named from the most significant: X in the low bits (D34). */
static buf_fmt fmt_of(unsigned f)
{
    buf_fmt r = { 0, 0, 0, 0, { 0 }, { 0 } };
    static const struct { uint8_t lo, hi, comps, bits; } runs[] = {
        { 1, 6, 1, 8 }, { 7, 13, 1, 16 }, { 14, 19, 2, 8 }, { 20, 22, 1, 32 },
        { 23, 29, 2, 16 }, { 42, 47, 4, 8 }, { 48, 50, 2, 32 }, { 51, 57, 4, 16 },
        { 58, 60, 3, 32 }, { 61, 63, 4, 32 },
    };
    for (unsigned i = 0; i < sizeof runs / sizeof runs[0]; i++)
        if (f >= runs[i].lo && f <= runs[i].hi) {
            r.comps = runs[i].comps;
            r.bits = runs[i].bits;
            r.num = runs[i].bits == 32 ? (f - runs[i].lo) + NUM_UINT : f - runs[i].lo;
            return r;
        }
    /* packed: number, numeric class, element bytes, widths from X */
    static const struct { uint8_t f, num, bytes, n, w[4]; } packed[] = {
        { 30, NUM_FLOAT,   4, 3, { 11, 11, 10, 0 } },     /* 10_11_11_FLOAT */
        { 31, NUM_FLOAT,   4, 3, { 10, 11, 11, 0 } },     /* 11_11_10_FLOAT */
        { 32, NUM_UNORM,   4, 4, { 2, 10, 10, 10 } },     /* 10_10_10_2_* */
        { 33, NUM_SNORM,   4, 4, { 2, 10, 10, 10 } },
        { 34, NUM_UINT,    4, 4, { 2, 10, 10, 10 } },
        { 35, NUM_SINT,    4, 4, { 2, 10, 10, 10 } },
        { 36, NUM_UNORM,   4, 4, { 10, 10, 10, 2 } },     /* 2_10_10_10_* */
        { 37, NUM_SNORM,   4, 4, { 10, 10, 10, 2 } },
        { 38, NUM_USCALED, 4, 4, { 10, 10, 10, 2 } },
        { 39, NUM_SSCALED, 4, 4, { 10, 10, 10, 2 } },
        { 40, NUM_UINT,    4, 4, { 10, 10, 10, 2 } },
        { 41, NUM_SINT,    4, 4, { 10, 10, 10, 2 } },
        { 68, NUM_UNORM,   2, 3, { 5, 6, 5, 0 } },        /* 5_6_5_UNORM */
        { 69, NUM_UNORM,   2, 4, { 5, 5, 5, 1 } },        /* 1_5_5_5_UNORM */
        { 70, NUM_UNORM,   2, 4, { 1, 5, 5, 5 } },        /* 5_5_5_1_UNORM */
        { 71, NUM_UNORM,   2, 4, { 4, 4, 4, 4 } },        /* 4_4_4_4_UNORM */
        { 72, NUM_UNORM,   1, 2, { 4, 4, 0, 0 } },        /* 4_4_UNORM */
    };
    for (unsigned i = 0; i < sizeof packed / sizeof packed[0]; i++)
        if (f == packed[i].f) {
            unsigned sh = 0;
            r.comps = packed[i].n;
            r.num = packed[i].num;
            r.packed = packed[i].bytes;
            for (unsigned c = 0; c < r.comps; c++) {
                r.cb[c] = packed[i].w[c];
                r.sh[c] = (uint8_t)sh;
                sh += packed[i].w[c];
            }
            return r;
        }
    return r;
}

/* The coverage model's class of a data format (rdna4_cov.c "mem" bins): 0-6 the
 * numeric format of a converted format (UNORM .. FLOAT), 7 a packed one, 8 a format
 * the model does not convert (INVALID, SRGB, ...). */
unsigned rdna4_buf_fmt_class(unsigned f)
{
    buf_fmt r = fmt_of(f);
    return !r.comps ? 8u : r.packed ? 7u : r.num;
}

/* Width of component c. */
static unsigned fmt_cbits(const buf_fmt *fm, unsigned c)
{
    return fm->packed ? fm->cb[c] : fm->bits;
}

static uint64_t f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

static double bits_f64(uint64_t u)
{
    double d;
    memcpy(&d, &u, 8);
    return d;
}

/* A double (exact for every 8/16-bit value, their normalized quotients once
 * rounded: see D30) rounded to F32 or F16, RNE, denormals kept. */
static uint32_t dbl_to(fp_fmt f, double d, const fp_policy *pol)
{
    uint64_t r = 0;
    unsigned exc = 0;
    fp_convert(f, FP_F64, f64_bits(d), pol, 0, &r, &exc);
    return (uint32_t)r;
}

static double to_dbl(fp_fmt f, uint32_t v, const fp_policy *pol)
{
    uint64_t r = 0;
    unsigned exc = 0;
    fp_convert(FP_F64, f, v, pol, 0, &r, &exc);
    return bits_f64(r);
}

/* One component of memory (raw n-bit value) as the VGPR (half) value: 32 bits, or
 * 16 bits for D16 (float classes to F16: FLOAT32 by truncation, the others round to
 * nearest even, §9.3.1 L4365; integers of 8/16 bits to their low 16 bits, 32-bit
 * integers saturated (or wrapped, `fmt_int_wrap`: D35)).  Small floats (11/10 bits,
 * D34) convert exactly. */
static uint32_t fmt_load(unsigned num, unsigned n, uint32_t raw, int d16, int wrap,
                         const fp_policy *pol)
{
    uint32_t smax = (1u << (n - 1)) - 1;
    int32_t sv = n == 32 ? (int32_t)raw : (int32_t)(raw << (32 - n)) >> (32 - n);
    double d;
    switch (num) {
    case NUM_UINT:
        if (!d16)
            return raw;
        return wrap || raw <= 0xffffu ? raw & 0xffffu : 0xffffu;
    case NUM_SINT:
        if (!d16)
            return (uint32_t)sv;
        if (!wrap)
            sv = sv < -32768 ? -32768 : sv > 32767 ? 32767 : sv;
        return (uint32_t)sv & 0xffffu;
    case NUM_FLOAT:
        if (n == 11 || n == 10)
            return d16 ? fp_ufsmall_to_f16(raw, n - 5) : fp_ufsmall_to_f32(raw, n - 5);
        if (n == 32) {
            if (!d16)
                return raw;
            /* "Conversion of float32 to float16 uses truncation" (§9.3.1 L4365, D15) */
            fp_policy rtz = *pol;
            uint64_t r = 0;
            unsigned exc = 0;
            rtz.round[FP_F16] = FP_RTZ;
            if (fp_policy_seal(&rtz, NULL, 0) == GPUREF_OK)
                fp_convert(FP_F16, FP_F32, raw, &rtz, 0, &r, &exc);
            return (uint32_t)r;
        }
        return d16 ? raw : dbl_to(FP_F32, to_dbl(FP_F16, raw, pol), pol);
    case NUM_UNORM: d = (double)raw / (double)((1u << n) - 1); break;
    case NUM_SNORM: d = (double)sv / (double)smax; if (d < -1.0) d = -1.0; break;
    case NUM_USCALED: d = (double)raw; break;
    default: d = (double)sv; break;                        /* SSCALED */
    }
    return dbl_to(d16 ? FP_F16 : FP_F32, d, pol);
}

/* Round to nearest, ties to even. */
static double rne(double x)
{
    double f = floor(x), r = x - f;
    if (r > 0.5 || (r == 0.5 && fmod(f, 2.0) != 0.0))
        f += 1.0;
    return f;
}

static double clampd(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* One VGPR (half) value as the raw n-bit component stored (D30): floats by the
 * format's conversion (NaN -> 0, clamped to the range, RNE); integers saturated to
 * the component's range (`fmt_int_wrap`: their low n bits, D35); small floats as
 * fp_f32_to_ufsmall (D34); D16 sources are F16 (float classes) or 16-bit integers. */
static uint32_t fmt_store(unsigned num, unsigned n, uint32_t v, int d16, int wrap,
                          const fp_policy *pol)
{
    uint32_t mask = n == 32 ? 0xffffffffu : (1u << n) - 1;
    double umax = (double)mask, smax = (double)((1u << (n - 1)) - 1), smin = -smax - 1.0;
    if (num == NUM_UINT || num == NUM_SINT) {
        int64_t x = num == NUM_UINT ? (int64_t)(d16 ? v & 0xffffu : v)
                                    : (int64_t)(d16 ? (int32_t)(int16_t)v : (int32_t)v);
        int64_t lo = num == NUM_UINT ? 0 : (int64_t)smin;
        int64_t hi = num == NUM_UINT ? (int64_t)umax : (int64_t)smax;
        if (n == 32)
            return d16 ? (uint32_t)x : v;
        if (wrap)
            return (uint32_t)x & mask;
        return (uint32_t)(x < lo ? lo : x > hi ? hi : x) & mask;
    }
    if (num == NUM_FLOAT) {
        if (n == 11 || n == 10)
            return fp_f32_to_ufsmall(d16 ? dbl_to(FP_F32, to_dbl(FP_F16, v & 0xffffu, pol), pol) : v,
                                     n - 5);
        if (n == 32)
            return d16 ? dbl_to(FP_F32, to_dbl(FP_F16, v & 0xffffu, pol), pol) : v;
        return d16 ? v & 0xffffu : dbl_to(FP_F16, to_dbl(FP_F32, v, pol), pol);
    }
    double d = d16 ? to_dbl(FP_F16, v & 0xffffu, pol) : to_dbl(FP_F32, v, pol);
    if (d != d)
        return 0;
    switch (num) {
    case NUM_UNORM: return (uint32_t)rne(clampd(d, 0.0, 1.0) * umax);
    case NUM_SNORM: return (uint32_t)(int32_t)rne(clampd(d, -1.0, 1.0) * smax) & mask;
    case NUM_USCALED: return (uint32_t)rne(clampd(d, 0.0, umax));
    default: return (uint32_t)(int32_t)rne(clampd(d, smin, smax)) & mask;   /* SSCALED */
    }
}

/* ------------------------------------------------ the access */

typedef struct buf_access {
    rdna4_insn in;
    buf_kind k;
    buf_fmt fm;
    uint64_t lanes;
    uint64_t base;
    uint32_t stride, nrec, soff, dst_sel;
    unsigned swz, elem, istride, addtid, oob, unbound;
    uint32_t index[64], offset[64];      /* per lane: index and offset (without SOFFSET) */
} buf_access;

/* SGPR `code` as a V# or SOFFSET word (rdna4.h) */
uint32_t rdna4_buf_sreg(const rdna4_state *s, unsigned code)
{
    if (code == RDNA4_NULL)
        return 0;
    if (code < 106 && code >= s->nsgprs)
        code = 0;
    return s->a.sreg[code & 127];
}

static int buf_prepare(rdna4_state *s, const rdna4_pre *p, buf_access *a)
{
    size_t idx = (size_t)(p - s->pre);
    int st = rdna4_decode(s->code + idx, s->ncode - idx, &a->in, s->err);
    if (st)
        return st;
    const rdna4_row *r = &rdna4_rows[p->row];
    const uint32_t *f = a->in.f;
    a->k = kind_of(r->op);
    uint32_t v[4];
    for (unsigned i = 0; i < 4; i++)
        v[i] = rdna4_buf_sreg(s, f[RDNA4_FLD_RSRC] + i);
    a->base = ((uint64_t)(v[1] & 0xffffu) << 32) | v[0];
    static const uint8_t scale[4] = { 1, 4, 8, 32 };
    a->stride = ((v[1] >> 16) & 0x3fffu) * scale[(v[3] >> 18) & 3u];
    a->swz = v[1] >> 30;
    a->nrec = v[2];
    a->dst_sel = v[3] & 0xfffu;
    unsigned vfmt = (v[3] >> 12) & 0x3fu;
    a->istride = 8u << ((v[3] >> 21) & 3u);
    a->addtid = (v[3] >> 23) & 1u;
    a->oob = (v[3] >> 28) & 3u;
    a->elem = a->swz == 3 ? 16 : 4;
    a->soff = rdna4_buf_sreg(s, f[RDNA4_FLD_SOFFSET]);
    /* unbound (L4590-4595, D31): the V#'s data format INVALID (0) without add_tid,
     * or (format instructions) the format they use INVALID; a V# whose type is not
     * 0 is an instruction/resource mismatch (L4596-4600): the instruction is
     * ignored.  Both behave as out of range: loads read 0, stores and atomics are
     * dropped. */
    unsigned dfmt = a->k.typed ? f[RDNA4_FLD_FORMAT] : vfmt;
    a->unbound = (vfmt == 0 && !a->addtid) || (v[3] >> 30) != 0 || (a->k.fmt && dfmt == 0);
    if (a->swz == 2)
        return gpuref_errf(s->err, GPUREF_ERR_UNIMPL,
                           "unimplemented: %s with V# swizzle_enable 2 (reserved, Table 57 L4570)",
                           r->name);
    memset(&a->fm, 0, sizeof a->fm);        /* unbound: no format, nothing stored */
    if (a->k.fmt && !a->unbound) {
        a->fm = fmt_of(dfmt);
        if (!a->fm.comps)
            return gpuref_errf(s->err, GPUREF_ERR_UNIMPL,
                               "unimplemented: %s with data format %u (SRGB, shared-exponent, "
                               "1-bit, depth and compressed formats are not modelled)",
                               r->name, dfmt);
    }
    a->lanes = rdna4_exec_mask(s);
    unsigned vaddr = f[RDNA4_FLD_VADDR], idxen = f[RDNA4_FLD_IDXEN] != 0, offen = f[RDNA4_FLD_OFFEN] != 0;
    uint32_t ioff = f[RDNA4_FLD_IOFFSET] & 0xffffffu;
    for (unsigned l = 0; l < 64; l++) {
        a->index[l] = (idxen ? s->vgpr[vaddr * 64u + l] : 0) + (a->addtid ? l : 0);
        a->offset[l] = (offen ? s->vgpr[((vaddr + idxen) & 255u) * 64u + l] : 0) + ioff;
    }
    return GPUREF_OK;
}

/* Out of bounds (Table 56) for `payload` bytes at `off` bytes past the lane's
 * offset. */
static int buf_oob(const buf_access *a, unsigned l, uint32_t off, unsigned payload)
{
    uint64_t o = (uint64_t)a->offset[l] + off;
    if (a->unbound)
        return 1;
    switch (a->oob) {
    case 0: return a->index[l] >= a->nrec || o + payload > a->stride;
    case 1: return a->index[l] >= a->nrec;
    case 2: return a->nrec == 0;
    default:
        if (a->swz && a->stride)
            return a->index[l] >= a->nrec || o + payload > a->stride;
        return o + a->soff + payload > a->nrec;    /* num_records reduced by SOFFSET */
    }
}

/* The memory address of byte `off` of lane l's access. */
static uint64_t buf_addr(const buf_access *a, unsigned l, uint32_t off)
{
    if (!a->swz)
        return (a->base + a->soff + (uint64_t)a->offset[l] + off +
                (uint64_t)a->stride * a->index[l]) & ADDR48;
    uint32_t total = a->offset[l] + off + a->soff;
    uint64_t imsb = a->index[l] / a->istride, ilsb = a->index[l] % a->istride;
    uint64_t omsb = total / a->elem, olsb = total % a->elem;
    uint64_t bo = (imsb * a->stride + omsb * a->elem) * a->istride + ilsb * a->elem + olsb;
    return (a->base + bo) & ADDR48;
}

/* Alignment: untyped by align_mode as GLOBAL (D17); format ops to the component
 * size (1, 2, 4 bytes: §9.5 L4540-4545); atomics to the payload (mode 0: LSBs
 * cleared).  Returns 1 (MEMVIOL raised) when a lane is misaligned. */
static int buf_align(rdna4_state *s, gpuref_retire *rr, buf_access *a)
{
    for (uint64_t m = a->lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t ad = buf_addr(a, l, 0);
        unsigned need;
        if (a->k.fmt) {
            need = a->unbound ? 1 : a->fm.packed ? a->fm.packed
                                  : a->fm.bits >= 32 ? 4 : a->fm.bits / 8;
        } else if (a->k.atomic) {
            if (s->align_mode == 0) {       /* forced alignment: the LSBs ignored */
                a->offset[l] -= (uint32_t)(ad & (a->k.bytes - 1));
                continue;
            }
            need = a->k.bytes;
        } else {
            unsigned dw = a->k.bytes < 4 ? a->k.bytes : 4;
            switch (s->align_mode) {
            case 0: a->offset[l] -= (uint32_t)(ad & (dw - 1)); continue;
            case 1: need = dw; break;
            case 2: need = a->k.bytes & (0u - a->k.bytes); break;
            default: need = 1; break;
            }
        }
        if (ad & (need - 1)) {
            rdna4_vm_memviol(s, rr, 3);
            return 1;
        }
    }
    return 0;
}

/* dst_sel of component c: 0 -> 0, 1 -> 1, 4-7 -> memory component 0-3 (others: 0). */
static int dsel(const buf_access *a, unsigned c, unsigned *src)
{
    if (a->k.typed) {
        *src = c;
        return 4;
    }
    unsigned v = (a->dst_sel >> (3 * c)) & 7u;
    *src = v >= 4 ? v - 4 : 0;
    return (int)v;
}

/* ------------------------------------------------ exec functions */

RDNA4_EXEC(buffer_load)
{
    buf_access a;
    int st = buf_prepare(s, p, &a);
    if (st)
        return st;
    const buf_kind *k = &a.k;
    unsigned vd = a.in.f[RDNA4_FLD_VDATA];
    /* TFE (D36): the tuple holds one more VGPR, the status DWORD, written (0: the
     * model's memory never NACKs) only with `tfe_status` */
    unsigned tfe = a.in.f[RDNA4_FLD_TFE] != 0, xs = tfe && s->tfe_status;
    if (vd + k->nreg + tfe > 256)
        a.lanes = 0;
    if (!a.lanes && !s->vmcnt[RDNA4_CNT_LOAD])
        return GPUREF_OK;
    if (buf_align(s, rr, &a))
        return GPUREF_OK;
    fp_policy pol;
    if (rdna4_atomic_policy(s, 0, &pol))
        return gpuref_errf(s->err, GPUREF_ERR_FAULT, "%s: float policy", rdna4_rows[p->row].name);
    uint32_t bits = k->fmt ? (k->d16 == 2 ? 0xffff0000u : k->d16 && k->fmt == 2 ? 0x0000ffffu
                                                                                 : 0xffffffffu)
                           : rdna4_vm_bits(k->half);
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_LOAD, vd, a.lanes ? k->nreg + xs : 0, bits,
                                    a.lanes);
    q->tfe = (uint8_t)(xs && a.lanes);
    for (uint64_t m = a.lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t d[4] = { 0, 0, 0, 0 };
        if (!k->fmt) {
            uint8_t b[16] = { 0 };
            unsigned nd = k->bytes < 4 ? 1 : k->bytes / 4;
            for (unsigned i = 0; i < nd; i++) {
                unsigned n = k->bytes < 4 ? k->bytes : 4;
                if (!buf_oob(&a, l, 4 * i, n))
                    for (unsigned j = 0; j < n; j++)
                        rdna4_mem_read(s->mem, buf_addr(&a, l, 4 * i + j), b + 4 * i + j, 1);
            }
            rdna4_vm_dwords(b, k->bytes, k->sign, k->half, d);
        } else {
            unsigned nc = k->fmt - 1, cb = a.fm.bits / 8;
            int oob = buf_oob(&a, l, 0, a.fm.packed ? a.fm.packed : a.fm.comps * cb);
            uint32_t raw[4] = { 0, 0, 0, 0 };
            if (!oob && a.fm.packed) {
                uint8_t b[4];
                for (unsigned j = 0; j < a.fm.packed; j++)
                    rdna4_mem_read(s->mem, buf_addr(&a, l, j), b + j, 1);
                uint32_t w = (uint32_t)rdna4_le_get(b, a.fm.packed);
                for (unsigned c = 0; c < a.fm.comps; c++)
                    raw[c] = (w >> a.fm.sh[c]) & ((1u << a.fm.cb[c]) - 1u);
            } else if (!oob) {
                for (unsigned c = 0; c < a.fm.comps; c++) {
                    uint8_t b[4];
                    for (unsigned j = 0; j < cb; j++)
                        rdna4_mem_read(s->mem, buf_addr(&a, l, c * cb + j), b + j, 1);
                    raw[c] = (uint32_t)rdna4_le_get(b, cb);
                }
            }
            for (unsigned c = 0; c < nc; c++) {
                unsigned src;
                int sel = dsel(&a, c, &src);
                uint32_t v;
                if (sel == 1)                      /* SEL_1: one of the format's type */
                    v = (a.fm.num == NUM_UINT || a.fm.num == NUM_SINT) ? 1u
                        : k->d16 ? 0x3c00u : 0x3f800000u;
                else if (sel < 4 || src >= a.fm.comps || oob)
                    v = 0;
                else
                    v = fmt_load(a.fm.num, fmt_cbits(&a.fm, src), raw[src], k->d16 != 0,
                                 (int)s->fmt_int_wrap, &pol);
                if (k->d16 == 2)
                    d[0] = v << 16;
                else if (k->d16)
                    d[c / 2] |= (v & 0xffffu) << (16 * (c & 1));
                else
                    d[c] = v;
            }
        }
        for (unsigned i = 0; i < k->nreg; i++)
            s->vmdata[q->row0 + i][l] = d[i];
        if (q->tfe)
            s->vmdata[q->row0 + k->nreg][l] = 0;     /* TEXEL_FAIL 0, LOD_WARNING 0, LOD 0 */
    }
    rdna4_vm_announce(s, rr, q);
    return GPUREF_OK;
}

RDNA4_EXEC(buffer_store)
{
    buf_access a;
    int st = buf_prepare(s, p, &a);
    if (st)
        return st;
    const buf_kind *k = &a.k;
    unsigned vs = a.in.f[RDNA4_FLD_VDATA];
    if (buf_align(s, rr, &a))
        return GPUREF_OK;
    fp_policy pol;
    if (rdna4_atomic_policy(s, 0, &pol))
        return gpuref_errf(s->err, GPUREF_ERR_FAULT, "%s: float policy", rdna4_rows[p->row].name);
    /* the bytes of each lane and which of them are stored */
    uint8_t data[64][16], keep[64][16];
    unsigned n = k->fmt ? (a.fm.packed ? a.fm.packed : a.fm.comps * (a.fm.bits / 8)) : k->bytes;
    unsigned total = 0;
    for (uint64_t m = a.lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        memset(keep[l], 0, sizeof keep[l]);
        if (!k->fmt) {
            for (unsigned i = 0; i < k->nreg; i++)
                rdna4_le_put(data[l] + 4 * i, s->vgpr[((vs + i) & 255u) * 64u + l] >> (k->half == 2 ? 16 : 0), 4);
            unsigned nd = k->bytes < 4 ? 1 : k->bytes / 4, w = k->bytes < 4 ? k->bytes : 4;
            for (unsigned i = 0; i < nd; i++)
                if (!buf_oob(&a, l, 4 * i, w))
                    memset(keep[l] + 4 * i, 1, w);
        } else if (!buf_oob(&a, l, 0, n)) {
            unsigned nc = k->fmt - 1, cb = a.fm.bits / 8;
            /* components the shader does not supply: X replicated (§9.3 L4359) */
            uint32_t word = 0;
            for (unsigned c = 0; c < a.fm.comps; c++) {
                unsigned sc = c < nc ? c : 0;
                uint32_t v = k->d16 == 2 ? s->vgpr[vs * 64u + l] >> 16
                             : k->d16 ? s->vgpr[((vs + sc / 2) & 255u) * 64u + l] >> (16 * (sc & 1))
                                      : s->vgpr[((vs + sc) & 255u) * 64u + l];
                uint32_t raw = fmt_store(a.fm.num, fmt_cbits(&a.fm, c), v, k->d16 != 0,
                                         (int)s->fmt_int_wrap, &pol);
                if (a.fm.packed)
                    word |= raw << a.fm.sh[c];
                else
                    rdna4_le_put(data[l] + c * cb, raw, cb);
            }
            if (a.fm.packed)
                rdna4_le_put(data[l], word, a.fm.packed);
            memset(keep[l], 1, n);
        }
        /* count the runs: bytes kept and contiguous in memory */
        uint64_t prev = 0;
        int open = 0;
        for (unsigned i = 0; i < n; i++) {
            uint64_t ad = buf_addr(&a, l, i);
            if (keep[l][i] && !(open && ad == prev + 1))
                total++;
            open = keep[l][i];
            prev = ad;
        }
    }
    if (total + rr->nmemw > GPUREF_MAX_MEMW)
        return gpuref_errf(s->err, GPUREF_ERR_UNIMPL,
                           "unimplemented: %s writing %u memory runs (the retire record holds %u)",
                           rdna4_rows[p->row].name, total, (unsigned)GPUREF_MAX_MEMW);
    for (uint64_t m = a.lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        unsigned i = 0;
        while (i < n) {
            if (!keep[l][i]) {
                i++;
                continue;
            }
            uint64_t ad = buf_addr(&a, l, i);
            unsigned len = 1;
            while (i + len < n && keep[l][i + len] && buf_addr(&a, l, i + len) == ad + len)
                len++;
            if (rdna4_mem_write(s->mem, ad, data[l] + i, len))
                return gpuref_errf(s->err, GPUREF_ERR_NOMEM, "out of memory");
            gpuref_retire_memw(rr, 0, ad, len, l, data[l] + i, 0, GPUREF_SLOT_NONE);
            i += len;
        }
    }
    return GPUREF_OK;
}

/* Buffer atomics: as GLOBAL's (D24, D25) on the buffer address; VDATA holds the data
 * (CMPSWAP: data then compare) and receives the pre-op value iff TH[0]; an atomic
 * out of range (all or nothing) changes nothing and returns 0. */
RDNA4_EXEC(buffer_atomic)
{
    buf_access a;
    int st = buf_prepare(s, p, &a);
    if (st)
        return st;
    const buf_kind *k = &a.k;
    unsigned rtn = a.in.f[RDNA4_FLD_TH] & 1u, n = k->bytes, vd = a.in.f[RDNA4_FLD_VDATA];
    unsigned cmp = !k->fatomic && k->atomic - 1 == RDNA4_AT_CMP;
    if (vd + (cmp ? 2 * k->nreg : k->nreg) > 256)
        a.lanes = 0;
    if (rtn && !a.lanes && !s->vmcnt[RDNA4_CNT_LOAD])
        return GPUREF_OK;
    if (buf_align(s, rr, &a))
        return GPUREF_OK;
    if ((unsigned)__builtin_popcountll(a.lanes) + rr->nmemw > GPUREF_MAX_MEMW)
        return gpuref_errf(s->err, GPUREF_ERR_UNIMPL,
                           "unimplemented: %s writing %u memory runs (the retire record holds %u)",
                           rdna4_rows[p->row].name, (unsigned)__builtin_popcountll(a.lanes),
                           (unsigned)GPUREF_MAX_MEMW);
    fp_policy pol;
    if (k->fatomic && rdna4_atomic_policy(s, 0, &pol))
        return gpuref_errf(s->err, GPUREF_ERR_FAULT, "%s: float policy", rdna4_rows[p->row].name);
    /* the data are read before the return is queued (VDATA is both) */
    uint64_t srcv[64], src2v[64];
    for (uint64_t m = a.lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        srcv[l] = s->vgpr[vd * 64u + l];
        src2v[l] = cmp ? s->vgpr[((vd + k->nreg) & 255u) * 64u + l] : 0;
        if (k->w64) {
            srcv[l] |= (uint64_t)s->vgpr[((vd + 1) & 255u) * 64u + l] << 32;
            if (cmp)
                src2v[l] |= (uint64_t)s->vgpr[((vd + 3) & 255u) * 64u + l] << 32;
        }
    }
    rdna4_vmload *q = rtn ? rdna4_vm_push(s, rr, RDNA4_CNT_LOAD, vd, a.lanes ? k->nreg : 0,
                                          0xffffffffu, a.lanes) : NULL;
    for (uint64_t m = a.lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t tmp = 0;
        if (!buf_oob(&a, l, 0, n)) {
            uint8_t b[8];
            uint64_t ad = buf_addr(&a, l, 0);
            rdna4_mem_read(s->mem, ad, b, n);
            tmp = rdna4_le_get(b, n);
            uint64_t r = k->fatomic ? rdna4_atomic_float(k->fatomic, (int)k->w64, tmp, srcv[l], &pol)
                                    : rdna4_atomic_int(k->atomic - 1, k->w64, tmp, srcv[l], src2v[l]);
            rdna4_le_put(b, r, n);
            if (rdna4_mem_write(s->mem, ad, b, n))
                return gpuref_errf(s->err, GPUREF_ERR_NOMEM, "out of memory");
            gpuref_retire_memw(rr, 0, ad, n, l, b, 0, GPUREF_SLOT_NONE);
        }
        if (q) {
            s->vmdata[q->row0][l] = (uint32_t)tmp;
            if (k->w64)
                s->vmdata[q->row0 + 1][l] = (uint32_t)(tmp >> 32);
        }
    }
    if (q)
        rdna4_vm_announce(s, rr, q);
    return GPUREF_OK;
}
