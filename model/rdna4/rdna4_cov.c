/* rdna4_cov.c - RDNA4 functional coverage (scalar and vector ALU): bins derived from
 * rdna4.def for every row the model executes (rdna4_exec_of), and the
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
 *   rdna4.mem.<fmt>.<row>.addr.<mode>          vector memory addressing: GLOBAL
 *                                              saddr|vaddr, SCRATCH sv|ss|svs|st,
 *                                              BUFFER none|offen|idxen|both
 *   rdna4.mem.<fmt>.<row>.fmt.<class>          FORMAT/TBUFFER: the data format's
 *                                              numeric class, packed, other
 *   rdna4.mem.<fmt>.<row>.oob<k>               BUFFER: the V#'s OOB_SELECT k (the
 *                                              range-check case the access took)
 *   rdna4.mem.<fmt>.<row>.rtn|nortn            GLOBAL/FLAT/BUFFER atomics: TH[0]
 *   rdna4.mem.<fmt>.<row>.m0.none|partial|all  block loads/stores: the VGPR mask
 *                                              in M0 (0, some bits, all 32)
 *   rdna4.mem.vdsdir.<row>.wait_va.zero|nonzero, .wait_vm.0|1
 *                                              parameter/direct loads: their wait
 *                                              fields
 *   rdna4.mem.<fmt>.<row>.waves1|waves2|waves4 every memory and LDS row: the
 *                                              work-group's waves (1; 2-3; 4+)
 * VALU rows (coverage/README.md "RDNA4 vector ALU"; r4v_row, valu_define):
 *   rdna4.mod.<fmt>.<row>.enc.plain|dpp16|dpp8  the encoding (rows with DPP)
 *   rdna4.mod.<fmt>.<row>.src<i>.neg|abs|neg_hi|opsel|opsel_hi0, .dst.opsel,
 *     .clamp, .omod.mul2|mul4|div2             the modifiers the decoder admits
 *   rdna4.mod.<fmt>.<row>.round.<m>, .denorm32|denorm16_64.<m>   MODE's fields
 *   rdna4.isa.<fmt>.<row>.wave32|wave64        wave size
 *   rdna4.mask.<fmt>.<row>.none|partial|all    EXEC before the unit
 *   rdna4.in.<fmt>.<row>.src<i>.<class>, rdna4.out.<fmt>.<row>.<class>
 *                                              value classes over the lanes
 *   rdna4.isa.dpp.<family>.wave32|wave64, rdna4.isa.dpp16.*, rdna4.isa.dpp8.*
 *                                              ISA-wide DPP controls
 *
 * Source values are those before the unit: a shadow of the scalar registers
 * is kept in step with the retire records (re-read from the state whenever
 * it is out of step, e.g. after a waiver).  A VALU unit's sources are copied
 * from the state when the unit before it is sampled (valu_snap).
 *
 * Sampling a unit costs little next to the model's step: the bins are built
 * once into a table by row (r4c_row: every bin as a byte offset from the row's
 * op bin, the classifiers of its values), the sources come from the slot the
 * model predecoded (rdna4_pre, rdna4_src), a value class is a table lookup by a key
 * made without branches, and the record is read once, per source only when
 * the source register's value changed (src_slow). */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "rdna4.h"

enum { K_REG, K_SPECIAL, K_IMM, K_LIT, K_SCC, NK };
static const uint8_t k_opk[NK] = { GPUREF_OPK_REG, GPUREF_OPK_SPECIAL, GPUREF_OPK_IMM,
                                   GPUREF_OPK_LITERAL, GPUREF_OPK_FLAGS };
enum { VK_NONE, VK_INT, VK_FLOAT };

/* Value classifiers: an operand type's width and kind (bf16: the low half read
 * as the upper half of an f32); the float ones from VC_F16 on. */
enum { VC_I16, VC_I32, VC_I64, VC_F16, VC_F32, VC_F64, VC_BF16, NVCD };

typedef struct r4c_vcd {
    uint64_t m;                  /* the value's bits (after the shift) */
    uint64_t mman;               /* float: mantissa bits; integer: all but the sign bit */
    uint64_t emask;              /* float: exponent field, right-aligned */
    uint8_t  top;                /* width - 1: the sign bit */
    uint8_t  mb;                 /* float: mantissa width (integers: 1, unused) */
    uint8_t  pre;                /* shift left first (bf16: 16) */
} r4c_vcd;

#define VCD_M(b) (~0ull >> (64 - (b)))     /* the low b bits, 1 <= b <= 64 */
#define VCD_I(b) { VCD_M(b), VCD_M(b) >> 1, 1, (b) - 1, 1, 0 }
#define VCD_F(b, e, pre) { VCD_M(b), (1ull << ((b) - 1 - (e))) - 1, (1ull << (e)) - 1, (b) - 1, \
                           (b) - 1 - (e), pre }
static const r4c_vcd vcd[NVCD] = {
    [VC_I16] = VCD_I(16), [VC_I32] = VCD_I(32), [VC_I64] = VCD_I(64),
    [VC_F16] = VCD_F(16, 5, 0), [VC_F32] = VCD_F(32, 8, 0), [VC_F64] = VCD_F(64, 11, 0),
    [VC_BF16] = VCD_F(32, 8, 16),
};
#undef VCD_M
#undef VCD_I
#undef VCD_F

/* What the sampler reads per row: every bin as an offset from the row's op bin
 * (a row's bins are defined one after the other, so offsets fit a byte; 0 is
 * "no bin", the op bin itself never being one of the others). */
typedef struct r4c_row {
    int32_t op;                  /* the op bin; -1: the row has no bins */
    uint8_t valu;                /* 1: the row has VALU bins (P->vrow) */
    uint8_t opnd[2][NK];         /* operand kind bins of the source slots */
    uint8_t in[2];               /* the first value-class bin of a slot (class 0 of its kind) */
    uint8_t out;                 /* the same for the result */
    uint8_t scc;                 /* scc0 (scc1 follows) */
    uint8_t br;                  /* taken (not_taken follows) */
    uint8_t use[2];              /* 1: an SSRC/SDSTSRC operand (p->s[i]); 2: SOPK imm16 */
    uint8_t cls[2], dcls;        /* classifiers (VC_*) of the sources and of the result */
    uint8_t dw2;                 /* 1: a 2-DWORD result */
    uint8_t nsrc;                /* slots used (use[i] != 0 for i < nsrc) */
    uint8_t mem;                 /* vector memory: the first "mem" bin (waves1) */
    uint8_t maddr, mfmt, moob, mrtn;   /* addressing, format, OOB_SELECT, return bins */
    uint8_t mm0;                       /* block loads/stores: M0's mask none|partial|all */
    uint8_t mwait;                     /* VDSDIR: wait_va_vdst zero|nonzero, wait_vm_vsrc 0|1 */
} r4c_row;

/* The VALU bins of a row (rows of VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD X/Y and
 * VINTERP the model executes), each as an offset from the row's op bin (0: none). */
enum { VW_32, VW_16, VW_64, VW_PK };   /* how a value is read: 32 bits, a 16-bit half (by
                                          OPSEL), a pair, two 16-bit halves (packed) */
typedef struct r4v_row {
    uint8_t vp;                  /* 1: operands predecoded (rdna4_vpre: VOP1..VOP3P) */
    uint8_t enc;                 /* enc.plain (dpp16, dpp8 follow): DPP-capable rows */
    uint8_t neg[3], abs[3], neghi[3], opsel[4], opselhi[3];   /* opsel[3]: destination */
    uint8_t clamp, omod;         /* omod.mul2 (mul4, div2 follow) */
    uint8_t wave, wave64;        /* wave32, wave64 (VOPD: none, wave32 only, L3279) */
    uint8_t exec;                /* mask none (partial, all follow) */
    uint8_t rnd, rsh;            /* round.rne (rpi, rni, rtz follow); MODE shift of its field */
    uint8_t den32, den16;        /* denorm32 / denorm16_64 .flush (keep_in, keep_out, keep) */
    uint8_t in[3], out;          /* value classes: the first bin of a group */
    uint8_t cls[3], dcls;        /* classifiers (VC_*) */
    uint8_t w[3], dw;            /* VW_* */
} r4v_row;

/* The sources of the VALU instruction a wave executes next, read from the state
 * before it (taken when the unit before it is sampled, or at begin): EXEC, the
 * value of each scalar source, the VGPR rows (lo, hi) of each VGPR source. */
#define R4V_SNAPS 8              /* by wave number */
typedef struct r4v_snap {
    const void *st;              /* NULL: none */
    uint64_t    pc, seq;
    unsigned    any;             /* taken at begin: any seq */
    uint64_t    exec;
    uint64_t    sv[3];
    uint32_t    v[3][2][64];
    /* a VOPD pair (no predecoded operands: decoded here): per half X, Y the VGPR of
     * each source (-1: a scalar), its value per lane, the destination */
    int16_t     dreg[2][3];
    uint16_t    dvd[2];
    uint32_t    dv[2][3][32];
} r4v_snap;

typedef struct r4c {
    r4c_row     row[RDNA4_NROWS];
    uint8_t     kind[4][256];    /* operand kind (K_*) of a source by its rdna4_src kind, code,
                                    and 128 for a register pair (its low half is even) */
    uint8_t     code[16][256];   /* register code a record entry writes (128: none) by
                                    file and index, both in range (rec_code) */
    uint8_t     ivc[64];         /* integer value class by ikey() */
    uint8_t     fvc[32];         /* float value class (less FPZERO) by fkey() */
    uint32_t    sh[129];         /* scalar registers before the next unit (128: a sink) */
    uint32_t    shscc;
    const void *shst;            /* the state the shadow follows (NULL: none) */
    uint64_t    shseq;
    int         shany;           /* the next unit may have any seq (after begin) */
    r4v_row     vrow[RDNA4_NROWS];
    long        dppb;            /* the first ISA-wide DPP bin (-1: none) */
    r4v_snap    snap[R4V_SNAPS];
    int         exact;           /* resync: counting is exact (no group is skipped) */
    const uint8_t *excl;         /* resync: excluded bins (NULL: none) */
} r4c;

/* Register code of an SGPR-like file by index: code = base + (index & mask) when
 * (index & mask) < lim (the files of the retire records; RDNA4_NFILES: any other). */
static const struct { uint8_t base, lim; uint16_t mask; } rfile[RDNA4_NFILES + 1] = {
    [RDNA4_FILE_S] = { 0, 106, 0xffff },
    [RDNA4_FILE_VCC] = { RDNA4_VCC_LO, 2, 1 },
    [RDNA4_FILE_TTMP] = { RDNA4_TTMP0, 16, 15 },
    [RDNA4_FILE_M0] = { RDNA4_M0, 1, 0 },
    [RDNA4_FILE_EXEC] = { RDNA4_EXEC_LO, 2, 1 },
};

/* The register code an entry of a record writes, 128 for none (rfile). */
static unsigned rec_code_far(const gpuref_regw *w)
{
    unsigned f = (uint16_t)w->file;
    f = f < RDNA4_NFILES ? f : RDNA4_NFILES;
    unsigned ix = w->index & rfile[f].mask;
    return ix < rfile[f].lim ? rfile[f].base + ix : 128u;
}

static const char *fmt_lc(unsigned f, char *buf)
{
    const char *n = rdna4_fmts[f].name;
    size_t i = 0;
    for (; n[i] && i < 15; i++)
        buf[i] = (char)(n[i] >= 'A' && n[i] <= 'Z' ? n[i] - 'A' + 'a' : n[i]);
    buf[i] = '\0';
    return buf;
}

/* Value kind, width and classifier of an operand type. */
static void type_vk(int type, uint8_t *vk, uint8_t *bits, uint8_t *cls)
{
    switch (type) {
    case RDNA4_T_B32: case RDNA4_T_MASK: *vk = VK_INT; *bits = 32; *cls = VC_I32; break;
    case RDNA4_T_B64: case RDNA4_T_I64:  *vk = VK_INT; *bits = 64; *cls = VC_I64; break;
    case RDNA4_T_F32:                *vk = VK_FLOAT; *bits = 32; *cls = VC_F32; break;
    case RDNA4_T_F64:                *vk = VK_FLOAT; *bits = 64; *cls = VC_F64; break;
    case RDNA4_T_F16:                *vk = VK_FLOAT; *bits = 16; *cls = VC_F16; break;
    case RDNA4_T_BF16: case RDNA4_T_BF16P: *vk = VK_FLOAT; *bits = 32; *cls = VC_BF16; break;
    default:                     *vk = VK_NONE; *bits = 0; *cls = 0; break;
    }
}

/* Float class key: exponent all ones, zero, mantissa zero, its top bit (quiet),
 * sign (bits 4..0); v already masked to the width. */
static inline unsigned fkey(uint64_t v, const r4c_vcd *d)
{
    uint64_t ex = (v >> d->mb) & d->emask, man = v & d->mman;
    return (unsigned)(ex == d->emask) << 4 | (unsigned)(ex == 0) << 3 | (unsigned)(man == 0) << 2 |
           (unsigned)((man >> (d->mb - 1)) & 1) << 1 | (unsigned)(v >> d->top);
}

/* Integer class key: a power of two or 0 (bit 0), 0 or 1 (bits 1..2: 1 + v, else
 * 0), the sign bit, all ones, all but the sign bit (bits 3..5); v already masked
 * to the width. */
static inline unsigned ikey(uint64_t v, const r4c_vcd *d)
{
    unsigned small = v < 2 ? (unsigned)v + 1 : 0;
    return (unsigned)((v & (v - 1)) == 0) | small << 1 | (unsigned)(v >> d->top) << 3 |
           (unsigned)(v == d->m) << 4 | (unsigned)(v == d->mman) << 5;
}

/* The value class of v with classifier cls (gpuref_vc_int / gpuref_vc_float at
 * its width; vc_tables checks that they agree), less the first class of its
 * kind: a table lookup by a key made without branches. */
static inline unsigned vclass(const r4c *P, uint64_t v, unsigned cls)
{
    const r4c_vcd *d = &vcd[cls];
    if (cls >= VC_F16)                         /* the float classifiers */
        return P->fvc[fkey((v << d->pre) & d->m, d)];
    return P->ivc[ikey(v & d->m, d)];
}

/* Build P->ivc and P->fvc from gpuref_vc_int and gpuref_vc_float of a value of
 * each shape (the integer keys a value of 16, 32 or 64 bits can have are those
 * of these ten), and check vclass against them on values around every class
 * boundary of every width. */
static int vc_tables(r4c *P, char *err)
{
    static const uint32_t ints[] = { 0, 1, 0x80000000u, 0x10, 0xffffffffu, 0x7fffffffu, 5, 6,
                                     0x80000005u, 0x80000006u };
    for (unsigned i = 0; i < sizeof ints / sizeof ints[0]; i++)
        P->ivc[ikey(ints[i], &vcd[VC_I32])] = (uint8_t)gpuref_vc_int(ints[i], 32);
    for (unsigned i = 0; i < 32; i++) {
        uint32_t ex = (i >> 4 & 1) ? 0xff : (i >> 3 & 1) ? 0 : 1;
        uint32_t man = (i >> 2 & 1) ? 0 : (i >> 1 & 1) ? 0x400000u : 1;
        uint32_t f = (i & 1u) << 31 | ex << 23 | man;
        P->fvc[fkey(f, &vcd[VC_F32])] = (uint8_t)(gpuref_vc_float(f, 32) - GPUREF_VC_FPZERO);
    }
    static const uint8_t width[NVCD] = { 16, 32, 64, 16, 32, 64, 32 };
    for (unsigned c = 0; c < NVCD; c++) {
        unsigned b = width[c];
        uint64_t m = b == 64 ? ~0ull : (1ull << b) - 1, sb = 1ull << (b - 1);
        uint64_t base[] = { 0, 1, 2, 3, 5, sb, sb - 1, sb + 1, m, m - 1, m >> 2, 0x10,
                            0x7c00, 0x7e00, 0x7c01, 0x3c00, 0x0001, 0x8000, 0xfc00,
                            0x7f800000, 0x7fc00000, 0x7f800001, 0xff800000, 0x3f800000,
                            0x00400000, 0x80000001, 0x7ff0000000000000, 0x7ff8000000000000,
                            0x7ff0000000000001, 0xfff0000000000000, 0x000fffffffffffff,
                            0x3ff0000000000000, 0x7f80, 0xff80, 0x7fc0, 0x7f81, 0x0040, 0x8001,
                            0x3f80 };
        for (unsigned i = 0; i < sizeof base / sizeof base[0]; i++)
            for (unsigned hi = 0; hi < 2; hi++) {          /* bits above the width are ignored */
                uint64_t v = base[i] | (hi ? ~m : 0);
                unsigned want = c == VC_BF16 ? gpuref_vc_float((v & 0xffff) << 16, 32)
                                : c >= VC_F16 ? gpuref_vc_float(v, b) : gpuref_vc_int(v, b);
                want -= c >= VC_F16 ? GPUREF_VC_FPZERO : 0;
                if (vclass(P, v, c) != want)
                    return gpuref_errf(err, GPUREF_ERR_CONFIG,
                                       "rdna4 coverage: value class of 0x%llx (%u bits) disagrees",
                                       (unsigned long long)v, b);
            }
    }
    return GPUREF_OK;
}

static void vk_range(unsigned vk, unsigned *lo, unsigned *hi)
{
    *lo = vk == VK_FLOAT ? GPUREF_VC_FPZERO : 0;
    *hi = vk == VK_FLOAT ? GPUREF_VC_SNAN + 1 : GPUREF_VC_NINT;
}

static const char *const kname[NK] = { "reg", "special", "imm", "literal", "flags" };

/* Define a bin of the row whose op bin is opbin; off gets its offset from it. */
#define DEF(off, cat, op, slot, val, aux, ...)                                      \
    do {                                                                            \
        long b_ = gpuref_cov_def(def, cat, op, slot, val, aux, __VA_ARGS__);        \
        if (b_ < 0)                                                                 \
            return gpuref_errf(err, (int)b_, "rdna4 coverage: bad bin definition"); \
        if (b_ <= opbin || b_ - opbin > 255)                                        \
            return gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4 coverage: bin apart"); \
        off = (uint8_t)(b_ - opbin);                                                \
    } while (0)

/* The "mem" bins of a vector memory or LDS row (after its other bins). */
static int mem_define(gpuref_cov *def, r4c_row *R, const rdna4_row *r, int op, long opbin,
                      const char *f, char *err)
{
    static const char *const waves[3] = { "waves1", "waves2", "waves4" };
    static const char *const gaddr[2] = { "saddr", "vaddr" };
    static const char *const saddr[4] = { "sv", "ss", "svs", "st" };
    static const char *const baddr[4] = { "none", "offen", "idxen", "both" };
    static const char *const fcls[9] = { "unorm", "snorm", "uscaled", "sscaled", "uint", "sint",
                                         "float", "packed", "other" };
    unsigned fm = r->fmt;
    if (fm != RDNA4_FMT_VGLOBAL && fm != RDNA4_FMT_VSCRATCH && fm != RDNA4_FMT_VFLAT &&
        fm != RDNA4_FMT_VBUFFER && fm != RDNA4_FMT_VDS && fm != RDNA4_FMT_VDSDIR)
        return GPUREF_OK;
    uint8_t o = 0;
    for (unsigned k = 0; k < 3; k++) {
        DEF(o, GPUREF_COV_ISA, op, -1, 100 + k, 0, "rdna4.mem.%s.%s.%s", f, r->name, waves[k]);
        if (k == 0)
            R->mem = o;
    }
    const char *const *am = fm == RDNA4_FMT_VGLOBAL ? gaddr : fm == RDNA4_FMT_VSCRATCH ? saddr
                          : fm == RDNA4_FMT_VBUFFER ? baddr : NULL;
    unsigned nam = fm == RDNA4_FMT_VGLOBAL ? 2 : am ? 4 : 0;
    if (fm == RDNA4_FMT_VGLOBAL && strstr(r->name, "addtid"))
        nam = 0;                               /* GT: SADDR or none, no VGPR address */
    for (unsigned k = 0; k < nam; k++) {
        DEF(o, GPUREF_COV_ISA, op, -1, 110 + k, 0, "rdna4.mem.%s.%s.addr.%s", f, r->name, am[k]);
        if (k == 0)
            R->maddr = o;
    }
    if (fm == RDNA4_FMT_VBUFFER && strstr(r->name, "format"))
        for (unsigned k = 0; k < 9; k++) {
            DEF(o, GPUREF_COV_ISA, op, -1, 120 + k, 0, "rdna4.mem.%s.%s.fmt.%s", f, r->name, fcls[k]);
            if (k == 0)
                R->mfmt = o;
        }
    if (fm == RDNA4_FMT_VBUFFER)
        for (unsigned k = 0; k < 4; k++) {
            DEF(o, GPUREF_COV_ISA, op, -1, 130 + k, 0, "rdna4.mem.%s.%s.oob%u", f, r->name, k);
            if (k == 0)
                R->moob = o;
        }
    if (fm != RDNA4_FMT_VDS && fm != RDNA4_FMT_VSCRATCH && strstr(r->name, "_atomic_"))
        for (unsigned k = 0; k < 2; k++) {
            DEF(o, GPUREF_COV_ISA, op, -1, 140 + k, 0, "rdna4.mem.%s.%s.%s", f, r->name,
                k ? "rtn" : "nortn");
            if (k == 0)
                R->mrtn = o;
        }
    if (fm == RDNA4_FMT_VDSDIR)
        for (unsigned k = 0; k < 4; k++) {
            static const char *const wn[4] = { "wait_va.zero", "wait_va.nonzero", "wait_vm.0",
                                               "wait_vm.1" };
            DEF(o, GPUREF_COV_ISA, op, -1, 160 + k, 0, "rdna4.mem.%s.%s.%s", f, r->name, wn[k]);
            if (k == 0)
                R->mwait = o;
        }
    if (strstr(r->name, "_block"))
        for (unsigned k = 0; k < 3; k++) {
            DEF(o, GPUREF_COV_ISA, op, -1, 150 + k, 0, "rdna4.mem.%s.%s.m0.%s", f, r->name,
                k == 0 ? "none" : k == 1 ? "partial" : "all");
            if (k == 0)
                R->mm0 = o;
        }
    return GPUREF_OK;
}

/* Value kind, classifier and reading of a VALU operand type (VK_NONE: no value
 * bins: lane masks, the tuples of WMMA/SWMMAC). */
static unsigned vtype(int type, uint8_t *cls, uint8_t *w)
{
    static const struct { uint8_t vk, cls, w; } t[RDNA4_T_COUNT] = {
        [RDNA4_T_B32] = { VK_INT, VC_I32, VW_32 },     [RDNA4_T_B16] = { VK_INT, VC_I16, VW_16 },
        [RDNA4_T_B64] = { VK_INT, VC_I64, VW_64 },     [RDNA4_T_I64] = { VK_INT, VC_I64, VW_64 },
        [RDNA4_T_F32] = { VK_FLOAT, VC_F32, VW_32 },   [RDNA4_T_F16] = { VK_FLOAT, VC_F16, VW_16 },
        [RDNA4_T_BF16] = { VK_FLOAT, VC_BF16, VW_16 }, [RDNA4_T_F64] = { VK_FLOAT, VC_F64, VW_64 },
        [RDNA4_T_F16P] = { VK_FLOAT, VC_F16, VW_PK },  [RDNA4_T_BF16P] = { VK_FLOAT, VC_BF16, VW_PK },
    };
    if (type <= 0 || type >= RDNA4_T_COUNT)
        return VK_NONE;
    *cls = t[type].cls;
    *w = t[type].w;
    return t[type].vk;
}

/* MODE fields: F32 uses FP_ROUND[1:0] / FP_DENORM[5:4]; F16, BF16 and F64 use
 * FP_ROUND[3:2] / FP_DENORM[7:6] (fp_policy_rdna4_mode, L1072-1073). */
static int type_f32(int t) { return t == RDNA4_T_F32; }
static int type_f16_64(int t)
{
    return t == RDNA4_T_F16 || t == RDNA4_T_BF16 || t == RDNA4_T_F64 || t == RDNA4_T_F16P ||
           t == RDNA4_T_BF16P;
}

/* The VALU bins of row op (after its op bin opbin), coverage/README.md "RDNA4 vector
 * ALU": encoding, modifiers, wave size, EXEC, MODE, value classes. */
static int valu_define(gpuref_cov *def, r4c *P, unsigned op, long opbin, const char *f,
                       char *err)
{
    static const char *const enc[3] = { "plain", "dpp16", "dpp8" };
    static const char *const omod[3] = { "mul2", "mul4", "div2" };
    static const char *const rnd[4] = { "rne", "rpi", "rni", "rtz" };
    static const char *const den[4] = { "flush", "keep_in", "keep_out", "keep" };
    static const uint8_t mps[3] = { GPUREF_MP_NONE, GPUREF_MP_PARTIAL, GPUREF_MP_ALL };
    const rdna4_row *r = &rdna4_rows[op];
    r4v_row *V = &P->vrow[op];
    unsigned fm = r->fmt, fl = r->flags;
    int vp = fm >= RDNA4_FMT_VOP2 && fm <= RDNA4_FMT_VOP3P;
    if (!vp && fm != RDNA4_FMT_VOPDX && fm != RDNA4_FMT_VOPDY && fm != RDNA4_FMT_VINTERP)
        return GPUREF_OK;
    P->row[op].valu = 1;
    V->vp = (uint8_t)vp;
    /* sources in the predecode's order (rdna4_step.c predecode_valu: VSRC/VGPR but lane
     * masks, and a literal K), the destination, the float widths */
    unsigned ns = 0, svk[3] = { VK_NONE, VK_NONE, VK_NONE }, dvk = VK_NONE, is16[3] = { 0 };
    unsigned h32 = 0, h16 = 0, vgpr[3] = { 0 };
    int dtype = RDNA4_T_NONE;
    for (unsigned i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        if (o->kind == RDNA4_K_VDST) {
            dtype = o->type;
            dvk = vtype(o->type, &V->dcls, &V->dw);
        } else if ((o->kind == RDNA4_K_VSRC || o->kind == RDNA4_K_VGPR || o->kind == RDNA4_K_LIT) &&
                   o->type != RDNA4_T_MASK && ns < 3) {
            is16[ns] = (unsigned)rdna4_type_is16(o->type);
            vgpr[ns] = o->kind != RDNA4_K_LIT;
            svk[ns] = vtype(o->type, &V->cls[ns], &V->w[ns]);
            ns++;
        } else if (o->kind != RDNA4_K_VSRC && o->kind != RDNA4_K_VGPR && o->kind != RDNA4_K_LIT) {
            continue;
        }
        h32 |= (unsigned)type_f32(o->type);
        h16 |= (unsigned)type_f16_64(o->type);
    }
    /* rdna4.def types the VGPR of a packed result as B32: v_pk_* rows with packed float
     * sources give packed halves of that format ("the two 16-bit results are written to
     * a single VGPR as two packed values", L2653) */
    if (fm == RDNA4_FMT_VOP3P && dtype == RDNA4_T_B32 && !strncmp(r->name, "v_pk_", 5))
        for (unsigned i = 0; i < RDNA4_MAXOPD; i++)
            if (r->o[i].type == RDNA4_T_F16P || r->o[i].type == RDNA4_T_BF16P) {
                dtype = r->o[i].type;
                dvk = vtype(dtype, &V->dcls, &V->dw);
                break;
            }
    uint8_t o = 0;
    if (vp && !(fl & RDNA4_NODPP))                /* the encoding: plain, DPP16, DPP8 */
        for (unsigned k = 0; k < 3; k++) {
            DEF(o, GPUREF_COV_MOD, (int)op, -1, k, 0, "rdna4.mod.%s.%s.enc.%s", f, r->name, enc[k]);
            if (k == 0)
                V->enc = o;
        }
    /* input modifiers the decoder admits on the row (rdna4_desc.c) */
    unsigned mneg = 0, mabs = 0, mneghi = 0, mopsel = 0, mopselhi = 0;
    if (fm == RDNA4_FMT_VOP3) {
        mneg = rdna4_mods_allowed(r, 0);
        mabs = rdna4_mods_allowed(r, 1);
    } else if (fm == RDNA4_FMT_VOP3SD || fm == RDNA4_FMT_VINTERP) {
        mneg = rdna4_mods_allowed(r, 0);
    } else if (fm == RDNA4_FMT_VOP3P) {
        mneg = mneghi = rdna4_mods_allowed(r, 0);
    } else if (vp && !(fl & RDNA4_NODPP)) {      /* VOP1/VOP2/VOPC: DPP16's NEG/ABS */
        mneg = rdna4_mods_allowed(r, 0) & 3u;
        mabs = rdna4_mods_allowed(r, 1) & 3u;
    }
    if ((fm == RDNA4_FMT_VOP3 || fm == RDNA4_FMT_VINTERP) && (fl & RDNA4_OPSEL) &&
        !(fl & RDNA4_OPSELX)) {
        for (unsigned i = 0; i < ns; i++)
            mopsel |= (unsigned)(is16[i] || fm == RDNA4_FMT_VINTERP) << i;
        mopsel |= (fl & RDNA4_OPSELD) || fm == RDNA4_FMT_VINTERP ? 8u : 0u;
    } else if (fm == RDNA4_FMT_VOP1 || fm == RDNA4_FMT_VOP2 || fm == RDNA4_FMT_VOPC) {
        for (unsigned i = 0; i < ns; i++)          /* vN.h: a 16-bit VGPR operand's half */
            mopsel |= (unsigned)(is16[i] && vgpr[i]) << i;
        mopsel |= rdna4_type_is16(dtype) ? 8u : 0u;
    } else if (fm == RDNA4_FMT_VOP3P && !(fl & (RDNA4_NOOPSEL | RDNA4_OPSELHI1))) {
        mopsel = mopselhi = (1u << ns) - 1;
    }
    for (unsigned i = 0; i < 4; i++) {
        if (i < 3 && (mneg >> i & 1))
            DEF(V->neg[i], GPUREF_COV_MOD, (int)op, (int)i + 1, 10, 0, "rdna4.mod.%s.%s.src%u.neg", f,
                r->name, i);
        if (i < 3 && (mabs >> i & 1))
            DEF(V->abs[i], GPUREF_COV_MOD, (int)op, (int)i + 1, 11, 0, "rdna4.mod.%s.%s.src%u.abs", f,
                r->name, i);
        if (i < 3 && (mneghi >> i & 1))
            DEF(V->neghi[i], GPUREF_COV_MOD, (int)op, (int)i + 1, 12, 0, "rdna4.mod.%s.%s.src%u.neg_hi",
                f, r->name, i);
        if (i < 3 && (mopsel >> i & 1))
            DEF(V->opsel[i], GPUREF_COV_MOD, (int)op, (int)i + 1, 13, 0, "rdna4.mod.%s.%s.src%u.opsel",
                f, r->name, i);
        if (i == 3 && (mopsel >> 3 & 1))
            DEF(V->opsel[3], GPUREF_COV_MOD, (int)op, 0, 13, 0, "rdna4.mod.%s.%s.dst.opsel", f, r->name);
        if (i < 3 && (mopselhi >> i & 1))
            DEF(V->opselhi[i], GPUREF_COV_MOD, (int)op, (int)i + 1, 14, 0,
                "rdna4.mod.%s.%s.src%u.opsel_hi0", f, r->name, i);
    }
    if ((fm == RDNA4_FMT_VOP3 || fm == RDNA4_FMT_VOP3SD || fm == RDNA4_FMT_VOP3P ||
         fm == RDNA4_FMT_VINTERP) && !(fl & (RDNA4_NOCLAMP | RDNA4_NOMODS)))
        DEF(V->clamp, GPUREF_COV_MOD, (int)op, -1, 15, 0, "rdna4.mod.%s.%s.clamp", f, r->name);
    if ((fm == RDNA4_FMT_VOP3 || fm == RDNA4_FMT_VOP3SD) && !(fl & (RDNA4_NOOMOD | RDNA4_NOMODS)))
        for (unsigned k = 0; k < 3; k++) {
            DEF(o, GPUREF_COV_MOD, (int)op, -1, 16 + k, 0, "rdna4.mod.%s.%s.omod.%s", f, r->name,
                omod[k]);
            if (k == 0)
                V->omod = o;
        }
    DEF(V->wave, GPUREF_COV_ISA, (int)op, -1, 200, 0, "rdna4.isa.%s.%s.wave32", f, r->name);
    if (fm != RDNA4_FMT_VOPDX && fm != RDNA4_FMT_VOPDY)   /* VOPD: wave32 only (L3279) */
        DEF(V->wave64, GPUREF_COV_ISA, (int)op, -1, 201, 0, "rdna4.isa.%s.%s.wave64", f, r->name);
    for (unsigned k = 0; k < 3; k++) {            /* EXEC before the instruction */
        DEF(o, GPUREF_COV_MASK, (int)op, -1, mps[k], 0, "rdna4.mask.%s.%s.%s", f, r->name,
            gpuref_mp_name(mps[k]));
        if (k == 0)
            V->exec = o;
    }
    if (type_f32(dtype) || type_f16_64(dtype)) {  /* MODE: rounding of a float result */
        V->rsh = type_f32(dtype) ? 0 : 2;
        for (unsigned k = 0; k < 4; k++) {
            DEF(o, GPUREF_COV_MOD, (int)op, -1, 20 + k, 0, "rdna4.mod.%s.%s.round.%s", f, r->name,
                rnd[k]);
            if (k == 0)
                V->rnd = o;
        }
    }
    for (unsigned g = 0; g < 2; g++) {            /* MODE: denormals of each float width used */
        if (!(g ? h16 : h32))
            continue;
        for (unsigned k = 0; k < 4; k++) {
            DEF(o, GPUREF_COV_MOD, (int)op, -1, 30 + 4 * g + k, 0, "rdna4.mod.%s.%s.%s.%s", f,
                r->name, g ? "denorm16_64" : "denorm32", den[k]);
            if (k == 0)
                *(g ? &V->den16 : &V->den32) = o;
        }
    }
    if (fm == RDNA4_FMT_VINTERP)                  /* no value bins (attribute data) */
        return GPUREF_OK;
    for (unsigned i = 0; i < ns; i++) {           /* source values */
        unsigned lo, hi;
        if (svk[i] == VK_NONE)
            continue;
        vk_range(svk[i], &lo, &hi);
        for (unsigned k = lo; k < hi; k++) {
            DEF(o, GPUREF_COV_IN, (int)op, (int)i + 1, k, 0, "rdna4.in.%s.%s.src%u.%s", f, r->name,
                i, gpuref_vc_name(k));
            if (k == lo)
                V->in[i] = o;
        }
    }
    if (dvk != VK_NONE) {                         /* the VGPR result */
        unsigned lo, hi;
        vk_range(dvk, &lo, &hi);
        for (unsigned k = lo; k < hi; k++) {
            DEF(o, GPUREF_COV_OUT, (int)op, 0, k, 0, "rdna4.out.%s.%s.%s", f, r->name,
                gpuref_vc_name(k));
            if (k == lo)
                V->out = o;
        }
    }
    return GPUREF_OK;
}

/* The ISA-wide DPP bins (after every row): the control family x wave size, DPP16's
 * BOUND_CTRL x FI, partial row and bank masks, DPP8 with and without FI. */
static int dpp_define(gpuref_cov *def, r4c *P, char *err)
{
    static const char *const fam[9] = { "quad_perm", "row_shl", "row_shr", "row_ror", "row_mirror",
                                        "row_half_mirror", "row_share", "row_xmask", "dpp8" };
    long b;
#define DEFI(v, ...)                                                                    \
    do {                                                                                \
        b = gpuref_cov_def(def, GPUREF_COV_ISA, -1, -1, v, 0, __VA_ARGS__);             \
        if (b < 0)                                                                      \
            return gpuref_errf(err, (int)b, "rdna4 coverage: bad bin definition");      \
    } while (0)
    for (unsigned k = 0; k < 18; k++) {
        DEFI(300 + k, "rdna4.isa.dpp.%s.wave%u", fam[k / 2], k & 1 ? 64u : 32u);
        if (k == 0)
            P->dppb = b;
    }
    for (unsigned k = 0; k < 4; k++)
        DEFI(320 + k, "rdna4.isa.dpp16.bc%u.fi%u", k >> 1, k & 1);
    DEFI(324, "rdna4.isa.dpp16.row_mask.partial");
    DEFI(325, "rdna4.isa.dpp16.bank_mask.partial");
    DEFI(326, "rdna4.isa.dpp8.fi0");
    DEFI(327, "rdna4.isa.dpp8.fi1");
#undef DEFI
    return GPUREF_OK;
}

static int r4c_define(gpuref_cov *def, r4c *P, char *err)
{
    char fl[16];
    for (unsigned op = 0; op < RDNA4_NROWS; op++) {
        r4c_row *R = &P->row[op];
        const rdna4_row *r = &rdna4_rows[op];
        memset(R, 0, sizeof *R);
        R->op = -1;
        rdna4_exec_fn fn = rdna4_exec_of(op);
        if (!fn)
            continue;                          /* not executed by the model: no bins yet */
        const char *f = fmt_lc(r->fmt, fl);
        long opbin = gpuref_cov_def(def, GPUREF_COV_OP, (int)op, -1, 0, 0, "rdna4.op.%s.%s", f,
                                    r->name);
        if (opbin < 0)
            return gpuref_errf(err, (int)opbin, "rdna4 coverage: bad bin definition");
        R->op = (int32_t)opbin;
        struct { uint8_t vk, bits, kinds; } sl[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
        uint8_t dvk = VK_NONE, dbits = 0;
        unsigned ns = 0;
        for (unsigned i = 0; i < RDNA4_MAXOPD; i++) {
            const rdna4_opd *o = &r->o[i];
            if (o->kind == RDNA4_K_SDST ||
                (o->kind == RDNA4_K_SM_SDATA && (o->type == RDNA4_T_B32 || o->type == RDNA4_T_B64))) {
                type_vk(o->type, &dvk, &dbits, &R->dcls);
                R->dw2 = (uint8_t)(rdna4_type_is64(o->type) ? 1 : 0);
            } else if ((o->kind == RDNA4_K_SSRC || o->kind == RDNA4_K_SDSTSRC) && ns < 2) {
                unsigned j = ns++;
                R->use[j] = 1;
                type_vk(o->kind == RDNA4_K_SDSTSRC ? RDNA4_T_B32 : o->type, &sl[j].vk, &sl[j].bits,
                        &R->cls[j]);
                /* an SDST field or an indexed base holds registers only; a barrier id
                 * is an inline constant (or M0 for s_get_barrier_state) */
                unsigned barm0 = r->o[0].kind == RDNA4_K_SDST ? 1u << K_SPECIAL : 0;
                sl[j].kinds = (uint8_t)((o->kind == RDNA4_K_SDSTSRC || (r->flags & RDNA4_REGSRC))
                                        ? (1u << K_REG | 1u << K_SPECIAL)
                                        : (r->flags & RDNA4_BARID) ? (1u << K_IMM | barm0)
                                        : (1u << NK) - 1);
            } else if ((o->kind == RDNA4_K_SIMM_HEX || o->kind == RDNA4_K_SIMM_INL) &&
                       r->fmt == RDNA4_FMT_SOPK && ns < 2) {
                unsigned j = ns++;
                R->use[j] = 2;
                sl[j].vk = VK_INT;
                sl[j].bits = 16;
                R->cls[j] = VC_I16;
            }
        }
        for (unsigned i = 0; i < 2; i++) {     /* operand kinds */
            if (R->use[i] != 1)
                continue;
            for (unsigned k = 0; k < NK; k++) {
                if (!(sl[i].kinds >> k & 1))
                    continue;
                DEF(R->opnd[i][k], GPUREF_COV_OPND, (int)op, (int)i + 1, k_opk[k], 0,
                    "rdna4.opnd.%s.%s.src%u.%s", f, r->name, i, kname[k]);
            }
        }
        for (unsigned i = 0; i < 2; i++) {     /* source values */
            unsigned lo, hi;
            uint8_t o = 0;
            if (!R->use[i] || sl[i].vk == VK_NONE)
                continue;
            vk_range(sl[i].vk, &lo, &hi);
            for (unsigned k = lo; k < hi; k++) {
                DEF(o, GPUREF_COV_IN, (int)op, (int)i + 1, k, sl[i].bits,
                    "rdna4.in.%s.%s.src%u.%s", f, r->name, i, gpuref_vc_name(k));
                if (k == lo)
                    R->in[i] = o;
            }
        }
        if (dvk != VK_NONE) {                  /* the result */
            unsigned lo, hi;
            uint8_t o = 0;
            vk_range(dvk, &lo, &hi);
            for (unsigned k = lo; k < hi; k++) {
                DEF(o, GPUREF_COV_OUT, (int)op, 0, k, dbits, "rdna4.out.%s.%s.%s", f, r->name,
                    gpuref_vc_name(k));
                if (k == lo)
                    R->out = o;
            }
        }
        if (r->fmt == RDNA4_FMT_SOPC)             /* a compare: SCC is its result */
            for (unsigned k = 0; k < 2; k++) {
                uint8_t o = 0;
                DEF(o, GPUREF_COV_FLAG, (int)op, -1, k, 0, "rdna4.flag.%s.%s.scc%u", f, r->name, k);
                if (k == 0)
                    R->scc = o;
            }
        for (unsigned i = 0; i < RDNA4_MAXOPD; i++)
            if (r->o[i].kind == RDNA4_K_SIMM_BR && r->fmt == RDNA4_FMT_SOPP) {
                uint8_t o = 0;
                DEF(R->br, GPUREF_COV_ISA, (int)op, -1, 0, 1, "rdna4.isa.%s.%s.taken", f, r->name);
                DEF(o, GPUREF_COV_ISA, (int)op, -1, 0, 0, "rdna4.isa.%s.%s.not_taken", f, r->name);
                (void)o;                       /* R->br + 1 */
            }
        int rc = mem_define(def, R, r, (int)op, opbin, f, err);
        if (!rc)
            rc = valu_define(def, P, op, opbin, f, err);
        if (rc)
            return rc;
    }
    int rcd = dpp_define(def, P, err);
    if (rcd)
        return rcd;
    for (unsigned op = 0; op < RDNA4_NROWS; op++)
        P->row[op].nsrc = (uint8_t)(P->row[op].use[1] ? 2 : P->row[op].use[0] ? 1 : 0);
    for (unsigned f = 0; f < 16; f++)          /* record entries */
        for (unsigned i = 0; i < 256; i++) {
            gpuref_regw w;
            w.file = (int16_t)f;
            w.index = (uint16_t)i;
            P->code[f][i] = (uint8_t)rec_code_far(&w);
        }
    for (unsigned c = 0; c < 256; c++) {
        P->kind[RDNA4_S_REG][c] = c < 106 ? K_REG : K_SPECIAL;
        P->kind[RDNA4_S_REG64][c] = (c < 106 ? K_REG : K_SPECIAL) | 128;
        P->kind[RDNA4_S_CONST][c] = c == RDNA4_LIT_SRC ? K_LIT : c == RDNA4_NULL ? K_SPECIAL : K_IMM;
        P->kind[RDNA4_S_SCC][c] = K_SCC;
    }
    return vc_tables(P, err);
}
#undef DEF

/* ------------------------------------------------------------ VALU sampling */

static inline r4v_snap *snap_of(r4c *P, const rdna4_state *s)
{
    return &P->snap[s->wave_idx & (R4V_SNAPS - 1)];
}

static inline uint64_t exec_of(const rdna4_state *s)
{
    return s->wave64 ? (uint64_t)s->a.sreg[RDNA4_EXEC_HI] << 32 | s->a.sreg[RDNA4_EXEC_LO]
                     : s->a.sreg[RDNA4_EXEC_LO];
}

/* A VOPD pair at code index idx: its two halves' sources as the exec reads them
 * (rdna4_vopd_operands; wave32).  A pair that does not decode gets no sources (the
 * unit will fail). */
static __attribute__((noinline)) void vopd_snap(r4v_snap *S, const rdna4_state *s, uint64_t idx)
{
    rdna4_insn in;
    memset(S->dreg, 0xff, sizeof S->dreg);
    if (rdna4_decode(s->code + idx, s->ncode - idx, &in, NULL) != GPUREF_OK)
        return;
    for (unsigned h = 0; h < 2; h++) {
        unsigned vd;
        rdna4_vopd_operands(s, &in, (int)h, &vd, S->dreg[h], S->dv[h]);
        S->dvd[h] = (uint16_t)vd;
    }
}

/* The wave's next unit (code index idx, sequence number seq; any: after begin) is a
 * VALU instruction: keep what it will read, from the state before it. */
static __attribute__((noinline)) void valu_snap(r4c *P, const rdna4_state *s, uint64_t idx,
                                                uint64_t seq, unsigned any)
{
    r4v_snap *S = snap_of(P, s);
    const r4v_row *V = &P->vrow[s->pre[idx].row];
    size_t n = (s->wave64 ? 64u : 32u) * sizeof(uint32_t);
    S->st = s;
    S->pc = s->a.pc;
    S->seq = seq;
    S->any = any;
    S->exec = exec_of(s);
    if (rdna4_rows[s->pre[idx].row].fmt == RDNA4_FMT_VOPDX) {
        vopd_snap(S, s, idx);
        return;
    }
    if (!V->vp)
        return;
    const rdna4_vpre *v = &s->vpre[idx];
    for (unsigned i = 0; i < 3; i++) {
        if (!V->in[i])
            continue;
        if (v->v[i] >= 0) {
            unsigned r = (unsigned)v->v[i];
            memcpy(S->v[i][0], &s->vgpr[r * 64u], n);
            if (V->w[i] == VW_64)
                memcpy(S->v[i][1], &s->vgpr[((r + 1u) & 255u) * 64u], n);
        } else {
            S->sv[i] = V->w[i] == VW_64 ? rdna4_src64(s, &v->s[i]) : rdna4_src32(s, &v->s[i]);
        }
    }
}

/* After a unit of state s (or at begin): the snapshot of the next one if it is VALU. */
static inline void valu_next(r4c *P, const rdna4_state *s, uint64_t seq, unsigned any)
{
    uint64_t nx = (s->a.pc - s->base) >> 2;
    if (nx < s->ncode && s->pre[nx].exec && P->row[s->pre[nx].row].valu)
        valu_snap(P, s, nx, seq, any);
}

/* The bins of a VALU row that do not need its operands: wave size, EXEC class
 * (eknown: e is EXEC before the unit), MODE. */
static inline void valu_common(const r4c *P, const rdna4_state *s, unsigned row, uint64_t e,
                               unsigned eknown, uint64_t *counts)
{
    const r4v_row *V = &P->vrow[row];
    uint64_t op = (uint64_t)P->row[row].op, full = s->wave64 ? ~0ull : 0xffffffffull;
    uint32_t mode = s->a.hwreg[RDNA4_HW_MODE];
    if (!s->wave64)
        counts[op + V->wave]++;
    else if (V->wave64)
        counts[op + V->wave64]++;
    if (eknown)
        counts[op + V->exec + ((e & full) == 0 ? 0u : (e & full) == full ? 2u : 1u)]++;
    if (V->rnd)
        counts[op + V->rnd + (mode >> V->rsh & 3u)]++;
    if (V->den32)
        counts[op + V->den32 + (mode >> 4 & 3u)]++;
    if (V->den16)
        counts[op + V->den16 + (mode >> 6 & 3u)]++;
}

/* DPP_CTRL's family (rdna4.def DPP16; the decoder rejects the undefined values). */
static unsigned dpp_family(uint32_t c)
{
    return c <= 0xff ? 0u : c <= 0x10f ? 1u : c <= 0x11f ? 2u : c <= 0x12f ? 3u : c == 0x140 ? 4u
         : c == 0x141 ? 5u : c <= 0x15f ? 6u : 7u;
}

static void sample_dpp(const r4c *P, const rdna4_state *s, const rdna4_vpre *v, uint64_t *counts)
{
    uint64_t b = (uint64_t)P->dppb;
    uint32_t dw = v->dppw;
    unsigned w64 = s->wave64 ? 1u : 0u;
    if (v->dpp == 1) {
        counts[b + dpp_family(dw >> 8 & 0x1ffu) * 2u + w64]++;
        counts[b + 18u + ((dw >> 19 & 1u) << 1 | (dw >> 18 & 1u))]++;
        if ((dw >> 28) != 0xfu)
            counts[b + 22u]++;
        if ((dw >> 24 & 0xfu) != 0xfu)
            counts[b + 23u]++;
    } else {
        counts[b + 16u + w64]++;
        counts[b + 24u + (v->dpp == 3 ? 1u : 0u)]++;
    }
}

/* The class key (fkey / ikey) of v with classifier cls: a class is P->fvc[key] or
 * P->ivc[key]; the lanes of an operand OR 1 << key into a key set, turned into classes
 * once (key_classes). */
static inline unsigned vkey(uint64_t v, unsigned cls)
{
    const r4c_vcd *d = &vcd[cls];
    return cls >= VC_F16 ? fkey((v << d->pre) & d->m, d) : ikey(v & d->m, d);
}

static inline uint32_t key_classes(const r4c *P, uint64_t keys, unsigned cls)
{
    const uint8_t *t = cls >= VC_F16 ? P->fvc : P->ivc;
    uint32_t b = 0;
    for (; keys; keys &= keys - 1)
        b |= 1u << t[__builtin_ctzll(keys)];
    return b;
}

/* The key set of operand values x[] in lanes (one value: lanes == 1, x[0]) read as
 * w (VW_*) with classifier cls: sel/selhi the halves (OPSEL, OPSEL_HI), and/xr the
 * ABS/NEG of the value (of its low half), xr2 the NEG of a packed high half.  A whole
 * wave (lanes == full) is a plain loop, one per classifier kind. */
#define LANE_KEYS(KEY)                                                                   \
    do {                                                                                 \
        if (lanes == full && w != VW_PK) {                                               \
            unsigned n = full == ~0ull ? 64u : 32u;                                      \
            for (unsigned l = 0; l < n; l++)                                             \
                k |= 1ull << KEY(((x[l] >> s0 & wm) & and) ^ xr, d);                     \
        } else {                                                                         \
            for (uint64_t m = lanes; m; m &= m - 1) {                                    \
                uint64_t v = x[__builtin_ctzll(m)];                                      \
                k |= 1ull << KEY(((v >> s0 & wm) & and) ^ xr, d);                        \
                if (w == VW_PK)                                                          \
                    k |= 1ull << KEY(((v >> s1 & 0xffffu) & and) ^ xr2, d);              \
            }                                                                            \
        }                                                                                \
    } while (0)
#define FKEY(v, d) fkey(((v) << (d)->pre) & (d)->m, d)
#define IKEY(v, d) ikey((v) & (d)->m, d)
static uint64_t lane_keys(const uint64_t *x, uint64_t lanes, uint64_t full, unsigned w,
                          unsigned cls, unsigned sel, unsigned selhi, uint64_t and, uint64_t xr,
                          uint64_t xr2)
{
    const r4c_vcd *d = &vcd[cls];
    uint64_t k = 0, wm = w == VW_16 || w == VW_PK ? 0xffffu : ~0ull;
    unsigned s0 = w == VW_16 || w == VW_PK ? sel * 16u : 0u, s1 = selhi * 16u;
    if (cls >= VC_F16)
        LANE_KEYS(FKEY);
    else
        LANE_KEYS(IKEY);
    return k;
}
#undef LANE_KEYS
#undef FKEY
#undef IKEY

/* Count each class bit of b in the group at offset g of op. */
static inline void count_bits(uint64_t *counts, uint64_t op, unsigned g, uint32_t b)
{
    for (; b; b &= b - 1)
        counts[op + g + (unsigned)__builtin_ctz(b)]++;
}

/* Is every bin of the n-bin group at index b hit or excluded (and counting not exact)?
 * Then its values need not be classified (gpuref_isa_cov.resync). */
static inline int group_done(const r4c *P, const uint64_t *counts, uint64_t b, unsigned n)
{
    if (P->exact)
        return 0;
    for (unsigned k = 0; k < n; k++)
        if (!counts[b + k] && !(P->excl && P->excl[b + k]))
            return 0;
    return 1;
}

/* VINTERP's modifiers (no predecoded operands: decoded from the record's words). */
static __attribute__((noinline)) void sample_vinterp(const r4c *P, const gpuref_retire *rr,
                                                     unsigned row, uint64_t *counts)
{
    const r4v_row *V = &P->vrow[row];
    uint64_t op = (uint64_t)P->row[row].op;
    rdna4_insn in;
    char err[GPUREF_ERRLEN];
    if (rdna4_decode(rr->words, rr->nwords, &in, err) != GPUREF_OK)
        return;
    for (unsigned i = 0; i < 4; i++) {
        if (i < 3 && V->neg[i] && (in.f[RDNA4_FLD_NEG] >> i & 1u))
            counts[op + V->neg[i]]++;
        if (V->opsel[i] && (in.f[RDNA4_FLD_OPSEL] >> i & 1u))
            counts[op + V->opsel[i]]++;
    }
    if (V->clamp && in.f[RDNA4_FLD_CM])
        counts[op + V->clamp]++;
}

/* The value classes of a VOPD pair (rows rx, ry) in the lanes of EXEC (wave32): the
 * sources from the snapshot, each half's result in the lanes the record wrote. */
static __attribute__((noinline)) void sample_vopd(const r4c *P, const rdna4_state *s,
                                                  const gpuref_retire *rr, const r4v_snap *S,
                                                  unsigned rx, unsigned ry, uint64_t lanes,
                                                  uint64_t *counts)
{
    uint64_t x[64];
    for (unsigned h = 0; h < 2; h++) {
        unsigned row = h ? ry : rx;
        const r4v_row *V = &P->vrow[row];
        uint64_t op = (uint64_t)P->row[row].op;
        for (unsigned i = 0; i < 3; i++) {
            if (!V->in[i] || group_done(P, counts, op + V->in[i], V->cls[i] >= VC_F16 ? 10u : 8u))
                continue;
            uint64_t ln = lanes;
            if (S->dreg[h][i] < 0) {
                x[0] = S->dv[h][i][0];           /* a scalar: every lane the same */
                ln = 1;
            } else {
                for (unsigned l = 0; l < 32; l++)
                    x[l] = S->dv[h][i][l];
            }
            uint64_t k = lane_keys(x, ln, 0xffffffffull, V->w[i], V->cls[i], 0, 1, ~0ull, 0, 0);
            count_bits(counts, op, V->in[i], key_classes(P, k, V->cls[i]));
        }
        if (!V->out || group_done(P, counts, op + V->out, V->dcls >= VC_F16 ? 10u : 8u))
            continue;
        unsigned n = rr->nregw < GPUREF_MAX_REGW ? rr->nregw : GPUREF_MAX_REGW, vd = S->dvd[h];
        for (unsigned i = 0; i < n; i++) {
            const gpuref_regw *w = &rr->regw[i];
            if (w->file != RDNA4_FILE_V || w->index != vd)
                continue;
            for (unsigned l = 0; l < 32; l++)
                x[l] = s->vgpr[vd * 64u + l];
            uint64_t k = lane_keys(x, w->lanes & 0xffffffffull, 0xffffffffull, V->dw, V->dcls, 0, 1,
                                   ~0ull, 0, 0);
            count_bits(counts, op, V->out, key_classes(P, k, V->dcls));
            break;
        }
    }
}

/* A VALU unit: the bins of its row (and of a VOPD pair's Y row).  Sources are read
 * from the snapshot taken before the unit (valu_snap), as the model read them: the
 * VGPR or scalar operand, OPSEL's half, ABS/NEG applied, DPP's source lane (the
 * model's s->dpp_lane / dpp_zero of this unit), in the lanes that computed (EXEC
 * before the unit, less the lanes DPP disabled); the result in the lanes the record
 * wrote.  Classes are a bit-OR over those lanes: a bin counts once per unit. */
static __attribute__((noinline)) void sample_valu(r4c *P, const rdna4_state *s,
                                                  const gpuref_retire *rr, const rdna4_pre *p,
                                                  uint64_t *counts)
{
    const r4v_snap *S = snap_of(P, s);
    unsigned ok = S->st == s && S->pc == rr->pc && (S->any || S->seq == rr->seq);
    unsigned row = p->row, eknown = ok;
    uint64_t full = s->wave64 ? ~0ull : 0xffffffffull, e = S->exec;
    if (!ok) {                                 /* EXEC now, unless the unit wrote it */
        unsigned n = rr->nregw < GPUREF_MAX_REGW ? rr->nregw : GPUREF_MAX_REGW;
        eknown = 1;
        for (unsigned i = 0; i < n; i++)
            eknown &= rr->regw[i].file != RDNA4_FILE_EXEC;
        e = exec_of(s);
    }
    valu_common(P, s, row, e, eknown, counts);
    unsigned fm = rdna4_rows[row].fmt;
    if (fm == RDNA4_FMT_VOPDX && p->imm < RDNA4_NROWS && P->row[p->imm].valu)
        valu_common(P, s, p->imm, e, eknown, counts);
    const r4v_row *V = &P->vrow[row];
    if (!V->vp) {
        if (fm == RDNA4_FMT_VINTERP)
            sample_vinterp(P, rr, row, counts);
        else if (fm == RDNA4_FMT_VOPDX && ok && (e & 0xffffffffull) && p->imm < RDNA4_NROWS &&
                 P->row[p->imm].valu)
            sample_vopd(P, s, rr, S, row, p->imm, e & 0xffffffffull, counts);
        return;
    }
    uint64_t op = (uint64_t)P->row[row].op;
    const rdna4_vpre *v = &s->vpre[p - s->pre];
    if (V->enc) {
        counts[op + V->enc + (v->dpp > 1 ? 2u : v->dpp)]++;
        if (v->dpp)
            sample_dpp(P, s, v, counts);
    }
    for (unsigned i = 0; i < 3; i++) {
        if (V->neg[i] && (v->neg >> i & 1u))
            counts[op + V->neg[i]]++;
        if (V->abs[i] && (v->abs >> i & 1u))
            counts[op + V->abs[i]]++;
        if (V->neghi[i] && (v->neg_hi >> i & 1u))
            counts[op + V->neghi[i]]++;
        if (V->opsel[i] && (v->opsel >> i & 1u))
            counts[op + V->opsel[i]]++;
        if (V->opselhi[i] && !(v->opsel_hi >> i & 1u))
            counts[op + V->opselhi[i]]++;
    }
    if (V->opsel[3] && (v->opsel >> 3 & 1u))
        counts[op + V->opsel[3]]++;
    if (V->clamp && v->clamp)
        counts[op + V->clamp]++;
    if (V->omod && v->omod)
        counts[op + V->omod + v->omod - 1u]++;
    /* values */
    uint64_t lanes = e & full & (v->dpp ? s->vwen : ~0ull), x[64];
    unsigned vop3p = fm == RDNA4_FMT_VOP3P;
    if (ok && lanes) {
        for (unsigned i = 0; i < 3; i++) {
            if (!V->in[i])
                continue;
            unsigned w = V->w[i], cls = V->cls[i];
            if (group_done(P, counts, op + V->in[i], cls >= VC_F16 ? 10u : 8u))
                continue;
            uint64_t sign = w == VW_64 ? 1ull << 63 : w == VW_32 ? 1ull << 31 : 0x8000u;
            uint64_t and = (v->abs >> i & 1u) ? ~sign : ~0ull;
            uint64_t xr = (v->neg >> i & 1u) ? sign : 0;
            uint64_t xr2 = ((vop3p ? v->neg_hi : v->neg) >> i & 1u) ? sign : 0;
            uint64_t ln = lanes;
            if (v->v[i] < 0) {                 /* a scalar operand: one value */
                x[0] = S->sv[i];
                ln = 1;
            } else if (i == 0 && v->dpp) {     /* the lane DPP fetched, or 0 */
                for (uint64_t m = lanes; m; m &= m - 1) {
                    unsigned l = (unsigned)__builtin_ctzll(m), sl = s->dpp_lane[l] & 63u;
                    x[l] = (s->dpp_zero >> l & 1u) ? 0
                         : S->v[i][0][sl] | (w == VW_64 ? (uint64_t)S->v[i][1][sl] << 32 : 0);
                }
            } else if (w == VW_64) {
                for (unsigned l = 0; l < 64; l++)
                    x[l] = S->v[i][0][l] | (uint64_t)S->v[i][1][l] << 32;
            } else {
                for (unsigned l = 0; l < 64; l++)
                    x[l] = S->v[i][0][l];
            }
            uint64_t k = lane_keys(x, ln, full, w, cls, v->opsel >> i & 1u,
                                   v->opsel_hi >> i & 1u, and, xr, xr2);
            count_bits(counts, op, V->in[i], key_classes(P, k, cls));
        }
    }
    if (V->out && !group_done(P, counts, op + V->out, V->dcls >= VC_F16 ? 10u : 8u)) {
        unsigned n = rr->nregw < GPUREF_MAX_REGW ? rr->nregw : GPUREF_MAX_REGW;
        const gpuref_regw *wv = NULL;
        for (unsigned i = 0; i < n && !wv; i++)
            if (rr->regw[i].file == RDNA4_FILE_V && rr->regw[i].index == v->vdst &&
                !(rr->regw[i].flags & (GPUREF_REGW_DEFERRED | GPUREF_REGW_PENDING)))
                wv = &rr->regw[i];
        if (wv) {                              /* the result, in the lanes written */
            unsigned w = V->dw, vd = v->vdst;
            const uint32_t *lo = &s->vgpr[vd * 64u], *hi = &s->vgpr[((vd + 1u) & 255u) * 64u];
            uint64_t wl = wv->lanes & full;
            for (unsigned l = 0; l < 64; l++)
                x[l] = lo[l] | (w == VW_64 ? (uint64_t)hi[l] << 32 : 0);
            uint64_t k = lane_keys(x, wl, full, w, V->dcls, v->opsel >> 3 & 1u, 1, ~0ull, 0, 0);
            count_bits(counts, op, V->out, key_classes(P, k, V->dcls));
        }
    }
}

/* The shadow after a unit: the state after it is the state before the next. */
static inline void shadow_end(r4c *P, const rdna4_state *s, const gpuref_retire *rr, unsigned shv)
{
    valu_next(P, s, rr->seq + 1, 0);
    if (!shv || P->shscc != s->a.scc) {        /* out of step: start again from the state */
        memcpy(P->sh, s->a.sreg, sizeof s->a.sreg);
        P->shscc = s->a.scc;
    }
    P->shany = 0;
    P->shst = s;
    P->shseq = rr->seq + 1;
}

static inline unsigned rec_code(const r4c *P, const gpuref_regw *w)
{
    unsigned f = (uint16_t)w->file, ix = w->index;
    if (__builtin_expect((f >> 4 | ix >> 8) != 0, 0))
        return rec_code_far(w);               /* not a file or index of the model */
    return P->code[f][ix];
}

/* Did the record write register code c? */
static int written(const r4c *P, const gpuref_retire *rr, unsigned c)
{
    unsigned n = rr->nregw < GPUREF_MAX_REGW ? rr->nregw : GPUREF_MAX_REGW;
    for (unsigned i = 0; i < n; i++)
        if (rec_code(P, &rr->regw[i]) == c)
            return 1;
    return 0;
}

/* A source whose registers (c0 low half, c1 high half) changed, or the shadow
 * is not in step: which of them the unit wrote decides.  One it did not write
 * that differs from the state puts the shadow out of step; then a value is
 * known only from the state after the unit, if the unit did not write it.
 * Returns whether the value *v is known. */
static __attribute__((noinline)) unsigned src_slow(const r4c *P, const rdna4_state *s,
                                                   const gpuref_retire *rr, const rdna4_src *o,
                                                   unsigned c0, unsigned c1, unsigned *shv,
                                                   uint64_t *v)
{
    uint32_t a0 = P->sh[c0], a1 = P->sh[c1], r0 = s->a.sreg[c0], r1 = s->a.sreg[c1];
    unsigned w0 = (unsigned)written(P, rr, c0), w1 = (unsigned)written(P, rr, c1);
    if (*shv && ((!w0 && a0 != r0) || (!w1 && a1 != r1)))
        *shv = 0;
    uint32_t lo = *shv ? a0 : r0, hi = *shv ? a1 : r1;
    *v = (uint64_t)(hi | o->k[1]) << 32 | lo | o->k[0];
    if (o->kind == RDNA4_S_SCC) {
        *v = P->shscc;
        return *shv;
    }
    return *shv || (!w0 && !w1);
}

/* A unit without bins (or outside the program): the shadow only. */
static __attribute__((noinline)) void sample_nobins(r4c *P, const rdna4_state *s,
                                                   const gpuref_retire *rr, unsigned shv)
{
    unsigned n = rr->nregw < GPUREF_MAX_REGW ? rr->nregw : GPUREF_MAX_REGW;
    for (unsigned i = 0; i < n; i++) {
        const gpuref_regw *w = &rr->regw[i];
        P->sh[rec_code(P, w)] = (uint32_t)w->value[0];
        if (w->file == RDNA4_FILE_SCC)
            P->shscc = (uint32_t)(w->value[0] & 1);
    }
    shadow_end(P, s, rr, shv);
}

/* Source slot i of the unit (a constant: one copy per slot): its operand kind
 * and its value class. */
static inline __attribute__((always_inline)) void sample_src(const r4c *P, const rdna4_state *s,
                                                             const gpuref_retire *rr,
                                                             const rdna4_pre *p, const r4c_row *R,
                                                             const unsigned i, unsigned *shv,
                                                             uint64_t *counts)
{
    unsigned op = (unsigned)R->op;
    uint64_t v;
    unsigned known = 1;
    if (R->use[i] == 2) {
        v = p->imm & 0xffff;                   /* SOPK imm16 */
    } else {
        /* the registers read: rdna4_src lo/hi (RDNA4_NULL, which the shadow and the
         * state hold as 0, for none), the low half of a pair at the even code */
        const rdna4_src *o = &p->s[i];
        unsigned kind = o->kind & 3, k = P->kind[kind][o->code];
        unsigned ko = R->opnd[i][k & 7];
        if (ko)
            counts[op + ko]++;
        unsigned c0 = o->lo & (127u ^ k >> 7), c1 = o->hi & 127u;
        uint32_t a0 = P->sh[c0], a1 = P->sh[c1];
        if (*shv & (a0 == s->a.sreg[c0]) & (a1 == s->a.sreg[c1])) {
            v = (uint64_t)(a1 | o->k[1]) << 32 | a0 | o->k[0];
            if (__builtin_expect(kind == RDNA4_S_SCC, 0))
                v = P->shscc;
        } else {
            known = src_slow(P, s, rr, o, c0, c1, shv, &v);
        }
    }
    unsigned vo = R->in[i];
    if (known && vo)
        counts[op + vo + vclass(P, v, R->cls[i])]++;
}

/* Count the bins of the unit rr retired (st: the state after it).
 *
 * Source values are those before the unit, kept in a shadow of the scalar
 * registers that follows the retire records.  A source register whose shadow
 * value equals the state was either not written or written with the value it
 * had: either way that value is the one before, and known; only a source whose
 * value changed needs the record (src_slow).  The record's writes are then
 * applied to the shadow, which also says whether the result register was
 * written. */
/* The "mem" bins of a vector memory or LDS unit: the work-group's waves, and the
 * fields of the instruction (decoded again from the record's words: the predecode
 * keeps no memory operands) and of its buffer resource. */
static __attribute__((noinline)) void sample_mem(const rdna4_state *s, const gpuref_retire *rr,
                                                 const r4c_row *R, uint64_t *counts)
{
    uint64_t op = (uint64_t)R->op;
    unsigned nw = s->wg->nwaves;
    counts[op + R->mem + (nw >= 4 ? 2u : nw >= 2 ? 1u : 0u)]++;
    if (R->mm0) {                            /* M0 is not written by the row */
        uint32_t m0 = s->a.sreg[RDNA4_M0];
        counts[op + R->mm0 + (m0 == 0 ? 0u : m0 == 0xffffffffu ? 2u : 1u)]++;
    }
    if (!(R->maddr | R->mfmt | R->moob | R->mrtn | R->mwait))
        return;
    rdna4_insn in;
    char err[GPUREF_ERRLEN];
    if (rdna4_decode(rr->words, rr->nwords, &in, err) != GPUREF_OK)
        return;
    const uint32_t *f = in.f;
    if (R->maddr) {
        unsigned k = 0;
        if (in.fmt == RDNA4_FMT_VGLOBAL)
            k = f[RDNA4_FLD_SADDR] == RDNA4_NULL;
        else if (in.fmt == RDNA4_FMT_VSCRATCH)
            k = f[RDNA4_FLD_SADDR] == RDNA4_NULL ? (f[RDNA4_FLD_SVE] ? 0u : 3u)
                                                 : (f[RDNA4_FLD_SVE] ? 2u : 1u);
        else
            k = f[RDNA4_FLD_OFFEN] | f[RDNA4_FLD_IDXEN] << 1;
        counts[op + R->maddr + k]++;
    }
    if (R->mrtn)
        counts[op + R->mrtn + (f[RDNA4_FLD_TH] & 1u)]++;
    if (R->mwait) {
        counts[op + R->mwait + (f[RDNA4_FLD_WAIT_VA] != 0)]++;
        counts[op + R->mwait + 2u + (f[RDNA4_FLD_WAIT_VMVSRC] & 1u)]++;
    }
    if (in.fmt == RDNA4_FMT_VBUFFER) {
        uint32_t w3 = rdna4_buf_sreg(s, f[RDNA4_FLD_RSRC] + 3);   /* as the model reads it */
        if (R->moob)
            counts[op + R->moob + ((w3 >> 28) & 3u)]++;
        if (R->mfmt) {
            unsigned typed = rdna4_rows[in.row].name[0] == 't';
            counts[op + R->mfmt + rdna4_buf_fmt_class(typed ? f[RDNA4_FLD_FORMAT]
                                                            : (w3 >> 12) & 0x3fu)]++;
        }
    }
}

static void r4c_sample(void *priv, const void *st, const gpuref_retire *rr, uint64_t *counts)
{
    r4c *P = priv;
    const rdna4_state *s = st;
    unsigned shv = (P->shst == st) & (P->shany | (P->shseq == rr->seq));
    uint64_t off = (rr->pc - s->base) >> 2;     /* below the base: wraps, >= ncode */
    if (off >= s->ncode || !s->pre[off].exec || P->row[s->pre[off].row].op < 0) {
        sample_nobins(P, s, rr, shv);
        return;
    }
    const rdna4_pre *p = &s->pre[off];
    const r4c_row *R = &P->row[p->row];
    unsigned op = (unsigned)R->op;
    counts[op]++;
    /* a VOPD pair retires its Y row as well (the slot holds the X row, imm the Y row) */
    if (__builtin_expect(rdna4_rows[p->row].fmt == RDNA4_FMT_VOPDX, 0) && P->row[p->imm].op >= 0)
        counts[P->row[p->imm].op]++;
    if (R->mem)
        sample_mem(s, rr, R, counts);
    if (R->valu)
        sample_valu(P, s, rr, p, counts);
    if (R->nsrc > 0)
        sample_src(P, s, rr, p, R, 0, &shv, counts);
    if (R->nsrc > 1)
        sample_src(P, s, rr, p, R, 1, &shv, counts);
    /* the record: the shadow brought after the unit, the result written, SCC */
    unsigned dst = p->dst, wd = 0;
    int scc = -1;
    unsigned n = rr->nregw < GPUREF_MAX_REGW ? rr->nregw : GPUREF_MAX_REGW;
    for (unsigned i = 0; i < n; i++) {
        const gpuref_regw *w = &rr->regw[i];
        unsigned code = rec_code(P, w);
        wd |= code == dst;
        P->sh[code] = (uint32_t)w->value[0];
        scc = w->file == RDNA4_FILE_SCC ? (int)(w->value[0] & 1) : scc;
    }
    if (R->out && wd && dst != RDNA4_NULL && dst < 128) {
        uint64_t v = s->a.sreg[dst];
        if (R->dw2)
            v |= (uint64_t)s->a.sreg[(dst + 1) & 127] << 32;
        counts[op + R->out + vclass(P, v, R->dcls)]++;
    }
    if (scc >= 0) {
        if (R->scc)
            counts[op + R->scc + (unsigned)scc]++;
        P->shscc = (uint32_t)scc;
    }
    if (R->br)
        counts[op + R->br + !(rr->flags & GPUREF_RETIRE_BRANCH)]++;
    shadow_end(P, s, rr, shv);
}

static void r4c_begin(void *priv, const void *st)
{
    r4c *P = priv;
    const rdna4_state *s = st;
    memcpy(P->sh, s->a.sreg, sizeof s->a.sreg);
    P->shscc = s->a.scc;
    P->shst = st;
    P->shany = 1;
    valu_next(P, s, 0, 1);
}

static int r4c_init(gpuref_cov *def, void **priv, char *err)
{
    r4c *P = calloc(1, sizeof *P);
    if (!P)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    int rc = r4c_define(def, P, err);
    if (rc == GPUREF_OK && gpuref_cov_nbins(def) >= 0x7fffffff)
        rc = gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4 coverage: too many bins");
    if (rc) {
        free(P);
        return rc;
    }
    *priv = P;
    return GPUREF_OK;
}

static void r4c_fini(void *priv) { free(priv); }

static void r4c_resync(void *priv, const uint64_t *counts, const uint8_t *excl, int exact)
{
    r4c *P = priv;
    (void)counts;
    P->exact = exact;
    P->excl = excl;
}

const gpuref_isa_cov gpuref_rdna4_cov = {
    .init = r4c_init,
    .fini = r4c_fini,
    .begin = r4c_begin,
    .sample = r4c_sample,
    .resync = r4c_resync,
};
