/* desc.c - the RDNA4 description tables (from rdna4_ops.def), decode and encode.
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

#define O(K, F, T) { R4K_##K, R4FLD_##F, R4T_##T }
const r4_row r4_rows[R4_NROWS] = {
#define R4OP(F, OP, N, FL, ...) { R4_FMT_##F, OP, FL, #N, { __VA_ARGS__ } },
#include "rdna4_ops.def"
#undef R4OP
};
#undef O

typedef struct r4_fielddef {
    uint8_t fmt, fld, hi, lo;
} r4_fielddef;

static const r4_fielddef r4_fielddefs[] = {
#define R4FIELD(F, N, H, L) { R4_FMT_##F, R4FLD_##N, H, L },
#include "rdna4_ops.def"
#undef R4FIELD
};
#define NFIELDDEFS (sizeof r4_fielddefs / sizeof r4_fielddefs[0])

typedef struct r4_encdef {
    uint8_t fmt, hi, lo;
    uint32_t val;
} r4_encdef;

static const r4_encdef r4_encdefs[] = {
#define R4ENC(F, H, L, V) { R4_FMT_##F, H, L, V },
#include "rdna4_ops.def"
#undef R4ENC
};
#define NENCDEFS (sizeof r4_encdefs / sizeof r4_encdefs[0])

/* op -> row + 1 (0: no row), per format */
static const uint16_t r4_rowof[R4_NFMT][1024] = {
#define R4OP(F, OP, N, FL, ...) [R4_FMT_##F][OP] = R4_ROW_##F##_##N + 1,
#include "rdna4_ops.def"
#undef R4OP
};

/* Name, base DWORDs, opcode field.  Encodings come from R4ENC. */
const r4_fmtinfo r4_fmts[R4_NFMT] = {
    [R4_FMT_SOP2]    = { "SOP2", 1, 0, 0, 0, R4FLD_OP },
    [R4_FMT_SOPK]    = { "SOPK", 1, 0, 0, 0, R4FLD_OP },
    [R4_FMT_SOP1]    = { "SOP1", 1, 0, 0, 0, R4FLD_OP },
    [R4_FMT_SOPC]    = { "SOPC", 1, 0, 0, 0, R4FLD_OP },
    [R4_FMT_SOPP]    = { "SOPP", 1, 0, 0, 0, R4FLD_OP },
    [R4_FMT_SMEM]    = { "SMEM", 2, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VOP2]    = { "VOP2", 1, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VOP1]    = { "VOP1", 1, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VOPC]    = { "VOPC", 1, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VOP3]    = { "VOP3", 2, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VOP3SD]  = { "VOP3SD", 2, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VOP3P]   = { "VOP3P", 2, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VOPD]    = { "VOPD", 2, 0, 0, 0, 0 },
    [R4_FMT_VOPDX]   = { "VOPDX", 2, 0, 0, 0, R4FLD_OPX },
    [R4_FMT_VOPDY]   = { "VOPDY", 2, 0, 0, 0, R4FLD_OPY },
    [R4_FMT_DPP16]   = { "DPP16", 1, 0, 0, 0, 0 },
    [R4_FMT_DPP8]    = { "DPP8", 1, 0, 0, 0, 0 },
    [R4_FMT_VINTERP] = { "VINTERP", 2, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VDSDIR]  = { "VDSDIR", 1, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VDS]     = { "VDS", 2, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VBUFFER] = { "VBUFFER", 3, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VIMAGE]  = { "VIMAGE", 3, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VSAMPLE] = { "VSAMPLE", 3, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VFLAT]   = { "VFLAT", 3, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VGLOBAL] = { "VGLOBAL", 3, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VSCRATCH]= { "VSCRATCH", 3, 0, 0, 0, R4FLD_OP },
    [R4_FMT_VEXPORT] = { "VEXPORT", 2, 0, 0, 0, 0 },
};

int r4_field_pos(int fmt, int fld, unsigned *hi, unsigned *lo)
{
    for (size_t i = 0; i < NFIELDDEFS; i++)
        if (r4_fielddefs[i].fmt == fmt && r4_fielddefs[i].fld == fld) {
            *hi = r4_fielddefs[i].hi;
            *lo = r4_fielddefs[i].lo;
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
typedef struct r4_tables {
    uint16_t          first[R4_NFMT + 1];       /* fields of fmt: fd[first[fmt] ..] */
    r4_fielddef       fd[NFIELDDEFS];
    uint32_t          cover[R4_NFMT][3];
    const r4_encdef  *enc[R4_NFMT];
    uint32_t          emask[NENCDEFS], eval[NENCDEFS];   /* DWORD 0 bits of each ENCODING */
} r4_tables;

static r4_tables  r4_tab;
static atomic_int r4_tab_state;         /* 0 not built, 1 being built, 2 ready */

static void r4_tables_build(void)
{
    int expect = 0;
    if (!atomic_compare_exchange_strong(&r4_tab_state, &expect, 1)) {
        while (atomic_load_explicit(&r4_tab_state, memory_order_acquire) != 2)
            ;                           /* another thread is building it (microseconds) */
        return;
    }
    r4_tables *T = &r4_tab;
    unsigned n = 0;
    for (int fmt = 0; fmt < R4_NFMT; fmt++) {
        T->first[fmt] = (uint16_t)n;
        for (size_t i = 0; i < NFIELDDEFS; i++)
            if (r4_fielddefs[i].fmt == fmt) {
                const r4_fielddef *fd = &r4_fielddefs[i];
                T->fd[n++] = *fd;
                for (unsigned b = fd->lo; b <= fd->hi; b++)
                    T->cover[fmt][b / 32] |= 1u << (b % 32);
            }
        for (size_t i = 0; i < NENCDEFS && !T->enc[fmt]; i++)
            if (r4_encdefs[i].fmt == fmt)
                T->enc[fmt] = &r4_encdefs[i];
    }
    T->first[R4_NFMT] = (uint16_t)n;
    for (int fmt = 0; fmt < R4_NFMT; fmt++) {
        const r4_encdef *e = T->enc[fmt == R4_FMT_VOP3SD ? R4_FMT_VOP3 : fmt];
        if (e)
            for (unsigned b = e->lo; b <= e->hi; b++)
                T->cover[fmt][b / 32] |= 1u << (b % 32);
    }
    for (size_t i = 0; i < NENCDEFS; i++) {
        const r4_encdef *e = &r4_encdefs[i];
        unsigned wd = e->hi - e->lo + 1u;
        T->emask[i] = (wd >= 32 ? 0xffffffffu : (1u << wd) - 1u) << e->lo;
        T->eval[i] = e->val << e->lo;
    }
    atomic_store_explicit(&r4_tab_state, 2, memory_order_release);
}

static const r4_tables *r4_tables_get(void)
{
    if (atomic_load_explicit(&r4_tab_state, memory_order_acquire) != 2)
        r4_tables_build();
    return &r4_tab;
}

uint32_t r4_get_field(const uint32_t *w, int fmt, int fld)
{
    unsigned hi, lo;
    return r4_field_pos(fmt, fld, &hi, &lo) ? bits_get(w, hi, lo) : 0;
}

static const r4_encdef *enc_of(int fmt)
{
    return fmt >= 0 && fmt < R4_NFMT ? r4_tables_get()->enc[fmt] : NULL;
}

/* The most specific (widest) ENCODING that matches DWORD 0 (guide §2.1 order). */
static int identify(uint32_t w0)
{
    const r4_tables *T = r4_tables_get();
    int best = -1, bestw = 0;
    for (size_t i = 0; i < NENCDEFS; i++) {
        const r4_encdef *e = &r4_encdefs[i];
        if (e->fmt == R4_FMT_VOP3SD)   /* shares VOP3's encoding; chosen by opcode */
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

unsigned r4_type_dwords(int type)
{
    switch (type) {
    case R4T_B64: case R4T_I64: case R4T_F64: return 2;
    case R4T_X3:  return 3;
    case R4T_X4:  return 4;
    case R4T_X8:  return 8;
    case R4T_X16: return 16;
    case R4T_X32: return 32;
    case R4T_NONE: return 0;
    default:      return 1;
    }
}

int r4_type_is64(int type)
{
    return type == R4T_B64 || type == R4T_I64 || type == R4T_F64;
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

int r4_inline_value(unsigned code, int type, uint64_t *v)
{
    int is64 = r4_type_is64(type);
    if (code >= 128 && code <= 208) {
        int64_t x = code <= 192 ? (int64_t)code - 128 : 192 - (int64_t)code;
        *v = is64 ? (uint64_t)x : (uint64_t)(uint32_t)x;
        return 1;
    }
    if (code >= 240 && code <= 248) {
        unsigned i = code - 240;
        switch (type) {
        case R4T_F16: case R4T_F16P: case R4T_B16: *v = k_f16[i]; break;
        case R4T_BF16: *v = k_f32[i] >> 16; break;
        case R4T_F64: case R4T_B64: case R4T_I64: *v = k_f64[i]; break;
        default:       *v = k_f32[i]; break;
        }
        return 1;
    }
    return 0;
}

uint64_t r4_literal_value(uint32_t lit, int type)
{
    switch (type) {
    case R4T_I64: return (uint64_t)(int64_t)(int32_t)lit;
    case R4T_F64: return (uint64_t)lit << 32;
    default:      return lit;
    }
}

/* ---------------------------------------------------------- legality */

/* Fields that are free in a format (modifiers, addresses), beyond operand fields. */
static int free_field(int fmt, int fld)
{
    static const uint8_t smem[] = { R4FLD_SCOPE, R4FLD_TH, 0 };
    static const uint8_t vop3[] = { R4FLD_ABS, R4FLD_OPSEL, R4FLD_CM, R4FLD_OMOD, R4FLD_NEG, 0 };
    static const uint8_t vop3sd[] = { R4FLD_CM, R4FLD_OMOD, R4FLD_NEG, 0 };
    static const uint8_t vop3p[] = { R4FLD_NEG_HI, R4FLD_OPSEL, R4FLD_OPSEL_HI2, R4FLD_CM,
                                     R4FLD_OPSEL_HI, R4FLD_NEG, 0 };
    static const uint8_t vinterp[] = { R4FLD_WAITEXP, R4FLD_OPSEL, R4FLD_CM, R4FLD_NEG, 0 };
    static const uint8_t vdsdir[] = { R4FLD_WAIT_VA, R4FLD_WAIT_VMVSRC, 0 };
    static const uint8_t vds[] = { R4FLD_OFFSET0, R4FLD_OFFSET1, 0 };
    static const uint8_t vbuf[] = { R4FLD_SOFFSET, R4FLD_TFE, R4FLD_RSRC, R4FLD_SCOPE, R4FLD_TH,
                                    R4FLD_FORMAT, R4FLD_OFFEN, R4FLD_IDXEN, R4FLD_VADDR,
                                    R4FLD_IOFFSET, 0 };
    static const uint8_t vimg[] = { R4FLD_DIM, R4FLD_R128, R4FLD_D16, R4FLD_A16, R4FLD_DMASK,
                                    R4FLD_VDATA, R4FLD_RSRC, R4FLD_SCOPE, R4FLD_TH, R4FLD_TFE,
                                    R4FLD_VADDR4, R4FLD_VADDR0, R4FLD_VADDR1, R4FLD_VADDR2,
                                    R4FLD_VADDR3, 0 };
    static const uint8_t vsmp[] = { R4FLD_DIM, R4FLD_TFE, R4FLD_R128, R4FLD_D16, R4FLD_A16,
                                    R4FLD_UNRM, R4FLD_DMASK, R4FLD_VDATA, R4FLD_LWE, R4FLD_RSRC,
                                    R4FLD_SCOPE, R4FLD_TH, R4FLD_SAMP, R4FLD_VADDR0,
                                    R4FLD_VADDR1, R4FLD_VADDR2, R4FLD_VADDR3, 0 };
    static const uint8_t vflat[] = { R4FLD_SADDR, R4FLD_SCOPE, R4FLD_TH, R4FLD_VADDR,
                                     R4FLD_IOFFSET, 0 };
    static const uint8_t vscr[] = { R4FLD_SADDR, R4FLD_SVE, R4FLD_SCOPE, R4FLD_TH, R4FLD_VADDR,
                                    R4FLD_IOFFSET, 0 };
    static const uint8_t vexp[] = { R4FLD_EN, R4FLD_TARGET, R4FLD_DONE, R4FLD_ROW, R4FLD_VSRC0,
                                    R4FLD_VSRC1, R4FLD_VSRC2, R4FLD_VSRC3, 0 };
    static const uint8_t vopd[] = { R4FLD_OPX, R4FLD_OPY, 0 };
    const uint8_t *l = NULL;
    switch (fmt) {
    case R4_FMT_SMEM:    l = smem; break;
    case R4_FMT_VOP3:    l = vop3; break;
    case R4_FMT_VOP3SD:  l = vop3sd; break;
    case R4_FMT_VOP3P:   l = vop3p; break;
    case R4_FMT_VINTERP: l = vinterp; break;
    case R4_FMT_VDSDIR:  l = vdsdir; break;
    case R4_FMT_VDS:     l = vds; break;
    case R4_FMT_VBUFFER: l = vbuf; break;
    case R4_FMT_VIMAGE:  l = vimg; break;
    case R4_FMT_VSAMPLE: l = vsmp; break;
    case R4_FMT_VFLAT: case R4_FMT_VGLOBAL: l = vflat; break;
    case R4_FMT_VSCRATCH: l = vscr; break;
    case R4_FMT_VEXPORT: l = vexp; break;
    case R4_FMT_VOPD:    l = vopd; break;
    default: return 0;
    }
    for (; *l; l++)
        if (*l == fld)
            return 1;
    return 0;
}

/* Is `fld` used by an operand of row r? */
static int row_uses(const r4_row *r, int fld)
{
    for (int i = 0; i < R4_MAXOPD; i++)
        if (r->o[i].kind != R4K_NONE && r->o[i].fld == fld)
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
    if (n >= 2 && (code == R4_M0 || code == R4_VCC_HI || code == R4_EXEC_HI))
        return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s: code %u is not a register pair",
                           what, code);
    if (is_dst && code > 127)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s: destination code %u", what,
                           code);
    return GPUREF_OK;
}

unsigned r4_image_vdata_regs(const r4_insn *in)
{
    unsigned n = 0;
    for (unsigned i = 0; i < 4; i++)
        n += (in->f[R4FLD_DMASK] >> i) & 1;
    /* IMAGE_GATHER4*: DMASK picks the component, the result is always the four texels
     * (guide §10 gather4; LLVM 22 prints four registers, two with D16) */
    if (strncmp(r4_rows[in->row].name, "image_gather4", 13) == 0)
        n = 4;
    if (in->f[R4FLD_D16])
        n = (n + 1) / 2;
    n += in->f[R4FLD_TFE];
    return n ? n : 1;
}

const char *r4_src_class_error(const r4_row *r, int slot, unsigned code)
{
    if (slot < 0 || slot > 2)
        return NULL;
    int vgpr = code >= 256;
    if ((r->flags & (R4_VGPR0 << slot)) && !vgpr)
        return "must be a VGPR";
    if ((r->flags & (R4_SCAL0 << slot)) && vgpr)
        return "must be a scalar value (SGPR, M0 or constant), not a VGPR";
    if ((r->flags & R4_LANESEL) && slot == 1 && (vgpr || code == R4_LIT_SRC))
        return "is a lane select: an SGPR, M0 or inline constant";
    return NULL;
}

static int check_operands(r4_insn *in, const r4_row *r, int fmt, char *err)
{
    for (int i = 0; i < R4_MAXOPD; i++) {
        const r4_opd *o = &r->o[i];
        uint32_t v = in->f[o->fld];
        unsigned n = r4_type_dwords(o->type);
        int st = GPUREF_OK;
        switch (o->kind) {
        case R4K_SDST: case R4K_SDSTSRC: case R4K_SDSTV: case R4K_SDST7:
            st = check_sreg(v, n, 1, "scalar destination", err);
            if (!st && o->kind == R4K_SDSTV && v > 127)
                st = gpuref_errf(err, GPUREF_ERR_DECODE, "illegal scalar destination %u", v);
            break;
        case R4K_SSRC:
            if (!ssrc_legal(v))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal scalar source code %u (reserved)", v);
            if ((r->flags & R4_BARID) && !(v >= 128 && v <= 208) &&
                !(v == R4_M0 && r->o[0].kind == R4K_SDST))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: the barrier id must be an integer inline "
                                   "constant%s (digest §7 B8)", r->name,
                                   r->o[0].kind == R4K_SDST ? " or M0" : "");
            if ((r->flags & R4_REGSRC) && v >= R4_NULL)
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: the source must be an SGPR or TTMP to index "
                                   "(guide §3.3.1.3 L807-815)", r->name);
            st = check_sreg(v, n, 0, "scalar source", err);
            break;
        case R4K_VSRC: {
            int slot = o->fld == R4FLD_SRC0 ? 0 : o->fld == R4FLD_SRC1 ? 1 :
                       o->fld == R4FLD_SRC2 ? 2 : -1;
            int dppc = (v == 233 || v == 234 || v == 250) && slot == 0;
            const char *why = r4_src_class_error(r, slot, dppc ? 256 : v);
            if (why)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s: source %d %s "
                                   "(README: decisions E16)", r->name, slot, why);
            if (v < 256) {
                int dpp = (v == 233 || v == 234 || v == 250) && o->fld == R4FLD_SRC0 &&
                          (fmt == R4_FMT_VOP1 || fmt == R4_FMT_VOP2 || fmt == R4_FMT_VOPC ||
                           fmt == R4_FMT_VOP3 || fmt == R4_FMT_VOP3P);
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
        case R4K_MSGRTN:
            if (!((v >= 0x80 && v <= 0x85) || v == 0x87 || v == 0xff))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: message 0x%x is reserved (Table 22 L1979-1992)",
                                   r->name, v);
            break;
        case R4K_SIMM_MSG:
            if (v != 1 && v != 2 && v != 3 && v != 9)
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: message %u is reserved (Table 21 L1962-1971)",
                                   r->name, v);
            break;
        case R4K_SM_SDATA:
            if (v == R4_M0 || v == R4_EXEC_LO || v == R4_EXEC_HI)
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal SMEM destination code %u (M0/EXEC, guide §8.1)", v);
            if (v != R4_NULL && ((n == 2 && (v & 1)) || (n > 2 && (v & 3))))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal SMEM destination: s%u is not %s-aligned for %u "
                                   "DWORDs (guide §8.4)", v, n == 2 ? "even" : "quad", n);
            break;
        case R4K_SM_SBASE:
            if (n == 4 && (v * 2 == R4_NULL || v * 2 == R4_EXEC_LO))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: NULL/EXEC cannot hold a buffer resource "
                                   "(guide §3.4.5 L1108)", r->name);
            if (n == 4 && (v & 1))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal SMEM SBASE %u: a buffer resource needs a "
                                   "quad-aligned SGPR (guide §8.4)", v);
            break;
        case R4K_SM_SOFF:
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
static int check_format(r4_insn *in, const r4_row *r, int fmt, char *err)
{
    const uint32_t *f = in->f;
    if ((fmt == R4_FMT_VOP3 || fmt == R4_FMT_VOP3SD || fmt == R4_FMT_VOP3P ||
         fmt == R4_FMT_VINTERP) && f[R4FLD_CM] && (r->flags & R4_NOCLAMP))
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "illegal %s: CLAMP is not supported for this opcode (§7.2.3.1 "
                           "L2872-2882)", r->name);
    if (fmt == R4_FMT_VOP3P) {
        unsigned ns = 0;
        for (int i = 0; i < R4_MAXOPD; i++)
            if (r->o[i].kind == R4K_VSRC)
                ns++;
        uint32_t hi = f[R4FLD_OPSEL_HI] | f[R4FLD_OPSEL_HI2] << 2, want = (1u << ns) - 1u;
        /* OPSEL_HI bits of sources the opcode does not have: 1, as LLVM 22 encodes them
         * (its text has one op_sel_hi entry per source; README: decisions E18) */
        if (!strstr(r->name, "_mix") && (hi | want) != 7u)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL_HI bit of a missing source is 0 (README: "
                               "decisions E18)", r->name);
        if ((r->flags & (R4_NOOPSEL | R4_OPSELHI1)) &&
            ((hi & want) != want || ((r->flags & R4_NOOPSEL) && f[R4FLD_OPSEL]) ||
             ((r->flags & R4_OPSELHI1) && (f[R4FLD_OPSEL] & 4u))))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: %s (README: decisions E15)", r->name,
                               (r->flags & R4_NOOPSEL) ? "OPSEL must be 0 and OPSEL_HI all ones"
                                                       : "OPSEL[2] must be 0 and OPSEL_HI all ones");
    }
    switch (fmt) {
    case R4_FMT_VOP3: case R4_FMT_VOP3SD: {
        if (fmt == R4_FMT_VOP3 && (r->flags & R4_CMPX) && f[R4FLD_VDST] != R4_EXEC_LO)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: VDST must be EXEC_LO (126) for V_CMPX (L15666)",
                               r->name);
        /* modifier bits of sources the instruction does not have */
        unsigned n = 0;
        for (int i = 0; i < R4_MAXOPD; i++)
            if (r->o[i].kind == R4K_VSRC) {
                unsigned k = r->o[i].fld == R4FLD_SRC0 ? 1 : r->o[i].fld == R4FLD_SRC1 ? 2 : 3;
                if (k > n)
                    n = k;
            }
        uint32_t m = (1u << n) - 1u;
        if ((f[R4FLD_NEG] & ~m) || (fmt == R4_FMT_VOP3 && ((f[R4FLD_ABS] & ~m) ||
                                                          (!(r->flags & R4_OPSELX) &&
                                                           (f[R4FLD_OPSEL] & ~(m | 8u))))))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: NEG/ABS/OPSEL bits of a source it does not have",
                               r->name);
        if (f[R4FLD_OMOD] && (r->flags & R4_NOOMOD))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OMOD scales float results only (§7.2.3.1 "
                               "L2843-2860)", r->name);
        if ((f[R4FLD_NEG] & ~r4_mods_allowed(r, 0)) ||
            (fmt == R4_FMT_VOP3 && (f[R4FLD_ABS] & ~r4_mods_allowed(r, 1))))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: NEG/ABS on a source that is not a float input "
                               "(§7.2.2.1 L2766-2781)", r->name);
        if (fmt == R4_FMT_VOP3 && (f[R4FLD_OPSEL] & 8u) && (r->flags & R4_OPSEL) &&
            !(r->flags & R4_OPSELD))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL[3] selects a destination half, and the "
                               "destination is not a 16-bit VGPR", r->name);
        if (fmt == R4_FMT_VOP3 && f[R4FLD_OPSEL] && !(r->flags & R4_OPSEL))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL must be 0 (not an OPSEL opcode, Table 35 "
                               "L2805-2829)", r->name);
        if (fmt == R4_FMT_VOP3 && (f[R4FLD_OPSEL] & (r4_opsel_style(r) == 1 ? 3u : 12u)) &&
            (r->flags & R4_OPSELX))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL bits %s must be 0 (§7.6.2 L3158-3163, L21246)",
                               r->name, r4_opsel_style(r) == 1 ? "[1:0]" : "[3:2]");
        if (fmt == R4_FMT_VOP3 && (r->flags & R4_NOMODS) &&
            (f[R4FLD_ABS] || f[R4FLD_NEG] || f[R4FLD_OMOD] || f[R4FLD_CM]))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: no ABS/NEG/OMOD/CLAMP on FP8/BF8 conversions (L3165)",
                               r->name);
        if (fmt == R4_FMT_VOP3 && (f[R4FLD_OPSEL] & 8u) && (r->flags & R4_OPSEL3Z))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL[3] must be 0 (pseudo-scalar, L3504)", r->name);
        break;
    }
    case R4_FMT_VINTERP:
        if (f[R4FLD_NEG] & ~r4_mods_allowed(r, 0))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: NEG on a source that is not a float input "
                               "(§7.2.2.1 L2766-2781)", r->name);
        if (f[R4FLD_OPSEL] && !(r->flags & R4_OPSEL))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: OPSEL must be 0 (not an OPSEL opcode, Table 35 "
                               "L2805-2829)", r->name);
        break;
    case R4_FMT_VFLAT: case R4_FMT_VGLOBAL: case R4_FMT_VSCRATCH: {
        uint32_t sa = f[R4FLD_SADDR];
        if (fmt == R4_FMT_VFLAT && sa != R4_NULL)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: FLAT SADDR must be NULL (digest §7 A11)", r->name);
        if (fmt == R4_FMT_VGLOBAL && sa != R4_NULL && (sa > 122 || (sa & 1)))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: SADDR %u must be NULL or an even SGPR pair "
                               "(0x7f is not accepted, README decision A12)", r->name, sa);
        if (fmt == R4_FMT_VSCRATCH && sa != R4_NULL && sa > 123)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: SADDR %u must be NULL or an SGPR", r->name, sa);
        if (fmt == R4_FMT_VSCRATCH && !f[R4FLD_SVE] && f[R4FLD_VADDR])
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: VADDR is unused without SVE", r->name);
        if ((r->flags & R4_NOADDR) && sa != R4_NULL)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s: SADDR must be NULL",
                               r->name);
        if (r->o[0].kind == R4K_MATOMIC && !(f[R4FLD_TH] & 1) && f[R4FLD_VDST] != 0)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: VDST must be 0 without TH_ATOMIC_RETURN", r->name);
        break;
    }
    case R4_FMT_VBUFFER:
        if (!f[R4FLD_IDXEN] && !f[R4FLD_OFFEN] && f[R4FLD_VADDR])
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: VADDR is unused without IDXEN/OFFEN", r->name);
        if (f[R4FLD_IOFFSET] & 0x800000u)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: IOFFSET must be non-negative (L7869)", r->name);
        if (f[R4FLD_RSRC] & 3 || f[R4FLD_RSRC] > 124)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: RSRC %u must be a multiple of 4 (L7862)", r->name,
                               f[R4FLD_RSRC]);
        if (f[R4FLD_SOFFSET] > 127 || !ssrc_legal(f[R4FLD_SOFFSET]))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal SOFFSET %u", f[R4FLD_SOFFSET]);
        break;
    case R4_FMT_VIMAGE: case R4_FMT_VSAMPLE:
        if (f[R4FLD_RSRC] & 3 || f[R4FLD_RSRC] > 124 ||
            (fmt == R4_FMT_VSAMPLE && (f[R4FLD_SAMP] & 3 || f[R4FLD_SAMP] > 124)))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: resource SGPRs must be a multiple of 4", r->name);
        if (f[R4FLD_DMASK] == 0 && !(r->flags & R4_BVH))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal %s: DMASK is 0", r->name);
        break;
    default:
        break;
    }
    return GPUREF_OK;
}

static void extract_fields(r4_insn *in, int fmt)
{
    const r4_tables *T = r4_tables_get();
    for (unsigned i = T->first[fmt]; i < T->first[fmt + 1]; i++)
        in->f[T->fd[i].fld] = bits_get(in->w, T->fd[i].hi, T->fd[i].lo);
}

/* Bits of the first `nbits` covered by fmt's fields and encoding. */
static void covered_mask(int fmt, uint32_t m[3])
{
    const uint32_t *c = r4_tables_get()->cover[fmt];
    m[0] = c[0];
    m[1] = c[1];
    m[2] = c[2];
}

static int dpp_fmt_ok(int fmt)
{
    return fmt == R4_FMT_VOP1 || fmt == R4_FMT_VOP2 || fmt == R4_FMT_VOPC || fmt == R4_FMT_VOP3 ||
           fmt == R4_FMT_VOP3SD || fmt == R4_FMT_VOP3P;
}

static const char *const r4_field_names[R4FLD_COUNT] = {
    "NONE",
#define R4FIELDNAME(N) #N,
#include "rdna4_ops.def"
#undef R4FIELDNAME
};

static const char *field_name(int fld)
{
    return fld >= 0 && fld < R4FLD_COUNT ? r4_field_names[fld] : "?";
}

/* May field `fld` of a `fmt` instruction of row r be nonzero? */
static int field_may_be_set(const r4_insn *in, const r4_row *r, int fmt, int fld)
{
    int flat = fmt == R4_FMT_VFLAT || fmt == R4_FMT_VGLOBAL || fmt == R4_FMT_VSCRATCH;
    if (flat && (r->flags & R4_NOADDR) && (fld == R4FLD_VADDR || fld == R4FLD_IOFFSET))
        return 0;
    if (flat && (r->flags & R4_ADDTID) && fld == R4FLD_VADDR)
        return 0;
    /* ds_nop has no offset; FORMAT is a typed-buffer (tbuffer_*) field only (L7865) */
    if (fmt == R4_FMT_VDS && r->o[0].kind == R4K_NONE &&
        (fld == R4FLD_OFFSET0 || fld == R4FLD_OFFSET1))
        return 0;
    if (fmt == R4_FMT_VBUFFER && fld == R4FLD_FORMAT && strncmp(r->name, "tbuffer_", 8) != 0)
        return 0;
    if (row_uses(r, fld) || free_field(fmt, fld))
        return 1;
    if (fmt == R4_FMT_VOPD && row_uses(&r4_rows[in->rowy], fld))
        return 1;
    if (fmt == R4_FMT_VOP3 && (r->flags & R4_CMPX) && fld == R4FLD_VDST)
        return 1;
    if (fmt == R4_FMT_SMEM && fld == R4FLD_SOFFSET && row_uses(r, R4FLD_IOFFSET))
        return 1;
    if (fmt == R4_FMT_VDSDIR && fld == R4FLD_ATTR_CHAN && row_uses(r, R4FLD_ATTR))
        return 1;
    return 0;
}

int r4_decode(const uint32_t *w, size_t avail, r4_insn *in, char *err)
{
    memset(in, 0, sizeof *in);
    if (avail < 1)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "truncated instruction: no words");
    int fmt = identify(w[0]);
    if (fmt < 0)
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "illegal instruction word 0x%08x: no RDNA4 format matches", w[0]);
    unsigned base = r4_fmts[fmt].dwords;
    if (avail < base)
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "truncated %s instruction 0x%08x: needs %u DWORDs, %zu available",
                           r4_fmts[fmt].name, w[0], base, avail);
    for (unsigned i = 0; i < base; i++)
        in->w[i] = w[i];
    extract_fields(in, fmt);
    const r4_row *r;
    unsigned rowi;
    if (fmt == R4_FMT_VOPD) {
        unsigned x = r4_rowof[R4_FMT_VOPDX][in->f[R4FLD_OPX]];
        unsigned y = r4_rowof[R4_FMT_VOPDY][in->f[R4FLD_OPY]];
        if (!x || !y)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal VOPD instruction 0x%08x: OPX %u / OPY %u", w[0],
                               in->f[R4FLD_OPX], in->f[R4FLD_OPY]);
        rowi = x - 1;
        in->rowy = (uint16_t)(y - 1);
    } else if (fmt == R4_FMT_VEXPORT) {
        rowi = R4_ROW_VEXPORT_export;
    } else {
        unsigned op = in->f[R4FLD_OP];
        if (fmt == R4_FMT_VOP3 && op < 1024 && r4_rowof[R4_FMT_VOP3SD][op]) {
            fmt = R4_FMT_VOP3SD;
            memset(in->f, 0, sizeof in->f);
            extract_fields(in, fmt);
        }
        unsigned x = op < 1024 ? r4_rowof[fmt][op] : 0;
        if (!x)
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal instruction 0x%08x: %s opcode %u does not exist", w[0],
                               r4_fmts[fmt].name, op);
        rowi = x - 1;
    }
    in->fmt = (uint8_t)fmt;
    in->row = (uint16_t)rowi;
    r = &r4_rows[rowi];

    /* reserved bits */
    uint32_t m[3];
    covered_mask(fmt, m);
    for (unsigned i = 0; i < base; i++)
        if (in->w[i] & ~m[i])
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: reserved bits 0x%08x set in DWORD %u", r->name,
                               in->w[i] & ~m[i], i);
    /* unused fields must be zero */
    const r4_tables *T = r4_tables_get();
    for (unsigned i = T->first[fmt]; i < T->first[fmt + 1]; i++) {
        const r4_fielddef *fd = &T->fd[i];
        if (fd->fld == R4FLD_OP || in->f[fd->fld] == 0)
            continue;
        if (!field_may_be_set(in, r, fmt, fd->fld))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: unused %s field %s is %u (must be 0)", r->name,
                               r4_fmts[fmt].name, field_name(fd->fld), in->f[fd->fld]);
    }
    /* SMEM without an offset operand (s_dcache_inv) keeps SOFFSET/IOFFSET zero: done above */

    int st = check_operands(in, r, fmt, err);
    if (!st && fmt == R4_FMT_VOPD)
        st = check_operands(in, &r4_rows[in->rowy], fmt, err);
    if (!st)
        st = check_format(in, r, fmt, err);
    if (st)
        return st;

    /* literal / DPP */
    int need_lit = (r->flags & R4_LIT) != 0;
    if (fmt == R4_FMT_VOPD && (r4_rows[in->rowy].flags & R4_LIT))
        need_lit = 1;
    for (int k = 0; k < 2; k++) {
        const r4_row *rr = k ? (fmt == R4_FMT_VOPD ? &r4_rows[in->rowy] : NULL) : r;
        if (!rr)
            break;
        for (int i = 0; i < R4_MAXOPD; i++) {
            const r4_opd *o = &rr->o[i];
            if ((o->kind == R4K_SSRC || o->kind == R4K_VSRC) && in->f[o->fld] == R4_LIT_SRC)
                need_lit = 1;
            if (o->kind == R4K_VSRC && o->fld == R4FLD_SRC0 && dpp_fmt_ok(fmt)) {
                uint32_t c = in->f[R4FLD_SRC0];
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
    if (in->dpp && (r->flags & R4_NODPP))
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
        int dfmt = in->dpp == 1 ? R4_FMT_DPP16 : R4_FMT_DPP8;
        for (unsigned i = T->first[dfmt]; i < T->first[dfmt + 1]; i++) {
            const r4_fielddef *fd = &T->fd[i];
            uint32_t v = bits_get(&dw, fd->hi - 32u, fd->lo - 32u);
            if (fd->fld == R4FLD_SRC0)
                in->dpp_src0 = v;
            else
                in->f[fd->fld] = v;
        }
        if (in->dpp == 1 && (in->f[R4FLD_SRC1_NEG] || in->f[R4FLD_SRC1_ABS]) &&
            !row_uses(r, R4FLD_VSRC1) && !row_uses(r, R4FLD_SRC1))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: DPP SRC1 modifiers without a second source", r->name);
        if (in->dpp == 1 && (fmt == R4_FMT_VOP1 || fmt == R4_FMT_VOP2 || fmt == R4_FMT_VOPC) &&
            (((in->f[R4FLD_SRC0_NEG] | in->f[R4FLD_SRC1_NEG] << 1) & ~r4_mods_allowed(r, 0)) ||
             ((in->f[R4FLD_SRC0_ABS] | in->f[R4FLD_SRC1_ABS] << 1) & ~r4_mods_allowed(r, 1))))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: DPP NEG/ABS on a source that is not a float input "
                               "(§7.2.2.1 L2766-2781)", r->name);
        if (in->dpp == 1 && (fmt == R4_FMT_VOP3 || fmt == R4_FMT_VOP3SD || fmt == R4_FMT_VOP3P) &&
            (dw & 0x00f00000u))
            return gpuref_errf(err, GPUREF_ERR_DECODE,
                               "illegal %s: DPP neg/abs bits with VOP3 (the VOP3 fields apply, "
                               "L3423-3428)", r->name);
        if (in->dpp == 1) {
            if (dw & (1u << 17))
                return gpuref_errf(err, GPUREF_ERR_DECODE,
                                   "illegal %s: reserved DPP16 bit 17 set", r->name);
            uint32_t c = in->f[R4FLD_DPP_CTRL];
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

int r4_encode(r4_insn *in, char *err)
{
    int fmt = in->fmt;
    uint32_t w[3] = { 0, 0, 0 };
    const r4_encdef *e = enc_of(fmt == R4_FMT_VOP3SD ? R4_FMT_VOP3 : fmt);
    if (!e)
        return gpuref_errf(err, GPUREF_ERR_ARG, "no encoding for format %d", fmt);
    bits_put(w, e->hi, e->lo, e->val);
    const r4_tables *T = r4_tables_get();
    for (unsigned i = T->first[fmt]; i < T->first[fmt + 1]; i++) {
        const r4_fielddef *fd = &T->fd[i];
        uint32_t v = in->f[fd->fld];
        unsigned wd = fd->hi - fd->lo + 1u;
        if (wd < 32 && (v >> wd))
            return gpuref_errf(err, GPUREF_ERR_ASM, "value %u does not fit the %u-bit field",
                               v, wd);
        bits_put(w, fd->hi, fd->lo, v);
    }
    unsigned base = r4_fmts[fmt].dwords;
    for (unsigned i = 0; i < base; i++)
        in->w[i] = w[i];
    unsigned n = base;
    if (in->has_lit) {
        in->w[n++] = in->lit;
    } else if (in->dpp) {
        uint32_t dw = 0;
        int dfmt = in->dpp == 1 ? R4_FMT_DPP16 : R4_FMT_DPP8;
        for (unsigned i = T->first[dfmt]; i < T->first[dfmt + 1]; i++) {
            const r4_fielddef *fd = &T->fd[i];
            bits_put(&dw, fd->hi - 32u, fd->lo - 32u,
                     fd->fld == R4FLD_SRC0 ? in->dpp_src0 : in->f[fd->fld]);
        }
        in->w[n++] = dw;
    }
    in->nwords = (uint8_t)n;
    return GPUREF_OK;
}

/* Printed mnemonic: LLVM's disassembler suffixes (_e32/_e64/_dpp). */
unsigned r4_mods_allowed(const r4_row *r, int abs)
{
    unsigned m = 0;
    if (r->flags & R4_NOMODS)
        return 0;
    if (abs && (r->flags & R4_NOABS))
        return 0;
    for (int i = 0; i < R4_MAXOPD; i++) {
        const r4_opd *o = &r->o[i];
        if (o->kind != R4K_VSRC && o->kind != R4K_VGPR)
            continue;
        int slot = o->fld == R4FLD_SRC0 ? 0 : (o->fld == R4FLD_SRC1 || o->fld == R4FLD_VSRC1) ? 1
                 : o->fld == R4FLD_SRC2 ? 2 : -1;
        if (slot < 0)
            continue;
        int fl = o->type == R4T_F16 || o->type == R4T_F16P || o->type == R4T_F32 ||
                 o->type == R4T_F64 || o->type == R4T_BF16;
        if (fl || ((r->flags & R4_MODANY) && o->type != R4T_MASK))
            m |= 1u << slot;
    }
    return m;
}

int r4_opsel_style(const r4_row *r)
{
    if (!(r->flags & R4_OPSELX))
        return 0;
    if (!strncmp(r->name, "v_cvt_sr_", 9))
        return 1;
    if (!strncmp(r->name, "v_cvt_f32_", 10))
        return 2;
    return 3;
}

const char *r4_row_display_name(const r4_insn *in, char *buf, size_t len)
{
    const r4_row *r = &r4_rows[in->row];
    const char *suffix = "";
    switch (in->fmt) {
    case R4_FMT_VOP1: case R4_FMT_VOP2: case R4_FMT_VOPC: {
        /* LLVM: _e32 only when the opcode also has a VOP3 form; DPP: _dpp, except
         * VOPC, whose DPP forms print the bare name */
        unsigned op3 = r->op + (in->fmt == R4_FMT_VOP1 ? 384u : in->fmt == R4_FMT_VOP2 ? 256u : 0u);
        unsigned t = op3 < 1024 ? r4_rowof[R4_FMT_VOP3][op3] : 0;
        if (!t && op3 < 1024)
            t = r4_rowof[R4_FMT_VOP3SD][op3];
        int twin = t && strcmp(r4_rows[t - 1].name, r->name) == 0;
        /* LLVM prints these VOP1 forms bare although a VOP3 form exists */
        static const char *const bare[] = { "v_nop", "v_pipeflush", "v_readfirstlane_b32",
                                            "v_swap_b32", "v_swap_b16", "v_swaprel_b32",
                                            "v_permlane64_b32" };
        for (size_t k = 0; k < sizeof bare / sizeof bare[0]; k++)
            if (!strcmp(r->name, bare[k]))
                twin = 0;
        if (in->dpp)
            suffix = in->fmt == R4_FMT_VOPC ? "" : "_dpp";
        else
            suffix = twin ? "_e32" : "";
        break;
    }
    case R4_FMT_VOP3:
        if (r->op < 512)
            suffix = in->dpp ? "_e64_dpp" : "_e64";
        else if (in->dpp)
            suffix = "_e64_dpp";
        break;
    case R4_FMT_VOP3SD:
        if (r->op < 512)
            suffix = in->dpp ? "_e64_dpp" : "_e64";
        else if (in->dpp)
            suffix = "_e64_dpp";
        break;
    case R4_FMT_VOP3P:
        if (in->dpp)
            suffix = "_dpp";
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
