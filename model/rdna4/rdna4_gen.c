/* rdna4_gen.c - the RDNA4 random generator (the gen hook of gpuref_isa_rdna4;
 * the ISA-neutral part is core/gen.c).  Every row of SOP1, SOP2, SOPC, SOPK, SOPP
 * and SMEM that the model executes, every VALU row it executes (VOP1, VOP2, VOPC,
 * VOP3, VOP3SD, VOP3P, VINTERP, VOPD, WMMA/SWMMAC; DPP16/DPP8 forms; "vector ALU"
 * below) and memory-traffic constructs; fields are set per operand kind of the
 * row (rdna4.def), encoded with rdna4_encode, checked with rdna4_decode and
 * printed with rdna4_format.  Tests with a VALU row are wave32 or wave64.
 *
 * Operands: a pool of 6 SGPR pairs of s0-s87 per test (64-bit operands use a
 * pair), vcc/m0/exec/null as sources, inline integer and float constants, one
 * literal (about a quarter of values special), SCC.  s88-s91 hold a buffer
 * resource / base address of a 256-byte block of random memory for SMEM;
 * s96-s103 hold values aimed at 64-bit input bins.
 *
 * Constraints (so that every program terminates and is legal):
 *  - control flow is forward only: a compare then s_branch / s_cbranch_* over
 *    1-4 instructions; s_call_b64 the same way; s_setpc_b64, s_swappc_b64 and
 *    s_rfe_b64 jump forward to an address built by s_getpc_b64 + s_add_co_u32
 *    (a literal patched with the distance) + s_add_co_ci_u32, or given as a
 *    literal / inline constant (programs load at 0); the program ends
 *    with s_endpgm, after at most one of the rows that end a wave (s_code_end,
 *    s_endpgm_saved, s_alloc_vgpr, s_sendmsghalt, s_setkill 1, s_sethalt 1);
 *    elsewhere s_setkill/s_sethalt have bit 0 clear;
 *  - s_movrel*: M0 is set just before (even for the 64-bit forms, whose
 *    operands are even pairs); indexes out of range are defined;
 *  - SMEM: destination aligned inside s0-s87, IOFFSET >= 0 (negative
 *    IOFFSET + SOFFSET is illegal for S_LOAD), message and barrier ids legal;
 *  - s_sleep / s_sleep_var sleep little. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna4.h"

enum { IT_BRANCH = RDNA4_NROWS, IT_VMEM, IT_LDS, IT_BARRIER, IT_EXEC, IT_MODE, IT_DPP16, IT_DPP8,
       IT_NPICK,                                /* items after it weigh kinds, not items */
       IT_K_LOAD = IT_NPICK, IT_K_STORE, IT_K_ATOMIC, IT_K_BUFFER, IT_K_SCRATCH, IT_K_USE,
       IT_K_ADDTID, IT_K_CACHE, IT_K_ATOMIC_INT, IT_K_FLAT, IT_K_BUFFER_U, IT_KEEP_BASE, NITEMS };
#define NKINDS (IT_KEEP_BASE - IT_K_LOAD)

/* --mix groups of a row: its format, its unit, the ISA */
#define RDNA4_G_SOP1    "sop1 salu scalar rdna4"
#define RDNA4_G_SOP2    "sop2 salu scalar rdna4"
#define RDNA4_G_SOPC    "sopc salu scalar rdna4"
#define RDNA4_G_SOPK    "sopk salu scalar rdna4"
#define RDNA4_G_SOPP    "sopp salu scalar rdna4"
#define RDNA4_G_SMEM    "smem scalar rdna4"
#define RDNA4_G_VOP1    "vop1 valu vector rdna4"
#define RDNA4_G_VOP2    "vop2 valu vector rdna4"
#define RDNA4_G_VOP3    "vop3 valu vector rdna4"
#define RDNA4_G_VOP3P   "vop3p valu vector rdna4"
#define RDNA4_G_VOP3SD  "vop3sd valu vector rdna4"
#define RDNA4_G_VOPC    "vopc valu vector rdna4"
#define RDNA4_G_VOPDX   "vopdx valu vector rdna4"
#define RDNA4_G_VOPDY   "vopdy valu vector rdna4"
#define RDNA4_G_VINTERP "vinterp valu vector rdna4"
#define RDNA4_G_VDS     "vds lds vector rdna4"
#define RDNA4_G_VDSDIR  "vdsdir lds vector rdna4"
#define RDNA4_G_VBUFFER "vbuffer vmem vector rdna4"
#define RDNA4_G_VFLAT   "vflat vmem vector rdna4"
#define RDNA4_G_VGLOBAL "vglobal vmem vector rdna4"
#define RDNA4_G_VSCRATCH "vscratch vmem vector rdna4"
#define RDNA4_G_VIMAGE  "vimage vmem vector rdna4"
#define RDNA4_G_VSAMPLE "vsample vmem vector rdna4"
#define RDNA4_G_VEXPORT "vexport export vector rdna4"

/* default weight of a row by format: the VALU rows (801, of which VOP3 and VOPC
 * are the most) weigh less, so that a default program is about 40 % VALU */
#define RDNA4_W_SOP1 10
#define RDNA4_W_SOP2 10
#define RDNA4_W_SOPC 10
#define RDNA4_W_SOPK 10
#define RDNA4_W_SOPP 10
#define RDNA4_W_SMEM 10
#define RDNA4_W_VOP1 4
#define RDNA4_W_VOP2 4
#define RDNA4_W_VOP3 2
#define RDNA4_W_VOP3P 4
#define RDNA4_W_VOP3SD 4
#define RDNA4_W_VOPC 2
#define RDNA4_W_VOPDX 4
#define RDNA4_W_VOPDY 4
#define RDNA4_W_VINTERP 4
#define RDNA4_W_VDS 10
#define RDNA4_W_VDSDIR 10
#define RDNA4_W_VBUFFER 10
#define RDNA4_W_VFLAT 10
#define RDNA4_W_VGLOBAL 10
#define RDNA4_W_VSCRATCH 10
#define RDNA4_W_VIMAGE 10
#define RDNA4_W_VSAMPLE 10
#define RDNA4_W_VEXPORT 10

static const gpuref_gen_item r4g_items[NITEMS] = {
#define RDNA4_OP(F, OP, N, X, FL, ...) { #N, RDNA4_G_##F, RDNA4_W_##F },
#include "rdna4.def"
#undef RDNA4_OP
    [IT_BRANCH] = { "branch", "construct control", 60 },
    /* memory traffic (README "Random programs with memory traffic") */
    [IT_VMEM]    = { "memtraffic.vmem", "memtraffic construct vmem vector rdna4", 240 },
    [IT_LDS]     = { "memtraffic.lds", "memtraffic construct lds vector rdna4", 160 },
    [IT_BARRIER] = { "memtraffic.barrier", "memtraffic construct barrier rdna4", 30 },
    /* vector ALU programs (README "Random programs with vector ALU"): only in
     * tests with a VALU row of weight > 0 */
    [IT_EXEC]  = { "valuctl.exec", "valuctl construct vector rdna4", 30 },
    [IT_MODE]  = { "valuctl.mode", "valuctl construct vector rdna4", 15 },
    [IT_DPP16] = { "dpp.dpp16", "dpp valu vector rdna4", 40 },
    [IT_DPP8]  = { "dpp.dpp8", "dpp valu vector rdna4", 20 },
    /* what one memtraffic.vmem construct is, by weight (README "Random programs
     * with memory traffic"); the kinds of default weight 0 are new and leave
     * the default programs as they were */
    [IT_K_LOAD]    = { "memtraffic.global_load", "memtraffic vmemkind global rdna4", 3 },
    [IT_K_STORE]   = { "memtraffic.global_store", "memtraffic vmemkind global rdna4", 2 },
    [IT_K_ATOMIC]  = { "memtraffic.global_atomic", "memtraffic vmemkind atomic rdna4", 2 },
    [IT_K_BUFFER]  = { "memtraffic.buffer", "memtraffic vmemkind rdna4", 2 },
    [IT_K_SCRATCH] = { "memtraffic.scratch", "memtraffic vmemkind rdna4", 1 },
    [IT_K_USE]     = { "memtraffic.global_use", "memtraffic vmemkind global rdna4", 0 },
    [IT_K_ADDTID]  = { "memtraffic.global_addtid", "memtraffic vmemkind global rdna4", 0 },
    [IT_K_CACHE]   = { "memtraffic.global_cache", "memtraffic vmemkind global rdna4", 0 },
    [IT_K_ATOMIC_INT] = { "memtraffic.global_atomic_int", "memtraffic vmemkind atomic rdna4", 0 },
    [IT_K_FLAT]    = { "memtraffic.flat", "memtraffic vmemkind rdna4", 0 },
    [IT_K_BUFFER_U] = { "memtraffic.buffer_untyped", "memtraffic vmemkind rdna4", 0 },
    /* > 0: the M0-indexed SGPR writes (S_MOVRELD, S_MOVRELSD_2) never land on the
     * address bases s88-s95, so that every access stays in the test's memory
     * block (a DUT whose data memory is a window of it faults outside) */
    [IT_KEEP_BASE] = { "memtraffic.keep_base", "memtraffic rdna4", 0 },
};

/* How a row is generated. */
enum { C_NO, C_PLAIN, C_MOVREL, C_CALL, C_JUMP, C_TERM, C_KILL, C_VALU, C_VMOVREL, C_VOPD };

enum { VF_S2VGPR = 4, VF_CBUS1 = 8, VF_MIX = 16, VF_MASK = 32,
       VF_WMMA = 64 };

#define VBASE  88u                 /* s88:91 the SMEM resource, s0-s87 the rest */
#define AIMED  96u                 /* s96:103 aimed 64-bit values */

typedef struct r4g {
    rdna4_names *names;             /* the assembler's mnemonic table (push_asm) */
    uint8_t cls[RDNA4_NROWS];       /* C_* */
    uint8_t vflags[RDNA4_NROWS];    /* VF_*: modifiers the model does not define, ... */
    uint8_t mods[RDNA4_NROWS];      /* rdna4_mods_allowed: NEG [2:0], ABS [5:3] */
    int     br[7];               /* s_branch, s_cbranch_scc0 ... s_cbranch_execnz rows */
    int     endpgm, mov32, getpc, addu, addci, sopc[64];
    unsigned nsopc;
    int     setreg_imm, round_mode, denorm_mode;
    uint16_t vopdx[32], vopdy[32];  /* VOPD X and Y rows */
    unsigned nvopdx, nvopdy;
} r4g;

#define REF_ABS (-2)                 /* the literal: the label's address */
#define REF_INL (-3)                 /* SSRC0: the inline constant of it */

typedef struct gitem {
    rdna4_insn in;
    int     target;              /* label: of a branch (SIMM16), or of the literal */
    int     ref;                 /* >= 0: the literal is the distance from the pc
                                    s_getpc_b64 item `ref` returns to the label;
                                    REF_ABS, REF_INL: see emit_jump */
} gitem;

/* The row weights of a test as a core weighted table (gpuref_wtab) with its room. */
typedef struct cumw {
    gpuref_wtab t;
    uint64_t    cum[RDNA4_NROWS];
    uint16_t    idx[RDNA4_NROWS];
} cumw;

typedef struct gt {
    gpuref_genctx *x;
    r4g           *G;
    gpuref_rng    *r;
    gitem         *v;
    size_t         n, cap;
    int           *label;        /* item index of each label */
    unsigned       nlabels;
    size_t         caplabels;
    uint8_t        pool[6];      /* even SGPRs: pairs (p, p+1) */
    uint32_t       tgt[4][2];    /* values of the aimed pairs s96:97 ... s102:103 */
    uint8_t        ntgt;
    uint8_t        nmem;         /* aimed words used at the end of the SMEM block */
    uint32_t       memv[8];
    int            term;         /* the row that ends the wave, -1: s_endpgm */
    const gpuref_cov_bin *termbin;   /* the hole it is aimed at, or NULL */
    unsigned       depth;
    unsigned       w[NITEMS];
    cumw           rows;         /* w[0 .. RDNA4_NROWS-1] */
    int            fail;
    unsigned       nwaves;       /* waves=N of the test (memory traffic: 1, 2 or 4) */
    char           bad[480];     /* a memory construct that did not assemble */
    int            valu;         /* a VALU row has weight > 0: VGPR pool, EXEC, MODE */
    int            wave64;       /* the test runs in wave64 (config wave=64) */
    unsigned       vbase;        /* the VGPR pool v[vbase : vbase + VPOOL - 1] */
    uint16_t       vopdx[32], vopdy[32];   /* the VOPD halves of weight > 0: a pair's other half */
    unsigned       nvopdx, nvopdy;
} gt;

/* gpuref_gx_pick(t->r, t->w, RDNA4_NROWS) */
static int pick_row(gt *t)
{
    return gpuref_wtab_pick(&t->rows.t, t->r);
}

/* gpuref_gx_pick(t->r, t->w, NITEMS): a row or a construct (branch, memory) */
static int pick_item(gt *t)
{
    uint64_t sum = t->rows.t.sum;
    for (unsigned i = IT_BRANCH; i < IT_NPICK; i++)
        sum += t->w[i];
    if (!sum)
        return -1;
    uint64_t x = gpuref_gx_draw(t->r, sum);
    if (x < t->rows.t.sum)
        return gpuref_wtab_find(&t->rows.t, x);
    x -= t->rows.t.sum;
    for (unsigned i = IT_BRANCH; i < IT_NPICK; i++) {
        if (x < t->w[i])
            return (int)i;
        x -= t->w[i];
    }
    return IT_BRANCH;
}

/* --------------------------------------------------------------- operands
 * Values aimed at value-class bins: gpuref_vc_example_int/_int64 and
 * gpuref_vc_draw_float (core/gen.c). */

static unsigned pool_reg(gt *t, int pair)
{
    unsigned p = t->pool[gpuref_rng_below(t->r, 6)];
    return pair ? p : p + gpuref_rng_below(t->r, 2);
}

/* A random scalar source code for an operand of the type; *lit gets a literal. */
static unsigned src_code(gt *t, int type, int *haslit, uint32_t *lit)
{
    int pair = rdna4_type_is64(type);
    unsigned k = gpuref_rng_below(t->r, 100);
    if (k < 55)
        return pool_reg(t, pair);
    if (k < 65) {
        static const uint8_t sp32[] = { RDNA4_VCC_LO, RDNA4_VCC_HI, RDNA4_M0, RDNA4_EXEC_LO, RDNA4_EXEC_HI,
                                        RDNA4_NULL };
        static const uint8_t sp64[] = { RDNA4_VCC_LO, RDNA4_EXEC_LO, RDNA4_NULL };
        return pair ? sp64[gpuref_rng_below(t->r, 3)] : sp32[gpuref_rng_below(t->r, 6)];
    }
    if (k < 80)
        return gpuref_rng_chance(t->r, 60) ? 128 + gpuref_rng_below(t->r, 65)
                                           : 193 + gpuref_rng_below(t->r, 16);
    if (k < 87 && (type == RDNA4_T_F32 || type == RDNA4_T_F16 || type == RDNA4_T_F64))
        return 240 + gpuref_rng_below(t->r, 9);
    if (k < 97 && !*haslit) {
        *haslit = 1;
        *lit = (uint32_t)gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
        return RDNA4_LIT_SRC;
    }
    if (k < 97)
        return RDNA4_LIT_SRC;               /* the same literal again */
    return RDNA4_SCC_SRC;
}

static int encode_ok(rdna4_insn *in)
{
    char err[GPUREF_ERRLEN];
    rdna4_insn d;
    if (rdna4_encode(in, err) != GPUREF_OK)
        return 0;
    return rdna4_decode(in->w, in->nwords, &d, err) == GPUREF_OK && d.row == in->row &&
           d.nwords == in->nwords;
}

/* SMEM destination of n DWORDs: aligned, inside s0-s87 (or null). */
static unsigned smem_dst(gt *t, unsigned n)
{
    if (gpuref_rng_chance(t->r, 5))
        return RDNA4_NULL;
    if (n <= 2)
        return pool_reg(t, n == 2);
    return 4u * gpuref_rng_below(t->r, (VBASE - n) / 4 + 1);
}

/* A random instruction of row op (fields by the row's operand kinds). */
static int draw(gt *t, unsigned op, rdna4_insn *in)
{
    const rdna4_row *r = &rdna4_rows[op];
    static const uint8_t msg[] = { 1, 2, 3, 9 };
    static const uint8_t msgrtn[] = { 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x87 };
    for (int tries = 0; tries < 32; tries++) {
        memset(in, 0, sizeof *in);
        in->row = (uint16_t)op;
        in->fmt = r->fmt;
        if (rdna4_fmts[r->fmt].op_fld)
            in->f[rdna4_fmts[r->fmt].op_fld] = r->op;
        int haslit = 0;
        uint32_t lit = 0;
        for (unsigned i = 0; i < RDNA4_MAXOPD; i++) {
            const rdna4_opd *o = &r->o[i];
            unsigned k = gpuref_rng_below(t->r, 100);
            switch (o->kind) {
            case RDNA4_K_NONE:
                break;
            case RDNA4_K_SDST:
                in->f[o->fld] = pool_reg(t, rdna4_type_is64(o->type));
                break;
            case RDNA4_K_SDSTSRC:                            /* s_setreg_b32 data */
                in->f[o->fld] = k < 85 ? pool_reg(t, 0) : k < 93 ? RDNA4_M0 : RDNA4_VCC_LO;
                break;
            case RDNA4_K_SSRC:
                if (r->flags & RDNA4_BARID)                 /* an integer inline constant */
                    in->f[o->fld] = r->o[0].kind == RDNA4_K_SDST && k < 10
                                    ? RDNA4_M0 : 128 + gpuref_rng_below(t->r, 81);
                else if (r->flags & RDNA4_REGSRC)           /* indexed: an SGPR (pair), TTMP */
                    in->f[o->fld] = k < 85 ? pool_reg(t, rdna4_type_is64(o->type))
                                    : RDNA4_TTMP0 + 2 * gpuref_rng_below(t->r, 8);
                else if (op == RDNA4_ROW_SOP1_s_sleep_var)  /* sleep little */
                    in->f[o->fld] = 128 + gpuref_rng_below(t->r, 4);
                else
                    in->f[o->fld] = src_code(t, o->type, &haslit, &lit);
                break;
            case RDNA4_K_MSGRTN:
                in->f[o->fld] = msgrtn[gpuref_rng_below(t->r, sizeof msgrtn)];
                break;
            case RDNA4_K_SIMM_MSG:
                in->f[o->fld] = msg[gpuref_rng_below(t->r, sizeof msg)];
                break;
            case RDNA4_K_SIMM_HEX: case RDNA4_K_SIMM_INL: case RDNA4_K_SIMM_OPT: case RDNA4_K_SIMM_HWREG:
            case RDNA4_K_SIMM_VER: case RDNA4_K_SIMM_DELAY: case RDNA4_K_SIMM_DEPCTR: case RDNA4_K_SIMM_WAITCNT:
                in->f[o->fld] = (uint32_t)gpuref_rng_value(t->r, 16, t->x->opts->special_pct);
                if (op == RDNA4_ROW_SOPP_s_sleep)
                    in->f[o->fld] &= 3;
                if (op == RDNA4_ROW_SOPP_s_setkill || op == RDNA4_ROW_SOPP_s_sethalt)
                    in->f[o->fld] &= ~1u;                /* not the end (see term) */
                break;
            case RDNA4_K_SIMM_BR:                            /* s_call_b64: set at layout */
                break;
            case RDNA4_K_LIT:
                haslit = 1;
                lit = (uint32_t)gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
                break;
            case RDNA4_K_SM_SDATA:
                in->f[o->fld] = smem_dst(t, rdna4_type_dwords(o->type));
                break;
            case RDNA4_K_SM_SBASE:                           /* field: pair number */
                if (k < 80)
                    in->f[o->fld] = VBASE / 2;
                else if (o->type == RDNA4_T_X4)
                    in->f[o->fld] = 2 * gpuref_rng_below(t->r, VBASE / 4);
                else
                    in->f[o->fld] = pool_reg(t, 1) / 2;
                break;
            case RDNA4_K_SM_OFF:                             /* IOFFSET >= 0, SOFFSET */
                in->f[RDNA4_FLD_SOFFSET] = RDNA4_NULL;
                if (k < 70)
                    in->f[RDNA4_FLD_IOFFSET] = gpuref_rng_chance(t->r, 80)
                                           ? 4 * gpuref_rng_below(t->r, 72)
                                           : gpuref_rng_below(t->r, 288);
                else if (k < 85)
                    in->f[RDNA4_FLD_IOFFSET] = (uint32_t)gpuref_rng_next(t->r) & 0x7fffffu;
                else {
                    in->f[RDNA4_FLD_IOFFSET] = gpuref_rng_below(t->r, 64);
                    in->f[RDNA4_FLD_SOFFSET] = gpuref_rng_chance(t->r, 80) ? pool_reg(t, 0) : RDNA4_M0;
                }
                break;
            case RDNA4_K_SM_IOFF:
                in->f[o->fld] = (uint32_t)gpuref_rng_next(t->r) & 0xffffffu;
                break;
            case RDNA4_K_SM_SOFF:
                in->f[o->fld] = gpuref_rng_chance(t->r, 50) ? RDNA4_NULL : pool_reg(t, 0);
                break;
            case RDNA4_K_SM_LEN:
                in->f[o->fld] = gpuref_rng_below(t->r, 128);
                break;
            default:
                return -1;
            }
        }
        in->has_lit = (uint8_t)haslit;
        in->lit = lit;
        if (encode_ok(in))
            return 0;
    }
    return -1;
}

/* ---------------------------------------------------------------- program */

static void push(gt *t, const rdna4_insn *in, int target, int ref)
{
    if (t->fail)
        return;
    if (gpuref_grow((void **)&t->v, &t->cap, t->n, sizeof *t->v, 256)) {
        t->fail = GPUREF_ERR_NOMEM;
        return;
    }
    t->v[t->n].in = *in;
    t->v[t->n].target = target;
    t->v[t->n].ref = ref;
    t->n++;
    t->x->ninsns++;
    /* An SMEM load's data are visible after s_wait_kmcnt (README "Deferred SMEM
     * loads"): reading them earlier is a race, so each load is waited for at once,
     * as a compiler does before a use. */
    const char *nm = rdna4_rows[in->row].name;
    if (in->fmt == RDNA4_FMT_SMEM && (!strncmp(nm, "s_load_", 7) || !strncmp(nm, "s_buffer_load_", 14))) {
        rdna4_insn w;
        memset(&w, 0, sizeof w);
        w.row = RDNA4_ROW_SOPP_s_wait_kmcnt;
        w.fmt = RDNA4_FMT_SOPP;
        w.f[rdna4_fmts[RDNA4_FMT_SOPP].op_fld] = rdna4_rows[w.row].op;
        if (encode_ok(&w))
            push(t, &w, -1, -1);
    }
}

static int new_label(gt *t)
{
    if (gpuref_grow((void **)&t->label, &t->caplabels, t->nlabels, sizeof *t->label, 64)) {
        t->fail = GPUREF_ERR_NOMEM;
        return 0;
    }
    t->label[t->nlabels] = -1;
    return (int)t->nlabels++;
}

static void emit_op(gt *t, unsigned op);
static void emit_valu(gt *t, unsigned op, int dpp);

/* rows without control flow of their own */
static int plain_cls(unsigned c)
{
    return c == C_PLAIN || c == C_VALU || c == C_VMOVREL || c == C_VOPD;
}

/* 1-4 random instructions, then the label */
static void skip_block(gt *t, int lab)
{
    unsigned k = 1 + gpuref_rng_below(t->r, 4);
    t->depth++;
    for (unsigned i = 0; i < k && !t->fail; i++) {
        int op = pick_row(t);
        for (int j = 0; j < 8 && op >= 0 && t->depth > 2 && !plain_cls(t->G->cls[op]); j++)
            op = pick_row(t);
        if (op >= 0 && (t->depth <= 2 || plain_cls(t->G->cls[op])))
            emit_op(t, (unsigned)op);
    }
    t->depth--;
    if (!t->fail)
        t->label[lab] = (int)t->n;
}

/* s_mov_b32 code, value (a literal) */
static void emit_mov(gt *t, unsigned code, uint32_t v)
{
    rdna4_insn in;
    memset(&in, 0, sizeof in);
    in.row = (uint16_t)t->G->mov32;
    in.fmt = RDNA4_FMT_SOP1;
    in.f[rdna4_fmts[RDNA4_FMT_SOP1].op_fld] = rdna4_rows[t->G->mov32].op;
    in.f[RDNA4_FLD_SDST] = code;
    in.f[RDNA4_FLD_SSRC0] = RDNA4_LIT_SRC;
    in.has_lit = 1;
    in.lit = v;
    if (encode_ok(&in))
        push(t, &in, -1, -1);
}

/* M0 for an s_movrel* of `in`: mostly an index inside the register file. */
static void movrel_m0(gt *t, const rdna4_insn *in)
{
    unsigned op = in->row;
    int b64 = op == RDNA4_ROW_SOP1_s_movrels_b64 || op == RDNA4_ROW_SOP1_s_movreld_b64;
    unsigned base = op == RDNA4_ROW_SOP1_s_movreld_b32 || op == RDNA4_ROW_SOP1_s_movreld_b64
                    ? in->f[RDNA4_FLD_SDST] : in->f[RDNA4_FLD_SSRC0];
    uint32_t v, room = base < RDNA4_VCC_LO ? RDNA4_VCC_LO - base
                       : base >= RDNA4_TTMP0 && base < RDNA4_TTMP0 + 16 ? RDNA4_TTMP0 + 16 - base : 1;
    unsigned k = gpuref_rng_below(t->r, 100);
    if (op == RDNA4_ROW_SOP1_s_movrelsd_2_b32)
        v = gpuref_rng_below(t->r, 112) | gpuref_rng_below(t->r, 112) << 16 |
            (k < 20 ? (uint32_t)gpuref_rng_next(t->r) & 0xfc00fc00u : 0);
    else if (k < 75)
        v = gpuref_rng_below(t->r, room);
    else if (k < 90)
        v = gpuref_rng_below(t->r, 128);
    else
        v = (uint32_t)gpuref_rng_next(t->r);
    if (b64)
        v &= ~1u;                            /* base and index even */
    if (t->w[IT_KEEP_BASE] && op == RDNA4_ROW_SOP1_s_movrelsd_2_b32) {
        uint32_t d = in->f[RDNA4_FLD_SDST] + (v >> 16 & 0x3ffu);   /* M0[25:16] */
        if (d >= VBASE && d < VBASE + 8)
            v += 8u << 16;                   /* s96-s103 instead */
    } else if (t->w[IT_KEEP_BASE] && (op == RDNA4_ROW_SOP1_s_movreld_b32 ||
                                      op == RDNA4_ROW_SOP1_s_movreld_b64)) {
        uint64_t d = (uint64_t)base + v;     /* S_MOVRELD_B32/B64 */
        if (d >= VBASE && d < VBASE + 8)
            v += 8;                          /* s96-s103 instead (even stays even) */
    }
    emit_mov(t, RDNA4_M0, v);
}

static void push_row(gt *t, const rdna4_insn *in)
{
    if (t->G->cls[in->row] == C_MOVREL)
        movrel_m0(t, in);
    push(t, in, -1, -1);
}

/* A compare (or a mov to vcc/exec), a conditional branch over 1-4 random
 * instructions; `taken`: -1 random, else make the condition hold/fail. */
static void emit_branch(gt *t, int which, int taken)
{
    const r4g *G = t->G;
    unsigned b = which >= 0 ? (unsigned)which : gpuref_rng_below(t->r, 7);
    if (b == 1 || b == 2) {                     /* scc0 / scc1: a compare first */
        if (taken < 0) {
            if (G->nsopc) {
                rdna4_insn in;
                if (draw(t, (unsigned)G->sopc[gpuref_rng_below(t->r, G->nsopc)], &in) == 0)
                    push(t, &in, -1, -1);
            }
        } else {                                /* s_cmp_eq_u32 0, 0 or 0, 1 */
            for (unsigned k = 0; k < G->nsopc; k++) {
                if (strcmp(rdna4_rows[G->sopc[k]].name, "s_cmp_eq_u32"))
                    continue;
                rdna4_insn in;
                memset(&in, 0, sizeof in);
                in.row = (uint16_t)G->sopc[k];
                in.fmt = RDNA4_FMT_SOPC;
                in.f[rdna4_fmts[RDNA4_FMT_SOPC].op_fld] = rdna4_rows[in.row].op;
                in.f[RDNA4_FLD_SSRC0] = 128;                          /* 0 */
                /* scc = (0 == x): scc1 taken for x = 0, scc0 taken for x = 1 */
                in.f[RDNA4_FLD_SSRC1] = 128 + (unsigned)((b == 2) != (taken == 1));
                if (encode_ok(&in))
                    push(t, &in, -1, -1);
                break;
            }
        }
    } else if (b >= 3) {                        /* vcc / exec zero tests */
        unsigned code = b <= 4 ? RDNA4_VCC_LO : RDNA4_EXEC_LO;
        uint32_t v = taken < 0 ? (gpuref_rng_chance(t->r, 50) ? 0 : 1)
                               : (uint32_t)(((b & 1) != 0) == (taken == 1) ? 0 : 1);
        emit_mov(t, code, v);                   /* wave32: the low half decides */
    }
    int lab = new_label(t);
    rdna4_insn in;
    memset(&in, 0, sizeof in);
    in.row = (uint16_t)G->br[b];
    in.fmt = RDNA4_FMT_SOPP;
    in.f[rdna4_fmts[RDNA4_FMT_SOPP].op_fld] = rdna4_rows[in.row].op;
    push(t, &in, lab, -1);
    skip_block(t, lab);
}

/* s_call_b64 sP, label (forward) */
static void emit_call(gt *t, unsigned op)
{
    rdna4_insn in;
    if (draw(t, op, &in))
        return;
    int lab = new_label(t);
    push(t, &in, lab, -1);
    skip_block(t, lab);
}

/* A forward jump of row op (s_setpc_b64 / s_swappc_b64 / s_rfe_b64) over 1-4
 * skipped instructions to a label; the target is
 *  - a pair made by s_getpc_b64 P; s_add_co_u32 P, P, dist; s_add_co_ci_u32
 *    P+1, P+1, 0 with P a pool pair (60%) or vcc (20%),
 *  - the label's byte address as a literal (15%; programs load at 0, the
 *    default `base` of the schema),
 *  - an inline constant when that address is <= 64 (the first instruction;
 *    a literal when the label ends up further, see the layout). */
static void emit_jump(gt *t, unsigned op)
{
    const r4g *G = t->G;
    rdna4_insn g, a, c, j;
    unsigned k = gpuref_rng_below(t->r, 100);
    if (draw(t, op, &j))
        return;
    int lab;
    if (t->n == 0 && k < 50) {                  /* at address 0: a target <= 36 */
        j.f[RDNA4_FLD_SSRC0] = 128;
        j.has_lit = 0;
        if (!encode_ok(&j))
            return;
        lab = new_label(t);
        push(t, &j, lab, REF_INL);
        skip_block(t, lab);
        return;
    }
    if (k < 15) {
        j.f[RDNA4_FLD_SSRC0] = RDNA4_LIT_SRC;
        j.has_lit = 1;
        j.lit = 0x100;                          /* patched at layout */
        if (!encode_ok(&j))
            return;
        lab = new_label(t);
        push(t, &j, lab, REF_ABS);
        skip_block(t, lab);
        return;
    }
    unsigned P = k < 35 ? RDNA4_VCC_LO : pool_reg(t, 1);
    memset(&g, 0, sizeof g);
    g.row = (uint16_t)G->getpc;
    g.fmt = RDNA4_FMT_SOP1;
    g.f[rdna4_fmts[RDNA4_FMT_SOP1].op_fld] = rdna4_rows[G->getpc].op;
    g.f[RDNA4_FLD_SDST] = P;
    memset(&a, 0, sizeof a);
    a.row = (uint16_t)G->addu;
    a.fmt = RDNA4_FMT_SOP2;
    a.f[rdna4_fmts[RDNA4_FMT_SOP2].op_fld] = rdna4_rows[G->addu].op;
    a.f[RDNA4_FLD_SDST] = P;
    a.f[RDNA4_FLD_SSRC0] = P;
    a.f[RDNA4_FLD_SSRC1] = RDNA4_LIT_SRC;
    a.has_lit = 1;
    a.lit = 0x100;                              /* patched at layout */
    c = a;
    c.row = (uint16_t)G->addci;
    c.f[rdna4_fmts[RDNA4_FMT_SOP2].op_fld] = rdna4_rows[G->addci].op;
    c.f[RDNA4_FLD_SDST] = P + 1;
    c.f[RDNA4_FLD_SSRC0] = P + 1;
    c.f[RDNA4_FLD_SSRC1] = 128;
    c.has_lit = 0;
    c.lit = 0;
    j.f[RDNA4_FLD_SSRC0] = P;
    j.has_lit = 0;
    j.lit = 0;
    if (!encode_ok(&g) || !encode_ok(&a) || !encode_ok(&c) || !encode_ok(&j))
        return;
    lab = new_label(t);
    size_t gi = t->n;
    push(t, &g, -1, -1);
    push(t, &a, lab, (int)gi);
    push(t, &c, -1, -1);
    push(t, &j, -1, -1);
    skip_block(t, lab);
}

/* One instruction (or construct) of row op. */
static void emit_op(gt *t, unsigned op)
{
    rdna4_insn in;
    switch (t->G->cls[op]) {
    case C_CALL:
        emit_call(t, op);
        return;
    case C_JUMP:
        emit_jump(t, op);
        return;
    case C_TERM:
        if (t->term < 0 && gpuref_rng_chance(t->r, 25))
            t->term = (int)op;
        return;
    case C_KILL:                                /* sometimes the end of the wave */
        if (t->term < 0 && gpuref_rng_chance(t->r, 10)) {
            t->term = (int)op;
            return;
        }
        break;
    case C_NO:
        return;
    case C_VALU: case C_VMOVREL: case C_VOPD:
        emit_valu(t, op, 0);
        return;
    default:
        break;
    }
    if (draw(t, op, &in) == 0)
        push_row(t, &in);
}

/* ------------------------------------------------------- memory traffic
 * Vector memory and LDS constructs (README "Random programs with memory
 * traffic"), written as LLVM text, assembled and decoded (rdna4_isa_assemble,
 * rdna4_decode) so that their fields come from the one description.  Registers:
 *   v0        per-lane byte offset 4 * k, k from a pool of 4 values per test
 *             (aliasing: lanes and waves hit the same words);
 *   v1-v7     store and atomic data (never written: no hazard on sources);
 *   v8-v15    destinations of global, scratch and buffer loads and atomics (LOADcnt);
 *   v16-v23   destinations of DS loads and atomics (DScnt): a VGPR is written by
 *             one counter only, so same-counter returns land in order;
 *   v[24:25]  per-lane 64-bit address A + v0 (global "off" addressing);
 *   v[26:27]  (memtraffic.flat) per-lane FLAT address: global A + 4k, or the LDS
 *             aperture (shared_base=1: ADDR[63:32] = 0x10000) at 4k; the test's
 *             config sets shared_base=1,private_base=2 (the KFD's);
 *   v28-v31   destinations of FLAT loads and atomics (LOADcnt for the global
 *             lanes, DScnt for the LDS ones: a lane of them is always written
 *             by one counter, its aperture being fixed);
 *   s[88:89]  A, the 256-byte block of the SMEM data (global SADDR; its stride
 *             bits [61:48] are dropped by the 48-bit address, D16);
 *   s[92:95]  a buffer V#: base A, stride 4, num_records 0..300 (out of range
 *             cases), format 32_UINT, OOB_SELECT random.
 * A buffer atomic returns into its data VGPR (v8-v15): s_wait_loadcnt 0 first.
 * Waits (s_wait_loadcnt/storecnt/dscnt N, N = 0..3) follow at random distances;
 * the program end completes what is left.  Barriers (waves=2 or 4) only at the
 * top level, never inside a skipped block, so every wave signals each one; the
 * random barrier rows are off in those tests (a stray S_BARRIER_WAIT could wait
 * for ever). */
/* An instruction of offset off (IOFFSET, or DS OFFSET1:OFFSET0; off < 0: none set). */
static void with_off(rdna4_insn *in, int off)
{
    if (off < 0)
        return;
    if (in->fmt == RDNA4_FMT_VDS) {
        in->f[RDNA4_FLD_OFFSET0] = (uint32_t)off & 0xffu;
        in->f[RDNA4_FLD_OFFSET1] = (uint32_t)off >> 8;
    } else {
        in->f[RDNA4_FLD_IOFFSET] = (uint32_t)off;
    }
}

/* One construct instruction: its text assembled (with the generator's mnemonic
 * table, made once) and decoded into an item; a text that does not assemble stops
 * the test with GPUREF_ERR_ASM and the text in t->bad. */
static void push_core(gt *t, int off, const char *text)
{
    if (t->fail)
        return;
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_diag d = { 0, 0, 0, "" };
    char e2[GPUREF_ERRLEN] = "";
    rdna4_insn in;
    int st = rdna4_assemble_with(t->G->names, text, 0, &w, &n, &d);
    if (st == GPUREF_OK)
        st = rdna4_decode(w, n, &in, e2);
    gpuref_free(w);
    if (st != GPUREF_OK) {
        t->fail = st == GPUREF_ERR_NOMEM ? st : GPUREF_ERR_ASM;
        snprintf(t->bad, sizeof t->bad, "%s: %s", text, e2[0] ? e2 : d.msg);
        return;
    }
    with_off(&in, off);
    push(t, &in, -1, -1);
}

static void push_asm_off(gt *t, int off, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void push_asm_off(gt *t, int off, const char *fmt, ...)
{
    char text[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    push_core(t, off, text);
}
#define push_asm(t, ...) push_asm_off(t, -1, __VA_ARGS__)

static unsigned rb(gt *t, unsigned n) { return gpuref_rng_below(t->r, n); }

/* s_wait_<cnt> N at a random distance: after about 40 % of the accesses */
static void maybe_wait(gt *t, const char *cnt)
{
    if (gpuref_rng_chance(t->r, 40))
        push_asm(t, "s_wait_%s %u", cnt, rb(t, 4));
}

/* A register or tuple name: v<b> or v[b:b+n-1] */
static const char *vr(char *buf, unsigned b, unsigned n)
{
    if (n == 1)
        snprintf(buf, 16, "v%u", b);
    else
        snprintf(buf, 16, "v[%u:%u]", b, b + n - 1);
    return buf;
}

static unsigned vpool(gt *t, unsigned n);

/* memtraffic.global_use: a GLOBAL load of any width (D16 and D16_HI of both
 * signs), S_WAIT_LOADCNT 0, then its data consumed: stored back (the same
 * width, another address form and offset: lanes alias) or, in a test with
 * VALU rows, copied into the VGPR pool.  No instruction reads a load's
 * destination before that wait (v8-v15 are read by these consumers only). */
static void emit_global_use(gt *t, int off, const char *va, const char *sa)
{
    static const char *const ld[] = { "u8", "i8", "u16", "i16", "b32", "b64", "b96", "b128",
                                      "d16_b16", "d16_hi_b16", "d16_u8", "d16_i8",
                                      "d16_hi_u8", "d16_hi_i8" };
    static const uint8_t ldn[] = { 1, 1, 1, 1, 1, 2, 3, 4, 1, 1, 1, 1, 1, 1 };
    static const char *const st1[] = { "b8", "b16", "b32", "d16_hi_b8", "d16_hi_b16" };
    static const char *const stn[] = { "", "", "b64", "b96", "b128" };
    char a[16];
    unsigned i = rb(t, 14);
    unsigned n = ldn[i];
    unsigned d = 8 + (n > 1 ? 4 * rb(t, 2) : rb(t, 8));
    push_asm_off(t, off, "global_load_%s %s, %s, %s", ld[i], vr(a, d, n), va, sa);
    push_asm(t, "s_wait_loadcnt 0");
    unsigned how = rb(t, t->valu ? 3 : 2);
    if (how < 2) {
        int off2 = (int)(4 * rb(t, 16));
        int gv = rb(t, 2) == 0;
        const char *st = n == 1 ? st1[rb(t, 5)] : stn[n];
        push_asm_off(t, off2, "global_store_%s %s, %s, %s", st, gv ? "v[24:25]" : "v0",
                     vr(a, d, n), gv ? "off" : "s[88:89]");
        maybe_wait(t, "storecnt");
    } else {
        unsigned k = rb(t, n);
        unsigned p = vpool(t, 1);
        push_asm(t, "v_mov_b32 v%u, v%u", p, d + k);
    }
}

static void emit_vmem(gt *t)
{
    static const char *const ld[] = { "u8", "i8", "u16", "i16", "b32", "b64", "b96", "b128",
                                      "d16_b16", "d16_hi_b16", "d16_u8", "d16_hi_i8" };
    static const uint8_t ldn[] = { 1, 1, 1, 1, 1, 2, 3, 4, 1, 1, 1, 1 };
    static const char *const st[] = { "b8", "b16", "b32", "b64", "b96", "b128", "d16_hi_b8",
                                      "d16_hi_b16" };
    static const uint8_t stn[] = { 1, 1, 1, 2, 3, 4, 1, 1 };
    static const char *const at[] = { "add_u32", "sub_u32", "swap_b32", "cmpswap_b32", "and_b32",
                                      "or_b32", "xor_b32", "min_i32", "max_u32", "inc_u32",
                                      "dec_u32", "add_f32", "max_num_f32", "add_u64",
                                      "cmpswap_b64", "sub_clamp_u32" };
    static const uint8_t atd[] = { 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 1 };
    static const uint8_t atr[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1 };
    char a[16], b[16];
    /* every draw in a statement of its own: the order of argument evaluation is
     * unspecified, and the output must not depend on the compiler.  The kind by
     * the memtraffic.<kind> weights: with the defaults (3, 2, 2, 2, 1, then 0)
     * one draw below 10, as before those items existed. */
    unsigned sum = 0;
    for (unsigned k = 0; k < NKINDS; k++)
        sum += t->w[IT_K_LOAD + k];
    if (!sum)
        return;
    unsigned x = rb(t, sum), kind = 0;
    while (x >= t->w[IT_K_LOAD + kind])
        x -= t->w[IT_K_LOAD + kind++];
    int off = (int)(4 * rb(t, 16));
    int gv = rb(t, 2) == 0;                             /* VADDR pair, SADDR off */
    const char *va = gv ? "v[24:25]" : "v0", *sa = gv ? "off" : "s[88:89]";
    kind += IT_K_LOAD;
    if (kind == IT_K_USE) {
        emit_global_use(t, off, va, sa);
    } else if (kind == IT_K_ADDTID) {                   /* SADDR + IOFFSET + 4 * lane */
        if (t->wave64)
            off = 0;                                    /* 64 lanes: the 256-byte block */
        if (rb(t, 2)) {
            push_asm_off(t, off, "global_load_addtid_b32 v%u, s[88:89]", 8 + rb(t, 8));
            maybe_wait(t, "loadcnt");
        } else {
            push_asm_off(t, off, "global_store_addtid_b32 v%u, s[88:89]", 1 + rb(t, 7));
            maybe_wait(t, "storecnt");
        }
    } else if (kind == IT_K_CACHE) {                    /* GLOBAL_INV on LOADcnt, WB on STOREcnt */
        unsigned c = rb(t, 3);
        push_asm(t, "%s", c == 0 ? "global_inv" : c == 1 ? "global_wb" : "global_wbinv");
        maybe_wait(t, c == 0 ? "loadcnt" : "storecnt");
    } else if (kind == IT_K_LOAD) {                     /* global load */
        unsigned i = rb(t, 12);
        unsigned d = 8 + (ldn[i] > 1 ? 4 * rb(t, 2) : rb(t, 8));
        push_asm_off(t, off, "global_load_%s %s, %s, %s", ld[i], vr(a, d, ldn[i]), va, sa);
        maybe_wait(t, "loadcnt");
    } else if (kind == IT_K_STORE) {                    /* global store */
        unsigned i = rb(t, 8);
        unsigned dat = 1 + rb(t, 8 - stn[i]);
        push_asm_off(t, off, "global_store_%s %s, %s, %s", st[i], va, vr(a, dat, stn[i]), sa);
        maybe_wait(t, "storecnt");
    } else if (kind == IT_K_ATOMIC || kind == IT_K_ATOMIC_INT) {   /* global atomic */
        /* global_atomic_int: one of the 14 integer rows (at[] without the two
         * float ones, indices 11 and 12) */
        unsigned i = kind == IT_K_ATOMIC ? rb(t, 16) : rb(t, 14);
        if (kind == IT_K_ATOMIC_INT && i >= 11)
            i += 2;
        unsigned ret = rb(t, 2);
        unsigned dat = 1 + (atd[i] > 1 ? 2 * rb(t, 4 - atd[i] / 2) : rb(t, 7));
        unsigned d = 8 + 4 * rb(t, 2);
        if (ret)
            push_asm_off(t, off, "global_atomic_%s %s, %s, %s, %s th:TH_ATOMIC_RETURN", at[i],
                         vr(a, d, atr[i]), va, vr(b, dat, atd[i]), sa);
        else
            push_asm_off(t, off, "global_atomic_%s %s, %s, %s", at[i], va, vr(b, dat, atd[i]), sa);
        maybe_wait(t, ret ? "loadcnt" : "storecnt");
    } else if (kind == IT_K_FLAT) {                     /* FLAT through v[26:27] */
        unsigned op = rb(t, 3);
        if (op == 0) {
            unsigned i = rb(t, 12);
            unsigned d = 28 + (ldn[i] > 2 ? 0 : ldn[i] == 2 ? 2 * rb(t, 2) : rb(t, 4));
            push_asm_off(t, off, "flat_load_%s %s, v[26:27]", ld[i], vr(a, d, ldn[i]));
            maybe_wait(t, rb(t, 2) ? "loadcnt" : "dscnt");
        } else if (op == 1) {
            unsigned i = rb(t, 8);
            unsigned dat = 1 + rb(t, 8 - stn[i]);
            push_asm_off(t, off, "flat_store_%s v[26:27], %s", st[i], vr(a, dat, stn[i]));
            maybe_wait(t, rb(t, 2) ? "storecnt" : "dscnt");
        } else {
            unsigned i = rb(t, 16), ret = rb(t, 2);
            unsigned dat = 1 + (atd[i] > 1 ? 2 * rb(t, 4 - atd[i] / 2) : rb(t, 7));
            unsigned d = 28 + (atr[i] > 1 ? 2 * rb(t, 2) : rb(t, 4));
            if (ret)
                push_asm_off(t, off, "flat_atomic_%s %s, v[26:27], %s th:TH_ATOMIC_RETURN", at[i],
                             vr(a, d, atr[i]), vr(b, dat, atd[i]));
            else
                push_asm_off(t, off, "flat_atomic_%s v[26:27], %s", at[i], vr(b, dat, atd[i]));
            maybe_wait(t, rb(t, 2) ? (ret ? "loadcnt" : "storecnt") : "dscnt");
        }
    } else if (kind == IT_K_BUFFER) {                   /* buffer */
        unsigned op = rb(t, 4);
        const char *mode = rb(t, 4) ? "offen" : "idxen";
        if (op == 0) {
            unsigned i = rb(t, 8);
            unsigned d = 8 + (ldn[i] > 1 ? 4 * rb(t, 2) : rb(t, 8));
            push_asm_off(t, off, "buffer_load_%s %s, v0, s[92:95], null %s", ld[i],
                         vr(a, d, ldn[i]), mode);
            maybe_wait(t, "loadcnt");
        } else if (op == 1) {
            unsigned i = rb(t, 6);
            unsigned dat = 1 + rb(t, 8 - stn[i]);
            push_asm_off(t, off, "buffer_store_%s %s, v0, s[92:95], null %s", st[i],
                         vr(a, dat, stn[i]), mode);
            maybe_wait(t, "storecnt");
        } else if (op == 2) {
            unsigned n = 1 + rb(t, 2);
            unsigned d = 8 + 4 * rb(t, 2);
            push_asm_off(t, off, "buffer_load_format_%s %s, v0, s[92:95], null %s",
                         n == 1 ? "x" : "xy", vr(a, d, n), mode);
            maybe_wait(t, "loadcnt");
        } else {                                        /* atomic: VDATA is in-out */
            unsigned i = rb(t, 13);                     /* the 32-bit ones */
            unsigned d = 8 + 4 * rb(t, 2), ret = rb(t, 2);
            push_asm(t, "s_wait_loadcnt 0");
            push_asm_off(t, off, "buffer_atomic_%s %s, v0, s[92:95], null %s%s", at[i],
                         vr(a, d, atd[i]), mode, ret ? " th:TH_ATOMIC_RETURN" : "");
            maybe_wait(t, "loadcnt");
        }
    } else if (kind == IT_K_BUFFER_U) {                 /* buffer, untyped, OFFEN */
        /* loads of every width, stores of one DWORD or less (B8, B16, B32,
         * D16_HI_B8/B16: each lane in range or out as a whole), the 32-bit
         * atomics; OFFEN keeps every address in A's 256 bytes */
        static const uint8_t bst[] = { 0, 1, 2, 6, 7 };
        unsigned op = rb(t, 3);
        if (op == 0) {
            unsigned i = rb(t, 12);
            unsigned d = 8 + (ldn[i] > 1 ? 4 * rb(t, 2) : rb(t, 8));
            push_asm_off(t, off, "buffer_load_%s %s, v0, s[92:95], null offen", ld[i],
                         vr(a, d, ldn[i]));
            maybe_wait(t, "loadcnt");
        } else if (op == 1) {
            unsigned i = bst[rb(t, 5)];
            unsigned dat = 1 + rb(t, 7);
            push_asm_off(t, off, "buffer_store_%s %s, v0, s[92:95], null offen", st[i],
                         vr(a, dat, 1));
            maybe_wait(t, "storecnt");
        } else {                                        /* atomic: VDATA is in-out */
            unsigned i = rb(t, 13);
            unsigned d = 8 + 4 * rb(t, 2), ret = rb(t, 2);
            push_asm(t, "s_wait_loadcnt 0");
            push_asm_off(t, off, "buffer_atomic_%s %s, v0, s[92:95], null offen%s", at[i],
                         vr(a, d, atd[i]), ret ? " th:TH_ATOMIC_RETURN" : "");
            maybe_wait(t, "loadcnt");
        }
    } else {                                            /* scratch (SV, swizzled) */
        if (rb(t, 2)) {
            unsigned i = rb(t, 8);
            unsigned d = 8 + (ldn[i] > 1 ? 4 * rb(t, 2) : rb(t, 8));
            push_asm_off(t, off, "scratch_load_%s %s, v0, off", ld[i], vr(a, d, ldn[i]));
            maybe_wait(t, "loadcnt");
        } else {
            unsigned i = rb(t, 3);
            unsigned dat = 1 + rb(t, 7);
            push_asm_off(t, off, "scratch_store_%s v0, %s, off", st[i], vr(a, dat, 1));
            maybe_wait(t, "storecnt");
        }
    }
}

static void emit_lds(gt *t)
{
    static const char *const ld[] = { "b32", "b64", "u8", "i8", "u16", "i16", "b128" };
    static const uint8_t ldn[] = { 1, 2, 1, 1, 1, 1, 4 };
    static const char *const st[] = { "b8", "b16", "b32", "b64" };
    static const uint8_t stn[] = { 1, 1, 1, 2 };
    static const char *const at[] = { "add", "sub", "rsub", "inc", "dec", "min", "max",
                                      "and", "or", "xor" };
    static const char *const ats[] = { "u32", "u32", "u32", "u32", "u32", "i32", "u32", "b32",
                                       "b32", "b32" };
    char a[16];
    unsigned kind = rb(t, 6);
    int off = (int)(4 * rb(t, 16));
    if (kind < 2) {
        unsigned i = rb(t, 7);
        unsigned d = 16 + (ldn[i] > 1 ? 4 * rb(t, 2) : rb(t, 8));
        push_asm_off(t, off, "ds_load_%s %s, v0", ld[i], vr(a, d, ldn[i]));
    } else if (kind < 4) {
        unsigned i = rb(t, 4);
        unsigned dat = 1 + rb(t, 8 - stn[i]);
        push_asm_off(t, off, "ds_store_%s v0, %s", st[i], vr(a, dat, stn[i]));
    } else if (kind == 4) {                             /* integer atomic, with/without return */
        unsigned i = rb(t, 10), ret = rb(t, 2);
        unsigned d = 16 + rb(t, 8);
        unsigned dat = 1 + rb(t, 7);
        if (ret)
            push_asm_off(t, off, "ds_%s_rtn_%s v%u, v0, v%u", at[i], ats[i], d, dat);
        else
            push_asm_off(t, off, "ds_%s_%s v0, v%u", at[i], ats[i], dat);
    } else {                                            /* compare-store, float add */
        unsigned ret = rb(t, 2), cmp = rb(t, 2), d = 16 + rb(t, 8);
        unsigned x = 1 + rb(t, 7);
        unsigned y = 1 + rb(t, 7);
        if (cmp && ret)
            push_asm_off(t, off, "ds_cmpstore_rtn_b32 v%u, v0, v%u, v%u", d, x, y);
        else if (cmp)
            push_asm_off(t, off, "ds_cmpstore_b32 v0, v%u, v%u", x, y);
        else if (ret)
            push_asm_off(t, off, "ds_add_rtn_f32 v%u, v0, v%u", d, x);
        else
            push_asm_off(t, off, "ds_add_f32 v0, v%u", x);
    }
    maybe_wait(t, "dscnt");
}

static void emit_barrier(gt *t)
{
    if (t->nwaves < 2 || t->depth)
        return;
    push_asm(t, "s_wait_storecnt 0");                   /* a release, as a compiler does */
    push_asm(t, "s_wait_dscnt 0");
    push_asm(t, rb(t, 4) ? "s_barrier_signal -1" : "s_barrier_signal_isfirst -1");
    push_asm(t, "s_barrier_wait -1");
}

/* ------------------------------------------------------------ vector ALU
 * VALU rows (README "Random programs with vector ALU"): every row of VOP1, VOP2,
 * VOPC (V_CMPX too), VOP3, VOP3SD, VOP3P, VINTERP and VOPD the model executes,
 * but WMMA/SWMMAC; fields by the row's operand kinds, encoded and decoded as the
 * scalar rows are (rdna4_decode refuses what is illegal: the draw is tried again).
 * Registers: a pool of VPOOL VGPRs v[vbase : vbase+15] (vbase even, 32..96:
 * above the memory-traffic VGPRs v0-v25, below v128 for the true16 halves of the
 * _e32 forms), so values flow between instructions; 64-bit operands use even
 * pairs, 128-bit ones aligned quads of the pool.  Scalar sources: the SGPR pool,
 * VCC/M0/EXEC/NULL, inline constants, one literal, SCC, at most two scalar values
 * per instruction (LLVM's constant-bus limit for gfx12; one for the 64-bit
 * shifts).  Lane masks (carry-outs, compare results, selects): VCC, NULL or an
 * even pool pair, so that they are legal in wave64 too. */
#define VPOOL 16u

/* A float of `bits` (16, 32 or 64) aimed at a value class: mostly normals near 1
 * (so that arithmetic stays in range), and every special class. */
static uint64_t float_value(gt *t, unsigned bits)
{
    unsigned k = rb(t, 100);
    unsigned mb = bits == 16 ? 10 : bits == 32 ? 23 : 52, eb = bits == 16 ? 5 : bits == 32 ? 8 : 11;
    uint64_t man = gpuref_rng_next(t->r) & ((1ull << mb) - 1), sign = (uint64_t)rb(t, 2) << (mb + eb);
    uint64_t emax = (1ull << eb) - 1, bias = emax >> 1;
    if (k < 45)                                 /* |x| in [2^-4, 2^4) */
        return sign | (bias - 4 + rb(t, 8)) << mb | man;
    if (k < 60)                                 /* any normal */
        return sign | (1 + (uint64_t)gpuref_rng_below(t->r, (uint32_t)emax - 1)) << mb | man;
    if (k < 68)                                 /* small integers */
        return sign | (bias + rb(t, 4)) << mb | (man & ~((1ull << (mb - 3)) - 1));
    if (k < 76)                                 /* denormal */
        return sign | (man ? man : 1);
    if (k < 82)                                 /* +-0 */
        return sign;
    if (k < 88)                                 /* +-inf */
        return sign | emax << mb;
    if (k < 93)                                 /* quiet NaN with a payload */
        return sign | emax << mb | 1ull << (mb - 1) | (man & ((1ull << (mb - 1)) - 1));
    if (k < 97)                                 /* signalling NaN */
        return sign | emax << mb | ((man & ((1ull << (mb - 1)) - 1)) | 1);
    return sign | (emax - 1) << mb | man;       /* near the largest */
}

/* A 32-bit literal for an operand of the type: F64 takes the high half. */
static uint32_t lit_value(gt *t, int ty)
{
    if (ty == RDNA4_T_F32)
        return (uint32_t)float_value(t, 32);
    if (ty == RDNA4_T_F16 || ty == RDNA4_T_F16P)
        return (uint32_t)float_value(t, 16) | (rb(t, 4) ? 0 : (uint32_t)float_value(t, 16) << 16);
    if (ty == RDNA4_T_F64)
        return (uint32_t)(float_value(t, 64) >> 32);
    return (uint32_t)gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
}

/* A VGPR of the pool for an operand of n registers (aligned to 2 or 4). */
static unsigned vpool(gt *t, unsigned n)
{
    unsigned al = n <= 1 ? 1 : n == 2 ? 2 : 4;
    return t->vbase + al * rb(t, VPOOL / al);
}

/* A lane-mask destination: VCC, an even pool pair, NULL */
static unsigned mask_dst(gt *t)
{
    unsigned k = rb(t, 100);
    return k < 45 ? RDNA4_VCC_LO : k < 95 ? pool_reg(t, 1) : RDNA4_NULL;
}

/* A 9-bit source code for operand o (h16: an _e32 16-bit operand: a VGPR half). */
static unsigned vsrc_code(gt *t, const rdna4_opd *o, int h16, int *haslit, uint32_t *lit)
{
    unsigned n = rdna4_type_dwords(o->type), k = rb(t, 100);
    if (o->type == RDNA4_T_MASK)
        return k < 50 ? RDNA4_VCC_LO : k < 92 ? pool_reg(t, 1) : RDNA4_EXEC_LO;
    if (k < 62)
        return 256 + vpool(t, n) + (h16 && rb(t, 2) ? 128 : 0);
    if (k < 74)
        return pool_reg(t, n >= 2);
    if (k < 77) {
        static const uint8_t sp32[] = { RDNA4_VCC_LO, RDNA4_VCC_HI, RDNA4_M0, RDNA4_EXEC_LO, RDNA4_EXEC_HI,
                                        RDNA4_NULL };
        static const uint8_t sp64[] = { RDNA4_VCC_LO, RDNA4_EXEC_LO, RDNA4_NULL };
        return n >= 2 ? sp64[rb(t, 3)] : sp32[rb(t, 6)];
    }
    if (k < 86)
        return rb(t, 2) ? 128 + rb(t, 17) : 128 + rb(t, 81);
    if (k < 93)
        return 240 + rb(t, 9);
    if (k < 99) {
        if (!*haslit) {
            *haslit = 1;
            *lit = lit_value(t, o->type);
        }
        return RDNA4_LIT_SRC;
    }
    return RDNA4_SCC_SRC;
}

/* Scalar values an instruction reads (distinct SGPRs/specials, SCC, the literal). */
static unsigned scalar_reads(const rdna4_insn *in, const rdna4_row *r)
{
    unsigned seen[4], n = 0, lit = 0;
    for (unsigned i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        if (o->kind != RDNA4_K_VSRC)
            continue;
        unsigned c = in->f[o->fld];
        if (in->dpp && o->fld == RDNA4_FLD_SRC0)
            continue;
        if (c == RDNA4_LIT_SRC) {
            lit = 1;
            continue;
        }
        if (!(c < 128 || c == RDNA4_SCC_SRC))
            continue;
        if (c < 128 && rdna4_type_dwords(o->type) >= 2)
            c &= ~1u;
        unsigned k;
        for (k = 0; k < n && seen[k] != c; k++)
            ;
        if (k == n && n < 4)
            seen[n++] = c;
    }
    return n + lit + ((r->flags & RDNA4_LIT) != 0 && !lit);
}

/* The fields of one VOPD half (X: h = 0, Y: h = 1) */
static void draw_vopd_half(gt *t, rdna4_insn *in, const rdna4_row *r, int *haslit, uint32_t *lit)
{
    for (unsigned i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        switch (o->kind) {
        case RDNA4_K_VDST:
            in->f[o->fld] = o->fld == RDNA4_FLD_VDSTY ? vpool(t, 1) >> 1 : vpool(t, 1);
            break;
        case RDNA4_K_VSRC:
            in->f[o->fld] = vsrc_code(t, o, 0, haslit, lit);
            break;
        case RDNA4_K_VGPR:
            in->f[o->fld] = vpool(t, 1);
            break;
        case RDNA4_K_LIT:
            if (!*haslit) {
                *haslit = 1;
                *lit = lit_value(t, o->type);
            }
            break;
        default:
            break;
        }
    }
}

/* WMMA/SWMMAC operands (wave32 tuple sizes; wave64 uses the first half of each):
 * D (8 or 4 VGPRs) at B+16, after the pool, and A, B, C / the SWMMAC index from the
 * pool, so D never overlaps A or B: WMMA A at B+0 or B+4, B at B+8 or B+12, C = D
 * (accumulating, 60 %), the pool's B+8 tuple (20 %) or an inline constant (20 %);
 * SWMMAC A at B+0, the index VGPR in B+4..B+7, B (8 VGPRs) at B+8; index_key 0 or 1
 * (wave64: 0-3; the IU4 rows: 0, their only index set in the model). */
static void wmma_operands(gt *t, const rdna4_row *r, rdna4_insn *in, int *haslit)
{
    unsigned b = t->vbase, sw = r->name[2] == 's';
    *haslit = 0;
    in->f[RDNA4_FLD_VDST] = b + 16;
    if (sw) {
        in->f[RDNA4_FLD_SRC0] = 256 + b;
        in->f[RDNA4_FLD_SRC1] = 256 + b + 8;
        in->f[RDNA4_FLD_SRC2] = 256 + b + 4 + rb(t, 4);
        in->f[RDNA4_FLD_OPSEL] = rb(t, 4) || strstr(r->name, "iu4") ? 0 : t->wave64 ? rb(t, 4) : 1;
        return;
    }
    in->f[RDNA4_FLD_SRC0] = 256 + b + 4 * rb(t, 2);
    in->f[RDNA4_FLD_SRC1] = 256 + b + 8 + 4 * rb(t, 2);
    unsigned k = rb(t, 10);
    in->f[RDNA4_FLD_SRC2] = k < 6 ? 256 + b + 16 : k < 8 ? 256 + b + 8
                          : rb(t, 2) ? 128 + rb(t, 65) : 240 + rb(t, 9);
}

/* A random instruction of VALU row op; dpp: 0 none, 1 DPP16, 2 DPP8 (or DPP8FI). */
static int draw_valu(gt *t, unsigned op, rdna4_insn *in, int dpp)
{
    const rdna4_row *r = &rdna4_rows[op];
    const r4g *G = t->G;
    int fmt = r->fmt, e3 = fmt == RDNA4_FMT_VOP3 || fmt == RDNA4_FMT_VOP3SD;
    int e32 = fmt == RDNA4_FMT_VOP1 || fmt == RDNA4_FMT_VOP2 || fmt == RDNA4_FMT_VOPC;
    unsigned limit = (G->vflags[op] & VF_CBUS1) ? 1 : 2;   /* LLVM's constant-bus limit */
    for (int tries = 0; tries < 32; tries++) {
        memset(in, 0, sizeof *in);
        int haslit = 0;
        uint32_t lit = 0;
        if (fmt == RDNA4_FMT_VOPDX || fmt == RDNA4_FMT_VOPDY) {  /* a pair: the other half at random */
            unsigned x = op, y = op;
            if (fmt == RDNA4_FMT_VOPDX)       /* aimed at a hole (--target): any half */
                y = t->nvopdy ? t->vopdy[rb(t, t->nvopdy)] : G->vopdy[rb(t, G->nvopdy)];
            else
                x = t->nvopdx ? t->vopdx[rb(t, t->nvopdx)] : G->vopdx[rb(t, G->nvopdx)];
            in->row = (uint16_t)x;
            in->rowy = (uint16_t)y;
            in->fmt = RDNA4_FMT_VOPD;
            in->f[RDNA4_FLD_OPX] = rdna4_rows[x].op;
            in->f[RDNA4_FLD_OPY] = rdna4_rows[y].op;
            draw_vopd_half(t, in, &rdna4_rows[x], &haslit, &lit);
            draw_vopd_half(t, in, &rdna4_rows[y], &haslit, &lit);
            in->has_lit = (uint8_t)haslit;
            in->lit = lit;
            if (encode_ok(in))
                return 0;
            continue;
        }
        in->row = (uint16_t)op;
        in->fmt = (uint8_t)fmt;
        if (rdna4_fmts[fmt].op_fld)
            in->f[rdna4_fmts[fmt].op_fld] = r->op;
        unsigned nsrc = 0;
        for (unsigned i = 0; i < RDNA4_MAXOPD; i++) {
            const rdna4_opd *o = &r->o[i];
            int h16 = e32 && rdna4_type_is16(o->type);
            unsigned n = rdna4_type_dwords(o->type);
            switch (o->kind) {
            case RDNA4_K_NONE: case RDNA4_K_VCC:
                break;
            case RDNA4_K_VDST:
                in->f[o->fld] = h16 ? vpool(t, 1) + (rb(t, 2) ? 128 : 0) : vpool(t, n);
                break;
            case RDNA4_K_SDSTV: case RDNA4_K_SDST7:
                in->f[o->fld] = o->type == RDNA4_T_MASK ? mask_dst(t) : pool_reg(t, n >= 2);
                break;
            case RDNA4_K_VSRC:
                nsrc++;
                in->f[o->fld] = vsrc_code(t, o, h16, &haslit, &lit);
                break;
            case RDNA4_K_VGPR:
                in->f[o->fld] = vpool(t, n) + (h16 && rb(t, 2) ? 128 : 0);
                break;
            case RDNA4_K_LIT:
                if (!haslit) {
                    haslit = 1;
                    lit = lit_value(t, o->type);
                }
                break;
            default:
                return -1;
            }
        }
        if ((G->vflags[op] & VF_S2VGPR) && in->f[RDNA4_FLD_SRC2] < 256)
            in->f[RDNA4_FLD_SRC2] = 256 + vpool(t, 4);
        if ((r->flags & RDNA4_CMPX) && e3)
            in->f[RDNA4_FLD_VDST] = RDNA4_EXEC_LO;
        if (e3 || fmt == RDNA4_FMT_VINTERP) {       /* input and output modifiers */
            unsigned mn = G->mods[op] & 7u, ma = fmt == RDNA4_FMT_VOP3 ? G->mods[op] >> 3 : 0;
            for (unsigned i = 0; i < 3; i++) {
                if ((mn >> i & 1) && rb(t, 100) < 20)
                    in->f[RDNA4_FLD_NEG] |= 1u << i;
                if ((ma >> i & 1) && rb(t, 100) < 15)
                    in->f[RDNA4_FLD_ABS] |= 1u << i;
            }
            if (!(r->flags & (RDNA4_NOOMOD | RDNA4_NOMODS)) &&
                fmt != RDNA4_FMT_VINTERP && rb(t, 100) < 12)
                in->f[RDNA4_FLD_OMOD] = 1 + rb(t, 3);
            if (!(r->flags & (RDNA4_NOCLAMP | RDNA4_NOMODS)) &&
                rb(t, 100) < 15)
                in->f[RDNA4_FLD_CM] = 1;
            if ((r->flags & RDNA4_OPSEL) && fmt != RDNA4_FMT_VOP3SD) {
                if (r->flags & RDNA4_OPSELX)
                    in->f[RDNA4_FLD_OPSEL] = rdna4_opsel_style(r) == 1 ? rb(t, 4) << 2 : rb(t, 4);
                else
                    in->f[RDNA4_FLD_OPSEL] = rb(t, 16) & (((1u << nsrc) - 1) |
                                                          ((r->flags & RDNA4_OPSELD) ? 8u : 0));
            }
            if (fmt == RDNA4_FMT_VINTERP)
                in->f[RDNA4_FLD_WAITEXP] = rb(t, 8);
        } else if (fmt == RDNA4_FMT_VOP3P) {
            unsigned want = (1u << nsrc) - 1, hi, mn = G->mods[op] & 7u;
            if (r->flags & RDNA4_NOOPSEL) {
                hi = 7;
            } else if (r->flags & RDNA4_OPSELHI1) {
                hi = 7;
                in->f[RDNA4_FLD_OPSEL] = rb(t, 4);
            } else if (G->vflags[op] & VF_MIX) {
                hi = rb(t, 8);
                in->f[RDNA4_FLD_OPSEL] = rb(t, 8);
            } else {
                hi = rb(t, 4) ? 7 : (rb(t, 8) & want) | (7u & ~want);
                in->f[RDNA4_FLD_OPSEL] = rb(t, 3) ? 0 : rb(t, 8) & want;
            }
            in->f[RDNA4_FLD_OPSEL_HI] = hi & 3;
            in->f[RDNA4_FLD_OPSEL_HI2] = hi >> 2;
            for (unsigned i = 0; i < 3; i++) {
                if ((mn >> i & 1) && rb(t, 100) < 15)
                    in->f[RDNA4_FLD_NEG] |= 1u << i;
                if ((mn >> i & 1) && rb(t, 100) < 15)
                    in->f[RDNA4_FLD_NEG_HI] |= 1u << i;
            }
            if (!(r->flags & RDNA4_NOCLAMP) && rb(t, 100) < 15)
                in->f[RDNA4_FLD_CM] = 1;
        }
        if (G->vflags[op] & VF_WMMA)                /* matrix tuples: see wmma_operands */
            wmma_operands(t, r, in, &haslit);
        if (dpp) {                                   /* SRC0 a VGPR through DPP, no literal */
            unsigned s0 = in->f[RDNA4_FLD_SRC0];
            unsigned v = s0 >= 256 ? s0 - 256 : vpool(t, 1);
            in->dpp_src0 = v;
            if (dpp == 1) {
                static const uint16_t fam[8][2] = { { 0x000, 0x100 }, { 0x101, 15 }, { 0x111, 15 },
                                                    { 0x121, 15 }, { 0x140, 2 }, { 0x150, 16 },
                                                    { 0x160, 16 }, { 0x0e4, 1 } };
                unsigned f = rb(t, 8);
                in->f[RDNA4_FLD_SRC0] = 250;
                in->dpp = 1;
                in->f[RDNA4_FLD_DPP_CTRL] = fam[f][0] + rb(t, fam[f][1]);
                in->f[RDNA4_FLD_ROW_MASK] = rb(t, 4) ? 0xf : rb(t, 16);
                in->f[RDNA4_FLD_BANK_MASK] = rb(t, 4) ? 0xf : rb(t, 16);
                in->f[RDNA4_FLD_BC] = rb(t, 2);
                in->f[RDNA4_FLD_FI] = rb(t, 4) == 0;
                if (e32) {
                    unsigned mn = G->mods[op] & 7u, ma = G->mods[op] >> 3;
                    in->f[RDNA4_FLD_SRC0_NEG] = (mn & 1) && rb(t, 5) == 0;
                    in->f[RDNA4_FLD_SRC0_ABS] = (ma & 1) && rb(t, 5) == 0;
                    in->f[RDNA4_FLD_SRC1_NEG] = (mn & 2) && rb(t, 5) == 0;
                    in->f[RDNA4_FLD_SRC1_ABS] = (ma & 2) && rb(t, 5) == 0;
                }
            } else {
                in->dpp = rb(t, 4) ? 2 : 3;
                in->f[RDNA4_FLD_SRC0] = in->dpp == 2 ? 233 : 234;
                for (unsigned i = 0; i < 8; i++)
                    in->f[RDNA4_FLD_LANE_SEL0 + i] = rb(t, 8);
            }
            if (haslit) {                            /* no literal with DPP: an inline 1 */
                for (unsigned i = 0; i < RDNA4_MAXOPD; i++)
                    if (r->o[i].kind == RDNA4_K_VSRC && in->f[r->o[i].fld] == RDNA4_LIT_SRC)
                        in->f[r->o[i].fld] = 129;
                haslit = 0;
            }
        }
        in->has_lit = (uint8_t)haslit;
        in->lit = lit;
        if (scalar_reads(in, r) > limit)
            continue;
        if (encode_ok(in))
            return 0;
    }
    return -1;
}

/* M0 for a V_MOVREL* or V_SWAPREL of `in`: the indexed VGPRs stay in the pool. */
static void vmovrel_m0(gt *t, const rdna4_insn *in)
{
    const char *nm = rdna4_rows[in->row].name;
    unsigned end = t->vbase + VPOOL, d = in->f[RDNA4_FLD_VDST], s = in->f[RDNA4_FLD_SRC0];
    s = s >= 256 ? s - 256 : t->vbase;
    if (d < t->vbase || d >= end)
        d = t->vbase;
    uint32_t v;
    if (!strcmp(nm, "v_movrelsd_2_b32") || !strcmp(nm, "v_swaprel_b32"))
        v = rb(t, end - s) | rb(t, end - d) << 16;
    else
        v = rb(t, end - (d > s ? d : s));
    emit_mov(t, RDNA4_M0, v);
}

/* wave64 text: lane masks as LLVM spells them with .wave64 (vcc, exec, s[n:n+1]). */
static void wave64_text(const rdna4_insn *in, char *text, size_t cap)
{
    const rdna4_row *r = &rdna4_rows[in->row];
    char *p = strchr(text, ' ');
    if (!p || in->fmt == RDNA4_FMT_VOPD)
        return;
    char out[320];
    size_t n = (size_t)(p + 1 - text);
    memcpy(out, text, n);
    p++;
    unsigned i = 0;
    for (unsigned k = 0; k < RDNA4_MAXOPD && r->o[k].kind != RDNA4_K_NONE && *p; k++) {
        size_t len = strcspn(p, ", ");
        const rdna4_opd *o = &r->o[k];
        int mask = o->type == RDNA4_T_MASK && o->kind != RDNA4_K_NONE;
        char tok[64];
        snprintf(tok, sizeof tok, "%.*s", (int)len, p);
        unsigned sn;
        char rep[64];
        if (mask && !strcmp(tok, "vcc_lo"))
            snprintf(rep, sizeof rep, "vcc");
        else if (mask && !strcmp(tok, "exec_lo"))
            snprintf(rep, sizeof rep, "exec");
        else if (mask && sscanf(tok, "s%u", &sn) == 1 && tok[1] >= '0' && tok[1] <= '9')
            snprintf(rep, sizeof rep, "s[%u:%u]", sn, sn + 1);
        else
            snprintf(rep, sizeof rep, "%s", tok);
        size_t rl = strlen(rep);
        if (n + rl + 1 >= sizeof out)
            return;
        memcpy(out + n, rep, rl);
        n += rl;
        p += len;
        if (p[0] == ',' && p[1] == ' ') {       /* the next operand */
            memcpy(out + n, ", ", 2);
            n += 2;
            p += 2;
        } else {
            break;
        }
        i++;
    }
    size_t rest = strlen(p);
    if (n + rest + 1 > sizeof out || n + rest + 1 > cap)
        return;
    memcpy(out + n, p, rest + 1);
    memcpy(text, out, n + rest + 1);
}

/* wave64 text of a WMMA/SWMMAC: every VGPR tuple is half as long (LLVM's
 * +wavefrontsize64 operand classes; one VGPR is written vN). */
static void wmma64_text(char *text, size_t cap)
{
    char out[320];
    size_t n = 0;
    for (const char *p = text; *p && n + 24 < sizeof out;) {
        unsigned a, e;
        int len = 0;
        if (p[0] == 'v' && p[1] == '[' && sscanf(p, "v[%u:%u]%n", &a, &e, &len) == 2 && len > 0 && e > a) {
            unsigned h = (e - a + 1) / 2;
            n += (size_t)(h > 1 ? snprintf(out + n, sizeof out - n, "v[%u:%u]", a, a + h - 1)
                                : snprintf(out + n, sizeof out - n, "v%u", a));
            p += len;
        } else {
            out[n++] = *p++;
        }
    }
    out[n] = '\0';
    if (n < cap)
        memcpy(text, out, n + 1);
}

/* A VALU instruction of row op (dpp: its DPP16 / DPP8 form) */
static void emit_valu(gt *t, unsigned op, int dpp)
{
    rdna4_insn in;
    if (t->wave64 && t->G->cls[op] == C_VOPD)  /* wave32 only (decision Q3) */
        return;
    if (draw_valu(t, op, &in, dpp))
        return;
    if (t->G->cls[op] == C_VMOVREL)
        vmovrel_m0(t, &in);
    push(t, &in, -1, -1);
}

/* DPP: a row of the mix that has a DPP form (VOP1/VOP2/VOPC/VOP3/VOP3SD/VOP3P) */
static void emit_dpp(gt *t, int dpp8)
{
    for (int k = 0; k < 16; k++) {
        int op = pick_row(t);
        if (op < 0)
            return;
        const rdna4_row *r = &rdna4_rows[op];
        if (t->G->cls[op] != C_VALU || (r->flags & RDNA4_NODPP) ||
            r->fmt == RDNA4_FMT_VINTERP || r->o[0].kind == RDNA4_K_NONE)
            continue;
        int s0 = 0;
        for (unsigned i = 0; i < RDNA4_MAXOPD; i++)
            s0 |= r->o[i].kind == RDNA4_K_VSRC && r->o[i].fld == RDNA4_FLD_SRC0;
        if (!s0)
            continue;
        emit_valu(t, (unsigned)op, dpp8 ? 2 : 1);
        return;
    }
}

/* EXEC: all lanes, a random, partial or single-lane mask, now and then none */
static void emit_exec(gt *t)
{
    unsigned k = rb(t, 100);
    uint64_t m;
    if (k < 20)
        m = ~0ull;
    else if (k < 25)
        m = 0;
    else if (k < 35)
        m = 1ull << rb(t, 64);
    else if (k < 45)
        m = rb(t, 2) ? 0xffffffffull : 0xffffffff00000000ull;
    else if (k < 55)
        m = rb(t, 2) ? 0x5555555555555555ull : 0x0f0f0f0f0f0f0f0full;
    else
        m = gpuref_rng_next(t->r);
    if (!t->wave64) {
        m &= 0xffffffffull;
        if (k >= 25 && !m)
            m = 1;
    } else if (k >= 25 && !m) {
        m = 1ull << 32;
    }
    emit_mov(t, RDNA4_EXEC_LO, (uint32_t)m);
    if (t->wave64)
        emit_mov(t, RDNA4_EXEC_HI, (uint32_t)(m >> 32));
}

/* MODE: the F32 and F16/F64 rounding and denormal fields, by S_ROUND_MODE,
 * S_DENORM_MODE or S_SETREG_IMM32_B32 hwreg(HW_REG_WAVE_MODE, 0, 8) */
static void emit_mode(gt *t)
{
    const r4g *G = t->G;
    rdna4_insn in;
    memset(&in, 0, sizeof in);
    unsigned k = rb(t, 3);
    int row = k == 0 ? G->round_mode : k == 1 ? G->denorm_mode : G->setreg_imm;
    if (row < 0)
        return;
    in.row = (uint16_t)row;
    in.fmt = rdna4_rows[row].fmt;
    in.f[rdna4_fmts[in.fmt].op_fld] = rdna4_rows[row].op;
    if (k < 2) {
        in.f[RDNA4_FLD_SIMM16] = rb(t, 16);
    } else {
        in.f[RDNA4_FLD_SIMM16] = RDNA4_HW_MODE | 0u << 6 | 7u << 11;   /* id 1, offset 0, size 8 */
        in.has_lit = 1;
        in.lit = rb(t, 256);
    }
    if (encode_ok(&in))
        push(t, &in, -1, -1);
}

/* Initial VGPR pool: per lane values aimed at classes (floats of each width,
 * integers, special values); half the registers uniform over the lanes. */
static void vgpr_init(gt *t)
{
    uint64_t lane[64];
    char key[16];
    unsigned nl = t->wave64 ? 64 : 32;
    for (unsigned i = 0; i < VPOOL; i += 2) {
        unsigned kind = rb(t, 5), n = rb(t, 8) < 3 ? nl : 1;
        uint64_t hi[64];
        for (unsigned l = 0; l < n; l++) {
            uint64_t a, b;
            switch (kind) {
            case 0:                             /* F32 */
                a = float_value(t, 32);
                b = float_value(t, 32);
                break;
            case 1:                             /* F16 halves */
                a = float_value(t, 16) | float_value(t, 16) << 16;
                b = float_value(t, 16) | float_value(t, 16) << 16;
                break;
            case 2: {                           /* F64 pair */
                uint64_t d = float_value(t, 64);
                a = d & 0xffffffffu;
                b = d >> 32;
                break;
            }
            case 3:                             /* integer classes */
                a = gpuref_vc_example_int(t->r, rb(t, GPUREF_VC_NINT), 32);
                b = gpuref_vc_example_int(t->r, rb(t, GPUREF_VC_NINT), 32);
                break;
            default:
                a = gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
                b = gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
                break;
            }
            lane[l] = a;
            hi[l] = b;
        }
        const char *sfx = n == 32 ? "[0:31]" : "";   /* wave32: the lanes it has */
        snprintf(key, sizeof key, "v%u%s", t->vbase + i, sfx);
        gpuref_gx_reg(t->x, key, 8, lane, n);
        snprintf(key, sizeof key, "v%u%s", t->vbase + i + 1, sfx);
        gpuref_gx_reg(t->x, key, 8, hi, n);
    }
}

/* ------------------------------------------------------------- targeting */

static unsigned slot_operand(const rdna4_row *r, unsigned slot, int *use)
{
    unsigned ns = 0;
    for (unsigned i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        if (o->kind == RDNA4_K_SSRC || o->kind == RDNA4_K_SDSTSRC ||
            ((o->kind == RDNA4_K_SIMM_HEX || o->kind == RDNA4_K_SIMM_INL) && r->fmt == RDNA4_FMT_SOPK)) {
            if (ns++ == slot) {
                *use = o->kind == RDNA4_K_SSRC ? 1 : o->kind == RDNA4_K_SDSTSRC ? 3 : 2;
                return i;
            }
        }
    }
    *use = 0;
    return 0;
}

/* A result of class vc: every source of the row holds one value of that class
 * (one literal for 32-bit sources, an aimed pair for 64-bit ones) - and, or,
 * min, max, moves, selects, ... then return it. */
static void aim_same(gt *t, unsigned op, unsigned vc)
{
    const rdna4_row *r = &rdna4_rows[op];
    int fl = vc >= GPUREF_VC_FPZERO && vc <= GPUREF_VC_SNAN;
    rdna4_insn in;
    if (draw(t, op, &in))
        return;
    int pair = -1;
    uint32_t lit = 0;
    int haslit = 0;
    for (unsigned i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        if (o->kind != RDNA4_K_SSRC || (r->flags & (RDNA4_REGSRC | RDNA4_BARID)))
            continue;
        int tfl = o->type == RDNA4_T_F32 || o->type == RDNA4_T_F16 || o->type == RDNA4_T_F64 ||
                  o->type == RDNA4_T_BF16 || o->type == RDNA4_T_BF16P;
        if (tfl != fl || o->type == RDNA4_T_F64 || o->type == RDNA4_T_BF16 || o->type == RDNA4_T_BF16P)
            continue;
        if (rdna4_type_is64(o->type)) {
            if (pair < 0) {
                if (t->ntgt >= 4)
                    continue;
                uint64_t v = gpuref_vc_example_int64(t->r, vc);
                t->tgt[t->ntgt][0] = (uint32_t)v;
                t->tgt[t->ntgt][1] = (uint32_t)(v >> 32);
                pair = (int)(AIMED + 2u * t->ntgt++);
            }
            in.f[o->fld] = (unsigned)pair;
        } else {
            if (!haslit)
                lit = fl ? gpuref_vc_draw_float(t->r, vc, o->type == RDNA4_T_F16 ? 16 : 32)
                         : gpuref_vc_example_int(t->r, vc, 32);
            haslit = 1;
            in.f[o->fld] = RDNA4_LIT_SRC;
        }
    }
    if (haslit) {
        if (r->flags & RDNA4_LIT)                  /* K of s_fmaak/s_fmamk is the literal */
            return;
        in.has_lit = 1;
        in.lit = lit;
    }
    if (encode_ok(&in))
        push_row(t, &in);
}

/* An SMEM load whose first DWORD(s) have class vc: aimed words at the end of
 * the memory block (the byte / half replicated for the sub-DWORD loads). */
static int aim_load(gt *t, unsigned op, unsigned vc)
{
    const rdna4_row *r = &rdna4_rows[op];
    rdna4_insn in;
    unsigned n = 1, bits = 32;
    if (strstr(r->name, "load_b64"))
        n = 2;
    else if (strstr(r->name, "8"))
        bits = 8;
    else if (strstr(r->name, "16"))
        bits = 16;
    if (t->nmem + n > 8 || draw(t, op, &in))
        return 0;
    unsigned w = 56u + t->nmem;
    if (n == 2) {
        uint64_t v = gpuref_vc_example_int64(t->r, vc);
        t->memv[t->nmem++] = (uint32_t)v;
        t->memv[t->nmem++] = (uint32_t)(v >> 32);
    } else {
        uint32_t v = gpuref_vc_example_int(t->r, vc, bits);
        t->memv[t->nmem++] = bits == 8 ? (v & 0xff) * 0x01010101u
                           : bits == 16 ? (v & 0xffff) * 0x00010001u : v;
    }
    in.f[RDNA4_FLD_SBASE] = VBASE / 2;
    in.f[RDNA4_FLD_SOFFSET] = RDNA4_NULL;
    in.f[RDNA4_FLD_IOFFSET] = 4 * w + (bits < 32 ? gpuref_rng_below(t->r, 4) : 0);
    if (!encode_ok(&in))
        return 0;
    push(t, &in, -1, -1);
    return 1;
}

static int aim(gt *t, const gpuref_cov_bin *b)
{
    const r4g *G = t->G;
    if (b->opcode < 0 || b->opcode >= RDNA4_NROWS)
        return 0;
    unsigned op = (unsigned)b->opcode;
    const rdna4_row *r = &rdna4_rows[op];
    rdna4_insn in;
    if (b->cat == GPUREF_COV_ISA) {             /* a branch taken / not taken */
        for (unsigned k = 0; k < 7; k++)
            if (G->br[k] == (int)op) {
                emit_branch(t, (int)k, b->aux ? 1 : 0);
                return 1;
            }
        return 0;
    }
    if (G->cls[op] == C_NO)
        return 0;
    if (G->cls[op] == C_VALU || G->cls[op] == C_VMOVREL || G->cls[op] == C_VOPD) {
        if (b->cat != GPUREF_COV_OP && b->cat != GPUREF_COV_FLAG && b->cat != GPUREF_COV_OUT)
            return 0;                           /* operand bins: random tries only */
        for (int i = 0; i < (b->cat == GPUREF_COV_OP ? 1 : 2); i++)
            emit_valu(t, op, 0);
        return 1;
    }
    if (G->cls[op] == C_TERM || (G->cls[op] == C_KILL && b->cat == GPUREF_COV_OP &&
                                 gpuref_rng_chance(t->r, 50))) {
        if (t->term >= 0 || (b->cat != GPUREF_COV_OP && b->cat != GPUREF_COV_OPND &&
                             b->cat != GPUREF_COV_IN))
            return 0;
        t->term = (int)op;                      /* drawn at the end (end_wave) */
        t->termbin = b;
        return 1;
    }
    if (b->cat == GPUREF_COV_OUT && r->fmt == RDNA4_FMT_SMEM)
        return aim_load(t, op, b->value);
    if (b->cat == GPUREF_COV_OUT && (G->cls[op] == C_PLAIN || G->cls[op] == C_MOVREL))
        aim_same(t, op, b->value);              /* and two random tries below */
    if (b->cat == GPUREF_COV_OP || b->cat == GPUREF_COV_FLAG || b->cat == GPUREF_COV_OUT) {
        for (int i = 0; i < (b->cat == GPUREF_COV_OP ? 1 : b->cat == GPUREF_COV_OUT ? 2 : 4); i++)
            emit_op(t, op);                     /* flags and results: a few tries */
        return 1;
    }
    if (G->cls[op] != C_PLAIN && G->cls[op] != C_MOVREL && G->cls[op] != C_KILL)
        return 0;
    int use = 0;
    unsigned oi = slot_operand(r, (unsigned)(b->slot - 1), &use);
    if (!use || draw(t, op, &in))
        return 0;
    const rdna4_opd *o = &r->o[oi];
    int is64 = rdna4_type_is64(o->type);
    if (b->cat == GPUREF_COV_OPND && use == 1) {
        static const uint8_t kcode[5] = { 0, RDNA4_M0, 129, RDNA4_LIT_SRC, RDNA4_SCC_SRC };
        unsigned k = b->value == GPUREF_OPK_REG ? 0 : b->value == GPUREF_OPK_SPECIAL ? 1
                   : b->value == GPUREF_OPK_IMM ? 2 : b->value == GPUREF_OPK_LITERAL ? 3 : 4;
        in.f[o->fld] = k == 0 ? pool_reg(t, is64)
                       : k != 1 ? kcode[k]
                       : (r->flags & RDNA4_REGSRC) ? RDNA4_TTMP0 : is64 ? RDNA4_VCC_LO : RDNA4_M0;
        if (k == 3 && !in.has_lit) {
            in.has_lit = 1;
            in.lit = (uint32_t)gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
        }
    } else if (b->cat == GPUREF_COV_IN) {
        int fl = b->value >= GPUREF_VC_FPZERO && b->value <= GPUREF_VC_SNAN;
        unsigned bits = b->aux ? b->aux : 32;
        if (use == 2) {
            in.f[o->fld] = gpuref_vc_example_int(t->r, b->value, 16) & 0xffff;
        } else if (!is64 || use == 3 || (r->flags & RDNA4_REGSRC)) {
            uint32_t v = fl ? gpuref_vc_draw_float(t->r, b->value, bits > 32 ? 32 : bits)
                            : gpuref_vc_example_int(t->r, b->value, 32);
            if (use == 3 || (r->flags & (RDNA4_REGSRC | RDNA4_BARID)) || in.has_lit) {
                if (is64)                       /* a register set just before */
                    return 0;
                unsigned reg = (r->flags & RDNA4_BARID) ? RDNA4_M0 : pool_reg(t, 0);
                if ((r->flags & RDNA4_BARID) && r->o[0].kind != RDNA4_K_SDST)
                    return 0;                   /* an inline constant only */
                emit_mov(t, reg, v);
                in.f[o->fld] = reg;
            } else {                            /* a literal holds any 32-bit value */
                in.f[o->fld] = RDNA4_LIT_SRC;
                in.has_lit = 1;
                in.lit = v;
            }
        } else {                                /* 64-bit: an aimed pair s96+ */
            if (t->ntgt >= 4 || fl)
                return 0;
            uint64_t v = gpuref_vc_example_int64(t->r, b->value);
            t->tgt[t->ntgt][0] = (uint32_t)v;
            t->tgt[t->ntgt][1] = (uint32_t)(v >> 32);
            in.f[o->fld] = AIMED + 2u * t->ntgt++;
        }
    } else {
        return 0;
    }
    if (!encode_ok(&in))
        return 0;
    push_row(t, &in);
    return 1;
}

/* ---------------------------------------------------------------- output */

static void end_wave(gt *t)
{
    rdna4_insn in;
    if (t->term >= 0 && draw(t, (unsigned)t->term, &in) == 0) {
        const gpuref_cov_bin *b = t->termbin;
        if (t->term == RDNA4_ROW_SOPP_s_setkill || t->term == RDNA4_ROW_SOPP_s_sethalt)
            in.f[RDNA4_FLD_SIMM16] = 1;             /* kill / HALT */
        if (b && b->slot == 1 && rdna4_rows[t->term].o[0].kind == RDNA4_K_SSRC) {
            unsigned f = rdna4_rows[t->term].o[0].fld;   /* s_alloc_vgpr's source */
            if (b->cat == GPUREF_COV_IN) {
                in.f[f] = RDNA4_LIT_SRC;
                in.has_lit = 1;
                in.lit = gpuref_vc_example_int(t->r, b->value, 32);
            } else if (b->cat == GPUREF_COV_OPND) {
                static const uint8_t kc[] = { 0, RDNA4_M0, 129, RDNA4_LIT_SRC, RDNA4_SCC_SRC };
                unsigned k = b->value == GPUREF_OPK_REG ? 0 : b->value == GPUREF_OPK_SPECIAL ? 1
                           : b->value == GPUREF_OPK_IMM ? 2 : b->value == GPUREF_OPK_LITERAL ? 3 : 4;
                in.f[f] = k ? kc[k] : pool_reg(t, 0);
                in.has_lit = k == 3;
            }
        }
        if (encode_ok(&in))
            push(t, &in, -1, -1);
    }
    memset(&in, 0, sizeof in);                  /* always last (also if the row above
                                                   did not end the wave) */
    in.row = (uint16_t)t->G->endpgm;
    in.fmt = RDNA4_FMT_SOPP;
    in.f[rdna4_fmts[RDNA4_FMT_SOPP].op_fld] = rdna4_rows[in.row].op;
    push(t, &in, -1, -1);
}

static int r4g_test(gpuref_genctx *x, char *err)
{
    gt T, *t = &T;
    memset(t, 0, sizeof *t);
    t->x = x;
    t->G = x->priv;
    t->r = &x->rng;
    t->term = -1;
    for (unsigned i = IT_BRANCH; i < NITEMS; i++)
        t->w[i] = x->weights[i];
    /* memory traffic with barriers: 1, 2 or 4 waves of one work-group; the random
     * barrier rows are then off (a stray S_BARRIER_WAIT could wait for ever) */
    t->nwaves = 1;
    if (t->w[IT_BARRIER] && (t->w[IT_VMEM] || t->w[IT_LDS]))
        t->nwaves = 1u << gpuref_rng_below(t->r, 3);
    for (unsigned i = 0; i < RDNA4_NROWS; i++) {
        t->w[i] = t->G->cls[i] != C_NO ? x->weights[i] : 0;
        if (t->nwaves > 1 && (i == RDNA4_ROW_SOPP_s_barrier_wait ||
                              i == RDNA4_ROW_SOP1_s_barrier_signal ||
                              i == RDNA4_ROW_SOP1_s_barrier_signal_isfirst))
            t->w[i] = 0;
    }
    /* a VOPD pair's other half is drawn (uniformly) from the other half's rows of
     * weight > 0, so a mix that gives a half 0 never sees it; without rows for both
     * halves no pair is drawn */
    for (unsigned k = 0; k < t->G->nvopdx; k++)
        if (t->w[t->G->vopdx[k]])
            t->vopdx[t->nvopdx++] = t->G->vopdx[k];
    for (unsigned k = 0; k < t->G->nvopdy; k++)
        if (t->w[t->G->vopdy[k]])
            t->vopdy[t->nvopdy++] = t->G->vopdy[k];
    if (!t->nvopdx || !t->nvopdy)
        for (unsigned i = 0; i < RDNA4_NROWS; i++)
            if (t->G->cls[i] == C_VOPD)
                t->w[i] = 0;
    gpuref_wtab_build(&t->rows.t, t->rows.cum, t->rows.idx, t->w, RDNA4_NROWS);
    int only_vopd = 1;                          /* VOPD is wave32 only (decision Q3) */
    for (unsigned i = 0; i < RDNA4_NROWS; i++)
        if (t->w[i] && t->G->cls[i] >= C_VALU) {
            t->valu = 1;
            only_vopd &= t->G->cls[i] == C_VOPD;
        }
    if (!t->valu)                               /* scalar programs as before */
        for (unsigned i = IT_EXEC; i < IT_NPICK; i++)
            t->w[i] = 0;
    for (unsigned i = 0; i < 6; i++) {          /* 6 distinct pairs of s0-s87 */
        unsigned p;
        for (;;) {
            p = 2 * gpuref_rng_below(t->r, VBASE / 2);
            unsigned k;
            for (k = 0; k < i && t->pool[k] != p; k++)
                ;
            if (k == i)
                break;
        }
        t->pool[i] = (uint8_t)p;
    }
    if (t->valu) {                              /* wave size, VGPR pool, first MODE */
        t->wave64 = rb(t, 2) && !only_vopd;
        t->vbase = 32 + 2 * rb(t, 33);
        if (rb(t, 2))
            emit_mode(t);
    }
    unsigned idle = 0;
    while (!t->fail && x->ninsns < x->opts->length) {
        const gpuref_cov_bin *b = gpuref_gx_target(x);
        if (b) {
            int ok = aim(t, b);
            gpuref_gx_aimed(x, ok);
            if (ok)
                continue;
        }
        unsigned before = x->ninsns;
        int it = pick_item(t);
        if (it < 0 || idle > 10000)             /* nothing left to emit (a --mix of
                                                   ends only) */
            break;
        if (it == IT_BRANCH)
            emit_branch(t, -1, -1);
        else if (it == IT_VMEM)
            emit_vmem(t);
        else if (it == IT_LDS)
            emit_lds(t);
        else if (it == IT_BARRIER)
            emit_barrier(t);
        else if (it == IT_EXEC && t->valu)
            emit_exec(t);
        else if (it == IT_MODE && t->valu)
            emit_mode(t);
        else if (it == IT_DPP16 || it == IT_DPP8)
            emit_dpp(t, it == IT_DPP8);
        else if (it >= IT_BRANCH)
            ;                                   /* a construct of VALU tests only */
        else
            emit_op(t, (unsigned)it);
        idle = x->ninsns == before ? idle + 1 : 0;
    }
    end_wave(t);
    int rc = t->fail ? gpuref_errf(err, t->fail, "rdna4 generator: %s",
                                   t->fail == GPUREF_ERR_ASM ? t->bad : "out of memory")
                     : GPUREF_OK;
    /* layout, branch offsets (dwords after the branch), pc distances, text */
    unsigned *at = rc ? NULL : malloc((t->n + 1) * sizeof *at), pos = 0;
    if (!rc && !at)
        rc = gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    for (int again = 1; !rc && again;) {
        again = 0;
        pos = 0;
        for (size_t i = 0; !rc && i < t->n; i++) {
            char e2[GPUREF_ERRLEN];
            if (rdna4_encode(&t->v[i].in, e2))
                rc = gpuref_errf(err, GPUREF_ERR_RANGE, "rdna4 generator: %s", e2);
            at[i] = pos;
            pos += t->v[i].in.nwords;
        }
        at[t->n] = pos;
        /* a jump to an inline-constant address whose label ended up past 64
         * bytes (the skipped block held constructs) takes the address as a
         * literal instead: one word longer, so lay out again.  No draw
         * changes: programs that fit are as before. */
        for (size_t i = 0; !rc && i < t->n; i++) {
            gitem *it = &t->v[i];
            if (it->target < 0 || it->ref != REF_INL)
                continue;
            int li = t->label[it->target];
            if (4u * at[li < 0 ? (int)t->n : li] <= 64)
                continue;
            it->ref = REF_ABS;
            it->in.f[RDNA4_FLD_SSRC0] = RDNA4_LIT_SRC;
            it->in.has_lit = 1;
            it->in.lit = 0x100;                 /* patched below */
            again = 1;
        }
    }
    for (size_t i = 0; !rc && i < t->n; i++) {
        gitem *it = &t->v[i];
        char text[256], e2[GPUREF_ERRLEN];
        if (it->target >= 0) {
            int li = t->label[it->target];
            unsigned to = at[li < 0 ? (int)t->n : li];
            if (it->ref >= 0)                   /* bytes from the pc s_getpc_b64 returns */
                it->in.lit = 4u * to - (4u * at[it->ref] + 4u);
            else if (it->ref == REF_ABS)        /* the address (the program is at 0) */
                it->in.lit = 4u * to;
            else if (it->ref == REF_INL && 4u * to <= 64)
                it->in.f[RDNA4_FLD_SSRC0] = 128u + 4u * to;
            else if (it->ref == REF_INL) {
                rc = gpuref_errf(err, GPUREF_ERR_RANGE, "rdna4 generator: jump target %u "
                                 "is no inline constant", 4u * to);
                break;
            } else
                it->in.f[RDNA4_FLD_SIMM16] = (to - (at[i] + 1)) & 0xffff;
            if (rdna4_encode(&it->in, e2)) {
                rc = gpuref_errf(err, GPUREF_ERR_RANGE, "rdna4 generator: %s", e2);
                break;
            }
        }
        if (rdna4_format(&it->in, 4ull * at[i], text, sizeof text, e2) != GPUREF_OK) {
            rc = gpuref_errf(err, GPUREF_ERR_RANGE, "rdna4 generator: %s", e2);
            break;
        }
        if (i == 0 && t->wave64)
            gpuref_gx_line(x, ".wave64", 7);
        if (t->wave64 && (t->G->vflags[it->in.row] & VF_MASK))
            wave64_text(&it->in, text, sizeof text);
        if (t->wave64 && (t->G->vflags[it->in.row] & VF_WMMA))
            wmma64_text(text, sizeof text);
        gpuref_gx_line(x, text, strlen(text));
    }
    if (!rc) {                                  /* initial state */
        uint64_t v[2];
        char key[16];
        for (unsigned i = 0; i < 6; i++)
            for (unsigned h = 0; h < 2; h++) {
                v[0] = gpuref_rng_value(t->r, 32, x->opts->special_pct);
                snprintf(key, sizeof key, "s%u", t->pool[i] + h);
                gpuref_gx_reg(x, key, 8, v, 1);
            }
        for (unsigned i = 0; i < t->ntgt; i++)
            for (unsigned h = 0; h < 2; h++) {
                v[0] = t->tgt[i][h];
                snprintf(key, sizeof key, "s%u", AIMED + 2 * i + h);
                gpuref_gx_reg(x, key, 8, v, 1);
            }
        /* SMEM: 64 random words at a 256-byte aligned address A; s88:89 = A
         * (with a buffer stride in s89[29:16]), s90 = num_records, s91 random */
        uint64_t A = (gpuref_rng_next(t->r) & 0xffffffff00ull) | 0x100ull;
        uint32_t mem[64], stride = gpuref_rng_chance(t->r, 50) ? 0
                                   : 4u << gpuref_rng_below(t->r, 3);
        uint32_t nrec = gpuref_rng_chance(t->r, 75) ? 256u / (stride ? stride : 1)
                        : gpuref_rng_below(t->r, 300);
        for (unsigned i = 0; i < 64; i++)
            mem[i] = (uint32_t)gpuref_rng_value(t->r, 32, x->opts->special_pct);
        for (unsigned i = 0; i < t->nmem; i++)
            mem[56 + i] = t->memv[i];
        if (t->nmem) {                          /* buffer loads of them in range */
            stride = 0;
            nrec = 256;
        }
        gpuref_gx_mem(x, "mem", A, mem, 64);
        uint32_t vs[4] = { (uint32_t)A, (uint32_t)(A >> 32) | stride << 16, nrec,
                           (uint32_t)gpuref_rng_next(t->r) };
        for (unsigned i = 0; i < 4; i++) {
            v[0] = vs[i];
            snprintf(key, sizeof key, "s%u", VBASE + i);
            gpuref_gx_reg(x, key, 8, v, 1);
        }
        if (t->w[IT_VMEM] || t->w[IT_LDS]) {    /* memory traffic (emit_vmem) */
            uint64_t lane[64], pool[4];
            for (unsigned k = 0; k < 4; k++)
                pool[k] = 4u * gpuref_rng_below(t->r, 32);
            for (unsigned l = 0; l < 64; l++)
                lane[l] = pool[gpuref_rng_below(t->r, 4)];
            gpuref_gx_reg(x, "v0", 8, lane, 64);
            for (unsigned r = 1; r <= 7; r++) {  /* v1-v4 per lane, v5-v7 uniform */
                unsigned nl = r <= 4 ? 64 : 1;
                for (unsigned l = 0; l < nl; l++)
                    lane[l] = gpuref_rng_value(t->r, 32, x->opts->special_pct);
                snprintf(key, sizeof key, "v%u", r);
                gpuref_gx_reg(x, key, 8, lane, nl);
            }
            for (unsigned l = 0; l < 64; l++)   /* A + 4 * k stays in A's 256 bytes */
                lane[l] = (uint32_t)(A + 4u * gpuref_rng_below(t->r, 32));
            gpuref_gx_reg(x, "v24", 8, lane, 64);
            v[0] = A >> 32;
            gpuref_gx_reg(x, "v25", 8, v, 1);
            if (t->w[IT_K_FLAT]) {              /* FLAT: global or LDS aperture per lane */
                uint64_t hi[64];
                for (unsigned l = 0; l < 64; l++) {
                    unsigned lds = gpuref_rng_below(t->r, 2);
                    uint32_t k4 = 4u * gpuref_rng_below(t->r, 32);
                    lane[l] = lds ? k4 : (uint32_t)(A + k4);
                    hi[l] = lds ? 0x10000u : (uint32_t)(A >> 32);
                }
                gpuref_gx_reg(x, "v26", 8, lane, 64);
                gpuref_gx_reg(x, "v27", 8, hi, 64);
            }
            uint32_t vb[4] = { (uint32_t)A, (uint32_t)(A >> 32) | 4u << 16,
                               gpuref_rng_chance(t->r, 75) ? 256u : gpuref_rng_below(t->r, 300),
                               0xfacu | 20u << 12 | gpuref_rng_below(t->r, 4) << 28 };
            for (unsigned i = 0; i < 4; i++) {
                v[0] = vb[i];
                snprintf(key, sizeof key, "s%u", 92 + i);
                gpuref_gx_reg(x, key, 8, v, 1);
            }
        }
        v[0] = gpuref_rng_value(t->r, 32, x->opts->special_pct);
        gpuref_gx_reg(x, "vcc0", 8, v, 1);
        v[0] = gpuref_rng_value(t->r, 32, x->opts->special_pct);
        gpuref_gx_reg(x, "m0", 8, v, 1);
        v[0] = gpuref_rng_below(t->r, 2);
        gpuref_gx_reg(x, "scc", 1, v, 1);
        if (t->valu)
            vgpr_init(t);
    }
    x->max_steps = (t->n + 16) * t->nwaves;     /* forward control only */
    if (t->nwaves > 1 && t->wave64)
        snprintf(x->config, sizeof x->config, "waves=%u,wave=64", t->nwaves);
    else if (t->nwaves > 1)
        snprintf(x->config, sizeof x->config, "waves=%u", t->nwaves);
    else if (t->wave64)
        snprintf(x->config, sizeof x->config, "wave=64");
    if (t->w[IT_K_FLAT] && t->w[IT_VMEM]) {     /* the FLAT apertures (the KFD's bases) */
        size_t n = strlen(x->config);
        snprintf(x->config + n, sizeof x->config - n, "%sshared_base=1,private_base=2",
                 n ? "," : "");
    }
    free(at);
    free(t->v);
    free(t->label);
    return rc;
}

/* CLAMP and OMOD are drawn where the row's description allows them (RDNA4_NOCLAMP,
 * RDNA4_NOOMOD, RDNA4_NOMODS: LLVM's operands, checked by model/tests/llvm_rdna4_mods.sh),
 * and the model executes every such word; V_MQSAD_U32_U8's 128-bit S2 must be VGPRs. */
static int valu_fmt(int fmt)
{
    return fmt == RDNA4_FMT_VOP1 || fmt == RDNA4_FMT_VOP2 || fmt == RDNA4_FMT_VOPC ||
           fmt == RDNA4_FMT_VOP3 || fmt == RDNA4_FMT_VOP3SD || fmt == RDNA4_FMT_VOP3P ||
           fmt == RDNA4_FMT_VINTERP || fmt == RDNA4_FMT_VOPDX || fmt == RDNA4_FMT_VOPDY;
}

/* How a VALU row is generated: C_NO for WMMA/SWMMAC (not yet) and operand kinds
 * draw_valu does not know. */
static int valu_cls(const rdna4_row *r)
{
    int wmma = !strncmp(r->name, "v_wmma_", 7) || !strncmp(r->name, "v_swmmac_", 9);
    for (unsigned i = 0; i < RDNA4_MAXOPD; i++)
        switch (r->o[i].kind) {
        case RDNA4_K_NONE: case RDNA4_K_VCC: case RDNA4_K_VDST: case RDNA4_K_SDSTV:
        case RDNA4_K_SDST7: case RDNA4_K_VSRC: case RDNA4_K_VGPR: case RDNA4_K_LIT:
            if (rdna4_type_dwords(r->o[i].type) > 4 && !wmma)
                return C_NO;
            break;
        default:
            return C_NO;
        }
    if (r->fmt == RDNA4_FMT_VOPDX || r->fmt == RDNA4_FMT_VOPDY)
        return C_VOPD;
    if (!strncmp(r->name, "v_movrel", 8) || !strcmp(r->name, "v_swaprel_b32"))
        return C_VMOVREL;
    return C_VALU;
}

static void r4g_fini(void *priv)
{
    r4g *G = priv;
    if (G)
        rdna4_names_free(G->names);
    free(G);
}

static int r4g_init(void **priv, char *err)
{
    r4g *G = calloc(1, sizeof *G);
    if (G && !(G->names = rdna4_names_new())) {
        free(G);
        G = NULL;
    }
    if (!G)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    static const char *const brn[7] = { "s_branch", "s_cbranch_scc0", "s_cbranch_scc1",
                                        "s_cbranch_vccz", "s_cbranch_vccnz", "s_cbranch_execz",
                                        "s_cbranch_execnz" };
    for (unsigned k = 0; k < 7; k++)
        G->br[k] = -1;
    /* the rows the constructs emit by themselves */
    static const struct { int fmt; const char *name; size_t off; } fixed[] = {
        { RDNA4_FMT_SOPP, "s_endpgm", offsetof(r4g, endpgm) },
        { RDNA4_FMT_SOP1, "s_mov_b32", offsetof(r4g, mov32) },
        { RDNA4_FMT_SOP1, "s_getpc_b64", offsetof(r4g, getpc) },
        { RDNA4_FMT_SOP2, "s_add_co_u32", offsetof(r4g, addu) },
        { RDNA4_FMT_SOP2, "s_add_co_ci_u32", offsetof(r4g, addci) },
        { RDNA4_FMT_SOPK, "s_setreg_imm32_b32", offsetof(r4g, setreg_imm) },
        { RDNA4_FMT_SOPP, "s_round_mode", offsetof(r4g, round_mode) },
        { RDNA4_FMT_SOPP, "s_denorm_mode", offsetof(r4g, denorm_mode) },
    };
    for (unsigned k = 0; k < sizeof fixed / sizeof *fixed; k++)
        *(int *)((char *)G + fixed[k].off) = -1;
    for (unsigned op = 0; op < RDNA4_NROWS; op++) {
        const rdna4_row *r = &rdna4_rows[op];
        rdna4_exec_fn fn = rdna4_exec_of(op);
        int exec = fn != NULL, isbr = 0;
        for (unsigned k = 0; k < 7; k++)
            if (r->fmt == RDNA4_FMT_SOPP && !strcmp(r->name, brn[k])) {
                G->br[k] = (int)op;
                isbr = 1;
            }
        for (unsigned k = 0; k < sizeof fixed / sizeof *fixed; k++)
            if (r->fmt == fixed[k].fmt && !strcmp(r->name, fixed[k].name))
                *(int *)((char *)G + fixed[k].off) = (int)op;
        if (exec && valu_fmt(r->fmt)) {
            G->cls[op] = (uint8_t)valu_cls(r);
            G->vflags[op] = (uint8_t)((!strcmp(r->name, "v_mqsad_u32_u8") ? VF_S2VGPR : 0) |
                                      ((r->fmt == RDNA4_FMT_VOP3 && (!strcmp(r->name, "v_lshlrev_b64") ||
                                                                     !strcmp(r->name, "v_lshrrev_b64") ||
                                                                     !strcmp(r->name, "v_ashrrev_i64")))
                                       ? VF_CBUS1 : 0) |
                                      (strstr(r->name, "_mix") ? VF_MIX : 0));
            for (unsigned i = 0; i < RDNA4_MAXOPD; i++)
                if (r->o[i].kind != RDNA4_K_NONE && r->o[i].type == RDNA4_T_MASK)
                    G->vflags[op] |= VF_MASK;
            G->mods[op] = (uint8_t)(rdna4_mods_allowed(r, 0) | rdna4_mods_allowed(r, 1) << 3);
            if (!strncmp(r->name, "v_wmma_", 7) || !strncmp(r->name, "v_swmmac_", 9))
                G->vflags[op] |= VF_WMMA;
            if (r->fmt == RDNA4_FMT_VOPDX && G->cls[op] && G->nvopdx < 32)
                G->vopdx[G->nvopdx++] = (uint16_t)op;
            if (r->fmt == RDNA4_FMT_VOPDY && G->cls[op] && G->nvopdy < 32)
                G->vopdy[G->nvopdy++] = (uint16_t)op;
            continue;
        }
        if (!exec || isbr || (int)op == G->endpgm ||
            (r->fmt != RDNA4_FMT_SOP1 && r->fmt != RDNA4_FMT_SOP2 && r->fmt != RDNA4_FMT_SOPC &&
             r->fmt != RDNA4_FMT_SOPK && r->fmt != RDNA4_FMT_SOPP && r->fmt != RDNA4_FMT_SMEM))
            continue;
        int c = C_PLAIN;
        for (unsigned i = 0; i < RDNA4_MAXOPD; i++)
            switch (r->o[i].kind) {
            case RDNA4_K_NONE: case RDNA4_K_SDST: case RDNA4_K_SSRC: case RDNA4_K_SDSTSRC: case RDNA4_K_LIT:
            case RDNA4_K_MSGRTN: case RDNA4_K_SIMM_HEX: case RDNA4_K_SIMM_INL: case RDNA4_K_SIMM_OPT:
            case RDNA4_K_SIMM_HWREG: case RDNA4_K_SIMM_VER: case RDNA4_K_SIMM_DELAY: case RDNA4_K_SIMM_DEPCTR:
            case RDNA4_K_SIMM_WAITCNT: case RDNA4_K_SIMM_MSG: case RDNA4_K_SM_SDATA: case RDNA4_K_SM_SBASE:
            case RDNA4_K_SM_OFF: case RDNA4_K_SM_IOFF: case RDNA4_K_SM_SOFF: case RDNA4_K_SM_LEN:
                break;
            case RDNA4_K_SIMM_BR:
                if (op != RDNA4_ROW_SOPK_s_call_b64)
                    c = C_NO;
                break;
            default:
                c = C_NO;
                break;
            }
        if (c == C_NO)
            continue;
        if (strncmp(r->name, "s_movrel", 8) == 0)
            c = C_MOVREL;
        else if (op == RDNA4_ROW_SOPK_s_call_b64)
            c = C_CALL;
        else if (op == RDNA4_ROW_SOP1_s_setpc_b64 || op == RDNA4_ROW_SOP1_s_swappc_b64 ||
                 op == RDNA4_ROW_SOP1_s_rfe_b64)
            c = C_JUMP;
        else if (op == RDNA4_ROW_SOPP_s_code_end || op == RDNA4_ROW_SOPP_s_endpgm_saved ||
                 op == RDNA4_ROW_SOP1_s_alloc_vgpr || op == RDNA4_ROW_SOPP_s_sendmsghalt)
            c = C_TERM;
        else if (op == RDNA4_ROW_SOPP_s_setkill || op == RDNA4_ROW_SOPP_s_sethalt)
            c = C_KILL;
        G->cls[op] = (uint8_t)c;
        if (r->fmt == RDNA4_FMT_SOPC && G->nsopc < 64)
            G->sopc[G->nsopc++] = (int)op;
    }
    if (!G->nvopdx || !G->nvopdy)               /* no pairs without both halves */
        for (unsigned op = 0; op < RDNA4_NROWS; op++)
            if (G->cls[op] == C_VOPD)
                G->cls[op] = C_NO;
    for (unsigned k = 0; k < 7; k++)
        if (G->br[k] < 0)
            G->br[k] = G->br[0];
    if (G->br[0] < 0 || G->endpgm < 0 || G->mov32 < 0 || G->getpc < 0 || G->addu < 0 ||
        G->addci < 0) {
        r4g_fini(G);
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4 generator: description rows missing");
    }
    *priv = G;
    return GPUREF_OK;
}


const gpuref_isa_gen gpuref_rdna4_gen = {
    .items = r4g_items,
    .nitems = NITEMS,
    .init = r4g_init,
    .fini = r4g_fini,
    .test = r4g_test,
};
