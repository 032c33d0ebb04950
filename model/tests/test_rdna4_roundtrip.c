/* test_rdna4_roundtrip.c - the RDNA4 description checked mechanically.
 *
 * For every opcode row of every format (model/rdna4/rdna4.def), random legal
 * words are built field by field from the row's operand list, and
 *   encode(decode(w)) == w        (decode keeps every bit)
 *   asm(disasm(w)) == w           (the text keeps every bit)
 *   decode(w with one DWORD missing) fails as truncated
 * Then illegal words are rejected: every opcode number without a row, reserved
 * bits, reserved operand codes, misaligned SGPR pairs, operand modifiers an opcode
 * does not support.  Also: no two rows share an encoding, every scalar row has an
 * exec function, and ~100 vector/memory text <-> words pairs agree with llvm-mc 22
 * (model/tests/llvm_rdna4.sh checks the scalar formats against llvm-mc itself).
 * Deterministic (fixed seed).  Ends with one line "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rdna4/rdna4.h"
#include "testutil.h"

/* one check; its message names the step, the row or case, the words */
static void result(int ok, const char *what, const char *name, const uint32_t *w, unsigned n,
                   const char *detail)
{
    char words[200] = "";
    size_t len = 0;
    if (!ok)
        for (unsigned i = 0; i < n && len + 12 < sizeof words; i++)
            len += (size_t)snprintf(words + len, sizeof words - len, " 0x%08x", w[i]);
    tu_check(ok, "%s %s:%s: %s", what, name, words, detail);
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) { return (uint32_t)(tu_xorshift(&rng) >> 16); }
static uint32_t pick(const uint32_t *v, size_t n) { return v[rnd() % n]; }
#define PICK(a) pick(a, sizeof a / sizeof a[0])

/* Scalar register codes usable as an n-DWORD operand. */
static uint32_t sreg(unsigned n, int dst)
{
    for (;;) {
        uint32_t c = rnd() % 128;
        if (n >= 2 && (c & 1))
            continue;
        if (n >= 2 && (c == RDNA4_M0 || c == RDNA4_VCC_HI || c == RDNA4_EXEC_HI))
            continue;
        (void)dst;
        return c;
    }
}

static uint32_t ssrc(int type, unsigned flags, int vgpr, uint32_t *lit, int *has_lit)
{
    static const uint32_t special[] = { 235, 236, 237, 238, 240, 241, 242, 243, 244, 245, 246,
                                        247, 248, 253 };
    unsigned n = rdna4_type_dwords(type) > 1 ? 2 : 1;
    if (flags & RDNA4_REGSRC)
        for (;;) {
            uint32_t c = sreg(n, 0);
            if (c < RDNA4_NULL)
                return c;
        }
    if (flags & RDNA4_BARID)
        return 128 + rnd() % 81;
    switch (rnd() % (vgpr ? 6 : 5)) {
    case 0: case 1:
        return sreg(n, 0);
    case 2:
        return 128 + rnd() % 81;
    case 3:
        return PICK(special);
    case 4:
        if (!*has_lit) {
            *has_lit = 1;
            *lit = rnd() % 4 ? rnd() : rnd() % 80;
        }
        return RDNA4_LIT_SRC;
    default:
        return 256 + rnd() % 256;
    }
}

static uint32_t field_max(int fmt, int fld)
{
    unsigned hi, lo;
    if (!rdna4_field_pos(fmt, fld, &hi, &lo))
        return 0;
    return hi - lo + 1 >= 32 ? 0xffffffffu : (1u << (hi - lo + 1)) - 1;
}

static void rand_field(rdna4_insn *in, int fld)
{
    in->f[fld] = rnd() & field_max(in->fmt, fld);
}

/* Fill the operand fields of row r. */
static void fill_operands(rdna4_insn *in, const rdna4_row *r, uint32_t *lit, int *has_lit)
{
    for (int i = 0; i < RDNA4_MAXOPD && r->o[i].kind != RDNA4_K_NONE; i++) {
        const rdna4_opd *o = &r->o[i];
        unsigned n = rdna4_type_dwords(o->type);
        uint32_t *f = &in->f[o->fld];
        switch (o->kind) {
        case RDNA4_K_SDST: case RDNA4_K_SDSTSRC: case RDNA4_K_SDSTV: case RDNA4_K_SDST7:
            *f = sreg(o->type == RDNA4_T_MASK ? 1 : n, 1);
            break;
        case RDNA4_K_SSRC:
            *f = ssrc(o->type, r->flags, 0, lit, has_lit);
            break;
        case RDNA4_K_VSRC: {
            /* operand classes (README: decisions E16): VGPR-only or scalar-only slots */
            int slot = o->fld == RDNA4_FLD_SRC0 ? 0 : o->fld == RDNA4_FLD_SRC1 ? 1 :
                       o->fld == RDNA4_FLD_SRC2 ? 2 : -1;
            if (slot >= 0 && (r->flags & (RDNA4_VGPR0 << slot))) {
                *f = 256 + (rnd() & 0xff);
                break;
            }
            int had = *has_lit;
            for (int k = 0; k < 100; k++) {
                *has_lit = had;
                *f = ssrc(o->type, r->flags, 1, lit, has_lit);
                if (!rdna4_src_class_error(r, slot, *f))
                    break;
            }
            break;
        }
        case RDNA4_K_VDST: case RDNA4_K_VGPR:
            *f = rnd() & field_max(in->fmt, o->fld);
            break;
        case RDNA4_K_LIT:
            *has_lit = 1;
            *lit = rnd();
            break;
        case RDNA4_K_MSGRTN: {
            static const uint32_t m[] = { 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x87, 0xff };
            *f = PICK(m);
            break;
        }
        case RDNA4_K_SIMM_MSG: {
            static const uint32_t m[] = { 1, 2, 3, 9 };
            *f = PICK(m);
            break;
        }
        case RDNA4_K_SIMM_WAITCNT:
            *f = rnd() & 0xfff7u;
            break;
        case RDNA4_K_SIMM_DEPCTR:
            *f = rnd() & (rnd() % 2 ? 0xff9fu : 0xffffu);
            break;
        case RDNA4_K_SIMM_DELAY:
            *f = rnd() % 3 ? ((rnd() % 12) | (rnd() % 6) << 4 | (rnd() % 12) << 7) : rnd() & 0xffff;
            break;
        case RDNA4_K_SIMM_HEX: case RDNA4_K_SIMM_INL: case RDNA4_K_SIMM_OPT: case RDNA4_K_SIMM_BR:
        case RDNA4_K_SIMM_HWREG: case RDNA4_K_SIMM_VER:
            *f = rnd() % 4 ? rnd() & 0xffff : rnd() % 80;
            break;
        case RDNA4_K_SM_SDATA:
            if (rnd() % 5 == 0)
                *f = RDNA4_NULL;
            else
                *f = (rnd() % 124) & (n > 2 ? ~3u : n == 2 ? ~1u : ~0u);
            break;
        case RDNA4_K_SM_SBASE:
            *f = rnd() % 64;
            if (n == 4)
                *f = (*f & ~1u) % 62;
            break;
        case RDNA4_K_SM_OFF:
            in->f[RDNA4_FLD_SOFFSET] = rnd() % 128;
            *f = rnd() & 0xffffff;
            break;
        case RDNA4_K_SM_IOFF:
            *f = rnd() & 0xffffff;
            break;
        case RDNA4_K_SM_SOFF:
            *f = rnd() % 128;
            break;
        case RDNA4_K_SM_LEN:
            *f = rnd() % 128;
            break;
        case RDNA4_K_MLOAD: case RDNA4_K_MSTORE: case RDNA4_K_MATOMIC:
            *f = rnd() & 0xff;
            break;
        case RDNA4_K_ATTR:
            *f = rnd() % 64;
            in->f[RDNA4_FLD_ATTR_CHAN] = rnd() % 4;
            break;
        default:
            break;
        }
    }
}

/* Format-level fields (modifiers, addresses) with their constraints. */
static void fill_format(rdna4_insn *in, const rdna4_row *r)
{
    uint32_t *f = in->f;
    switch (in->fmt) {
    case RDNA4_FMT_SMEM:
        if (r->o[0].kind == RDNA4_K_SM_SDATA || r->o[0].kind == RDNA4_K_SM_SBASE) {
            rand_field(in, RDNA4_FLD_TH);
            rand_field(in, RDNA4_FLD_SCOPE);
        }
        break;
    case RDNA4_FMT_VOP3:
        rand_field(in, RDNA4_FLD_ABS);
        if (r->flags & RDNA4_OPSEL)
            rand_field(in, RDNA4_FLD_OPSEL);
        if (!(r->flags & RDNA4_NOCLAMP))
            rand_field(in, RDNA4_FLD_CM);
        rand_field(in, RDNA4_FLD_OMOD);
        rand_field(in, RDNA4_FLD_NEG);
        if (r->flags & RDNA4_CMPX)
            f[RDNA4_FLD_VDST] = RDNA4_EXEC_LO;
        if (r->flags & RDNA4_NOMODS)
            f[RDNA4_FLD_ABS] = f[RDNA4_FLD_NEG] = f[RDNA4_FLD_OMOD] = f[RDNA4_FLD_CM] = 0;
        f[RDNA4_FLD_ABS] &= rdna4_mods_allowed(r, 1);
        f[RDNA4_FLD_NEG] &= rdna4_mods_allowed(r, 0);
        if (r->flags & RDNA4_NOOMOD)
            f[RDNA4_FLD_OMOD] = 0;
        if ((r->flags & RDNA4_OPSEL3Z) || !(r->flags & RDNA4_OPSELD))
            f[RDNA4_FLD_OPSEL] &= 7u;
        if (rdna4_opsel_style(r) == 1)
            f[RDNA4_FLD_OPSEL] &= 12u;
        else if (rdna4_opsel_style(r))
            f[RDNA4_FLD_OPSEL] &= 3u;
        break;
    case RDNA4_FMT_VOP3SD:
        if (!(r->flags & RDNA4_NOCLAMP))
            rand_field(in, RDNA4_FLD_CM);
        rand_field(in, RDNA4_FLD_OMOD);
        rand_field(in, RDNA4_FLD_NEG);
        f[RDNA4_FLD_NEG] &= rdna4_mods_allowed(r, 0);
        if (r->flags & RDNA4_NOOMOD)
            f[RDNA4_FLD_OMOD] = 0;
        break;
    case RDNA4_FMT_VOP3P:
        rand_field(in, RDNA4_FLD_NEG_HI);
        rand_field(in, RDNA4_FLD_OPSEL);
        rand_field(in, RDNA4_FLD_OPSEL_HI2);
        if (!(r->flags & RDNA4_NOCLAMP))
            rand_field(in, RDNA4_FLD_CM);
        rand_field(in, RDNA4_FLD_OPSEL_HI);
        rand_field(in, RDNA4_FLD_NEG);
        if (r->flags & (RDNA4_NOOPSEL | RDNA4_OPSELHI1)) {   /* README: decisions E15 */
            f[RDNA4_FLD_OPSEL_HI] = 3;
            f[RDNA4_FLD_OPSEL_HI2] = 1;
            if (r->flags & RDNA4_NOOPSEL)
                f[RDNA4_FLD_OPSEL] = 0;
        }
        break;
    case RDNA4_FMT_VINTERP:
        rand_field(in, RDNA4_FLD_WAITEXP);
        if (r->flags & RDNA4_OPSEL)
            rand_field(in, RDNA4_FLD_OPSEL);
        if (!(r->flags & RDNA4_NOCLAMP))
            rand_field(in, RDNA4_FLD_CM);
        rand_field(in, RDNA4_FLD_NEG);
        f[RDNA4_FLD_NEG] &= rdna4_mods_allowed(r, 0);
        break;
    case RDNA4_FMT_VDSDIR:
        rand_field(in, RDNA4_FLD_WAIT_VA);
        rand_field(in, RDNA4_FLD_WAIT_VMVSRC);
        break;
    case RDNA4_FMT_VDS:
        if (r->o[0].kind != RDNA4_K_NONE) {          /* ds_nop has no offset */
            rand_field(in, RDNA4_FLD_OFFSET0);
            rand_field(in, RDNA4_FLD_OFFSET1);
        }
        if (!strcmp(r->name, "ds_swizzle_b32") && rnd() % 2) {
            /* canonical macro forms: QUAD_PERM, BITMASK_PERM, ROTATE, FFT */
            static const uint32_t sw[] = { 0x80e4, 0x801b, 0x041f, 0x001f, 0x0c1f, 0x0010,
                                           0x00fe, 0x1c1c, 0xc000, 0xc420, 0xc7e0, 0xe000,
                                           0xe01f, 0x0000 };
            uint32_t v = PICK(sw);
            f[RDNA4_FLD_OFFSET0] = v & 0xff;
            f[RDNA4_FLD_OFFSET1] = v >> 8;
        }
        break;
    case RDNA4_FMT_VBUFFER:
        f[RDNA4_FLD_SOFFSET] = rnd() % 126;
        rand_field(in, RDNA4_FLD_TFE);
        f[RDNA4_FLD_RSRC] = (rnd() % 31) * 4;
        rand_field(in, RDNA4_FLD_SCOPE);
        rand_field(in, RDNA4_FLD_TH);
        if (!strncmp(r->name, "tbuffer_", 8))
            rand_field(in, RDNA4_FLD_FORMAT);
        else
            f[RDNA4_FLD_FORMAT] = 1;          /* untyped: LLVM's encoding (README E2) */
        rand_field(in, RDNA4_FLD_OFFEN);
        rand_field(in, RDNA4_FLD_IDXEN);
        if (f[RDNA4_FLD_OFFEN] || f[RDNA4_FLD_IDXEN])
            rand_field(in, RDNA4_FLD_VADDR);
        f[RDNA4_FLD_IOFFSET] = rnd() & 0x7fffff;
        f[RDNA4_FLD_VDATA] = rnd() & 0xff;
        break;
    case RDNA4_FMT_VIMAGE: case RDNA4_FMT_VSAMPLE:
        rand_field(in, RDNA4_FLD_DIM);
        rand_field(in, RDNA4_FLD_R128);
        rand_field(in, RDNA4_FLD_D16);
        rand_field(in, RDNA4_FLD_A16);
        f[RDNA4_FLD_DMASK] = 1 + rnd() % 15;
        f[RDNA4_FLD_VDATA] = rnd() & 0xff;
        f[RDNA4_FLD_RSRC] = (rnd() % 31) * 4;
        rand_field(in, RDNA4_FLD_SCOPE);
        rand_field(in, RDNA4_FLD_TH);
        rand_field(in, RDNA4_FLD_TFE);
        rand_field(in, RDNA4_FLD_VADDR0);
        rand_field(in, RDNA4_FLD_VADDR1);
        rand_field(in, RDNA4_FLD_VADDR2);
        rand_field(in, RDNA4_FLD_VADDR3);
        if (in->fmt == RDNA4_FMT_VIMAGE) {
            rand_field(in, RDNA4_FLD_VADDR4);
        } else {
            rand_field(in, RDNA4_FLD_UNRM);
            rand_field(in, RDNA4_FLD_LWE);
            f[RDNA4_FLD_SAMP] = (rnd() % 31) * 4;
        }
        break;
    case RDNA4_FMT_VFLAT: case RDNA4_FMT_VGLOBAL: case RDNA4_FMT_VSCRATCH: {
        rand_field(in, RDNA4_FLD_SCOPE);
        rand_field(in, RDNA4_FLD_TH);
        f[RDNA4_FLD_SADDR] = RDNA4_NULL;
        if (!(r->flags & RDNA4_NOADDR)) {
            if (in->fmt == RDNA4_FMT_VGLOBAL && rnd() % 2)
                f[RDNA4_FLD_SADDR] = (rnd() % 61) * 2;
            if (in->fmt == RDNA4_FMT_VSCRATCH && rnd() % 2)
                f[RDNA4_FLD_SADDR] = rnd() % 124;
            if (in->fmt == RDNA4_FMT_VSCRATCH)
                rand_field(in, RDNA4_FLD_SVE);
            if (!(r->flags & RDNA4_ADDTID))
                rand_field(in, RDNA4_FLD_VADDR);
            f[RDNA4_FLD_IOFFSET] = rnd() & 0xffffff;
        }
        if (r->o[0].kind == RDNA4_K_MATOMIC && !(f[RDNA4_FLD_TH] & 1))
            f[RDNA4_FLD_VDST] = 0;
        break;
    }
    case RDNA4_FMT_VEXPORT:
        rand_field(in, RDNA4_FLD_EN);
        rand_field(in, RDNA4_FLD_TARGET);
        rand_field(in, RDNA4_FLD_DONE);
        rand_field(in, RDNA4_FLD_ROW);
        for (int i = 0; i < 4; i++)
            if ((f[RDNA4_FLD_EN] >> i) & 1)
                f[rdna4_exp_vsrc[i]] = rnd() & 0xff;
        {
            static const uint32_t tg[] = { 0, 1, 5, 7, 8, 12, 13, 16, 20, 21, 22, 40 };
            f[RDNA4_FLD_TARGET] = PICK(tg);
        }
        break;
    default:
        break;
    }
}

static int dpp_ok(int fmt)
{
    return fmt == RDNA4_FMT_VOP1 || fmt == RDNA4_FMT_VOP2 || fmt == RDNA4_FMT_VOPC ||
           fmt == RDNA4_FMT_VOP3 || fmt == RDNA4_FMT_VOP3SD || fmt == RDNA4_FMT_VOP3P;
}

/* One random candidate word for row `row` (VOPD: X row and a random Y row). */
static void build(unsigned row, rdna4_insn *in)
{
    const rdna4_row *r = &rdna4_rows[row];
    uint32_t lit = 0;
    int has_lit = 0;
    memset(in, 0, sizeof *in);
    in->row = (uint16_t)row;
    in->fmt = r->fmt;
    if (r->fmt == RDNA4_FMT_VOPDX || r->fmt == RDNA4_FMT_VOPDY) {
        unsigned other;
        do
            other = rnd() % RDNA4_NROWS;
        while (rdna4_rows[other].fmt != (r->fmt == RDNA4_FMT_VOPDX ? RDNA4_FMT_VOPDY : RDNA4_FMT_VOPDX));
        unsigned x = r->fmt == RDNA4_FMT_VOPDX ? row : other, y = r->fmt == RDNA4_FMT_VOPDX ? other : row;
        in->fmt = RDNA4_FMT_VOPD;
        in->row = (uint16_t)x;
        in->rowy = (uint16_t)y;
        in->f[RDNA4_FLD_OPX] = rdna4_rows[x].op;
        in->f[RDNA4_FLD_OPY] = rdna4_rows[y].op;
        fill_operands(in, &rdna4_rows[x], &lit, &has_lit);
        fill_operands(in, &rdna4_rows[y], &lit, &has_lit);
        in->f[RDNA4_FLD_VDSTY] &= 0x7f;
    } else {
        if (rdna4_fmts[r->fmt].op_fld)
            in->f[rdna4_fmts[r->fmt].op_fld] = r->op;
        fill_operands(in, r, &lit, &has_lit);
        fill_format(in, r);
    }
    if (has_lit) {
        in->has_lit = 1;
        in->lit = lit;
    }
    /* sometimes DPP instead of a literal */
    if (!has_lit && dpp_ok(in->fmt) && !(r->flags & RDNA4_NODPP) && r->o[1].kind != RDNA4_K_NONE &&
        rnd() % 4 == 0) {
        for (int i = 0; i < RDNA4_MAXOPD; i++)
            if (r->o[i].kind == RDNA4_K_VSRC && r->o[i].fld == RDNA4_FLD_SRC0) {
                uint32_t d = rnd() % 3;
                in->f[RDNA4_FLD_SRC0] = d == 0 ? 250 : d == 1 ? 233 : 234;
                in->dpp = (uint8_t)(d == 0 ? 1 : d == 1 ? 2 : 3);
                in->dpp_src0 = rnd() & 0xff;
                if (in->dpp == 1) {
                    static const uint32_t ctl[] = { 0x00, 0x1b, 0xe4, 0x101, 0x10f, 0x111,
                                                    0x11f, 0x121, 0x12f, 0x140, 0x141, 0x150,
                                                    0x15f, 0x160, 0x16f };
                    in->f[RDNA4_FLD_DPP_CTRL] = PICK(ctl);
                    in->f[RDNA4_FLD_FI] = rnd() & 1;
                    in->f[RDNA4_FLD_BC] = rnd() & 1;
                    in->f[RDNA4_FLD_ROW_MASK] = rnd() & 15;
                    in->f[RDNA4_FLD_BANK_MASK] = rnd() & 15;
                    if ((in->fmt == RDNA4_FMT_VOP1 || in->fmt == RDNA4_FMT_VOP2 ||
                         in->fmt == RDNA4_FMT_VOPC) && !(r->flags & RDNA4_NOMODS)) {
                        unsigned mn = rdna4_mods_allowed(r, 0), ma = rdna4_mods_allowed(r, 1);
                        in->f[RDNA4_FLD_SRC0_NEG] = rnd() & mn & 1;
                        in->f[RDNA4_FLD_SRC0_ABS] = rnd() & ma & 1;
                        in->f[RDNA4_FLD_SRC1_NEG] = rnd() & (mn >> 1) & 1;
                        in->f[RDNA4_FLD_SRC1_ABS] = rnd() & (ma >> 1) & 1;
                    }
                } else {
                    for (int k = 0; k < 8; k++)
                        in->f[RDNA4_FLD_LANE_SEL0 + k] = rnd() & 7;
                }
            }
    }
}

static void roundtrip(void)
{
    char err[GPUREF_ERRLEN], text[512];
    unsigned rows_ok = 0;
    for (unsigned row = 0; row < RDNA4_NROWS; row++) {
        const rdna4_row *r = &rdna4_rows[row];
        int good = 0;
        tu_test("row %s: up to 12 legal random words: decode, encode, disassemble, assemble, truncate", r->name);
        for (int attempt = 0; attempt < 400 && good < 12; attempt++) {
            rdna4_insn in, d;
            build(row, &in);
            if (rdna4_encode(&in, err))
                continue;
            if (rdna4_decode(in.w, in.nwords, &d, err))
                continue;              /* the generator made an illegal word: try again */
            good++;
            /* encode(decode(w)) == w */
            rdna4_insn e = d;
            int ok = rdna4_encode(&e, err) == 0 && e.nwords == in.nwords &&
                     memcmp(e.w, in.w, sizeof(uint32_t) * in.nwords) == 0;
            result(ok, "encode(decode)", r->name, in.w, in.nwords, err);
            /* asm(disasm(w)) == w */
            if (rdna4_format(&d, 0, text, sizeof text, err)) {
                result(0, "disasm", r->name, in.w, in.nwords, err);
                continue;
            }
            uint32_t *w2 = NULL;
            size_t n2 = 0;
            gpuref_diag dg = { 0, 0, 0, "" };
            int st = gpuref_isa_rdna4.assemble(text, 0, &w2, &n2, &dg);
            char detail[1024];
            if (st) {
                snprintf(detail, sizeof detail, "'%s': %s (col %u)", text, dg.msg, dg.col);
                result(0, "asm(disasm)", r->name, in.w, in.nwords, detail);
            } else {
                ok = n2 == in.nwords && memcmp(w2, in.w, sizeof(uint32_t) * n2) == 0;
                snprintf(detail, sizeof detail, "'%s' assembles to %zu words 0x%08x 0x%08x 0x%08x",
                         text, n2, n2 > 0 ? w2[0] : 0, n2 > 1 ? w2[1] : 0, n2 > 2 ? w2[2] : 0);
                result(ok, "asm(disasm)", r->name, in.w, in.nwords, detail);
                free(w2);
            }
            /* one DWORD short: truncated */
            if (in.nwords > 1) {
                st = rdna4_decode(in.w, in.nwords - 1u, &d, err);
                result(st == GPUREF_ERR_DECODE, "truncated", r->name, in.w, in.nwords - 1u,
                       "decoded");
            }
        }
        if (good == 0)
            result(0, "generate", r->name, NULL, 0, "no legal word found");
        else
            rows_ok++;
    }
    printf("rows with legal words: %u of %u\n", rows_ok, (unsigned)RDNA4_NROWS);
}

/* Every opcode number without a row is illegal; so are reserved bits and codes. */
static void illegal(void)
{
    char err[GPUREF_ERRLEN];
    static const int fmts[] = { RDNA4_FMT_SOP2, RDNA4_FMT_SOPK, RDNA4_FMT_SOP1, RDNA4_FMT_SOPC,
                                RDNA4_FMT_SOPP, RDNA4_FMT_SMEM, RDNA4_FMT_VOP2, RDNA4_FMT_VOP1,
                                RDNA4_FMT_VOPC, RDNA4_FMT_VOP3, RDNA4_FMT_VOP3P, RDNA4_FMT_VINTERP,
                                RDNA4_FMT_VDSDIR, RDNA4_FMT_VDS, RDNA4_FMT_VBUFFER, RDNA4_FMT_VIMAGE,
                                RDNA4_FMT_VSAMPLE, RDNA4_FMT_VFLAT, RDNA4_FMT_VGLOBAL, RDNA4_FMT_VSCRATCH };
    static char seen[RDNA4_NFMT][1024];
    for (unsigned row = 0; row < RDNA4_NROWS; row++)
        seen[rdna4_rows[row].fmt][rdna4_rows[row].op] = 1;
    for (size_t k = 0; k < sizeof fmts / sizeof fmts[0]; k++) {
        int fmt = fmts[k];
        uint32_t maxop = field_max(fmt, RDNA4_FLD_OP);
        unsigned bad = 0, tried = 0;
        for (uint32_t op = 0; op <= maxop; op++) {
            if (seen[fmt][op] || (fmt == RDNA4_FMT_VOP3 && seen[RDNA4_FMT_VOP3SD][op]))
                continue;
            rdna4_insn in;
            memset(&in, 0, sizeof in);
            in.fmt = (uint8_t)fmt;
            in.f[RDNA4_FLD_OP] = op;
            if (rdna4_encode(&in, err))
                continue;
            uint32_t w[4] = { in.w[0], in.w[1], in.w[2], 0 };
            rdna4_insn d;
            tried++;
            /* the word may identify as another format (e.g. VOP2 op 62/63): fine, as
             * long as it does not decode as this format's unknown opcode */
            if (rdna4_decode(w, 4, &d, err) == GPUREF_OK && d.fmt == fmt)
                bad++;
        }
        char detail[64];
        snprintf(detail, sizeof detail, "%u of %u unassigned opcodes decode", bad, tried);
        result(bad == 0, "unassigned opcodes", rdna4_fmts[fmt].name, NULL, 0, detail);
    }
    /* reserved bits / codes / alignment */
    static const struct { uint32_t w[3]; unsigned n; const char *what; } bad[] = {
        { { 0xf4082002, 0xf8000010 }, 2, "SMEM reserved bit 19" },
        { { 0xf4002002, 0xf9000010 }, 2, "SMEM reserved bit 56" },
        { { 0xbe8000fe }, 1, "source code 254 (reserved)" },
        { { 0xbe8000d1 }, 1, "source code 209 (reserved)" },
        { { 0xbe8000e6 }, 1, "source code 230 (LLVM's src_flat_scratch_base_lo)" },
        { { 0xbe8001fb }, 1, "source code 251 (LLVM's src_vccz)" },
        { { 0xbe830104 }, 1, "s_mov_b64 odd destination" },
        { { 0xbe82017d }, 1, "s_mov_b64 from m0" },
        { { 0xbe804c01 }, 1, "s_sendmsg_rtn_b32 with a non-RTN message" },
        { { 0xbfb60005 }, 1, "s_sendmsg with a reserved message" },
        { { 0xbe804e02 }, 1, "s_barrier_signal s2" },
        { { 0xbe8540f2 }, 1, "s_movrels_b32 from a constant" },
        { { 0xbf8a0001 }, 1, "s_wait_idle with a nonzero SIMM16" },
        { { 0xbe804705 }, 1, "s_getpc_b64 with a nonzero SSRC0" },
        { { 0xf4020201, 0xf8000000 }, 2, "s_buffer_load with an odd SBASE" },
        { { 0xf402007e, 0xf8000000 }, 2, "s_buffer_load with NULL as V#" },
        { { 0xf4004a42, 0xf8000000 }, 2, "s_load_b128 into a misaligned SDATA" },
        { { 0xf4001f42, 0xf8000000 }, 2, "s_load_b32 into M0" },
        { { 0xd4910002, 0x00020501 }, 2, "v_cmpx_e64 with VDST != EXEC_LO" },
        { { 0xd4115804, 0x00020501 }, 2, "v_cmp_lt_f32_e64 with OPSEL (32-bit, Table 35)" },
        { { 0xd5250001, 0x20020501 }, 2, "v_add_nc_u32_e64 with NEG (integer source)" },
        { { 0xd8500010, 0x00000000 }, 2, "ds_nop with an offset" },
        { { 0xc4050000, 0x00000000, 0x00000000 }, 3, "buffer_load_b32 with FORMAT 0 (must be 1)" },
        { { 0xc4050000, 0x01000000, 0x00000000 }, 3, "buffer_load_b32 with FORMAT 2 (must be 1)" },
        /* operand classes (README: decisions E16; llvm-mc 22 prints each of these with
         * "Invalid register, operand has 'VGPR_32' / 'SReg_32' register class") */
        { { 0x7e028602 }, 1, "v_movrels_b32_e32 v1, s2 (VGPR source only, Table 40)" },
        { { 0x7e028881 }, 1, "v_movrelsd_b32_e32 v1, 1 (VGPR source only)" },
        { { 0x7e029002 }, 1, "v_movrelsd_2_b32_e32 v1, s2 (VGPR source only)" },
        { { 0xd5c30001, 0x00000002 }, 2, "v_movrels_b32_e64 v1, s2 (VGPR source only)" },
        { { 0x7e02d002 }, 1, "v_swaprel_b32 v1, s2 (swaps two VGPRs, L851)" },
        { { 0x7e02ca02 }, 1, "v_swap_b32 v1, s2 (swaps two VGPRs, L851)" },
        { { 0x7e02cc02 }, 1, "v_swap_b16 v1.l, s2 (swaps two VGPRs, L851)" },
        { { 0x7e020402 }, 1, "v_readfirstlane_b32 s1, s2 (vgpr#, Table 36 L2740)" },
        { { 0x7e0204ff, 0x12345678 }, 2, "v_readfirstlane_b32 s1, literal" },
        { { 0xd7600001, 0x00020702 }, 2, "v_readlane_b32 s1, v2, v3 (lane select SGPR/M0/inline)" },
        { { 0xd7600001, 0x0001ff02, 0x00000011 }, 3, "v_readlane_b32 with a literal lane select" },
        { { 0xd7600001, 0x00000602 }, 2, "v_readlane_b32 s1, s2, s3 (vgpr#)" },
        { { 0xd7610001, 0x00000702 }, 2, "v_writelane_b32 v1, v2, s3 (SGPR/constant/M0 data)" },
        { { 0xd65b0001, 0x00100602 }, 2, "v_permlane16_b32 v1, s2, s3, s4 (first source a VGPR)" },
        { { 0xd65b0001, 0x00120702 }, 2, "v_permlane16_b32 v1, v2, v3, s4 (scalar lane selects)" },
        { { 0xd65c0001, 0x04100702 }, 2, "v_permlanex16_b32 v1, v2, s3, v4 (scalar lane selects)" },
        { { 0xd70f0001, 0x00000702 }, 2, "v_permlane16_var_b32 v1, v2, s3 (both VGPRs, L22048)" },
        { { 0xd7100001, 0x00020602 }, 2, "v_permlanex16_var_b32 v1, s2, v3 (both VGPRs)" },
        { { 0xcd000001, 0x04120602 }, 2, "v_interp_p10_f32 v1, s2, v3, v4 (VGPRs only, Table 105)" },
        { { 0xcd000001, 0x04100702 }, 2, "v_interp_p10_f32 v1, v2, s3, v4 (VGPRs only)" },
        { { 0xcd010001, 0x03ca0702 }, 2, "v_interp_p2_f32 v1, v2, v3, 1.0 (VGPRs only)" },
        /* modifiers llvm-mc 22 rejects (README: decisions E15, E17) */
        { { 0xd6208001, 0x04120702 }, 2, "v_med3_i32 with clamp" },
        { { 0xd61b8001, 0x04120702 }, 2, "v_min3_u32 with clamp" },
        { { 0xd50c8001, 0x00020702 }, 2, "v_mul_hi_u32_u24_e64 with clamp" },
        { { 0xd72d8001, 0x00020702 }, 2, "v_mul_hi_u32 with clamp" },
        { { 0xd6860001, 0x000000fa, 0xff00e402 }, 3, "v_s_rsq_f32 with DPP16" },
        { { 0x780206fa, 0xff00e402 }, 2, "v_pk_fmac_f16 with DPP16" },
        { { 0xcc404800, 0x1c021908 }, 2, "v_wmma_f32_16x16x16_f16 with OPSEL" },
        { { 0xcc400000, 0x04021908 }, 2, "v_wmma_f32_16x16x16_f16 with OPSEL_HI 0" },
        { { 0xcc500000, 0x04521908 }, 2, "v_swmmac_f32_16x16x32_f16 with OPSEL_HI 0" },
        { { 0xcc164801, 0x1c120702 }, 2, "v_dot4_i32_iu8 with OPSEL" },
        { { 0xcc194001, 0x14120702 }, 2, "v_dot8_u32_u4 with OPSEL_HI [0,1,1]" },
        { { 0xcc506000, 0x1c521908 }, 2, "v_swmmac_f32_16x16x32_f16 with OPSEL[2]" },
        { { 0xcc0f0001, 0x18020702 }, 2, "v_pk_add_f16 with OPSEL_HI[2] = 0 (no third source)" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rdna4_insn d;
        int st = rdna4_decode(bad[i].w, bad[i].n, &d, err);
        result(st == GPUREF_ERR_DECODE, "illegal", bad[i].what, bad[i].w, bad[i].n,
               st ? err : "decoded");
    }
}

/* Text <-> words pairs that llvm-mc 22 (-mcpu=gfx1200 -mattr=+real-true16) produces
 * identically: one or two per vector/memory format family (sampled from the legal
 * words above), plus swizzle/format/TH/true16/byte_sel/export forms. */
static void llvm_text(void)
{
    static const struct { uint32_t w[3]; unsigned n; const char *text; } tab[] = {
        { { 0xc407006f, 0x80ac40ed, 0x7fb392fd }, 3,
          "buffer_store_b96 v[237:239], v253, s[32:35], ttmp3 idxen offset:8369042"
          " th:TH_STORE_HT scope:SCOPE_SYS" },
        { { 0xc4034067, 0x8098e05f, 0x6b0b90fc }, 3,
          "buffer_store_d16_format_xy v95, v252, ttmp[4:7], s103 idxen offset:7015312"
          " th:TH_STORE_NT scope:SCOPE_DEV" },
        { { 0xce9b0080 }, 1, "ds_direct_load v128 wait_va_vdst:11 wait_vm_vsrc:1" },
        { { 0xce83b8df }, 1, "ds_param_load v223, attr46.x wait_va_vdst:3 wait_vm_vsrc:1" },
        { { 0xd8304577, 0x000319c4 }, 2, "ds_mskor_b32 v196, v25, v3 offset:17783" },
        { { 0xd9e06a2a, 0xb2000096 }, 2,
          "ds_load_2addr_stride64_b64 v[178:181], v150 offset0:42 offset1:106" },
        { { 0xf8002012, 0x00007c00 }, 2, "export mrt1 off, v124, off, off row_en" },
        { { 0xf8002051, 0x000000ca }, 2, "export mrt5 v202, off, off, off row_en" },
        { { 0xec05007c, 0x001800b8, 0x541aa8f7 }, 3,
          "flat_load_b32 v184, v[247:248] offset:5511848 th:TH_LOAD_NT scope:SCOPE_DEV" },
        { { 0xec13007c, 0x7ab80034, 0x79464d49 }, 3,
          "flat_atomic_inc_u64 v[52:53], v[73:74], v[245:246] offset:7947853"
          " th:TH_ATOMIC_NT_RETURN scope:SCOPE_DEV" },
        { { 0xee08807c, 0x000c00c6, 0x7807d4f5 }, 3,
          "global_load_d16_hi_i8 v198, v[245:246], off offset:7866324 scope:SCOPE_SYS" },
        { { 0xee04c07c, 0x0014008e, 0xefc41113 }, 3,
          "global_load_i16 v142, v[19:20], off offset:-1063919 th:TH_LOAD_NT scope:SCOPE_SE" },
        { { 0xe4478023, 0x0c5440d6, 0x272dabd7 }, 3,
          "image_sample_b v214, [v215, v171, v45, v39], s[32:39], s[24:27] dmask:0x1"
          " dim:SQ_RSRC_IMG_CUBE th:TH_LOAD_RT_NT scope:SCOPE_SE d16" },
        { { 0xe5c94026, 0x0854880d, 0x9318aa63 }, 3,
          "image_sample_o v[13:14], [v99, v170, v24, v147], s[68:75], s[16:19] dmask:0x7"
          " dim:SQ_RSRC_IMG_2D_MSAA th:TH_LOAD_RT_NT scope:SCOPE_SE d16" },
        { { 0xed084001, 0x0016004c, 0x09b03ab9 }, 3,
          "scratch_load_d16_hi_u8 v76, v185, s1 offset:634938 th:TH_LOAD_NT scope:SCOPE_SE" },
        { { 0xed04807c, 0x002e0006, 0x98817534 }, 3,
          "scratch_load_u16 v6, v52, off offset:-6782603 th:TH_LOAD_HT scope:SCOPE_SYS" },
        { { 0xc421c065, 0x0ab830c3, 0x2e9e9900 }, 3,
          "tbuffer_store_format_xyzw v[195:198], off, s[24:27], s101"
          " format:[BUF_FMT_32_SINT] offset:3055257 th:TH_STORE_WB scope:SCOPE_DEV" },
        { { 0xc4208044, 0x73c498ab, 0x17c8c6df }, 3,
          "tbuffer_load_format_xyz v[171:173], v223, s[76:79], s68 format:103 offen"
          " offset:1558726 th:TH_LOAD_NT_RT scope:SCOPE_SE" },
        { { 0x7f82afb9 }, 1, "v_log_f16_e32 v65.h, v57.h" },
        { { 0x25c0b8a6 }, 1, "v_max_i32_e32 v224, 38, v92" },
        { { 0xd70780fa, 0x6001e7b5 }, 2, "v_cvt_pk_u16_f32 v250, -v181, neg(-1.0) clamp" },
        { { 0x7f0a0eff, 0x67325ba0 }, 2, "v_cvt_u32_f32_e32 v133, 0x67325ba0" },
        { { 0xd6380248, 0xbbfc5091, 0x41d08eca }, 3,
          "v_div_fmas_f64 v[72:73], neg(17), |s[40:41]|, neg(0x41d08eca) div:2" },
        { { 0xcc136d10, 0x903dfef5, 0xcc7093d0 }, 3,
          "v_dot2_f32_f16 v16, -2.0, 0xcc7093d0, s15 op_sel:[1,0,1] op_sel_hi:[0,1,1]"
          " neg_lo:[0,0,1] neg_hi:[1,0,1]" },
        { { 0x17f374fa, 0x02011f80 }, 2,
          "v_mul_u32_u24_dpp v249, v128, v186 row_shr:15 row_mask:0x0 bank_mask:0x2" },
        { { 0x7f1c74fa, 0x3805014c }, 2,
          "v_ctz_i32_b32_dpp v142, v76 row_shl:1 row_mask:0x3 bank_mask:0x8 fi:1" },
        { { 0xd721016b, 0x6001ecfa, 0xf10c1b16 }, 3,
          "v_cvt_pk_norm_i16_f32_e64_dpp v107, -|v22|, neg(4.0) quad_perm:[3,2,1,0]"
          " row_mask:0xf bank_mask:0x1 bound_ctrl:1 fi:1" },
        { { 0xd5d20135, 0x200000fa, 0x410ce455 }, 3,
          "v_cvt_u16_f16_e64_dpp v53.l, -|v85.l| quad_perm:[0,1,2,3] row_mask:0x4"
          " bank_mask:0x1 bound_ctrl:1 fi:1" },
        { { 0x105b68e9, 0x8ed94365 }, 2, "v_mul_f32_dpp v45, v101, v180 dpp8:[3,0,5,4,5,5,3,4]" },
        { { 0x7f8602ea, 0x4595e6ac }, 2, "v_mov_b32_dpp v195, v172 dpp8:[6,4,7,2,1,3,1,2] fi:1" },
        { { 0xd51c0057, 0x00032ce9, 0xaa49039b }, 3,
          "v_or_b32_e64_dpp v87, v155, v150 dpp8:[3,0,4,4,4,4,2,5]" },
        { { 0xd64400a4, 0x0180c8e9, 0xe1192d27 }, 3,
          "v_perm_b32_e64_dpp v164, v39, s100, s96 dpp8:[5,5,4,4,1,2,0,7]" },
        /* VOP3P DPP forms (README P6), the words llvm-mc 22 gives these texts */
        { { 0xcc220200, 0x3c0e04fa, 0x5a0d0101 }, 3,
          "v_fma_mixhi_f16_e64_dpp v0, -v1, |v2|, v3 op_sel_hi:[1,1,0] row_shl:1 row_mask:0x5"
          " bank_mask:0xa bound_ctrl:1 fi:1" },
        { { 0xcc134000, 0x1c0e04fa, 0xff00b101 }, 3,
          "v_dot2_f32_f16_e64_dpp v0, v1, v2, v3 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf" },
        { { 0xcc244000, 0x1c0e04ea, 0xde54c101 }, 3,
          "v_dot4_f32_fp8_bf8_e64_dpp v0, v1, v2, v3 dpp8:[1,0,3,2,5,4,7,6] fi:1" },
        { { 0xd51b0079, 0x00022657 }, 2, "v_and_b32_e64 v121, s87, v19" },
        { { 0xd5880171, 0x0000000e }, 2, "v_cvt_i32_f32_e64 v113, |s14|" },
        { { 0xd598813d, 0x100000ff, 0x2058c7d2 }, 3,
          "v_ceil_f64_e64 v[61:62], |0x2058c7d2| clamp mul:4" },
        { { 0xd51100e1, 0x0000a0ff, 0xaada43fc }, 3, "v_min_i32_e64 v225, 0xaada43fc, s80" },
        { { 0x7cb4ee9b }, 1, "v_cmp_eq_u64_e32 vcc_lo, 27, v[119:120]" },
        { { 0x7c291c6e }, 1, "v_cmp_gt_f32_e32 vcc_lo, ttmp2, v142" },
        { { 0x7c5838ff, 0xb2fedba5 }, 2, "v_cmp_nle_f64_e32 vcc_lo, 0xb2fedba5, v[28:29]" },
        { { 0x7c3b3eff, 0x0000004e }, 2, "v_cmp_neq_f32_e32 vcc_lo, 0x4e, v159" },
        { { 0x7c9c02fa, 0xe9091f2a }, 2,
          "v_cmp_ge_u32 vcc_lo, v42, v1 row_shr:15 row_mask:0xe bank_mask:0x9 bound_ctrl:1" },
        { { 0x7c23defa, 0x341521c0 }, 2,
          "v_cmp_lt_f32 vcc_lo, -v192, v239 row_ror:1 row_mask:0x3 bank_mask:0x4 fi:1" },
        { { 0xd4078259, 0x20008cfa, 0x00080055 }, 3,
          "v_cmp_o_f16_e64_dpp s89, -v85.l, |s70| clamp quad_perm:[0,0,0,0] row_mask:0x0"
          " bank_mask:0x0 bound_ctrl:1" },
        { { 0xd4120011, 0x000010fa, 0x6a010102 }, 3,
          "v_cmp_eq_f32_e64_dpp s17, v2, s8 row_shl:1 row_mask:0x6 bank_mask:0xa" },
        { { 0x7c3012e9, 0x41644bdd }, 2, "v_cmp_u_f32 vcc_lo, v221, v9 dpp8:[3,1,1,2,6,2,0,2]" },
        { { 0x7c0ff6ea, 0xb4b3d52d }, 2,
          "v_cmp_o_f16 vcc_lo, v45.l, v123.h dpp8:[5,2,7,1,3,1,5,5] fi:1" },
        { { 0xd4440027, 0x0000beea, 0x0fd82b3c }, 3,
          "v_cmp_gt_i32_e64_dpp s39, v60, s95 dpp8:[3,5,0,4,5,7,3,0] fi:1" },
        { { 0xd449004a, 0x0001eaea, 0x4e708c97 }, 3,
          "v_cmp_lt_u32_e64_dpp s74, v151, -2.0 dpp8:[4,1,2,0,7,4,3,2] fi:1" },
        { { 0xd40a9a56, 0x2001e43f }, 2,
          "v_cmp_nlg_f16_e64 s86, -s63, |1.0| op_sel:[1,1,0] clamp" },
        { { 0xd44c0005, 0x0000fb1e }, 2, "v_cmp_gt_u32_e64 s5, v30, m0" },
        { { 0xd4168212, 0x40003cff, 0x6f4241d6 }, 3,
          "v_cmp_ge_f32_e64 s18, 0x6f4241d6, -|s30| clamp" },
        { { 0xd45b0037, 0x0001feb4, 0x46f119fd }, 3, "v_cmp_le_u64_e64 s55, 52, 0x46f119fd" },
        { { 0x7d479078 }, 1, "v_cmpx_le_f64_e32 ttmp[12:13], v[200:201]" },
        { { 0x7da7ae72 }, 1, "v_cmpx_le_i64_e32 ttmp[6:7], v[215:216]" },
        { { 0x7da3c4ff, 0xa5842ae3 }, 2, "v_cmpx_lt_i64_e32 0xa5842ae3, v[226:227]" },
        { { 0x7d854eff, 0x00000038 }, 2, "v_cmpx_eq_i32_e32 lit(0x38), v167" },
        { { 0x7d3cf6fa, 0x9bace4fa }, 2,
          "v_cmpx_nlt_f32 |v250|, |v123| quad_perm:[0,1,2,3] row_mask:0x9 bank_mask:0xb"
          " bound_ctrl:1 fi:1" },
        { { 0x7d2ed2fa, 0x7d1d418a }, 2,
          "v_cmpx_o_f32 -v138, v105 row_half_mirror row_mask:0x7 bank_mask:0xd"
          " bound_ctrl:1 fi:1" },
        { { 0xd4cc007e, 0x000108fa, 0x440550c4 }, 3,
          "v_cmpx_gt_u32_e64_dpp v196, 4 row_share:0 row_mask:0x4 bank_mask:0x4 fi:1" },
        { { 0xd4ce007e, 0x00016efa, 0x960960ae }, 3,
          "v_cmpx_ge_u32_e64_dpp v174, 55 row_xmask:0 row_mask:0x9 bank_mask:0x6"
          " bound_ctrl:1" },
        { { 0x7d2b70ea, 0x134faff3 }, 2, "v_cmpx_lg_f32 v243, v184 dpp8:[7,5,6,7,4,6,4,0] fi:1" },
        { { 0x7d1bd6e9, 0x0092ecb0 }, 2, "v_cmpx_neq_f16 v48.h, v107.h dpp8:[4,5,3,1,1,1,0,0]" },
        { { 0xd4c2007e, 0x000196e9, 0xe7424635 }, 3,
          "v_cmpx_eq_i32_e64_dpp v53, -11 dpp8:[6,0,1,1,4,6,1,7]" },
        { { 0xd4ca007e, 0x000204ea, 0x31d3ab7d }, 3,
          "v_cmpx_eq_u32_e64_dpp v125, v2 dpp8:[3,5,6,1,5,3,4,1] fi:1" },
        { { 0xd4db007e, 0x0001a0f1 }, 2, "v_cmpx_le_u64_e64 -0.5, -16" },
        { { 0xd4de007e, 0x000074af }, 2, "v_cmpx_ge_u64_e64 47, s[58:59]" },
        { { 0xd4ab017e, 0x0001fe7a, 0x1cb5673d }, 3,
          "v_cmpx_ngt_f64_e64 |ttmp[14:15]|, 0x1cb5673d" },
        { { 0xd498827e, 0x000250ff, 0xfc6e11a5 }, 3, "v_cmpx_u_f32_e64 0xfc6e11a5, |v40| clamp" },
        /* (VSRC1 v60 -> v61 and v154 -> v155 below: the earlier pairs had both VSRC1 in
         * one VGPR bank, which llvm-mc's assembler rejects; README decision Q2) */
        { { 0xc81a38fd, 0xc2967af7 }, 2,
          "v_dual_fmac_f32 v194, src_scc, v28 :: v_dual_dot2acc_f32_bf16 v151, -4.0, v61" },
        { { 0xca00004b, 0x1550e805 }, 2,
          "v_dual_mov_b32 v21, s75 :: v_dual_fmac_f32 v80, s5, v116" },
        { { 0xc9570cff, 0x2a6f3675, 0x00000019 }, 3,
          "v_dual_sub_f32 v42, lit(0x19), v134 :: v_dual_min_num_f32 v111, ttmp9, v155" },
        { { 0xca14007d, 0xc8ae0aff, 0x0000001a }, 3,
          "v_dual_mov_b32 v200, m0 :: v_dual_max_num_f32 v175, lit(0x1a), v5" },
        { { 0x783764ec }, 1, "v_pk_fmac_f16 v27, src_shared_limit, v178" },
        { { 0x78361af8 }, 1, "v_pk_fmac_f16 v27, 0.15915494, v13" },
        { { 0xcc0743f5, 0x0001e915 }, 2,
          "v_pk_max_i16 v245, v21, 2.0 op_sel_hi:[0,0] neg_hi:[1,1]" },
        { { 0xcc1bca6e, 0x3000f637 }, 2,
          "v_pk_min_num_f16 v110, s55, ttmp15 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0]"
          " neg_hi:[0,1] clamp" },
        { { 0xcc002f84, 0x2a8874ff, 0xb1372ce4 }, 3,
          "v_pk_mad_i16 v132, 0xb1372ce4, s58, 34 op_sel:[1,0,1] op_sel_hi:[1,0,0]"
          " neg_lo:[1,0,0] neg_hi:[1,1,1]" },
        { { 0xcc0e48f3, 0xd3d856ff, 0xe082812f }, 3,
          "v_pk_fma_f16 v243, 0xe082812f, s43, 4.0 op_sel:[1,0,0] op_sel_hi:[0,1,1]"
          " neg_lo:[0,1,1]" },
        { { 0xd8d480e4, 0x01000002 }, 2,
          "ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2,3)" },
        { { 0xd8d40906, 0x01000002 }, 2,
          "ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,\"01pi0\")" },
        { { 0xd8d4401f, 0x01000002 }, 2, "ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,16)" },
        { { 0xd8d41c1f, 0x01000002 }, 2, "ds_swizzle_b32 v1, v2 offset:swizzle(REVERSE,8)" },
        { { 0xd8d4003c, 0x01000002 }, 2, "ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,4,1)" },
        { { 0xd8d4c4a0, 0x01000002 }, 2, "ds_swizzle_b32 v1, v2 offset:swizzle(ROTATE,1,5)" },
        { { 0xd8d4e003, 0x01000002 }, 2, "ds_swizzle_b32 v1, v2 offset:swizzle(FFT,3)" },
        { { 0xc4200000, 0x0b000000, 0x00000000 }, 3,
          "tbuffer_load_format_x v0, off, s[0:3], s0 format:[BUF_FMT_32_FLOAT]" },
        { { 0xc4214005, 0x47800802, 0x00001001 }, 3,
          "tbuffer_store_format_xy v[2:3], v1, s[4:7], s5 format:[BUF_FMT_8_8_SNORM] offen"
          " offset:16" },
        { { 0xee040018, 0x00280084, 0x0001003c }, 3,
          "global_load_u8 v132, v60, s[24:25] offset:256 th:TH_LOAD_HT scope:SCOPE_DEV" },
        { { 0xee0d407c, 0x02100001, 0x00000002 }, 3,
          "global_atomic_add_u32 v1, v[2:3], v4, off th:TH_ATOMIC_RETURN" },
        { { 0xed068003, 0x00bc0000, 0xfffff000 }, 3,
          "scratch_store_b32 off, v1, s3 offset:-16 th:TH_STORE_BYPASS scope:SCOPE_SYS" },
        { { 0x650b0501 }, 1, "v_add_f16_e32 v5.h, v1.l, v2.h" },
        { { 0xd5325005, 0x00020501 }, 2, "v_add_f16_e64 v5.h, v1.l, v2.h op_sel:[0,1,1]" },
        { { 0x7e021782 }, 1, "v_cvt_f32_f16_e32 v1, v2.h" },
        { { 0xd76c6018, 0x00020501 }, 2, "v_cvt_sr_bf8_f32 v24, v1, v2 byte_sel:3" },
        { { 0xd5ec1001, 0x00000103 }, 2, "v_cvt_f32_fp8_e64 v1, v3 byte_sel:1" },
        { { 0xd65b1801, 0x00100702 }, 2, "v_permlane16_b32 v1, v2, s3, s4 op_sel:[1,1]" },
        { { 0x7c6378ff, 0x00003800 }, 2, "v_cmp_lt_i16_e32 vcc_lo, 0x3800, v60.h" },
        { { 0x7c2334fa, 0xf0296fe2 }, 2,
          "v_cmp_lt_f32 vcc_lo, |v226|, v154 row_xmask:15 row_mask:0xf bank_mask:0x0"
          " bound_ctrl:1" },
        { { 0x7848e357 }, 1, "v_pk_fmac_f16 v36, v87, v113" },
        { { 0x7cfa4a22 }, 1, "v_cmp_class_f16_e32 vcc_lo, s34, v37.l" },
        { { 0xd6484805, 0x040c0501 }, 2, "v_fma_f16 v5.h, v1.h, s2, v3.l op_sel:[1,0,0,1]" },
        { { 0xc9060702, 0x01040d05 }, 2, "v_dual_add_f32 v1, v2, v3 :: v_dual_mul_f32 v4, v5, v6" },
        { { 0xf800080b, 0x04000201 }, 2, "export mrt0 v1, v2, off, v4 done" },
        /* issue-9 syntax items, as llvm-mc 22 prints and encodes them */
        { { 0xca500702, 0x01040105 }, 2, "v_dual_cndmask_b32 v1, v2, v3 :: v_dual_mov_b32 v4, v5" },
        { { 0xca120105, 0x04000702 }, 2, "v_dual_mov_b32 v4, v5 :: v_dual_cndmask_b32 v1, v2, v3" },
        { { 0xcc0f4001, 0x00020702 }, 2, "v_pk_add_f16 v1, v2, v3 op_sel_hi:[0,0]" },
        { { 0xcc0f4801, 0x10020702 }, 2, "v_pk_add_f16 v1, v2, v3 op_sel:[1,0] op_sel_hi:[0,1]" },
        { { 0xcc134001, 0x0c120702 }, 2, "v_dot2_f32_f16 v1, v2, v3, v4 op_sel_hi:[1,0,1]" },
        { { 0xd63d0000, 0x041a0902 }, 2, "v_mqsad_u32_u8 v[0:3], v[2:3], v4, v[6:9]" },
        { { 0xd63b0000, 0x041a0902 }, 2, "v_mqsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]" },
        { { 0xd65b0001, 0x00100702 }, 2, "v_permlane16_b32 v1, v2, s3, s4" },
        { { 0x7e028702 }, 1, "v_movrels_b32_e32 v1, v2" },
        { { 0xcc504800, 0x1c521908 }, 2,
          "v_swmmac_f32_16x16x32_f16 v[0:7], v[8:11], v[12:19], v20 index_key:1" },
        { { 0xcc544800, 0x1c521908 }, 2,
          "v_swmmac_i32_16x16x32_iu8 v[0:7], v[8:9], v[12:15], v20 index_key:1" },
    };
    char err[GPUREF_ERRLEN], text[512];
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++) {
        rdna4_insn d;
        int ok = rdna4_decode(tab[i].w, tab[i].n, &d, err) == GPUREF_OK &&
                 rdna4_format(&d, 0, text, sizeof text, err) == GPUREF_OK &&
                 strcmp(text, tab[i].text) == 0;
        result(ok, "llvm disasm", tab[i].text, tab[i].w, tab[i].n, ok ? "" : text);
        uint32_t *w = NULL;
        size_t n = 0;
        gpuref_diag dg = { 0, 0, 0, "" };
        int st = gpuref_isa_rdna4.assemble(tab[i].text, 0, &w, &n, &dg);
        ok = st == GPUREF_OK && n == tab[i].n && memcmp(w, tab[i].w, n * 4) == 0;
        result(ok, "llvm asm", tab[i].text, tab[i].w, tab[i].n, st ? dg.msg : "different words");
        free(w);
    }
}

/* Alias mnemonics give the canonical words; lane masks that do not fit the wave size
 * and sources of the wrong class are located errors (README: decisions E16, "Alias
 * names", "Wave size"; each pair checked against llvm-mc 22). */
static void asm_facts(void)
{
    static const struct { const char *text; uint32_t w[3]; unsigned n; } ok[] = {
        { "s_ff1_i32_b32 s1, s2", { 0xbe810802 }, 1 },        /* = s_ctz_i32_b32 */
        { "s_flbit_i32_b32 s1, s2", { 0xbe810a02 }, 1 },      /* = s_clz_i32_u32 */
        { "s_flbit_i32 s1, s2", { 0xbe810c02 }, 1 },          /* = s_cls_i32 */
        { "s_flbit_i32_i64 s1, s[2:3]", { 0xbe810d02 }, 1 },  /* = s_cls_i32_i64 */
        { "v_max_f32_e64 v1, v2, v3", { 0xd5160001, 0x00020702 }, 2 },
        { "exp mrt0 v1, v2, v3, v4", { 0xf800000f, 0x04030201 }, 2 },
        { "v_sub_co_u32 v5, s12, v1, v2", { 0xd7010c05, 0x00020501 }, 2 },
        { ".wave64\nv_sub_co_u32 v5, s[12:13], v1, v2", { 0xd7010c05, 0x00020501 }, 2 },
        { ".wave64\nv_cndmask_b32 v1, v2, v3, vcc", { 0x02020702 }, 1 },
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        uint32_t *w = NULL;
        size_t n = 0;
        gpuref_diag dg = { 0, 0, 0, "" };
        int st = gpuref_isa_rdna4.assemble(ok[i].text, 0, &w, &n, &dg);
        int good = st == GPUREF_OK && n == ok[i].n && memcmp(w, ok[i].w, n * 4) == 0;
        result(good, "asm", ok[i].text, ok[i].w, ok[i].n, st ? dg.msg : "different words");
        free(w);
    }
    static const struct { const char *text; unsigned line, col; } bad[] = {
        { "v_sub_co_u32 v5, s[12:13], v1, v2", 1, 18 },    /* wave32: one SGPR */
        { "v_cndmask_b32 v1, v2, v3, vcc", 1, 27 },
        { ".wave64\nv_cmp_eq_u32_e64 s0, v1, v2", 2, 18 },
        { "v_movrels_b32 v1, s2", 1, 19 },
        { "s_nop 0\nv_readlane_b32 s1, v2, v3", 2, 24 },
        { "v_interp_p10_f32 v1, v2, s3, v4", 1, 26 },
        { "v_mqsad_pk_u16_u8 v[0:1], v2, v4, v[6:7]", 1, 27 },
        { "v_dual_cndmask_b32 v1, v2, v3, vcc_lo :: v_dual_mov_b32 v4, v5", 1, 32 },
        { ".wave16\ns_nop 0", 1, 1 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t *w = NULL;
        size_t n = 0;
        gpuref_diag dg = { 0, 0, 0, "" };
        int st = gpuref_isa_rdna4.assemble(bad[i].text, 0, &w, &n, &dg);
        char detail[300];
        snprintf(detail, sizeof detail, "status %d at %u:%u: %s", st, dg.line, dg.col, dg.msg);
        result(st == GPUREF_ERR_ASM && dg.line == bad[i].line && dg.col == bad[i].col,
               "asm error", bad[i].text, NULL, 0, detail);
        free(w);
    }
}

/* No two rows may claim the same (format, opcode); scalar rows execute. */
static void description(void)
{
    static unsigned owner[RDNA4_NFMT][1024];
    unsigned dup = 0, noexec = 0;
    for (unsigned row = 0; row < RDNA4_NROWS; row++) {
        const rdna4_row *r = &rdna4_rows[row];
        if (owner[r->fmt][r->op])
            dup++;
        owner[r->fmt][r->op] = row + 1;
        if (r->fmt == RDNA4_FMT_VOP3SD && owner[RDNA4_FMT_VOP3][r->op])
            dup++;
        int scalar = r->fmt == RDNA4_FMT_SOP1 || r->fmt == RDNA4_FMT_SOP2 || r->fmt == RDNA4_FMT_SOPC ||
                     r->fmt == RDNA4_FMT_SOPK || r->fmt == RDNA4_FMT_SOPP || r->fmt == RDNA4_FMT_SMEM;
        if (scalar && !rdna4_exec_of(row)) {
            noexec++;
            printf("no exec function: %s\n", r->name);
        }
    }
    result(dup == 0, "description", "overlapping encodings", NULL, 0, "duplicate opcodes");
    result(noexec == 0, "description", "scalar rows without exec", NULL, 0, "see above");
}

/* RDNA4_RT_DUMP=N: print N legal words per row ("row<TAB>words<TAB>text") and exit */
static int dump(int n)
{
    char err[GPUREF_ERRLEN], text[512];
    for (unsigned row = 0; row < RDNA4_NROWS; row++)
        for (int k = 0, tries = 0; k < n && tries < 400; tries++) {
            rdna4_insn in, d;
            build(row, &in);
            if (rdna4_encode(&in, err) || rdna4_decode(in.w, in.nwords, &d, err) ||
                rdna4_format(&d, 0, text, sizeof text, err))
                continue;
            printf("%s\t", rdna4_rows[row].name);
            for (unsigned i = 0; i < in.nwords; i++)
                printf("%s0x%08x", i ? " " : "", in.w[i]);
            printf("\t%s\n", text);
            k++;
        }
    return 0;
}

int main(void)
{
    const char *dumpn = getenv("RDNA4_RT_DUMP");
    if (dumpn)
        return dump(atoi(dumpn));
    tu_group("description");
    description();
    roundtrip();
    tu_group("illegal");
    illegal();
    tu_group("llvm text");
    llvm_text();
    tu_group("asm facts");
    asm_facts();
    return tu_finish();
}
