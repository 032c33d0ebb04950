/* rdna4_desc.c - the RDNA4 description tables (from rdna4.def), decode and encode.
 *
 * Decode order, literal and DPP rules: guide §15 (L6259-8209), digest §2.1.
 * A word is legal when: its format is identified, its opcode has a row, the
 * bits no field covers are zero ("Reserved must be set to zero", L6312), the
 * fields no operand of the row uses are zero, every register code is a legal
 * code for its operand (reserved codes, 64-bit SGPR pairs even, quad-aligned
 * SMEM data), and the literal / DPP DWORD it needs is present. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "rdna4.h"

/* ------------------------------------------------------------- tables */

#define O(K, F, T) { RDNA4_K_##K, RDNA4_FLD_##F, RDNA4_T_##T }
const rdna4_row rdna4_rows[RDNA4_NROWS] = {
#define RDNA4_OP(F, OP, N, X, FL, ...) { RDNA4_FMT_##F, OP, FL, #N, { __VA_ARGS__ } },
#include "rdna4.def"
#undef RDNA4_OP
};
#undef O

typedef struct rdna4_fielddef {
    uint8_t fmt, fld, hi, lo;
} rdna4_fielddef;

static const rdna4_fielddef rdna4_fielddefs[] = {
#define RDNA4_FIELD(F, N, H, L) { RDNA4_FMT_##F, RDNA4_FLD_##N, H, L },
#include "rdna4.def"
#undef RDNA4_FIELD
};
#define NFIELDDEFS (sizeof rdna4_fielddefs / sizeof rdna4_fielddefs[0])

typedef struct rdna4_encdef {
    uint8_t fmt, hi, lo;
    uint32_t val;
} rdna4_encdef;

static const rdna4_encdef rdna4_encdefs[] = {
#define RDNA4_ENC(F, H, L, V) { RDNA4_FMT_##F, H, L, V },
#include "rdna4.def"
#undef RDNA4_ENC
};
#define NENCDEFS (sizeof rdna4_encdefs / sizeof rdna4_encdefs[0])

/* op -> row + 1 (0: no row), per format */
static const uint16_t rdna4_rowof[RDNA4_NFMT][1024] = {
#define RDNA4_OP(F, OP, N, X, FL, ...) [RDNA4_FMT_##F][OP] = RDNA4_ROW_##F##_##N + 1,
#include "rdna4.def"
#undef RDNA4_OP
};

/* Name, base DWORDs, opcode field.  Encodings come from RDNA4_ENC. */
const rdna4_fmtinfo rdna4_fmts[RDNA4_NFMT] = {
    [RDNA4_FMT_SOP2]    = { "SOP2", 1, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_SOPK]    = { "SOPK", 1, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_SOP1]    = { "SOP1", 1, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_SOPC]    = { "SOPC", 1, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_SOPP]    = { "SOPP", 1, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_SMEM]    = { "SMEM", 2, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VOP2]    = { "VOP2", 1, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VOP1]    = { "VOP1", 1, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VOPC]    = { "VOPC", 1, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VOP3]    = { "VOP3", 2, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VOP3SD]  = { "VOP3SD", 2, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VOP3P]   = { "VOP3P", 2, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VOPD]    = { "VOPD", 2, 0, 0, 0, 0 },
    [RDNA4_FMT_VOPDX]   = { "VOPDX", 2, 0, 0, 0, RDNA4_FLD_OPX },
    [RDNA4_FMT_VOPDY]   = { "VOPDY", 2, 0, 0, 0, RDNA4_FLD_OPY },
    [RDNA4_FMT_DPP16]   = { "DPP16", 1, 0, 0, 0, 0 },
    [RDNA4_FMT_DPP8]    = { "DPP8", 1, 0, 0, 0, 0 },
    [RDNA4_FMT_VINTERP] = { "VINTERP", 2, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VDSDIR]  = { "VDSDIR", 1, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VDS]     = { "VDS", 2, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VBUFFER] = { "VBUFFER", 3, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VIMAGE]  = { "VIMAGE", 3, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VSAMPLE] = { "VSAMPLE", 3, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VFLAT]   = { "VFLAT", 3, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VGLOBAL] = { "VGLOBAL", 3, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VSCRATCH]= { "VSCRATCH", 3, 0, 0, 0, RDNA4_FLD_OP },
    [RDNA4_FMT_VEXPORT] = { "VEXPORT", 2, 0, 0, 0, 0 },
};

int rdna4_field_pos(int fmt, int fld, unsigned *hi, unsigned *lo)
{
    for (size_t i = 0; i < NFIELDDEFS; i++)
        if (rdna4_fielddefs[i].fmt == fmt && rdna4_fielddefs[i].fld == fld) {
            *hi = rdna4_fielddefs[i].hi;
            *lo = rdna4_fielddefs[i].lo;
            return 1;
        }
    return 0;
}

/* Bits hi..lo (at most 32, possibly across two DWORDs) of w. */
static uint32_t bits_get(const uint32_t *w, unsigned hi, unsigned lo)
{
    unsigned wd = hi - lo + 1, i = lo / 32, sh = lo % 32;
    uint64_t v = w[i] >> sh;
    if (sh + wd > 32)
        v |= (uint64_t)w[i + 1] << (32 - sh);
    return wd >= 32 ? (uint32_t)v : (uint32_t)v & ((1u << wd) - 1u);
}

static void bits_put(uint32_t *w, unsigned hi, unsigned lo, uint32_t v)
{
    unsigned wd = hi - lo + 1, i = lo / 32, sh = lo % 32;
    uint64_t m = (wd >= 32 ? 0xffffffffull : (1ull << wd) - 1u) << sh;
    uint64_t x = ((uint64_t)v << sh) & m;
    w[i] = (w[i] & ~(uint32_t)m) | (uint32_t)x;
    if (m >> 32)
        w[i + 1] = (w[i + 1] & ~(uint32_t)(m >> 32)) | (uint32_t)(x >> 32);
}

/* The tables derived from the description once (by the first caller, any
 * thread; read-only afterwards): each format's fields in description order,
 * the bits they and the encoding cover, and its encoding. */
typedef struct rdna4_tables {
    uint16_t          first[RDNA4_NFMT + 1];       /* fields of fmt: fd[first[fmt] ..] */
    rdna4_fielddef       fd[NFIELDDEFS];
    uint32_t          cover[RDNA4_NFMT][3];
    const rdna4_encdef  *enc[RDNA4_NFMT];
    uint32_t          emask[NENCDEFS], eval[NENCDEFS];   /* DWORD 0 bits of each ENCODING */
} rdna4_tables;

static rdna4_tables  rdna4_tab;
static atomic_int rdna4_tab_state;         /* 0 not built, 1 being built, 2 ready */

static void rdna4_tables_build(void)
{
    int expect = 0;
    if (!atomic_compare_exchange_strong(&rdna4_tab_state, &expect, 1)) {
        while (atomic_load_explicit(&rdna4_tab_state, memory_order_acquire) != 2)
            ;                           /* another thread is building it (microseconds) */
        return;
    }
    rdna4_tables *T = &rdna4_tab;
    unsigned n = 0;
    for (int fmt = 0; fmt < RDNA4_NFMT; fmt++) {
        T->first[fmt] = (uint16_t)n;
        for (size_t i = 0; i < NFIELDDEFS; i++)
            if (rdna4_fielddefs[i].fmt == fmt) {
                const rdna4_fielddef *fd = &rdna4_fielddefs[i];
                T->fd[n++] = *fd;
                for (unsigned b = fd->lo; b <= fd->hi; b++)
                    T->cover[fmt][b / 32] |= 1u << (b % 32);
            }
        for (size_t i = 0; i < NENCDEFS && !T->enc[fmt]; i++)
            if (rdna4_encdefs[i].fmt == fmt)
                T->enc[fmt] = &rdna4_encdefs[i];
    }
    T->first[RDNA4_NFMT] = (uint16_t)n;
    for (int fmt = 0; fmt < RDNA4_NFMT; fmt++) {
        const rdna4_encdef *e = T->enc[fmt == RDNA4_FMT_VOP3SD ? RDNA4_FMT_VOP3 : fmt];
        if (e)
            for (unsigned b = e->lo; b <= e->hi; b++)
                T->cover[fmt][b / 32] |= 1u << (b % 32);
    }
    for (size_t i = 0; i < NENCDEFS; i++) {
        const rdna4_encdef *e = &rdna4_encdefs[i];
        unsigned wd = e->hi - e->lo + 1u;
        T->emask[i] = (wd >= 32 ? 0xffffffffu : (1u << wd) - 1u) << e->lo;
        T->eval[i] = e->val << e->lo;
    }
    atomic_store_explicit(&rdna4_tab_state, 2, memory_order_release);
}

static const rdna4_tables *rdna4_tables_get(void)
{
    if (atomic_load_explicit(&rdna4_tab_state, memory_order_acquire) != 2)
        rdna4_tables_build();
    return &rdna4_tab;
}

uint32_t rdna4_get_field(const uint32_t *w, int fmt, int fld)
{
    unsigned hi, lo;
    return rdna4_field_pos(fmt, fld, &hi, &lo) ? bits_get(w, hi, lo) : 0;
}

static const rdna4_encdef *enc_of(int fmt)
{
    return fmt >= 0 && fmt < RDNA4_NFMT ? rdna4_tables_get()->enc[fmt] : NULL;
}

/* The most specific (widest) ENCODING that matches DWORD 0 (guide §2.1 order). */
static int identify(uint32_t w0)
{
    const rdna4_tables *T = rdna4_tables_get();
    int best = -1, bestw = 0;
    for (size_t i = 0; i < NENCDEFS; i++) {
        const rdna4_encdef *e = &rdna4_encdefs[i];
        if (e->fmt == RDNA4_FMT_VOP3SD)   /* shares VOP3's encoding; chosen by opcode */
            continue;
        int wd = e->hi - e->lo + 1;
        if ((w0 & T->emask[i]) == T->eval[i] && wd > bestw) {
            best = e->fmt;
            bestw = wd;
        }
    }
    return best;
}

/* ------------------------------------------------------ type helpers */

unsigned rdna4_type_dwords(int type)
{
    switch (type) {
    case RDNA4_T_B64: case RDNA4_T_I64: case RDNA4_T_F64: return 2;
    case RDNA4_T_X3:  return 3;
    case RDNA4_T_X4:  return 4;
    case RDNA4_T_X8:  return 8;
    case RDNA4_T_X16: return 16;
    case RDNA4_T_X32: return 32;
    case RDNA4_T_NONE: return 0;
    default:      return 1;
    }
}

int rdna4_type_is64(int type)
{
    return type == RDNA4_T_B64 || type == RDNA4_T_I64 || type == RDNA4_T_F64;
}

/* Float inline constants 240..248 (guide L1682-1694): F16, F32, F64 patterns. */
static const uint16_t k_f16[9] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000,
                                   0x4400, 0xc400, 0x3118 };
static const uint32_t k_f32[9] = { 0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000,
                                   0x40000000, 0xc0000000, 0x40800000, 0xc0800000,
                                   0x3e22f983 };
static const uint64_t k_f64[9] = { 0x3fe0000000000000ull, 0xbfe0000000000000ull,
                                   0x3ff0000000000000ull, 0xbff0000000000000ull,
                                   0x4000000000000000ull, 0xc000000000000000ull,
                                   0x4010000000000000ull, 0xc010000000000000ull,
                                   0x3fc45f306dc9c882ull };

int rdna4_inline_value(unsigned code, int type, uint64_t *v)
{
    int is64 = rdna4_type_is64(type);
    if (code >= 128 && code <= 208) {
        int64_t x = code <= 192 ? (int64_t)code - 128 : 192 - (int64_t)code;
        *v = is64 ? (uint64_t)x : (uint64_t)(uint32_t)x;
        return 1;
    }
    if (code >= 240 && code <= 248) {
        unsigned i = code - 240;
        switch (type) {
        case RDNA4_T_F16: case RDNA4_T_F16P: case RDNA4_T_B16: *v = k_f16[i]; break;
        case RDNA4_T_BF16: case RDNA4_T_BF16P: *v = k_f32[i] >> 16; break;
        case RDNA4_T_F64: case RDNA4_T_B64: case RDNA4_T_I64: *v = k_f64[i]; break;
        default:       *v = k_f32[i]; break;
        }
        return 1;
    }
    return 0;
}

uint64_t rdna4_literal_value(uint32_t lit, int type)
{
    switch (type) {
    case RDNA4_T_I64: return (uint64_t)(int64_t)(int32_t)lit;
    case RDNA4_T_F64: return (uint64_t)lit << 32;
    default:      return lit;
    }
}

/* ---------------------------------------------------------- legality */

/* Fields that are free in a format (modifiers, addresses), beyond operand fields. */
static int free_field(int fmt, int fld)
{
    static const uint8_t smem[] = { RDNA4_FLD_SCOPE, RDNA4_FLD_TH, 0 };
    static const uint8_t vop3[] = { RDNA4_FLD_ABS, RDNA4_FLD_OPSEL, RDNA4_FLD_CM, RDNA4_FLD_OMOD, RDNA4_FLD_NEG, 0 };
    static const uint8_t vop3sd[] = { RDNA4_FLD_CM, RDNA4_FLD_OMOD, RDNA4_FLD_NEG, 0 };
    static const uint8_t vop3p[] = { RDNA4_FLD_NEG_HI, RDNA4_FLD_OPSEL, RDNA4_FLD_OPSEL_HI2, RDNA4_FLD_CM,
                                     RDNA4_FLD_OPSEL_HI, RDNA4_FLD_NEG, 0 };
    static const uint8_t vinterp[] = { RDNA4_FLD_WAITEXP, RDNA4_FLD_OPSEL, RDNA4_FLD_CM, RDNA4_FLD_NEG, 0 };
    static const uint8_t vdsdir[] = { RDNA4_FLD_WAIT_VA, RDNA4_FLD_WAIT_VMVSRC, 0 };
    static const uint8_t vds[] = { RDNA4_FLD_OFFSET0, RDNA4_FLD_OFFSET1, 0 };
    static const uint8_t vbuf[] = { RDNA4_FLD_SOFFSET, RDNA4_FLD_TFE, RDNA4_FLD_RSRC, RDNA4_FLD_SCOPE, RDNA4_FLD_TH,
                                    RDNA4_FLD_FORMAT, RDNA4_FLD_OFFEN, RDNA4_FLD_IDXEN, RDNA4_FLD_VADDR,
                                    RDNA4_FLD_IOFFSET, 0 };
    static const uint8_t vimg[] = { RDNA4_FLD_DIM, RDNA4_FLD_R128, RDNA4_FLD_D16, RDNA4_FLD_A16, RDNA4_FLD_DMASK,
                                    RDNA4_FLD_VDATA, RDNA4_FLD_RSRC, RDNA4_FLD_SCOPE, RDNA4_FLD_TH, RDNA4_FLD_TFE,
                                    RDNA4_FLD_VADDR4, RDNA4_FLD_VADDR0, RDNA4_FLD_VADDR1, RDNA4_FLD_VADDR2,
                                    RDNA4_FLD_VADDR3, 0 };
    static const uint8_t vsmp[] = { RDNA4_FLD_DIM, RDNA4_FLD_TFE, RDNA4_FLD_R128, RDNA4_FLD_D16, RDNA4_FLD_A16,
                                    RDNA4_FLD_UNRM, RDNA4_FLD_DMASK, RDNA4_FLD_VDATA, RDNA4_FLD_LWE, RDNA4_FLD_RSRC,
                                    RDNA4_FLD_SCOPE, RDNA4_FLD_TH, RDNA4_FLD_SAMP, RDNA4_FLD_VADDR0,
                                    RDNA4_FLD_VADDR1, RDNA4_FLD_VADDR2, RDNA4_FLD_VADDR3, 0 };
    static const uint8_t vflat[] = { RDNA4_FLD_SADDR, RDNA4_FLD_SCOPE, RDNA4_FLD_TH, RDNA4_FLD_VADDR,
                                     RDNA4_FLD_IOFFSET, 0 };
    static const uint8_t vscr[] = { RDNA4_FLD_SADDR, RDNA4_FLD_SVE, RDNA4_FLD_SCOPE, RDNA4_FLD_TH, RDNA4_FLD_VADDR,
                                    RDNA4_FLD_IOFFSET, 0 };
    static const uint8_t vexp[] = { RDNA4_FLD_EN, RDNA4_FLD_TARGET, RDNA4_FLD_DONE, RDNA4_FLD_ROW, RDNA4_FLD_VSRC0,
                                    RDNA4_FLD_VSRC1, RDNA4_FLD_VSRC2, RDNA4_FLD_VSRC3, 0 };
    static const uint8_t vopd[] = { RDNA4_FLD_OPX, RDNA4_FLD_OPY, 0 };
    const uint8_t *l = NULL;
    switch (fmt) {
    case RDNA4_FMT_SMEM:    l = smem; break;
    case RDNA4_FMT_VOP3:    l = vop3; break;
    case RDNA4_FMT_VOP3SD:  l = vop3sd; break;
    case RDNA4_FMT_VOP3P:   l = vop3p; break;
    case RDNA4_FMT_VINTERP: l = vinterp; break;
    case RDNA4_FMT_VDSDIR:  l = vdsdir; break;
    case RDNA4_FMT_VDS:     l = vds; break;
    case RDNA4_FMT_VBUFFER: l = vbuf; break;
    case RDNA4_FMT_VIMAGE:  l = vimg; break;
    case RDNA4_FMT_VSAMPLE: l = vsmp; break;
    case RDNA4_FMT_VFLAT: case RDNA4_FMT_VGLOBAL: l = vflat; break;
    case RDNA4_FMT_VSCRATCH: l = vscr; break;
    case RDNA4_FMT_VEXPORT: l = vexp; break;
    case RDNA4_FMT_VOPD:    l = vopd; break;
    default: return 0;
    }
    for (; *l; l++)
        if (*l == fld)
            return 1;
    return 0;
}

/* Is `fld` used by an operand of row r? */
static int row_uses(const rdna4_row *r, int fld)
{
    for (int i = 0; i < RDNA4_MAXOPD; i++)
        if (r->o[i].kind != RDNA4_K_NONE && r->o[i].fld == fld)
            return 1;
    return 0;
}

/* Scalar source codes that exist (guide §4.1 L1662-1703; 254 reserved: digest §7 A1). */
static int ssrc_legal(unsigned c)
{
    return c <= 208 || (c >= 235 && c <= 238) || (c >= 240 && c <= 248) || c == 253 ||
           c == 255;
}

static int check_sreg(unsigned code, unsigned n, int is_dst, const char *what, char *err)
{
    if (n >= 2 && code < 128 && (code & 1))
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "illegal %s: misaligned SGPR pair starting at code %u "
                           "(64-bit operands need an even register, guide §3.3.1.2)", what,
                           code);
    if (n >= 2 && (code == RDNA4_M0 || code == RDNA4_VCC_HI || code == RDNA4_EXEC_HI))
        return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s: code %u is not a register pair",
                           what, code);
    if (is_dst && code > 127)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s: destination code %u", what,
                           code);
    return GPUREF_OK;
}

unsigned rdna4_image_vdata_regs(const rdna4_insn *in)
{
    unsigned n = 0;
    for (unsigned i = 0; i < 4; i++)
        n += (in->f[RDNA4_FLD_DMASK] >> i) & 1;
    /* IMAGE_GATHER4*: DMASK picks the component, the result is always the four texels
     * (guide §10 gather4; LLVM 22 prints four registers, two with D16) */
    if (strncmp(rdna4_rows[in->row].name, "image_gather4", 13) == 0)
        n = 4;
    if (in->f[RDNA4_FLD_D16])
        n = (n + 1) / 2;
    n += in->f[RDNA4_FLD_TFE];
    return n ? n : 1;
}

const char *rdna4_src_class_error(const rdna4_row *r, int slot, unsigned code)
{
    if (slot < 0 || slot > 2)
        return NULL;
    int vgpr = code >= 256;
    if ((r->flags & (RDNA4_VGPR0 << slot)) && !vgpr)
        return "must be a VGPR";
    if ((r->flags & (RDNA4_SCAL0 << slot)) && vgpr)
        return "must be a scalar value (SGPR, M0 or constant), not a VGPR";
    if ((r->flags & RDNA4_LANESEL) && slot == 1 && (vgpr || code == RDNA4_LIT_SRC))
        return "is a lane select: an SGPR, M0 or inline constant";
    return NULL;
}

static int check_operands(rdna4_insn *in, const rdna4_row *r, int fmt, char *err)
{
    for (int i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        uint32_t v = in->f[o->fld];
        unsigned n = rdna4_type_dwords(o->type);
        int st = GPUREF_OK;
        switch (o->kind) {
        case RDNA4_K_SDST: case RDNA4_K_SDSTSRC: case RDNA4_K_SDSTV: case RDNA4_K_SDST7:
            st = check_sreg(v, n, 1, "scalar destination", err);
            if (!st && o->kind == RDNA4_K_SDSTV && v > 127)
                st = gpuref_errf(err, GPUREF_ERR_DECODE, "illegal scalar destination %u", v);
            break;
        case RDNA4_K_SSRC:
            if (!ssrc_legal(v))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal scalar source code %u (reserved)", v);
            if ((r->flags & RDNA4_BARID) && !(v >= 128 && v <= 208) &&
                !(v == RDNA4_M0 && r->o[0].kind == RDNA4_K_SDST))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: the barrier id must be an integer inline "
                                   "constant%s (digest §7 B8)", r->name,
                                   r->o[0].kind == RDNA4_K_SDST ? " or M0" : "");
            if ((r->flags & RDNA4_REGSRC) && v >= RDNA4_NULL)
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: the source must be an SGPR or TTMP to index "
                                   "(guide §3.3.1.3 L807-815)", r->name);
            st = check_sreg(v, n, 0, "scalar source", err);
            break;
        case RDNA4_K_VSRC: {
            int slot = o->fld == RDNA4_FLD_SRC0 ? 0 : o->fld == RDNA4_FLD_SRC1 ? 1 :
                       o->fld == RDNA4_FLD_SRC2 ? 2 : -1;
            int dppc = (v == 233 || v == 234 || v == 250) && slot == 0;
            const char *why = rdna4_src_class_error(r, slot, dppc ? 256 : v);
            if (why)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s: source %d %s "
                                   "(README: decisions E16)", r->name, slot, why);
            if (v < 256) {
                int dpp = (v == 233 || v == 234 || v == 250) && o->fld == RDNA4_FLD_SRC0 &&
                          (fmt == RDNA4_FMT_VOP1 || fmt == RDNA4_FMT_VOP2 || fmt == RDNA4_FMT_VOPC ||
                           fmt == RDNA4_FMT_VOP3 || fmt == RDNA4_FMT_VOP3SD ||
                           fmt == RDNA4_FMT_VOP3P);
                if (!dpp && !ssrc_legal(v))
                    return gpuref_errf(err, GPUREF_ERR_DECODE,
                                       "illegal source code %u (reserved)", v);
                if (n > 2 && !((v >= 128 && v <= 208) || (v >= 240 && v <= 248)))
                    return gpuref_errf(err, GPUREF_ERR_DECODE,
                                       "illegal %s: a %u-VGPR source must be VGPRs or an "
                                       "inline constant (guide §7.12)", r->name, n);
                if (!dpp)
                    st = check_sreg(v, n > 2 ? 2 : n, 0, "scalar source", err);
            }
            break;
        }
        case RDNA4_K_MSGRTN:
            if (!((v >= 0x80 && v <= 0x85) || v == 0x87 || v == 0xff))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: message 0x%x is reserved (Table 22 L1979-1992)",
                                   r->name, v);
            break;
        case RDNA4_K_SIMM_MSG:
            if (v != 1 && v != 2 && v != 3 && v != 9)
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: message %u is reserved (Table 21 L1962-1971)",
                                   r->name, v);
            break;
        case RDNA4_K_SM_SDATA:
            if (v == RDNA4_M0 || v == RDNA4_EXEC_LO || v == RDNA4_EXEC_HI)
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal SMEM destination code %u (M0/EXEC, guide §8.1)", v);
            if (v != RDNA4_NULL && ((n == 2 && (v & 1)) || (n > 2 && (v & 3))))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal SMEM destination: s%u is not %s-aligned for %u "
                                   "DWORDs (guide §8.4)", v, n == 2 ? "even" : "quad", n);
            break;
        case RDNA4_K_SM_SBASE:
            if (n == 4 && (v * 2 == RDNA4_NULL || v * 2 == RDNA4_EXEC_LO))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: NULL/EXEC cannot hold a buffer resource "
                                   "(guide §3.4.5 L1108)", r->name);
            if (n == 4 && (v & 1))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal SMEM SBASE %u: a buffer resource needs a "
                                   "quad-aligned SGPR (guide §8.4)", v);
            break;
        case RDNA4_K_SM_SOFF:
            if (v > 127)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal SOFFSET %u", v);
            break;
        default:
            break;
        }
        if (st)
            return st;
    }
    return GPUREF_OK;
}

/* Format-level checks that depend on field values. */
/* VOPD pair legality (guide §7.8 L3283-3310, README decision Q2; the rules llvm-mc 22
 * enforces, with its messages): the X and Y sources read through three VGPR cache
 * ports; SRC0 (port 0) and VSRC1 (port 1) of X and Y must be in different banks
 * (VGPR % 4), the same VGPR included; the port-2 reads (FMAMK's VSRC1, the accumulator
 * destination of FMAC/DOT2ACC, and Y's source of a MOV/MOV pair) one even, one odd;
 * at most two scalar values (SGPRs, VCC as CNDMASK's select, M0, EXEC, SCC, the
 * aperture constants, the literal; the same one twice counts once).  Returns NULL or
 * the reason; *port = the offending port (0-2) or 3 for the scalar values. */
const char *rdna4_vopd_error(const rdna4_insn *in, int *port)
{
    const rdna4_row *r[2] = { &rdna4_rows[in->row], &rdna4_rows[in->rowy] };
    static const uint8_t fs0[2] = { RDNA4_FLD_SRCX0, RDNA4_FLD_SRCY0 };
    static const uint8_t fs1[2] = { RDNA4_FLD_VSRCX1, RDNA4_FLD_VSRCY1 };
    int pv[2][3];                  /* VGPR read on each port, -1 none */
    unsigned scal[4], ns = 0;
    int mov[2], vcc = 0;
    for (int h = 0; h < 2; h++)
        mov[h] = strcmp(r[h]->name, "v_dual_mov_b32") == 0;
    for (int h = 0; h < 2; h++) {
        const char *nm = r[h]->name + 7;
        unsigned vd = h ? (in->f[RDNA4_FLD_VDSTY] << 1 | (~in->f[RDNA4_FLD_VDSTX] & 1u))
                        : in->f[RDNA4_FLD_VDSTX];
        unsigned c0 = in->f[fs0[h]];
        pv[h][0] = pv[h][1] = pv[h][2] = -1;
        int p0 = h == 1 && mov[0] && mov[1] ? 2 : 0;     /* L3296 */
        if (c0 >= 256)
            pv[h][p0] = (int)(c0 - 256);
        else if ((c0 < 128 && c0 != RDNA4_NULL) || c0 == RDNA4_SCC_SRC || c0 == RDNA4_LIT_SRC ||
                 (c0 >= 235 && c0 <= 238)) {
            unsigned k = 0;
            while (k < ns && scal[k] != c0)
                k++;
            if (k == ns)
                scal[ns++] = c0;
        }
        if (!mov[h])
            pv[h][strcmp(nm, "fmamk_f32") == 0 ? 2 : 1] = (int)in->f[fs1[h]];
        if (!strcmp(nm, "fmac_f32") || !strncmp(nm, "dot2acc_", 8))
            pv[h][2] = (int)vd;
        if (!strcmp(nm, "cndmask_b32"))
            vcc = 1;
        if (r[h]->flags & RDNA4_LIT) {          /* FMAAK/FMAMK's K: the literal */
            unsigned k = 0;
            while (k < ns && scal[k] != RDNA4_LIT_SRC)
                k++;
            if (k == ns)
                scal[ns++] = RDNA4_LIT_SRC;
        }
    }
    if (vcc) {
        unsigned k = 0;
        while (k < ns && scal[k] != RDNA4_VCC_LO)
            k++;
        if (k == ns)
            ns++;
    }
    static const char *const why[3] = {
        "src0 operands must use different VGPR banks",
        "src1 operands must use different VGPR banks",
        "src2 operands must use different VGPR banks (one even, one odd)" };
    for (int k = 0; k < 3; k++) {
        unsigned m = k == 2 ? 1u : 3u;
        if (pv[0][k] >= 0 && pv[1][k] >= 0 && ((unsigned)pv[0][k] & m) == ((unsigned)pv[1][k] & m)) {
            *port = k;
            return why[k];
        }
    }
    if (ns > 2) {
        *port = 3;
        return "more than two scalar values (SGPRs, VCC, M0, EXEC, SCC, literal) in one VOPD pair";
    }
    return NULL;
}

static int check_format(rdna4_insn *in, const rdna4_row *r, int fmt, char *err)
{
    if (fmt == RDNA4_FMT_VOPD) {
        int port;
        const char *why = rdna4_vopd_error(in, &port);
        if (why)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s :: %s: %s (guide §7.8 L3283-3310)",
                               r->name, rdna4_rows[in->rowy].name, why);
    }
    const uint32_t *f = in->f;
    if ((fmt == RDNA4_FMT_VOP3 || fmt == RDNA4_FMT_VOP3SD || fmt == RDNA4_FMT_VOP3P ||
         fmt == RDNA4_FMT_VINTERP) && f[RDNA4_FLD_CM] && (r->flags & RDNA4_NOCLAMP))
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "illegal %s: CLAMP is not supported for this opcode (§7.2.3.1 "
                           "L2872-2882)", r->name);
    if (fmt == RDNA4_FMT_VOP3P) {
        unsigned ns = 0;
        for (int i = 0; i < RDNA4_MAXOPD; i++)
            if (r->o[i].kind == RDNA4_K_VSRC)
                ns++;
        uint32_t hi = f[RDNA4_FLD_OPSEL_HI] | f[RDNA4_FLD_OPSEL_HI2] << 2, want = (1u << ns) - 1u;
        /* OPSEL_HI bits of sources the opcode does not have: 1, as LLVM 22 encodes them
         * (its text has one op_sel_hi entry per source; README: decisions E18) */
        if (!strstr(r->name, "_mix") && (hi | want) != 7u)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL_HI bit of a missing source is 0 (README: "
                               "decisions E18)", r->name);
        if ((r->flags & (RDNA4_NOOPSEL | RDNA4_OPSELHI1)) &&
            ((hi & want) != want || ((r->flags & RDNA4_NOOPSEL) && f[RDNA4_FLD_OPSEL]) ||
             ((r->flags & RDNA4_OPSELHI1) && (f[RDNA4_FLD_OPSEL] & 4u))))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: %s (README: decisions E15)", r->name,
                               (r->flags & RDNA4_NOOPSEL) ? "OPSEL must be 0 and OPSEL_HI all ones"
                                                       : "OPSEL[2] must be 0 and OPSEL_HI all ones");
    }
    switch (fmt) {
    case RDNA4_FMT_VOP3: case RDNA4_FMT_VOP3SD: {
        if (fmt == RDNA4_FMT_VOP3 && (r->flags & RDNA4_CMPX) && f[RDNA4_FLD_VDST] != RDNA4_EXEC_LO)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: VDST must be EXEC_LO (126) for V_CMPX (L15666)",
                               r->name);
        /* modifier bits of sources the instruction does not have */
        unsigned n = 0;
        for (int i = 0; i < RDNA4_MAXOPD; i++)
            if (r->o[i].kind == RDNA4_K_VSRC) {
                unsigned k = r->o[i].fld == RDNA4_FLD_SRC0 ? 1 : r->o[i].fld == RDNA4_FLD_SRC1 ? 2 : 3;
                if (k > n)
                    n = k;
            }
        uint32_t m = (1u << n) - 1u;
        if ((f[RDNA4_FLD_NEG] & ~m) || (fmt == RDNA4_FMT_VOP3 && ((f[RDNA4_FLD_ABS] & ~m) ||
                                                          (!(r->flags & RDNA4_OPSELX) &&
                                                           (f[RDNA4_FLD_OPSEL] & ~(m | 8u))))))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: NEG/ABS/OPSEL bits of a source it does not have",
                               r->name);
        if (f[RDNA4_FLD_OMOD] && (r->flags & RDNA4_NOOMOD))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OMOD scales float results only (§7.2.3.1 "
                               "L2843-2860)", r->name);
        if ((f[RDNA4_FLD_NEG] & ~rdna4_mods_allowed(r, 0)) ||
            (fmt == RDNA4_FMT_VOP3 && (f[RDNA4_FLD_ABS] & ~rdna4_mods_allowed(r, 1))))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: NEG/ABS on a source that is not a float input "
                               "(§7.2.2.1 L2766-2781)", r->name);
        if (fmt == RDNA4_FMT_VOP3 && (f[RDNA4_FLD_OPSEL] & 8u) && (r->flags & RDNA4_OPSEL) &&
            !(r->flags & RDNA4_OPSELD))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL[3] selects a destination half, and the "
                               "destination is not a 16-bit VGPR", r->name);
        if (fmt == RDNA4_FMT_VOP3 && f[RDNA4_FLD_OPSEL] && !(r->flags & RDNA4_OPSEL))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL must be 0 (not an OPSEL opcode, Table 35 "
                               "L2805-2829)", r->name);
        if (fmt == RDNA4_FMT_VOP3 && (f[RDNA4_FLD_OPSEL] & (rdna4_opsel_style(r) == 1 ? 3u : 12u)) &&
            (r->flags & RDNA4_OPSELX))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL bits %s must be 0 (§7.6.2 L3158-3163, L21246)",
                               r->name, rdna4_opsel_style(r) == 1 ? "[1:0]" : "[3:2]");
        if (fmt == RDNA4_FMT_VOP3 && (r->flags & RDNA4_NOMODS) &&
            (f[RDNA4_FLD_ABS] || f[RDNA4_FLD_NEG] || f[RDNA4_FLD_OMOD] || f[RDNA4_FLD_CM]))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: no ABS/NEG/OMOD/CLAMP on FP8/BF8 conversions (L3165)",
                               r->name);
        if (fmt == RDNA4_FMT_VOP3 && (f[RDNA4_FLD_OPSEL] & 8u) && (r->flags & RDNA4_OPSEL3Z))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL[3] must be 0 (pseudo-scalar, L3504)", r->name);
        break;
    }
    case RDNA4_FMT_VINTERP:
        if (f[RDNA4_FLD_NEG] & ~rdna4_mods_allowed(r, 0))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: NEG on a source that is not a float input "
                               "(§7.2.2.1 L2766-2781)", r->name);
        if (f[RDNA4_FLD_OPSEL] && !(r->flags & RDNA4_OPSEL))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL must be 0 (not an OPSEL opcode, Table 35 "
                               "L2805-2829)", r->name);
        break;
    case RDNA4_FMT_VFLAT: case RDNA4_FMT_VGLOBAL: case RDNA4_FMT_VSCRATCH: {
        uint32_t sa = f[RDNA4_FLD_SADDR];
        if (fmt == RDNA4_FMT_VFLAT && sa != RDNA4_NULL)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: FLAT SADDR must be NULL (digest §7 A11)", r->name);
        if (fmt == RDNA4_FMT_VGLOBAL && sa != RDNA4_NULL && (sa > 122 || (sa & 1)))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: SADDR %u must be NULL or an even SGPR pair "
                               "(0x7f is not accepted, README decision A12)", r->name, sa);
        if (fmt == RDNA4_FMT_VSCRATCH && sa != RDNA4_NULL && sa > 123)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: SADDR %u must be NULL or an SGPR", r->name, sa);
        if (fmt == RDNA4_FMT_VSCRATCH && !f[RDNA4_FLD_SVE] && f[RDNA4_FLD_VADDR])
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: VADDR is unused without SVE", r->name);
        if ((r->flags & RDNA4_NOADDR) && sa != RDNA4_NULL)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s: SADDR must be NULL",
                               r->name);
        if (r->o[0].kind == RDNA4_K_MATOMIC && !(f[RDNA4_FLD_TH] & 1) && f[RDNA4_FLD_VDST] != 0)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: VDST must be 0 without TH_ATOMIC_RETURN", r->name);
        break;
    }
    case RDNA4_FMT_VBUFFER:
        if (!f[RDNA4_FLD_IDXEN] && !f[RDNA4_FLD_OFFEN] && f[RDNA4_FLD_VADDR])
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: VADDR is unused without IDXEN/OFFEN", r->name);
        if (f[RDNA4_FLD_IOFFSET] & 0x800000u)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: IOFFSET must be non-negative (L7869)", r->name);
        if (f[RDNA4_FLD_RSRC] & 3 || f[RDNA4_FLD_RSRC] > 124)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: RSRC %u must be a multiple of 4 (L7862)", r->name,
                               f[RDNA4_FLD_RSRC]);
        if (f[RDNA4_FLD_SOFFSET] > 127 || !ssrc_legal(f[RDNA4_FLD_SOFFSET]))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal SOFFSET %u", f[RDNA4_FLD_SOFFSET]);
        break;
    case RDNA4_FMT_VIMAGE: case RDNA4_FMT_VSAMPLE:
        if (f[RDNA4_FLD_RSRC] & 3 || f[RDNA4_FLD_RSRC] > 124 ||
            (fmt == RDNA4_FMT_VSAMPLE && (f[RDNA4_FLD_SAMP] & 3 || f[RDNA4_FLD_SAMP] > 124)))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: resource SGPRs must be a multiple of 4", r->name);
        if (f[RDNA4_FLD_DMASK] == 0 && !(r->flags & RDNA4_BVH))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s: DMASK is 0", r->name);
        break;
    default:
        break;
    }
    return GPUREF_OK;
}

static void extract_fields(rdna4_insn *in, int fmt)
{
    const rdna4_tables *T = rdna4_tables_get();
    for (unsigned i = T->first[fmt]; i < T->first[fmt + 1]; i++)
        in->f[T->fd[i].fld] = bits_get(in->w, T->fd[i].hi, T->fd[i].lo);
}

/* Bits of the first `nbits` covered by fmt's fields and encoding. */
static void covered_mask(int fmt, uint32_t m[3])
{
    const uint32_t *c = rdna4_tables_get()->cover[fmt];
    m[0] = c[0];
    m[1] = c[1];
    m[2] = c[2];
}

static int dpp_fmt_ok(int fmt)
{
    return fmt == RDNA4_FMT_VOP1 || fmt == RDNA4_FMT_VOP2 || fmt == RDNA4_FMT_VOPC || fmt == RDNA4_FMT_VOP3 ||
           fmt == RDNA4_FMT_VOP3SD || fmt == RDNA4_FMT_VOP3P;
}

static const char *const rdna4_field_names[RDNA4_FLD_COUNT] = {
    "NONE",
#define RDNA4_FIELDNAME(N) #N,
#include "rdna4.def"
#undef RDNA4_FIELDNAME
};

static const char *field_name(int fld)
{
    return fld >= 0 && fld < RDNA4_FLD_COUNT ? rdna4_field_names[fld] : "?";
}

/* May field `fld` of a `fmt` instruction of row r be nonzero? */
static int field_may_be_set(const rdna4_insn *in, const rdna4_row *r, int fmt, int fld)
{
    int flat = fmt == RDNA4_FMT_VFLAT || fmt == RDNA4_FMT_VGLOBAL || fmt == RDNA4_FMT_VSCRATCH;
    if (flat && (r->flags & RDNA4_NOADDR) && (fld == RDNA4_FLD_VADDR || fld == RDNA4_FLD_IOFFSET))
        return 0;
    if (flat && (r->flags & RDNA4_ADDTID) && fld == RDNA4_FLD_VADDR)
        return 0;
    /* ds_nop has no offset; FORMAT of an untyped buffer instruction is checked in
     * rdna4_decode (always 1, LLVM's encoding: E2) */
    if (fmt == RDNA4_FMT_VDS && r->o[0].kind == RDNA4_K_NONE &&
        (fld == RDNA4_FLD_OFFSET0 || fld == RDNA4_FLD_OFFSET1))
        return 0;
    if (fmt == RDNA4_FMT_VBUFFER && fld == RDNA4_FLD_FORMAT)
        return 1;
    if (row_uses(r, fld) || free_field(fmt, fld))
        return 1;
    if (fmt == RDNA4_FMT_VOPD && row_uses(&rdna4_rows[in->rowy], fld))
        return 1;
    if (fmt == RDNA4_FMT_VOP3 && (r->flags & RDNA4_CMPX) && fld == RDNA4_FLD_VDST)
        return 1;
    if (fmt == RDNA4_FMT_SMEM && fld == RDNA4_FLD_SOFFSET && row_uses(r, RDNA4_FLD_IOFFSET))
        return 1;
    if (fmt == RDNA4_FMT_VDSDIR && fld == RDNA4_FLD_ATTR_CHAN && row_uses(r, RDNA4_FLD_ATTR))
        return 1;
    return 0;
}

int rdna4_decode(const uint32_t *w, size_t avail, rdna4_insn *in, char *err)
{
    memset(in, 0, sizeof *in);
    if (avail < 1)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "truncated instruction: no words");
    int fmt = identify(w[0]);
    if (fmt < 0)
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "illegal instruction word 0x%08x: no RDNA4 format matches", w[0]);
    unsigned base = rdna4_fmts[fmt].dwords;
    if (avail < base)
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "truncated %s instruction 0x%08x: needs %u DWORDs, %zu available",
                           rdna4_fmts[fmt].name, w[0], base, avail);
    for (unsigned i = 0; i < base; i++)
        in->w[i] = w[i];
    extract_fields(in, fmt);
    const rdna4_row *r;
    unsigned rowi;
    if (fmt == RDNA4_FMT_VOPD) {
        unsigned x = rdna4_rowof[RDNA4_FMT_VOPDX][in->f[RDNA4_FLD_OPX]];
        unsigned y = rdna4_rowof[RDNA4_FMT_VOPDY][in->f[RDNA4_FLD_OPY]];
        if (!x || !y)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal VOPD instruction 0x%08x: OPX %u / OPY %u", w[0],
                               in->f[RDNA4_FLD_OPX], in->f[RDNA4_FLD_OPY]);
        rowi = x - 1;
        in->rowy = (uint16_t)(y - 1);
    } else if (fmt == RDNA4_FMT_VEXPORT) {
        rowi = RDNA4_ROW_VEXPORT_export;
    } else {
        unsigned op = in->f[RDNA4_FLD_OP];
        if (fmt == RDNA4_FMT_VOP3 && op < 1024 && rdna4_rowof[RDNA4_FMT_VOP3SD][op]) {
            fmt = RDNA4_FMT_VOP3SD;
            memset(in->f, 0, sizeof in->f);
            extract_fields(in, fmt);
        }
        unsigned x = op < 1024 ? rdna4_rowof[fmt][op] : 0;
        if (!x)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal instruction 0x%08x: %s opcode %u does not exist", w[0],
                               rdna4_fmts[fmt].name, op);
        rowi = x - 1;
    }
    in->fmt = (uint8_t)fmt;
    in->row = (uint16_t)rowi;
    r = &rdna4_rows[rowi];

    /* reserved bits */
    uint32_t m[3];
    covered_mask(fmt, m);
    for (unsigned i = 0; i < base; i++)
        if (in->w[i] & ~m[i])
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: reserved bits 0x%08x set in DWORD %u", r->name,
                               in->w[i] & ~m[i], i);
    /* unused fields must be zero */
    const rdna4_tables *T = rdna4_tables_get();
    for (unsigned i = T->first[fmt]; i < T->first[fmt + 1]; i++) {
        const rdna4_fielddef *fd = &T->fd[i];
        if (fd->fld == RDNA4_FLD_OP || in->f[fd->fld] == 0)
            continue;
        if (!field_may_be_set(in, r, fmt, fd->fld))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: unused %s field %s is %u (must be 0)", r->name,
                               rdna4_fmts[fmt].name, field_name(fd->fld), in->f[fd->fld]);
    }
    /* SMEM without an offset operand (s_dcache_inv) keeps SOFFSET/IOFFSET zero: done above */
    /* untyped buffer instructions carry FORMAT = 1 (BUF_FMT_8_UNORM), the only value
     * llvm-mc encodes for them; the field has no effect on them (E2) */
    if (fmt == RDNA4_FMT_VBUFFER && strncmp(r->name, "tbuffer_", 8) != 0 && in->f[RDNA4_FLD_FORMAT] != 1)
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "illegal %s: FORMAT of an untyped buffer instruction is %u (must be 1, "
                           "as llvm-mc encodes it)", r->name, in->f[RDNA4_FLD_FORMAT]);

    int st = check_operands(in, r, fmt, err);
    if (!st && fmt == RDNA4_FMT_VOPD)
        st = check_operands(in, &rdna4_rows[in->rowy], fmt, err);
    if (!st)
        st = check_format(in, r, fmt, err);
    if (st)
        return st;

    /* literal / DPP */
    int need_lit = (r->flags & RDNA4_LIT) != 0;
    if (fmt == RDNA4_FMT_VOPD && (rdna4_rows[in->rowy].flags & RDNA4_LIT))
        need_lit = 1;
    for (int k = 0; k < 2; k++) {
        const rdna4_row *rr = k ? (fmt == RDNA4_FMT_VOPD ? &rdna4_rows[in->rowy] : NULL) : r;
        if (!rr)
            break;
        for (int i = 0; i < RDNA4_MAXOPD; i++) {
            const rdna4_opd *o = &rr->o[i];
            if ((o->kind == RDNA4_K_SSRC || o->kind == RDNA4_K_VSRC) && in->f[o->fld] == RDNA4_LIT_SRC)
                need_lit = 1;
            if (o->kind == RDNA4_K_VSRC && o->fld == RDNA4_FLD_SRC0 && dpp_fmt_ok(fmt)) {
                uint32_t c = in->f[RDNA4_FLD_SRC0];
                if (c == 250)
                    in->dpp = 1;
                else if (c == 233)
                    in->dpp = 2;
                else if (c == 234)
                    in->dpp = 3;
            }
        }
    }
    if (need_lit && in->dpp)
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "illegal %s: a literal and DPP in one instruction (L6265)", r->name);
    if (in->dpp && (r->flags & RDNA4_NODPP))
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "illegal %s: DPP is not allowed for this opcode (Table 38 "
                           "L3386-3418)", r->name);
    unsigned n = base;
    if (need_lit) {
        if (avail < base + 1)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "truncated %s: the 32-bit literal DWORD is missing", r->name);
        in->has_lit = 1;
        in->lit = w[base];
        in->w[base] = w[base];
        n++;
    } else if (in->dpp) {
        if (avail < base + 1)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "truncated %s: the DPP DWORD is missing", r->name);
        in->w[base] = w[base];
        uint32_t dw = w[base];
        int dfmt = in->dpp == 1 ? RDNA4_FMT_DPP16 : RDNA4_FMT_DPP8;
        for (unsigned i = T->first[dfmt]; i < T->first[dfmt + 1]; i++) {
            const rdna4_fielddef *fd = &T->fd[i];
            uint32_t v = bits_get(&dw, fd->hi - 32u, fd->lo - 32u);
            if (fd->fld == RDNA4_FLD_SRC0)
                in->dpp_src0 = v;
            else
                in->f[fd->fld] = v;
        }
        if (in->dpp == 1 && (in->f[RDNA4_FLD_SRC1_NEG] || in->f[RDNA4_FLD_SRC1_ABS]) &&
            !row_uses(r, RDNA4_FLD_VSRC1) && !row_uses(r, RDNA4_FLD_SRC1))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: DPP SRC1 modifiers without a second source", r->name);
        if (in->dpp == 1 && (fmt == RDNA4_FMT_VOP1 || fmt == RDNA4_FMT_VOP2 || fmt == RDNA4_FMT_VOPC) &&
            (((in->f[RDNA4_FLD_SRC0_NEG] | in->f[RDNA4_FLD_SRC1_NEG] << 1) & ~rdna4_mods_allowed(r, 0)) ||
             ((in->f[RDNA4_FLD_SRC0_ABS] | in->f[RDNA4_FLD_SRC1_ABS] << 1) & ~rdna4_mods_allowed(r, 1))))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: DPP NEG/ABS on a source that is not a float input "
                               "(§7.2.2.1 L2766-2781)", r->name);
        if (in->dpp == 1 && (fmt == RDNA4_FMT_VOP3 || fmt == RDNA4_FMT_VOP3SD || fmt == RDNA4_FMT_VOP3P) &&
            (dw & 0x00f00000u))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: DPP neg/abs bits with VOP3 (the VOP3 fields apply, "
                               "L3423-3428)", r->name);
        if (in->dpp == 1) {
            if (dw & (1u << 17))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: reserved DPP16 bit 17 set", r->name);
            uint32_t c = in->f[RDNA4_FLD_DPP_CTRL];
            if (c == 0x100 || c == 0x110 || c == 0x120 || (c >= 0x130 && c <= 0x13f) ||
                (c >= 0x142 && c <= 0x14f) || c >= 0x170)
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: DPP_CTRL 0x%x is not defined (L7638-7649)",
                                   r->name, c);
        }
        n++;
    }
    in->nwords = (uint8_t)n;
    return GPUREF_OK;
}

int rdna4_encode(rdna4_insn *in, char *err)
{
    int fmt = in->fmt;
    uint32_t w[3] = { 0, 0, 0 };
    const rdna4_encdef *e = enc_of(fmt == RDNA4_FMT_VOP3SD ? RDNA4_FMT_VOP3 : fmt);
    if (!e)
        return gpuref_errf(err, GPUREF_ERR_ARG, "no encoding for format %d", fmt);
    bits_put(w, e->hi, e->lo, e->val);
    const rdna4_tables *T = rdna4_tables_get();
    for (unsigned i = T->first[fmt]; i < T->first[fmt + 1]; i++) {
        const rdna4_fielddef *fd = &T->fd[i];
        uint32_t v = in->f[fd->fld];
        unsigned wd = fd->hi - fd->lo + 1u;
        if (wd < 32 && (v >> wd))
            return gpuref_errf(err, GPUREF_ERR_ASM, "value %u does not fit the %u-bit field",
                               v, wd);
        bits_put(w, fd->hi, fd->lo, v);
    }
    unsigned base = rdna4_fmts[fmt].dwords;
    for (unsigned i = 0; i < base; i++)
        in->w[i] = w[i];
    unsigned n = base;
    if (in->has_lit) {
        in->w[n++] = in->lit;
    } else if (in->dpp) {
        uint32_t dw = 0;
        int dfmt = in->dpp == 1 ? RDNA4_FMT_DPP16 : RDNA4_FMT_DPP8;
        for (unsigned i = T->first[dfmt]; i < T->first[dfmt + 1]; i++) {
            const rdna4_fielddef *fd = &T->fd[i];
            bits_put(&dw, fd->hi - 32u, fd->lo - 32u,
                     fd->fld == RDNA4_FLD_SRC0 ? in->dpp_src0 : in->f[fd->fld]);
        }
        in->w[n++] = dw;
    }
    in->nwords = (uint8_t)n;
    return GPUREF_OK;
}

/* Printed mnemonic: LLVM's disassembler suffixes (_e32/_e64/_dpp). */
unsigned rdna4_mods_allowed(const rdna4_row *r, int abs)
{
    unsigned m = 0;
    if (r->flags & RDNA4_NOMODS)
        return 0;
    if (abs && (r->flags & RDNA4_NOABS))
        return 0;
    for (int i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        if (o->kind != RDNA4_K_VSRC && o->kind != RDNA4_K_VGPR)
            continue;
        int slot = o->fld == RDNA4_FLD_SRC0 ? 0 : (o->fld == RDNA4_FLD_SRC1 || o->fld == RDNA4_FLD_VSRC1) ? 1
                 : o->fld == RDNA4_FLD_SRC2 ? 2 : -1;
        if (slot < 0)
            continue;
        int fl = o->type == RDNA4_T_F16 || o->type == RDNA4_T_F16P || o->type == RDNA4_T_F32 ||
                 o->type == RDNA4_T_F64 || o->type == RDNA4_T_BF16 || o->type == RDNA4_T_BF16P;
        if (fl || ((r->flags & RDNA4_MODANY) && o->type != RDNA4_T_MASK))
            m |= 1u << slot;
    }
    return m;
}

int rdna4_opsel_style(const rdna4_row *r)
{
    if (!(r->flags & RDNA4_OPSELX))
        return 0;
    if (!strncmp(r->name, "v_cvt_sr_", 9))
        return 1;
    if (!strncmp(r->name, "v_cvt_f32_", 10))
        return 2;
    return 3;
}

const char *rdna4_row_display_name(const rdna4_insn *in, char *buf, size_t len)
{
    const rdna4_row *r = &rdna4_rows[in->row];
    const char *suffix = "";
    switch (in->fmt) {
    case RDNA4_FMT_VOP1: case RDNA4_FMT_VOP2: case RDNA4_FMT_VOPC: {
        /* LLVM: _e32 only when the opcode also has a VOP3 form; DPP: _dpp, except
         * VOPC, whose DPP forms print the bare name */
        unsigned op3 = r->op + (in->fmt == RDNA4_FMT_VOP1 ? 384u : in->fmt == RDNA4_FMT_VOP2 ? 256u : 0u);
        unsigned t = op3 < 1024 ? rdna4_rowof[RDNA4_FMT_VOP3][op3] : 0;
        if (!t && op3 < 1024)
            t = rdna4_rowof[RDNA4_FMT_VOP3SD][op3];
        int twin = t && strcmp(rdna4_rows[t - 1].name, r->name) == 0;
        /* LLVM prints these VOP1 forms bare although a VOP3 form exists */
        static const char *const bare[] = { "v_nop", "v_pipeflush", "v_readfirstlane_b32",
                                            "v_swap_b32", "v_swap_b16", "v_swaprel_b32",
                                            "v_permlane64_b32" };
        for (size_t k = 0; k < sizeof bare / sizeof bare[0]; k++)
            if (!strcmp(r->name, bare[k]))
                twin = 0;
        if (in->dpp)
            suffix = in->fmt == RDNA4_FMT_VOPC ? "" : "_dpp";
        else
            suffix = twin ? "_e32" : "";
        break;
    }
    case RDNA4_FMT_VOP3:
        if (r->op < 512)
            suffix = in->dpp ? "_e64_dpp" : "_e64";
        else if (in->dpp)
            suffix = "_e64_dpp";
        break;
    case RDNA4_FMT_VOP3SD:
        if (r->op < 512)
            suffix = in->dpp ? "_e64_dpp" : "_e64";
        else if (in->dpp)
            suffix = "_e64_dpp";
        break;
    case RDNA4_FMT_VOP3P:           /* LLVM's name of the VOP3P DPP forms (it refuses _dpp) */
        if (in->dpp)
            suffix = "_e64_dpp";
        break;
    default:
        break;
    }
    size_t k = 0;                       /* snprintf(buf, len, "%s%s", ...) */
    for (const char *p = r->name; *p && k + 1 < len; p++)
        buf[k++] = *p;
    for (const char *p = suffix; *p && k + 1 < len; p++)
        buf[k++] = *p;
    if (len)
        buf[k] = '\0';
    return buf;
}

/* ------------------------------------------------- memory cache names */

const char *const rdna4_th_load_names[8] = { NULL, "TH_LOAD_NT", "TH_LOAD_HT", "TH_LOAD_LU",
                                             "TH_LOAD_NT_RT", "TH_LOAD_RT_NT", "TH_LOAD_NT_HT",
                                             NULL };
const char *const rdna4_th_store_names[8] = { NULL, "TH_STORE_NT", "TH_STORE_HT", "TH_STORE_WB",
                                              "TH_STORE_NT_RT", "TH_STORE_RT_NT",
                                              "TH_STORE_NT_HT", "TH_STORE_NT_WB" };
const char *const rdna4_th_atomic_names[8] = { NULL, "TH_ATOMIC_RETURN", "TH_ATOMIC_NT",
                                               "TH_ATOMIC_NT_RETURN", "TH_ATOMIC_CASCADE_RT",
                                               "TH_ATOMIC_CASCADE_RT_RETURN",
                                               "TH_ATOMIC_CASCADE_NT",
                                               "TH_ATOMIC_CASCADE_NT_RETURN" };
const char *const rdna4_scope_names[4] = { NULL, "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS" };

int rdna4_row_class(const rdna4_row *r)
{
    if (r->flags & RDNA4_ATOMIC)
        return 2;
    if (r->flags & RDNA4_STORE)
        return 1;
    for (int i = 0; i < RDNA4_MAXOPD; i++) {
        if (r->o[i].kind == RDNA4_K_MATOMIC)
            return 2;
        if (r->o[i].kind == RDNA4_K_MSTORE)
            return 1;
    }
    return 0;
}
