/* rdna4_disasm.c - RDNA4 disassembly in LLVM's AMDGPU gfx12 syntax.
 *
 * Scalar formats (SOP*, SMEM) print exactly what `llvm-mc -triple=amdgcn
 * -mcpu=gfx1200 -disassemble` prints for legal words (checked by
 * model/tests/llvm_rdna4.sh).  Vector and memory formats follow the same
 * syntax as far as described in model/rdna4/README.md; every field of a legal
 * word is printed so that the assembler reproduces the word exactly.
 * Disassembly assumes wave32 for lane masks (LLVM's gfx1200 default). */
#include <stdio.h>
#include <string.h>

#include "rdna4.h"
#include "rdna4_text.h"

/* ----------------------------------------------------------- names */

const rdna4_name rdna4_hwreg_names[] = {
    { 1, "HW_REG_WAVE_MODE" }, { 2, "HW_REG_WAVE_STATUS" }, { 4, "HW_REG_WAVE_STATE_PRIV" },
    { 5, "HW_REG_WAVE_GPR_ALLOC" }, { 6, "HW_REG_WAVE_LDS_ALLOC" }, { 7, "HW_REG_IB_STS" },
    { 10, "HW_REG_PERF_SNAPSHOT_DATA" }, { 11, "HW_REG_PERF_SNAPSHOT_PC_LO" },
    { 12, "HW_REG_PERF_SNAPSHOT_PC_HI" }, { 15, "HW_REG_PERF_SNAPSHOT_DATA1" },
    { 16, "HW_REG_PERF_SNAPSHOT_DATA2" }, { 17, "HW_REG_WAVE_EXCP_FLAG_PRIV" },
    { 18, "HW_REG_WAVE_EXCP_FLAG_USER" }, { 19, "HW_REG_WAVE_TRAP_CTRL" },
    { 20, "HW_REG_WAVE_SCRATCH_BASE_LO" }, { 21, "HW_REG_WAVE_SCRATCH_BASE_HI" },
    { 23, "HW_REG_WAVE_HW_ID1" }, { 24, "HW_REG_WAVE_HW_ID2" },
    { 26, "HW_REG_WAVE_SCHED_MODE" }, { 29, "HW_REG_SHADER_CYCLES_LO" },
    { 30, "HW_REG_SHADER_CYCLES_HI" }, { 31, "HW_REG_WAVE_DVGPR_ALLOC_LO" },
    { 32, "HW_REG_WAVE_DVGPR_ALLOC_HI" }, { 0, NULL }
};

const rdna4_name rdna4_msg_names[] = {
    { 1, "MSG_INTERRUPT" }, { 2, "MSG_HS_TESSFACTOR" }, { 3, "MSG_DEALLOC_VGPRS" },
    { 9, "MSG_GS_ALLOC_REQ" }, { 0x80, "MSG_RTN_GET_DOORBELL" }, { 0x81, "MSG_RTN_GET_DDID" },
    { 0x82, "MSG_RTN_GET_TMA" }, { 0x83, "MSG_RTN_GET_REALTIME" },
    { 0x84, "MSG_RTN_SAVE_WAVE" }, { 0x85, "MSG_RTN_GET_TBA" },
    { 0x86, "MSG_RTN_GET_TBA_TO_PC" }, { 0x87, "MSG_RTN_GET_SE_AID_ID" }, { 0, NULL }
};

const char *const rdna4_instid_names[12] = {
    "NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4", "TRANS32_DEP_1",
    "TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1", "SALU_CYCLE_2",
    "SALU_CYCLE_3"
};
const char *const rdna4_instskip_names[6] = { "SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3",
                                           "SKIP_4" };

const char *const rdna4_buf_fmt_names[RDNA4_NBUFFMT] = {
    "INVALID", "8_UNORM", "8_SNORM", "8_USCALED", "8_SSCALED", "8_UINT", "8_SINT",
    "16_UNORM", "16_SNORM", "16_USCALED", "16_SSCALED", "16_UINT", "16_SINT", "16_FLOAT",
    "8_8_UNORM", "8_8_SNORM", "8_8_USCALED", "8_8_SSCALED", "8_8_UINT", "8_8_SINT",
    "32_UINT", "32_SINT", "32_FLOAT", "16_16_UNORM", "16_16_SNORM", "16_16_USCALED",
    "16_16_SSCALED", "16_16_UINT", "16_16_SINT", "16_16_FLOAT", "10_11_11_FLOAT",
    "11_11_10_FLOAT", "10_10_10_2_UNORM", "10_10_10_2_SNORM", "10_10_10_2_UINT",
    "10_10_10_2_SINT", "2_10_10_10_UNORM", "2_10_10_10_SNORM", "2_10_10_10_USCALED",
    "2_10_10_10_SSCALED", "2_10_10_10_UINT", "2_10_10_10_SINT", "8_8_8_8_UNORM",
    "8_8_8_8_SNORM", "8_8_8_8_USCALED", "8_8_8_8_SSCALED", "8_8_8_8_UINT", "8_8_8_8_SINT",
    "32_32_UINT", "32_32_SINT", "32_32_FLOAT", "16_16_16_16_UNORM", "16_16_16_16_SNORM",
    "16_16_16_16_USCALED", "16_16_16_16_SSCALED", "16_16_16_16_UINT", "16_16_16_16_SINT",
    "16_16_16_16_FLOAT", "32_32_32_UINT", "32_32_32_SINT", "32_32_32_FLOAT",
    "32_32_32_32_UINT", "32_32_32_32_SINT", "32_32_32_32_FLOAT"
};

static int is_pow2(unsigned x) { return x && !(x & (x - 1)); }

/* LLVM's printSwizzle (gfx9+ modes), restricted to offsets its parser gives back:
 * ROTATE and FFT print only some bits, BITMASK_PERM one of four cases per bit. */
int rdna4_swizzle_text(unsigned off, char *buf, size_t len)
{
    if (off >= 0xe000) {
        if (off & 0x1fe0)
            return 0;
        snprintf(buf, len, "swizzle(FFT,%u)", off & 0x1f);
        return 1;
    }
    if (off >= 0xc000) {
        if (off & 0x181f)
            return 0;
        snprintf(buf, len, "swizzle(ROTATE,%u,%u)", (off >> 10) & 1, (off >> 5) & 0x1f);
        return 1;
    }
    if (off & 0x8000) {
        if ((off & 0xff00) != 0x8000)
            return 0;
        snprintf(buf, len, "swizzle(QUAD_PERM,%u,%u,%u,%u)", off & 3, (off >> 2) & 3,
                 (off >> 4) & 3, (off >> 6) & 3);
        return 1;
    }
    unsigned and_m = off & 0x1f, or_m = (off >> 5) & 0x1f, xor_m = (off >> 10) & 0x1f;
    if ((and_m & or_m) || (xor_m & ~and_m & 0x1f))
        return 0;                       /* not one of 0 / 1 / p / i per bit */
    if (and_m == 0x1f && or_m == 0 && is_pow2(xor_m)) {
        snprintf(buf, len, "swizzle(SWAP,%u)", xor_m);
    } else if (and_m == 0x1f && or_m == 0 && xor_m && is_pow2(xor_m + 1)) {
        snprintf(buf, len, "swizzle(REVERSE,%u)", xor_m + 1);
    } else if (0x20 - and_m > 1 && is_pow2(0x20 - and_m) && or_m < 0x20 - and_m && !xor_m) {
        snprintf(buf, len, "swizzle(BROADCAST,%u,%u)", 0x20 - and_m, or_m);
    } else {
        char m[6];
        for (int i = 0; i < 5; i++) {
            unsigned bit = 1u << (4 - i);
            m[i] = (and_m & bit) ? ((xor_m & bit) ? 'i' : 'p') : ((or_m & bit) ? '1' : '0');
        }
        m[5] = 0;
        snprintf(buf, len, "swizzle(BITMASK_PERM,\"%s\")", m);
    }
    return 1;
}

/* s_wait_alu dependency-counter fields (LLVM's gfx12 DepCtr layout; the guide does
 * not document the SIMM16 layout, digest §7 B7). */
const rdna4_depctr rdna4_depctr_fields[RDNA4_NDEPCTR] = {
    { "depctr_hold_cnt", 7, 1, 1 }, { "depctr_sa_sdst", 0, 1, 1 },
    { "depctr_va_vdst", 12, 4, 15 }, { "depctr_va_sdst", 9, 3, 7 },
    { "depctr_va_ssrc", 8, 1, 1 }, { "depctr_va_vcc", 1, 1, 1 },
    { "depctr_vm_vsrc", 2, 3, 7 }
};

const char *rdna4_name_of(const rdna4_name *t, unsigned v)
{
    for (; t->name; t++)
        if (t->v == v)
            return t->name;
    return NULL;
}

/* ------------------------------------------------------- registers */

void rdna4_put_sreg(gpuref_strbuf *b, unsigned code, unsigned n)
{
    if (n <= 1) {
        if (code < 106)
            gpuref_sb_printf(b, "s%u", code);
        else if (code == RDNA4_VCC_LO)
            gpuref_sb_printf(b, "vcc_lo");
        else if (code == RDNA4_VCC_HI)
            gpuref_sb_printf(b, "vcc_hi");
        else if (code < RDNA4_NULL)
            gpuref_sb_printf(b, "ttmp%u", code - RDNA4_TTMP0);
        else if (code == RDNA4_NULL)
            gpuref_sb_printf(b, "null");
        else if (code == RDNA4_M0)
            gpuref_sb_printf(b, "m0");
        else if (code == RDNA4_EXEC_LO)
            gpuref_sb_printf(b, "exec_lo");
        else
            gpuref_sb_printf(b, "exec_hi");
        return;
    }
    if (code < 106)
        gpuref_sb_printf(b, "s[%u:%u]", code, code + n - 1);
    else if (code == RDNA4_VCC_LO && n == 2)
        gpuref_sb_printf(b, "vcc");
    else if (code >= RDNA4_TTMP0 && code < RDNA4_NULL)
        gpuref_sb_printf(b, "ttmp[%u:%u]", code - RDNA4_TTMP0, code - RDNA4_TTMP0 + n - 1);
    else if (code == RDNA4_NULL)
        gpuref_sb_printf(b, "null");
    else if (code == RDNA4_EXEC_LO && n == 2)
        gpuref_sb_printf(b, "exec");
    else
        gpuref_sb_printf(b, "?%u", code);
}

void rdna4_put_vreg(gpuref_strbuf *b, unsigned v, unsigned n)
{
    if (n <= 1)
        gpuref_sb_printf(b, "v%u", v);
    else
        gpuref_sb_printf(b, "v[%u:%u]", v, v + n - 1);
}

/* Would the assembler (rdna4_asm.c parse_src) read the text "0x<lit>" back as an inline
 * constant for an operand of `type`?  Then the literal is printed as lit(...), as
 * LLVM does. */
static int lit_is_inline(uint32_t lit, int type)
{
    uint64_t k;
    if (lit <= 64)
        return 1;
    if (rdna4_type_is64(type))
        return 0;        /* a 32-bit pattern is never a 64-bit constant's value */
    if (lit >= 0xfffffff0u)
        return 1;
    if (type == RDNA4_T_B16)
        return 0;        /* 16-bit integer operands: 0xffff, 0x3800 stay literals */
    if (type == RDNA4_T_BF16 || type == RDNA4_T_BF16P)
        return lit >= 0xfff0u && lit <= 0xffffu;
    if ((type == RDNA4_T_F16 || type == RDNA4_T_F16P) && lit >= 0xfff0u && lit <= 0xffffu)
        return 1;
    for (unsigned c = 240; c <= 248; c++)
        if (rdna4_inline_value(c, type == RDNA4_T_MASK ? RDNA4_T_B32 : type, &k) && k == lit)
            return 1;
    return 0;
}

void rdna4_put_literal(gpuref_strbuf *b, uint32_t lit, int type)
{
    if (lit_is_inline(lit, type))
        gpuref_sb_printf(b, "lit(0x%x)", lit);
    else
        gpuref_sb_printf(b, "0x%x", lit);
}

static const char *const float_text32[9] = { "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0",
                                              "4.0", "-4.0", "0.15915494" };

/* Print source code `code` (0..511) of `type`; lit used for 255. */
void rdna4_put_src(gpuref_strbuf *b, unsigned code, int type, uint32_t lit)
{
    unsigned n = rdna4_type_dwords(type);
    if (code < 128) {
        rdna4_put_sreg(b, code, n > 2 ? 2 : n);
    } else if (code <= 192) {
        gpuref_sb_printf(b, "%u", code - 128);
    } else if (code <= 208) {
        gpuref_sb_printf(b, "-%u", code - 192);
    } else if (code >= 240 && code <= 248) {
        if (code == 248 && rdna4_type_is64(type))
            gpuref_sb_printf(b, "0.15915494309189532");
        else
            gpuref_sb_printf(b, "%s", float_text32[code - 240]);
    } else if (code == 235) {
        gpuref_sb_printf(b, "src_shared_base");
    } else if (code == 236) {
        gpuref_sb_printf(b, "src_shared_limit");
    } else if (code == 237) {
        gpuref_sb_printf(b, "src_private_base");
    } else if (code == 238) {
        gpuref_sb_printf(b, "src_private_limit");
    } else if (code == RDNA4_SCC_SRC) {
        gpuref_sb_printf(b, "src_scc");
    } else if (code == RDNA4_LIT_SRC) {
        rdna4_put_literal(b, lit, type);
    } else if (code >= 256) {
        rdna4_put_vreg(b, code - 256, n);
    } else {
        gpuref_sb_printf(b, "?%u", code);
    }
}

/* --------------------------------------------------- SIMM16 kinds */

/* A 32-bit immediate that is always a literal: integer or float constant text when
 * it equals one, else hex. */
static void put_imm32(gpuref_strbuf *b, uint32_t v)
{
    uint64_t k;
    if ((int32_t)v >= -16 && (int32_t)v <= 64) {
        gpuref_sb_printf(b, "%d", (int)(int32_t)v);
        return;
    }
    for (unsigned c = 240; c <= 248; c++)
        if (rdna4_inline_value(c, RDNA4_T_F32, &k) && k == v) {
            gpuref_sb_printf(b, "%s", float_text32[c - 240]);
            return;
        }
    gpuref_sb_printf(b, "0x%x", v);
}

static void put_inl16(gpuref_strbuf *b, unsigned v)
{
    if (v <= 64)
        gpuref_sb_printf(b, "%u", v);
    else
        gpuref_sb_printf(b, "0x%x", v);
}

static void put_hwreg(gpuref_strbuf *b, unsigned v)
{
    unsigned id = v & 63, off = (v >> 6) & 31, size = (v >> 11) + 1;
    const char *n = rdna4_name_of(rdna4_hwreg_names, id);
    gpuref_sb_printf(b, "hwreg(");
    if (n)
        gpuref_sb_printf(b, "%s", n);
    else
        gpuref_sb_printf(b, "%u", id);
    if (off != 0 || size != 32)
        gpuref_sb_printf(b, ", %u, %u", off, size);
    gpuref_sb_printf(b, ")");
}

static void put_version(gpuref_strbuf *b, unsigned v)
{
    static const rdna4_name vers[] = { { 0, "UC_VERSION_GFX7" }, { 4, "UC_VERSION_GFX10" },
                                    { 6, "UC_VERSION_GFX11" }, { 9, "UC_VERSION_GFX12" },
                                    { 0, NULL } };
    if (v & 0x7f00) {
        gpuref_sb_printf(b, "0x%x", v);
        return;
    }
    const char *n = rdna4_name_of(vers, v & 0xff);
    if (n)
        gpuref_sb_printf(b, "%s", n);
    else
        gpuref_sb_printf(b, "%u", v & 0xff);
    if (v & 0x8000)
        gpuref_sb_printf(b, "|UC_VERSION_MDP_BIT");
}

int rdna4_delay_canonical(unsigned v)
{
    return (v & 0xf800) == 0 && (v & 15) <= 11 && ((v >> 4) & 7) <= 5 && ((v >> 7) & 15) <= 11;
}

static void put_delay(gpuref_strbuf *b, unsigned v)
{
    if (!rdna4_delay_canonical(v)) {
        gpuref_sb_printf(b, "0x%x", v);
        return;
    }
    unsigned id0 = v & 15, skip = (v >> 4) & 7, id1 = (v >> 7) & 15;
    const char *sep = "";
    if (v == 0) {
        gpuref_sb_printf(b, "0");
        return;
    }
    if (id0) {
        gpuref_sb_printf(b, "instid0(%s)", rdna4_instid_names[id0]);
        sep = " | ";
    }
    if (skip) {
        gpuref_sb_printf(b, "%sinstskip(%s)", sep, rdna4_instskip_names[skip]);
        sep = " | ";
    }
    if (id1)
        gpuref_sb_printf(b, "%sinstid1(%s)", sep, rdna4_instid_names[id1]);
}

static void put_depctr(gpuref_strbuf *b, unsigned v)
{
    if (v & 0x60) {      /* bits 5-6 are not part of any field */
        gpuref_sb_printf(b, "0x%x", v);
        return;
    }
    int all_default = 1;
    for (int i = 0; i < RDNA4_NDEPCTR; i++) {
        const rdna4_depctr *d = &rdna4_depctr_fields[i];
        if (((v >> d->shift) & ((1u << d->width) - 1)) != d->dflt)
            all_default = 0;
    }
    const char *sep = "";
    for (int i = 0; i < RDNA4_NDEPCTR; i++) {
        const rdna4_depctr *d = &rdna4_depctr_fields[i];
        unsigned f = (v >> d->shift) & ((1u << d->width) - 1);
        if (all_default || f != d->dflt) {
            gpuref_sb_printf(b, "%s%s(%u)", sep, d->name, f);
            sep = " ";
        }
    }
}

static void put_waitcnt(gpuref_strbuf *b, unsigned v)
{
    if (v & 8) {         /* bit 3 is not part of any counter field */
        gpuref_sb_printf(b, "0x%x", v);
        return;
    }
    unsigned vm = v >> 10, exp = v & 7, lgkm = (v >> 4) & 63;
    int all = vm == 63 && exp == 7 && lgkm == 63;
    const char *sep = "";
    if (all || vm != 63) {
        gpuref_sb_printf(b, "vmcnt(%u)", vm);
        sep = " ";
    }
    if (all || exp != 7) {
        gpuref_sb_printf(b, "%sexpcnt(%u)", sep, exp);
        sep = " ";
    }
    if (all || lgkm != 63)
        gpuref_sb_printf(b, "%slgkmcnt(%u)", sep, lgkm);
}

static void put_msg(gpuref_strbuf *b, unsigned v)
{
    if (v > 255) {
        gpuref_sb_printf(b, "%u", v);
        return;
    }
    const char *n = rdna4_name_of(rdna4_msg_names, v);
    if (n)
        gpuref_sb_printf(b, "sendmsg(%s)", n);
    else
        gpuref_sb_printf(b, "sendmsg(%u, 0, 0)", v);
}

/* ------------------------------------------------------------ SMEM */

static void put_smem_mods(gpuref_strbuf *b, const rdna4_insn *in)
{
    unsigned th = in->f[RDNA4_FLD_TH], scope = in->f[RDNA4_FLD_SCOPE];
    static const char *const ths[4] = { "", "TH_LOAD_NT", "TH_LOAD_HT", "TH_LOAD_LU" };
    static const char *const scopes[4] = { "", "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS" };
    if (th)
        gpuref_sb_printf(b, " th:%s", th == 3 && scope == 3 ? "TH_LOAD_BYPASS" : ths[th]);
    if (scope)
        gpuref_sb_printf(b, " scope:%s", scopes[scope]);
}

static void put_ioff24(gpuref_strbuf *b, uint32_t v)
{
    int32_t x = (int32_t)(v << 8) >> 8;
    if (x < 0)
        gpuref_sb_printf(b, "-0x%x", (unsigned)-x);
    else
        gpuref_sb_printf(b, "0x%x", (unsigned)x);
}

/* ------------------------------------------------- vector helpers */

/* neg/abs modifier bits of source i (VOP3/VOP3SD/VINTERP/DPP16). */
static void src_mods(const rdna4_insn *in, int i, int *neg, int *abs)
{
    *neg = *abs = 0;
    switch (in->fmt) {
    case RDNA4_FMT_VOP3:
        *abs = (in->f[RDNA4_FLD_ABS] >> i) & 1;
        /* fall through */
    case RDNA4_FMT_VOP3SD: case RDNA4_FMT_VINTERP:
        *neg = (in->f[RDNA4_FLD_NEG] >> i) & 1;
        break;
    case RDNA4_FMT_VOP3P:       /* V_FMA_MIX*: NEG negates, NEG_HI is ABS (L3199, L3205) */
        if (strstr(rdna4_rows[in->row].name, "_mix")) {
            *neg = (in->f[RDNA4_FLD_NEG] >> i) & 1;
            *abs = (in->f[RDNA4_FLD_NEG_HI] >> i) & 1;
        }
        break;
    case RDNA4_FMT_VOP1: case RDNA4_FMT_VOP2: case RDNA4_FMT_VOPC:
        if (in->dpp == 1 && i == 0) {
            *neg = (int)in->f[RDNA4_FLD_SRC0_NEG];
            *abs = (int)in->f[RDNA4_FLD_SRC0_ABS];
        } else if (in->dpp == 1 && i == 1) {
            *neg = (int)in->f[RDNA4_FLD_SRC1_NEG];
            *abs = (int)in->f[RDNA4_FLD_SRC1_ABS];
        }
        break;
    default:
        break;
    }
}

static int src_index(int fld)
{
    switch (fld) {
    case RDNA4_FLD_SRC0: case RDNA4_FLD_SRCX0: case RDNA4_FLD_SRCY0: return 0;
    case RDNA4_FLD_SRC1: case RDNA4_FLD_VSRC1: case RDNA4_FLD_VSRCX1: case RDNA4_FLD_VSRCY1: return 1;
    case RDNA4_FLD_SRC2: return 2;
    default: return -1;
    }
}

/* 16-bit VGPR operands name a half (§7.4 L3073-3104, LLVM's true16 syntax): in
 * VOP1/VOP2/VOPC (and their DPP forms) bit 7 of the 8-bit VGPR number selects the
 * half of v0-v127; in VOP3/VINTERP the OPSEL bit of the operand does (slot 3 = dst). */
static int half16(const rdna4_insn *in, const rdna4_opd *o)
{
    if (!rdna4_type_is16(o->type))
        return 0;
    switch (in->fmt) {
    case RDNA4_FMT_VOP1: case RDNA4_FMT_VOP2: case RDNA4_FMT_VOPC:
        return 1;
    case RDNA4_FMT_VOP3: case RDNA4_FMT_VINTERP:
        return !(rdna4_rows[in->row].flags & RDNA4_OPSELX) ? 2 : 0;
    default:
        return 0;
    }
}

static void put_vreg16(gpuref_strbuf *b, const rdna4_insn *in, int how, uint32_t v, int slot)
{
    if (how == 1)
        gpuref_sb_printf(b, "v%u.%c", v & 127u, (v & 128u) ? 'h' : 'l');
    else
        gpuref_sb_printf(b, "v%u.%c", v, ((in->f[RDNA4_FLD_OPSEL] >> slot) & 1u) ? 'h' : 'l');
}

static void put_vop_operand(gpuref_strbuf *b, const rdna4_insn *in, const rdna4_opd *o)
{
    uint32_t v = in->f[o->fld];
    int i = src_index(o->fld), neg = 0, abs = 0, h16 = half16(in, o);
    switch (o->kind) {
    case RDNA4_K_VDST:
        if (o->fld == RDNA4_FLD_VDSTY)
            v = (v << 1) | (~in->f[RDNA4_FLD_VDSTX] & 1u);
        if (h16)
            put_vreg16(b, in, h16, v, 3);
        else
            rdna4_put_vreg(b, v, rdna4_type_dwords(o->type));
        break;
    case RDNA4_K_SDSTV: case RDNA4_K_SDST7:
        rdna4_put_sreg(b, v, o->type == RDNA4_T_MASK ? 1 : rdna4_type_dwords(o->type));
        break;
    case RDNA4_K_VCC:
        gpuref_sb_printf(b, "vcc_lo");
        break;
    case RDNA4_K_LIT:
        gpuref_sb_printf(b, "0x%x", in->lit);
        break;
    case RDNA4_K_VGPR:
    case RDNA4_K_VSRC:
    {
        if (i >= 0)
            src_mods(in, i, &neg, &abs);
        /* "-v1" on registers; neg(...) on constants, where "-" would read as a sign */
        int reg = o->kind == RDNA4_K_VGPR || (in->dpp && o->fld == RDNA4_FLD_SRC0) || v < 128 || v >= 256;
        if (neg)
            gpuref_sb_printf(b, reg ? "-" : "neg(");
        if (abs)
            gpuref_sb_printf(b, "|");
        if (h16 && o->kind == RDNA4_K_VGPR)
            put_vreg16(b, in, h16, v, i);
        else if (h16 && in->dpp && o->fld == RDNA4_FLD_SRC0)
            put_vreg16(b, in, h16, in->dpp_src0, 0);
        else if (h16 && v >= 256)
            put_vreg16(b, in, h16, v - 256, i);
        else if (o->kind == RDNA4_K_VGPR)
            rdna4_put_vreg(b, v, rdna4_type_dwords(o->type));
        else if (in->dpp && o->fld == RDNA4_FLD_SRC0)
            rdna4_put_vreg(b, in->dpp_src0, rdna4_type_dwords(o->type));
        else if (o->type == RDNA4_T_MASK && v < 128)
            rdna4_put_sreg(b, v, 1);
        else
            rdna4_put_src(b, v, o->type == RDNA4_T_MASK ? RDNA4_T_B32 : o->type, in->lit);
        if (abs)
            gpuref_sb_printf(b, "|");
        if (neg && !reg)
            gpuref_sb_printf(b, ")");
        break;
    }
    default:
        gpuref_sb_printf(b, "?");
        break;
    }
}

static unsigned row_nsrc(const rdna4_row *r)
{
    unsigned n = 0;
    for (int i = 0; i < RDNA4_MAXOPD; i++)
        if (r->o[i].kind == RDNA4_K_VSRC || r->o[i].kind == RDNA4_K_VGPR) {
            int k = src_index(r->o[i].fld);
            if (k >= 0 && (unsigned)k + 1 > n)
                n = (unsigned)k + 1;
        }
    return n;
}

/* "name:[a,b,c]" over `n` entries of bit field v (n grows to 3 when higher bits are set). */
static void put_bitlist(gpuref_strbuf *b, const char *name, unsigned v, unsigned n, unsigned maxn)
{
    while (n < maxn && (v >> n))
        n++;
    gpuref_sb_printf(b, " %s:[", name);
    for (unsigned i = 0; i < n; i++)
        gpuref_sb_printf(b, "%s%u", i ? "," : "", (v >> i) & 1);
    gpuref_sb_printf(b, "]");
}

static void put_dpp(gpuref_strbuf *b, const rdna4_insn *in)
{
    if (in->dpp == 2 || in->dpp == 3) {
        gpuref_sb_printf(b, " dpp8:[");
        for (int i = 0; i < 8; i++)
            gpuref_sb_printf(b, "%s%u", i ? "," : "", in->f[RDNA4_FLD_LANE_SEL0 + i]);
        gpuref_sb_printf(b, "]");
        if (in->dpp == 3)
            gpuref_sb_printf(b, " fi:1");
        return;
    }
    unsigned c = in->f[RDNA4_FLD_DPP_CTRL];
    if (c <= 0xff)
        gpuref_sb_printf(b, " quad_perm:[%u,%u,%u,%u]", c & 3, (c >> 2) & 3, (c >> 4) & 3, c >> 6);
    else if (c >= 0x101 && c <= 0x10f)
        gpuref_sb_printf(b, " row_shl:%u", c & 15);
    else if (c >= 0x111 && c <= 0x11f)
        gpuref_sb_printf(b, " row_shr:%u", c & 15);
    else if (c >= 0x121 && c <= 0x12f)
        gpuref_sb_printf(b, " row_ror:%u", c & 15);
    else if (c == 0x140)
        gpuref_sb_printf(b, " row_mirror");
    else if (c == 0x141)
        gpuref_sb_printf(b, " row_half_mirror");
    else if (c >= 0x150 && c <= 0x15f)
        gpuref_sb_printf(b, " row_share:%u", c & 15);
    else if (c >= 0x160 && c <= 0x16f)
        gpuref_sb_printf(b, " row_xmask:%u", c & 15);
    gpuref_sb_printf(b, " row_mask:0x%x bank_mask:0x%x", in->f[RDNA4_FLD_ROW_MASK],
                 in->f[RDNA4_FLD_BANK_MASK]);
    if (in->f[RDNA4_FLD_BC])
        gpuref_sb_printf(b, " bound_ctrl:1");
    if (in->f[RDNA4_FLD_FI])
        gpuref_sb_printf(b, " fi:1");
}

static void put_operands(gpuref_strbuf *b, const rdna4_insn *in, const rdna4_row *r, const char *first_sep)
{
    const char *sep = first_sep;
    for (int i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        if (o->kind == RDNA4_K_NONE)
            break;
        /* V_DUAL_CNDMASK_B32 reads VCC without naming it (LLVM 22 prints no vcc_lo) */
        if (o->kind == RDNA4_K_VCC && (r->fmt == RDNA4_FMT_VOPDX || r->fmt == RDNA4_FMT_VOPDY))
            continue;
        gpuref_sb_printf(b, "%s", sep);
        put_vop_operand(b, in, o);
        sep = ", ";
    }
}

static void put_vop3_mods(gpuref_strbuf *b, const rdna4_insn *in, const rdna4_row *r)
{
    unsigned os = in->f[RDNA4_FLD_OPSEL], sty = in->fmt == RDNA4_FMT_VOP3 ? (unsigned)rdna4_opsel_style(r) : 0;
    if (os && sty == 1)
        gpuref_sb_printf(b, " byte_sel:%u", os >> 2);
    else if (os && sty == 2)
        gpuref_sb_printf(b, " byte_sel:%u", (os & 1) << 1 | (os >> 1 & 1));
    else if (os && sty == 3)
        gpuref_sb_printf(b, " op_sel:[%u,%u]", os & 1, os >> 1 & 1);
    /* op_sel:[src0, ..., srcN-1, dst]: the last entry is OPSEL[3]; as llvm-mc 22
     * prints them, V_CMPX (no destination operand) has no dst entry, and
     * V_CNDMASK_B16 no list when the .l/.h suffixes of its VGPR operands say every
     * set bit (a half of a scalar source still needs the list) */
    else if (in->fmt == RDNA4_FMT_VOP3 && os &&
             !(strcmp(r->name, "v_cndmask_b16") == 0 && !(os & 4u) &&
               (!(os & 1u) || in->f[RDNA4_FLD_SRC0] >= 256) &&
               (!(os & 2u) || in->f[RDNA4_FLD_SRC1] >= 256))) {
        unsigned n = row_nsrc(r), v = in->f[RDNA4_FLD_OPSEL];
        int nodst = strncmp(r->name, "v_cmpx_", 7) == 0;
        gpuref_sb_printf(b, " op_sel:[");
        for (unsigned i = 0; i < n; i++)
            gpuref_sb_printf(b, i + 1 < n || !nodst ? "%u," : "%u", (v >> i) & 1);
        if (nodst)
            gpuref_sb_printf(b, "]");
        else
            gpuref_sb_printf(b, "%u]", (v >> 3) & 1);
    }
    if (in->f[RDNA4_FLD_CM])
        gpuref_sb_printf(b, " clamp");
    static const char *const omod[4] = { "", " mul:2", " mul:4", " div:2" };
    gpuref_sb_printf(b, "%s", omod[in->f[RDNA4_FLD_OMOD] & 3]);
}

static void put_vop3p_mods(gpuref_strbuf *b, const rdna4_insn *in, const rdna4_row *r)
{
    unsigned n = row_nsrc(r);
    unsigned opsel_hi = in->f[RDNA4_FLD_OPSEL_HI] | (in->f[RDNA4_FLD_OPSEL_HI2] << 2);
    int mix = strstr(r->name, "_mix") != NULL;   /* LLVM: op_sel_hi default 0, -|v| mods */
    unsigned dflt = mix ? 0 : 7;
    /* SWMMAC: OPSEL[1:0] selects the set of sparsity indices (§7.12 L3822), LLVM's
     * index_key (README: decisions E15) */
    if (in->f[RDNA4_FLD_OPSEL] && (r->flags & RDNA4_OPSELHI1))
        gpuref_sb_printf(b, " index_key:%u", in->f[RDNA4_FLD_OPSEL] & 3u);
    else if (in->f[RDNA4_FLD_OPSEL])
        put_bitlist(b, "op_sel", in->f[RDNA4_FLD_OPSEL], n, 3);
    if (opsel_hi != dflt) {
        /* one entry per source, as LLVM 22 prints it (the bits of missing sources are 1:
         * decode rejects other values, README: decisions E18); MIX rows keep all three */
        unsigned k = strstr(r->name, "_mix") ? 3 : n;
        gpuref_sb_printf(b, " op_sel_hi:[");
        for (unsigned i = 0; i < k; i++)
            gpuref_sb_printf(b, "%s%u", i ? "," : "", (opsel_hi >> i) & 1);
        gpuref_sb_printf(b, "]");
    }
    if (in->f[RDNA4_FLD_NEG] && !mix)
        put_bitlist(b, "neg_lo", in->f[RDNA4_FLD_NEG], n, 3);
    if (in->f[RDNA4_FLD_NEG_HI] && !mix)
        put_bitlist(b, "neg_hi", in->f[RDNA4_FLD_NEG_HI], n, 3);
    if (in->f[RDNA4_FLD_CM])
        gpuref_sb_printf(b, " clamp");
}

/* ----------------------------------------------------------- memory */

/* TH names as LLVM's printTH prints them (gfx12): value 3 reads BYPASS at SCOPE_SYS and
 * LU/WB otherwise; load TH 7 is reserved (printed 0x7); atomics: RETURN is bit 0, NT
 * bit 1, CASCADE bit 2, CASCADE named only at SCOPE_DEV/SYS.  Deviation: CASCADE with
 * RETURN prints TH_ATOMIC_CASCADE_{RT,NT}_RETURN (LLVM drops the RETURN bit there, so
 * its text of th 4 and th 5 is the same). */
static void put_mem_cache(gpuref_strbuf *b, const rdna4_insn *in, const rdna4_row *r)
{
    unsigned th = in->f[RDNA4_FLD_TH], scope = in->f[RDNA4_FLD_SCOPE];
    int cls = rdna4_row_class(r);
    if (!th) {
    } else if (cls == 2) {
        if (th & 4) {
            if (scope >= 2)
                gpuref_sb_printf(b, " th:TH_ATOMIC_CASCADE_%s%s", th & 2 ? "NT" : "RT",
                             th & 1 ? "_RETURN" : "");
            else
                gpuref_sb_printf(b, " th:TH_ATOMIC_0x%x", th);
        } else if (th & 2) {
            gpuref_sb_printf(b, " th:TH_ATOMIC_NT%s", th & 1 ? "_RETURN" : "");
        } else {
            gpuref_sb_printf(b, " th:TH_ATOMIC_RETURN");
        }
    } else if (th == 3 && scope == 3) {
        gpuref_sb_printf(b, " th:%s", cls == 1 ? "TH_STORE_BYPASS" : "TH_LOAD_BYPASS");
    } else {
        const char *nm = (cls == 1 ? rdna4_th_store_names : rdna4_th_load_names)[th];
        if (nm)
            gpuref_sb_printf(b, " th:%s", nm);
        else
            gpuref_sb_printf(b, " th:0x%x", th);      /* reserved (load TH 7) */
    }
    if (scope)
        gpuref_sb_printf(b, " scope:%s", rdna4_scope_names[scope]);
}

static const char *const dim_names[8] = {
    "SQ_RSRC_IMG_1D", "SQ_RSRC_IMG_2D", "SQ_RSRC_IMG_3D", "SQ_RSRC_IMG_CUBE",
    "SQ_RSRC_IMG_1D_ARRAY", "SQ_RSRC_IMG_2D_ARRAY", "SQ_RSRC_IMG_2D_MSAA",
    "SQ_RSRC_IMG_2D_MSAA_ARRAY"
};

/* -------------------------------------------------------- top level */

int rdna4_format(const rdna4_insn *in, uint64_t pc, char *buf, size_t len, char *err)
{
    (void)pc;
    gpuref_strbuf sb, *b = &sb;
    const rdna4_row *r = &rdna4_rows[in->row];
    char name[64];
    gpuref_sb_fixed(b, buf, len);
    rdna4_row_display_name(in, name, sizeof name);
    gpuref_sb_printf(b, "%s", name);
    const char *sep = " ";
    switch (in->fmt) {
    case RDNA4_FMT_SOP1: case RDNA4_FMT_SOP2: case RDNA4_FMT_SOPC: case RDNA4_FMT_SOPK: case RDNA4_FMT_SOPP:
        for (int i = 0; i < RDNA4_MAXOPD && r->o[i].kind != RDNA4_K_NONE; i++) {
            const rdna4_opd *o = &r->o[i];
            uint32_t v = in->f[o->fld];
            gpuref_sb_printf(b, "%s", sep);
            sep = ", ";
            switch (o->kind) {
            case RDNA4_K_SDST: case RDNA4_K_SDSTSRC:
                rdna4_put_sreg(b, v, rdna4_type_dwords(o->type));
                break;
            case RDNA4_K_SSRC:
                rdna4_put_src(b, v, o->type, in->lit);
                break;
            case RDNA4_K_LIT:
                if (in->fmt == RDNA4_FMT_SOPK)
                    put_imm32(b, in->lit);   /* LLVM: S_SETREG_IMM32 prints like a constant */
                else
                    gpuref_sb_printf(b, "0x%x", in->lit);
                break;
            case RDNA4_K_MSGRTN:
                put_msg(b, v);
                break;
            case RDNA4_K_SIMM_HEX:
                gpuref_sb_printf(b, "0x%x", v);
                break;
            case RDNA4_K_SIMM_INL:
                put_inl16(b, v);
                break;
            case RDNA4_K_SIMM_OPT:
                if (v == 0)
                    b->n -= 1;   /* drop the separator: "s_endpgm" */
                else
                    gpuref_sb_printf(b, "%u", v);
                break;
            case RDNA4_K_SIMM_BR:
                gpuref_sb_printf(b, "%u", v);
                break;
            case RDNA4_K_SIMM_HWREG:
                put_hwreg(b, v);
                break;
            case RDNA4_K_SIMM_VER:
                put_version(b, v);
                break;
            case RDNA4_K_SIMM_DELAY:
                put_delay(b, v);
                break;
            case RDNA4_K_SIMM_DEPCTR:
                put_depctr(b, v);
                break;
            case RDNA4_K_SIMM_WAITCNT:
                put_waitcnt(b, v);
                break;
            case RDNA4_K_SIMM_MSG:
                put_msg(b, v);
                break;
            default:
                gpuref_sb_printf(b, "?");
                break;
            }
        }
        if (r->o[0].kind == RDNA4_K_NONE)
            b->n = strlen(name);
        break;
    case RDNA4_FMT_SMEM: {
        for (int i = 0; i < RDNA4_MAXOPD && r->o[i].kind != RDNA4_K_NONE; i++) {
            const rdna4_opd *o = &r->o[i];
            uint32_t v = in->f[o->fld];
            gpuref_sb_printf(b, "%s", sep);
            sep = ", ";
            switch (o->kind) {
            case RDNA4_K_SM_SDATA:
                rdna4_put_sreg(b, v, rdna4_type_dwords(o->type));
                break;
            case RDNA4_K_SM_SBASE:
                rdna4_put_sreg(b, v * 2, rdna4_type_dwords(o->type));
                break;
            case RDNA4_K_SM_OFF:
                if (in->f[RDNA4_FLD_SOFFSET] != RDNA4_NULL) {
                    rdna4_put_sreg(b, in->f[RDNA4_FLD_SOFFSET], 1);
                    gpuref_sb_printf(b, " offset:");
                }
                put_ioff24(b, v);
                break;
            case RDNA4_K_SM_IOFF:
                put_ioff24(b, v);
                break;
            case RDNA4_K_SM_SOFF:
                rdna4_put_sreg(b, v, 1);
                break;
            case RDNA4_K_SM_LEN:
                gpuref_sb_printf(b, "%u", v);
                break;
            default:
                break;
            }
        }
        put_smem_mods(b, in);
        break;
    }
    case RDNA4_FMT_VOP1: case RDNA4_FMT_VOP2: case RDNA4_FMT_VOPC:
        if (r->o[0].kind != RDNA4_K_NONE)
            put_operands(b, in, r, " ");
        if (in->dpp)
            put_dpp(b, in);
        break;
    case RDNA4_FMT_VOP3: case RDNA4_FMT_VOP3SD:
        if (r->o[0].kind != RDNA4_K_NONE)
            put_operands(b, in, r, " ");
        put_vop3_mods(b, in, r);
        if (in->dpp)
            put_dpp(b, in);
        break;
    case RDNA4_FMT_VOP3P:
        put_operands(b, in, r, " ");
        put_vop3p_mods(b, in, r);
        if (in->dpp)
            put_dpp(b, in);
        break;
    case RDNA4_FMT_VOPD:
        put_operands(b, in, r, " ");
        gpuref_sb_printf(b, " :: %s", rdna4_rows[in->rowy].name);
        put_operands(b, in, &rdna4_rows[in->rowy], " ");
        break;
    case RDNA4_FMT_VINTERP:
        put_operands(b, in, r, " ");
        /* llvm-mc 22 prints VINTERP's clamp before op_sel (unlike VOP3) */
        if (in->f[RDNA4_FLD_CM])
            gpuref_sb_printf(b, " clamp");
        if (in->f[RDNA4_FLD_OPSEL])
            put_bitlist(b, "op_sel", in->f[RDNA4_FLD_OPSEL], 4, 4);
        gpuref_sb_printf(b, " wait_exp:%u", in->f[RDNA4_FLD_WAITEXP]);
        break;
    case RDNA4_FMT_VDSDIR:
        gpuref_sb_printf(b, " ");
        rdna4_put_vreg(b, in->f[RDNA4_FLD_VDST], 1);
        if (r->o[1].kind == RDNA4_K_ATTR)
            gpuref_sb_printf(b, ", attr%u.%c", in->f[RDNA4_FLD_ATTR], "xyzw"[in->f[RDNA4_FLD_ATTR_CHAN]]);
        gpuref_sb_printf(b, " wait_va_vdst:%u wait_vm_vsrc:%u", in->f[RDNA4_FLD_WAIT_VA],
                     in->f[RDNA4_FLD_WAIT_VMVSRC]);
        break;
    case RDNA4_FMT_VDS: {
        if (r->o[0].kind != RDNA4_K_NONE) {
            for (int i = 0; i < RDNA4_MAXOPD && r->o[i].kind != RDNA4_K_NONE; i++) {
                gpuref_sb_printf(b, "%s", sep);
                sep = ", ";
                rdna4_put_vreg(b, in->f[r->o[i].fld], rdna4_type_dwords(r->o[i].type));
            }
        }
        int two = strstr(r->name, "2addr") != NULL;
        if (two) {
            if (in->f[RDNA4_FLD_OFFSET0])
                gpuref_sb_printf(b, " offset0:%u", in->f[RDNA4_FLD_OFFSET0]);
            if (in->f[RDNA4_FLD_OFFSET1])
                gpuref_sb_printf(b, " offset1:%u", in->f[RDNA4_FLD_OFFSET1]);
        } else {
            unsigned off = in->f[RDNA4_FLD_OFFSET0] | (in->f[RDNA4_FLD_OFFSET1] << 8);
            char sw[48];
            if (off && !strcmp(r->name, "ds_swizzle_b32") && rdna4_swizzle_text(off, sw, sizeof sw))
                gpuref_sb_printf(b, " offset:%s", sw);
            else if (off)
                gpuref_sb_printf(b, " offset:%u", off);
        }
        break;
    }
    case RDNA4_FMT_VBUFFER: {
        const rdna4_opd *o = &r->o[0];
        unsigned n = rdna4_type_dwords(o->type) + (in->f[RDNA4_FLD_TFE] ? 1 : 0);
        unsigned na = in->f[RDNA4_FLD_IDXEN] + in->f[RDNA4_FLD_OFFEN];
        gpuref_sb_printf(b, " ");
        rdna4_put_vreg(b, in->f[RDNA4_FLD_VDATA], n);
        gpuref_sb_printf(b, ", ");
        if (na)
            rdna4_put_vreg(b, in->f[RDNA4_FLD_VADDR], na);
        else
            gpuref_sb_printf(b, "off");
        gpuref_sb_printf(b, ", ");
        rdna4_put_sreg(b, in->f[RDNA4_FLD_RSRC], 4);
        gpuref_sb_printf(b, ", ");
        rdna4_put_sreg(b, in->f[RDNA4_FLD_SOFFSET], 1);
        /* tbuffer only (decode keeps FORMAT 1 elsewhere, E2); 1 (8_UNORM) is LLVM's default */
        unsigned fm = in->f[RDNA4_FLD_FORMAT];
        if (!strncmp(r->name, "tbuffer_", 8) && fm != 1) {
            if (fm < RDNA4_NBUFFMT)
                gpuref_sb_printf(b, " format:[BUF_FMT_%s]", rdna4_buf_fmt_names[fm]);
            else
                gpuref_sb_printf(b, " format:%u", fm);
        }
        if (in->f[RDNA4_FLD_IDXEN])
            gpuref_sb_printf(b, " idxen");
        if (in->f[RDNA4_FLD_OFFEN])
            gpuref_sb_printf(b, " offen");
        if (in->f[RDNA4_FLD_IOFFSET])
            gpuref_sb_printf(b, " offset:%u", in->f[RDNA4_FLD_IOFFSET]);
        put_mem_cache(b, in, r);
        if (in->f[RDNA4_FLD_TFE])
            gpuref_sb_printf(b, " tfe");
        break;
    }
    case RDNA4_FMT_VFLAT: case RDNA4_FMT_VGLOBAL: case RDNA4_FMT_VSCRATCH: {
        int scratch = in->fmt == RDNA4_FMT_VSCRATCH;
        unsigned sa = in->f[RDNA4_FLD_SADDR];
        if (r->flags & RDNA4_NOADDR) {
            put_mem_cache(b, in, r);
            break;
        }
        int have_dst = 0;
        for (int i = 0; i < RDNA4_MAXOPD && r->o[i].kind != RDNA4_K_NONE; i++) {
            const rdna4_opd *o = &r->o[i];
            if (o->kind == RDNA4_K_MLOAD || (o->kind == RDNA4_K_MATOMIC && (in->f[RDNA4_FLD_TH] & 1))) {
                gpuref_sb_printf(b, "%s", sep);
                sep = ", ";
                rdna4_put_vreg(b, in->f[RDNA4_FLD_VDST], rdna4_type_dwords(o->type));
                have_dst = 1;
            }
        }
        (void)have_dst;
        if (!(r->flags & RDNA4_ADDTID)) {
            gpuref_sb_printf(b, "%s", sep);
            sep = ", ";
            if (scratch && !in->f[RDNA4_FLD_SVE])
                gpuref_sb_printf(b, "off");
            else
                rdna4_put_vreg(b, in->f[RDNA4_FLD_VADDR],
                            (in->fmt == RDNA4_FMT_VFLAT || (in->fmt == RDNA4_FMT_VGLOBAL && sa == RDNA4_NULL)) ? 2 : 1);
        }
        for (int i = 0; i < RDNA4_MAXOPD && r->o[i].kind != RDNA4_K_NONE; i++) {
            const rdna4_opd *o = &r->o[i];
            if (o->kind == RDNA4_K_MSTORE) {
                gpuref_sb_printf(b, "%s", sep);
                sep = ", ";
                rdna4_put_vreg(b, in->f[RDNA4_FLD_VSRC], rdna4_type_dwords(o->type));
            }
        }
        if (in->fmt != RDNA4_FMT_VFLAT) {
            gpuref_sb_printf(b, "%s", sep);
            if (sa == RDNA4_NULL)
                gpuref_sb_printf(b, "off");
            else
                rdna4_put_sreg(b, sa, scratch ? 1 : 2);
        }
        if (in->f[RDNA4_FLD_IOFFSET]) {
            int32_t x = (int32_t)(in->f[RDNA4_FLD_IOFFSET] << 8) >> 8;
            gpuref_sb_printf(b, " offset:%d", (int)x);
        }
        put_mem_cache(b, in, r);
        break;
    }
    case RDNA4_FMT_VIMAGE: case RDNA4_FMT_VSAMPLE: {
        int smp = in->fmt == RDNA4_FMT_VSAMPLE;
        unsigned n = rdna4_image_vdata_regs(in);
        gpuref_sb_printf(b, " ");
        rdna4_put_vreg(b, in->f[RDNA4_FLD_VDATA], n);
        gpuref_sb_printf(b, ", [v%u, v%u, v%u, v%u", in->f[RDNA4_FLD_VADDR0], in->f[RDNA4_FLD_VADDR1],
                     in->f[RDNA4_FLD_VADDR2], in->f[RDNA4_FLD_VADDR3]);
        if (!smp)
            gpuref_sb_printf(b, ", v%u", in->f[RDNA4_FLD_VADDR4]);
        gpuref_sb_printf(b, "], ");
        rdna4_put_sreg(b, in->f[RDNA4_FLD_RSRC], in->f[RDNA4_FLD_R128] ? 4 : 8);
        if (smp) {
            gpuref_sb_printf(b, ", ");
            rdna4_put_sreg(b, in->f[RDNA4_FLD_SAMP], 4);
        }
        gpuref_sb_printf(b, " dmask:0x%x dim:%s", in->f[RDNA4_FLD_DMASK], dim_names[in->f[RDNA4_FLD_DIM]]);
        if (smp && in->f[RDNA4_FLD_UNRM])
            gpuref_sb_printf(b, " unorm");
        put_mem_cache(b, in, r);
        if (in->f[RDNA4_FLD_R128])
            gpuref_sb_printf(b, " r128");
        if (in->f[RDNA4_FLD_A16])
            gpuref_sb_printf(b, " a16");
        if (in->f[RDNA4_FLD_D16])
            gpuref_sb_printf(b, " d16");
        if (in->f[RDNA4_FLD_TFE])
            gpuref_sb_printf(b, " tfe");
        if (smp && in->f[RDNA4_FLD_LWE])
            gpuref_sb_printf(b, " lwe");
        break;
    }
    case RDNA4_FMT_VEXPORT: {
        unsigned t = in->f[RDNA4_FLD_TARGET];
        if (t <= 7)
            gpuref_sb_printf(b, " mrt%u", t);
        else if (t == 8)
            gpuref_sb_printf(b, " mrtz");
        else if (t >= 12 && t <= 16)
            gpuref_sb_printf(b, " pos%u", t - 12);
        else if (t == 20)
            gpuref_sb_printf(b, " prim");
        else if (t == 21 || t == 22)
            gpuref_sb_printf(b, " dual_src_blend%u", t - 21);
        else
            gpuref_sb_printf(b, " invalid_target_%u", t);   /* reserved: LLVM 22's spelling */
        for (int i = 0; i < 4; i++) {
            gpuref_sb_printf(b, "%s", i ? ", " : " ");
            if ((in->f[RDNA4_FLD_EN] >> i) & 1)
                gpuref_sb_printf(b, "v%u", in->f[rdna4_exp_vsrc[i]]);
            else
                gpuref_sb_printf(b, "off");
        }
        if (in->f[RDNA4_FLD_DONE])
            gpuref_sb_printf(b, " done");
        if (in->f[RDNA4_FLD_ROW])
            gpuref_sb_printf(b, " row_en");
        break;
    }
    default:
        return gpuref_errf(err, GPUREF_ERR_DECODE, "cannot print format %d", in->fmt);
    }
    if (sb.n >= len)
        return gpuref_errf(err, GPUREF_ERR_ARG, "disassembly buffer too small (%zu bytes)", len);
    buf[sb.n] = '\0';
    return GPUREF_OK;
}

int rdna4_isa_decode(const uint32_t *w, size_t avail, gpuref_insn_info *info, char *err)
{
    rdna4_insn in;
    int st = rdna4_decode(w, avail, &in, err);
    if (st)
        return st;
    info->nwords = in.nwords;
    info->opcode = in.row;
    info->mnemonic = rdna4_rows[in.row].name;
    info->form = rdna4_fmts[in.fmt].name;
    return GPUREF_OK;
}

int rdna4_isa_disasm(const uint32_t *w, size_t avail, uint64_t pc, char *buf, size_t len,
                  unsigned *nwords, char *err)
{
    rdna4_insn in;
    int st = rdna4_decode(w, avail, &in, err);
    if (st)
        return st;
    *nwords = in.nwords;
    return rdna4_format(&in, pc, buf, len, err);
}
