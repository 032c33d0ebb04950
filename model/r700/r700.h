/* r700.h - the R700 (RV770) model: decoded instructions, state, internal calls.
 * README.md describes state, encoding, syntax and decisions. */
#ifndef GPUREF_R700_H
#define GPUREF_R700_H

#include <stddef.h>
#include <stdint.h>

#include "gpuref.h"
#include "isa.h"
#include "fp.h"

#define R700_LANES     64
#define R700_NGPR      128
#define R700_NCFILE    256
#define R700_NICONST   32
#define R700_MAXSTACK  64
#define R700_NCB       16            /* constant buffers (kcache banks select one) */
#define R700_CB_BYTES  (4096u * 16u) /* 4096 constants of 128 bits (L1367) */
#define R700_EXP_BYTES (3u * 256u * R700_LANES * 16u)
#define R700_CODE_MAX  (1u << 26)
#define R700_NRES      256           /* fetch resources (BUFFER_ID / RESOURCE_ID 8 bits) */
#define R700_RES_FIELDS 8            /* base, stride, size, fmt, width, height, depth, levels */
#define R700_NSEM      256           /* semantic table entries (SEMANTIC_ID 8 bits) */
#define R700_MEM_BYTES (1u << 20)    /* space "mem": vertex buffers and textures */
#define R700_NBUF      7             /* MEM_* export buffers: stream0-3, scratch, reduction, ring */
#define R700_LDS_BYTES (16u * 1024u) /* the local data share: 4 banks x 256 entries x 16 bytes (L627) */
#define R700_BUF_BYTES (256u * R700_LANES * 16u)  /* 256 elements of 128 bits per lane */

/* bits hi..lo of a word (chapter 10 field positions) */
static inline uint32_t r700_bits(uint32_t w, unsigned hi, unsigned lo)
{
    return (w >> lo) & ((hi - lo == 31) ? 0xffffffffu : ((1u << (hi - lo + 1)) - 1));
}

/* ---------------------------------------------------- the description */
enum { R700_ENC_OP2, R700_ENC_OP3 };
enum { R700_U_ANY, R700_U_VEC, R700_U_TRANS, R700_U_RED, R700_U_D2, R700_U_D4 };
#define R700_RF_PRED 0x1u
#define R700_RF_KILL 0x2u
#define R700_RF_MOVA 0x4u
#define R700_RF_INT  0x8u

enum r700_alu_op {
#define R700_ALU(n, e, o, ns, u, x, f) R700_OP_##n,
#define R700_CF(n, fm, o, x)
#include "r700.def"
#undef R700_ALU
#undef R700_CF
    R700_NALU
};
enum r700_cf_op {
#define R700_ALU(n, e, o, ns, u, x, f)
#define R700_CF(n, fm, o, x) R700_CF_##n,
#include "r700.def"
#undef R700_ALU
#undef R700_CF
    R700_NCF
};
enum r700_fetch_op {
#define R700_ALU(n, e, o, ns, u, x, f)
#define R700_CF(n, fm, o, x)
#define R700_FETCH(n, fm, o, x) R700_FX_##n,
#include "r700.def"
#undef R700_ALU
#undef R700_CF
#undef R700_FETCH
    R700_NFETCH
};
enum { R700_FF_VTX, R700_FF_TEX, R700_FF_ANY, R700_FF_MRD, R700_FF_DSW, R700_FF_DSR };
enum { R700_FMT_CF, R700_FMT_ALU, R700_FMT_EXP };

struct r700_lane;
typedef int (*r700_alu_fn)(struct r700_lane *x);

typedef struct r700_alu_row {
    const char *name;
    uint8_t enc, op, nsrc, unit;
    uint32_t flags;
    r700_alu_fn exec;
} r700_alu_row;

struct r700_state;
struct r700_cf;
typedef int (*r700_cf_fn)(struct r700_state *s, const struct r700_cf *c, gpuref_retire *rr,
                          char *err);
typedef struct r700_cf_row {
    const char *name;
    uint8_t fmt, op;
    r700_cf_fn exec;
} r700_cf_row;

struct r700_fetch;
typedef int (*r700_fetch_fn)(struct r700_state *s, const struct r700_fetch *f, uint64_t lanes,
                             gpuref_retire *rr, char *err);
typedef struct r700_fetch_row {
    const char *name;
    uint8_t form, op;
    r700_fetch_fn exec;
} r700_fetch_row;

extern const r700_alu_row r700_alu_rows[R700_NALU];
extern const r700_cf_row r700_cf_rows[R700_NCF];
extern const r700_fetch_row r700_fetch_rows[R700_NFETCH];
/* opcode rows of the gpuref_isa: ALU rows first, then CF rows, then fetch rows */
#define R700_NOPS (R700_NALU + R700_NCF + R700_NFETCH)

/* ---------------------------------------------------- decoded forms */
typedef struct r700_src {
    uint16_t sel;     /* 0-511 (SRC_SEL) */
    uint8_t  rel, chan, neg, abs;
} r700_src;

typedef struct r700_slot {
    uint16_t row;                 /* r700_alu_rows index */
    uint8_t  unit;                /* assigned slot: 0..3 x..w, 4 t */
    uint8_t  last, index_mode, pred_sel;
    uint8_t  uem, up, write, omod, bank_swizzle;
    uint8_t  dst_gpr, dst_rel, dst_chan, clamp;
    r700_src src[3];
    uint32_t w0, w1;
} r700_slot;

typedef struct r700_group {
    uint8_t   nslots, nlit;       /* instructions, literal dwords (0, 2 or 4) */
    uint8_t   nwords;             /* 2*nslots + nlit */
    uint8_t   unit_used;          /* bit per unit */
    r700_slot slot[5];
    uint32_t  lit[4];
} r700_group;

/* a group's fast form (r700_step.c, README "Speed"): made at load for the
 * groups whose slots are all lane-independent integer or move operations
 * without relative operands, predication, OMOD or CLAMP; one loop over the
 * lanes per slot.  Every other group (and any error) takes the general path. */
enum { R700_FK_GPR, R700_FK_PV, R700_FK_PS, R700_FK_CONST, R700_FK_UNI };
typedef struct r700_fsrc {
    uint8_t  kind;                /* R700_FK_* */
    uint8_t  mod;                 /* ABS or NEG: andm/xorm apply */
    uint32_t off;                 /* GPR, PV, PS: the row's byte offset in r700_state */
    uint32_t val;                 /* CONST: the value, modifiers applied */
    uint32_t andm, xorm;          /* ABS clears bit 31, then NEG flips it */
} r700_fsrc;

typedef struct r700_fslot {
    uint8_t  op;                  /* R700_FOP_* (r700_step.c) */
    uint8_t  unit, nsrc, wr;      /* wr: writes GPR element el */
    uint8_t  slot;                /* its index in r700_group.slot */
    uint16_t el;                  /* destination gpr*4 + element */
    uint32_t smask;               /* shift count mask (D4: 31 with shift_mask, else all) */
    r700_fsrc src[3];
} r700_fslot;

typedef struct r700_fgroup {
    uint8_t    ok;                /* the fast path runs this group */
    uint8_t    nslots, nwr;       /* slots, slots that write a GPR */
    uint8_t    unit_used;
    r700_fslot slot[5];           /* in unit order x, y, z, w, t */
} r700_fgroup;

typedef struct r700_cf {
    uint16_t row;                 /* r700_cf_rows index */
    uint8_t  fmt;
    uint8_t  barrier, wqm, eop, vpm, cond, pop_count, cf_const, call_count;
    uint32_t addr;                /* ADDR field (quadwords) */
    uint32_t count;               /* CF: COUNT (with COUNT_3); ALU: COUNT */
    /* ALU */
    uint8_t  kbank[2], kmode[2], kaddr[2], alt_const;
    /* EXP */
    uint16_t array_base, array_size;
    uint8_t  type, rw_gpr, rw_rel, index_gpr, elem_size, burst, comp_mask, swiz;
    uint8_t  sel[4];
    uint32_t w0, w1;
} r700_cf;

/* one fetch instruction (VTX or TEX form, 4 dwords).  Fields of the other
 * form are 0. */
typedef struct r700_fetch {
    uint16_t row;                 /* r700_fetch_rows index */
    uint8_t  form;                /* R700_FF_VTX / R700_FF_TEX */
    uint8_t  fetch_type, fwq, src_gpr, src_rel, dst_gpr, dst_rel;
    uint8_t  ssel[4];             /* VTX: ssel[0] = SRC_SEL_X (0-3); TEX: SRC_SEL_X..W (0-5) */
    uint8_t  dsel[4];             /* DST_SEL_X..W (0-3 element, 4 0.0, 5 1.0, 7 masked) */
    uint16_t rid;                 /* BUFFER_ID / RESOURCE_ID */
    /* VTX */
    uint8_t  mfc, sem, ucf, dfmt, nfa, fca, sma, endian, cbns, mf, alt;
    uint16_t offset;
    /* TEX */
    uint8_t  bfm, lod_bias, ct, sampler;
    int8_t   ofs[3];              /* OFFSET_X/Y/Z, 5-bit two's complement */
    /* MEM (MRD, DSW, DSR; README "Memory-read and LDS clauses"); src_rel and
     * dst_rel hold SRC_REL_MODE / DST_REL_MODE (0-2) for DSW/DSR; ssel[0..3]
     * SRC_SEL_X..W (DSW 0-5, 7), SRC_SEL_X/Y (DSR 0-5) */
    uint8_t  mop, elem_size, uncached, indexed, burst;
    uint16_t array_base, array_size;
    uint8_t  dst_index, wave_rel, rd_offset, dwr, bcast, wfall, mux;
    uint16_t dst_stride;
    uint32_t w[4];
} r700_fetch;

/* ---------------------------------------------------- the state */
typedef struct r700_config {
    unsigned lanes;        /* 16, 32, 64 */
    unsigned gprs;         /* GPR_COUNT: registers 0..gprs-1 (L1340) */
    unsigned temps;        /* clause temporaries at 128-temps..127 (L541) */
    unsigned stack_size;   /* stack entries */
    unsigned prefer_trans; /* ALU_INST_PREFER_VECTOR polarity (D5) */
    unsigned sub_guide;    /* SUB_INT = src1 - src0 as the guide's text (D3) */
    unsigned shift_mask;   /* shifts use the low 5 bits of src1 (D4) */
    unsigned flt_to_int_rne; /* FLT_TO_INT rounds to nearest even (D7) */
    unsigned sin_radians;  /* SIN/COS take radians (D6) */
    unsigned fast;         /* 0: every group by the general path (README "Speed") */
} r700_config;

typedef struct r700_mem {
    uint8_t *cb;           /* R700_NCB x R700_CB_BYTES */
    uint8_t *exp;          /* exports */
    uint8_t *mem;          /* R700_MEM_BYTES: what fetches read (MEM_EXPORT writes) */
    uint8_t *buf[R700_NBUF]; /* R700_BUF_BYTES each: the MEM_* buffers */
    uint8_t *lds;          /* R700_LDS_BYTES: the local data share (space "lds") */
} r700_mem;

/* per-pixel state (§3.6.1) */
enum { R700_PS_ACTIVE = 0, R700_PS_BRANCH = 1, R700_PS_CONT = 2, R700_PS_BREAK = 3 };
enum { R700_SE_PIXEL = 1, R700_SE_LOOP = 2, R700_SE_CALL = 3 };

typedef struct r700_stack_entry {
    uint8_t  kind;
    uint8_t  pst[R700_LANES];
    uint32_t al, count, inc;      /* LOOP: the enclosing loop state */
    uint32_t ret;                 /* CALL: return address (byte) */
    uint32_t depth;               /* CALL: the call depth before */
    uint32_t loop_addr;
} r700_stack_entry;

typedef struct r700_state {
    r700_config cfg;
    fp_policy   fp;
    r700_mem   *mem;
    r700_mem    own;
    uint32_t    gpr[R700_NGPR][4][R700_LANES];
    uint32_t    pv[4][R700_LANES], ps[R700_LANES];
    int16_t     ar[4][R700_LANES];
    uint8_t     pred[R700_LANES];
    uint8_t     pst[R700_LANES];  /* per-pixel state */
    uint64_t    valid;
    uint32_t    cfile[R700_NCFILE][4];
    uint32_t    iconst[R700_NICONST][3];
    uint32_t    bconst;
    uint32_t    res[R700_NRES][R700_RES_FIELDS];  /* fetch resources (README "Fetch") */
    uint8_t     sem[R700_NSEM];   /* semantic table: SEMANTIC_ID -> GPR */
    uint32_t    al, loop_count, loop_inc;
    uint32_t    call_depth;
    unsigned    sp;
    r700_stack_entry stack[R700_MAXSTACK];
    /* program */
    uint32_t   *words;
    size_t      nwords;
    uint32_t    base;
    r700_cf    *cfd;              /* predecoded CF view, one per even word */
    int16_t    *cfst;             /* its status */
    r700_group *grp;              /* predecoded ALU group view, one per even word */
    int16_t    *grpst;
    r700_fgroup *fgrp;            /* its fast form */
    r700_fetch *fd;               /* predecoded fetch view, one per even word */
    int16_t    *fdst;
    uint32_t    pc;               /* CF program counter (byte address) */
    int         finished;
    /* the ALU clause being run (in_clause 1), or the fetch clause (2) */
    int         in_clause;
    uint32_t    cpc, cend;        /* next group, end of the clause (byte) */
    uint32_t    clause_cf;        /* byte address of its CF_ALU */
    r700_cf     ccf;
    uint8_t     uem_set[R700_LANES], uem_val[R700_LANES];
    uint8_t     clause_lanes[R700_LANES]; /* lanes the clause runs (active, or WQM) */
    uint64_t    clause_mask;      /* the same as a mask (lanes < cfg.lanes) */
    uint32_t    clause_lm[R700_LANES]; /* and as one all-ones or zero word per lane */
    unsigned    wave;
} r700_state;

/* aL as an index (13 bits used for addressing, README "State") */
static inline uint32_t r700_al_index(const r700_state *s)
{
    return s->al & 0x1fff;
}

/* element ch of GPR g in lane l for a fetch or an export: an out-of-range
 * GPR reads GPR 0 (L1343) */
static inline uint32_t r700_gpr_read(const r700_state *s, unsigned g, unsigned ch, unsigned l)
{
    return s->gpr[g < s->cfg.gprs ? g : 0][ch][l];
}

/* one lane of one slot in execution */
typedef struct r700_lane {
    const r700_state *s;
    const fp_policy  *fp;
    const r700_slot  *sl;
    uint32_t src[3];
    uint32_t dst;
    int      pred_out;            /* PRED_SET*: 1 execute, 0 skip */
    int      kill;
    int      ar;                  /* MOVA: the AR value */
    int      nowrite;             /* no result (MOVA, NOP) */
    uint32_t rsrc[4][3];          /* reductions, doubles: src0..src2 of units x..w */
    unsigned unit;                /* reductions, doubles: the unit of this slot */
    unsigned omod64, clamp64;     /* doubles: OMOD/CLAMP of the even slot (D40) */
    const char *why;              /* an exec function's reason for GPUREF_ERR_UNIMPL */
} r700_lane;

/* r700_desc.c */
int  r700_decode_cf(const uint32_t *w, size_t avail, r700_cf *c, char *err);
int  r700_decode_group(const uint32_t *w, size_t avail, const r700_config *cfg, r700_group *g,
                       char *err);
int  r700_group_check(const r700_group *g, char *err);   /* read ports etc. */
void r700_encode_cf(const r700_cf *c, uint32_t w[2]);
int  r700_alu_row_of(unsigned enc, unsigned op);
int  r700_cf_row_of(unsigned fmt, unsigned op);
int  r700_alu_find(const char *name, size_t n);
int  r700_cf_find(const char *name, size_t n);
int  r700_fetch_find(const char *name, size_t n);
extern const char *const r700_chan_name;   /* "XYZW" */
extern const char *const r700_bs_vec[6];
extern const char *const r700_bs_scl[4];
extern const char *const r700_index_mode_name[8];
extern const char *const r700_cond_name[4];

/* r700_fetch.c */
int  r700_decode_fetch(const uint32_t *w, size_t avail, r700_fetch *f, char *err);
void r700_encode_fetch(const r700_fetch *f, uint32_t w[4]);
int  r700_fetch_unit(r700_state *s, gpuref_retire *rr, char *err);
extern const char *const r700_dfmt_name[64];
extern const char *const r700_nfa_name[4];
extern const char *const r700_endian_name[4];
/* the one-bit fetch fields written as a bare word (README "Syntax"): the
 * field's offset in r700_fetch, the form that has it (or R700_FF_ANY) */
typedef struct r700_fetch_flag { const char *name; uint8_t form; size_t off; } r700_fetch_flag;
#define R700_NFETCH_FLAGS 8
extern const r700_fetch_flag r700_fetch_flags[R700_NFETCH_FLAGS];

/* r700_disasm.c */
int r700_disasm_fetch(const r700_fetch *f, char *buf, size_t len);
int r700_disasm_cf(const r700_cf *c, char *buf, size_t len);
int r700_disasm_group(const r700_group *g, char *buf, size_t len);
int r700_isa_decode_unit(unsigned stream, const uint32_t *w, size_t avail, gpuref_unit_info *info,
                         char *err);
int r700_isa_disasm_unit(unsigned stream, const uint32_t *w, size_t avail, uint64_t pc,
                         char *buf, size_t len, unsigned *nwords, char *err);
/* r700_asm.c */
int r700_isa_assemble(const char *text, uint64_t base, uint32_t **words, size_t *n,
                      gpuref_diag *d);

/* r700_step.c */
int r700_step(void *st, gpuref_retire *rr, char *err);
int r700_alu_group(r700_state *s, gpuref_retire *rr, char *err);
void r700_fast_prep(const r700_config *cfg, const r700_group *g, int st, r700_fgroup *f);
void r700_clause_lanes_set(r700_state *s, uint64_t lanes);
uint64_t r700_active_mask(const r700_state *s);
/* r700_exec_cf.c */
int r700_cf_step(r700_state *s, gpuref_retire *rr, char *err);
void r700_retire_pst(const r700_state *s, gpuref_retire *rr);
int  r700_clause_end(r700_state *s, gpuref_retire *rr, char *err);

/* exec functions */
#define R700_ALU(n, e, o, ns, u, x, f) int r700_x_##x(r700_lane *l);
#define R700_CF(n, fm, o, x) int r700_cf_##x(r700_state *s, const r700_cf *c, gpuref_retire *rr, char *err);
#include "r700.def"
#undef R700_ALU
#undef R700_CF
int r700_x_unimpl(r700_lane *l);   /* a row decoded but not executed */
/* r700_exec_float.c: OMOD then CLAMP on an f32 or f64 result (D12, D40) */
int r700_out_mod(const fp_policy *fp, fp_fmt f, unsigned omod, unsigned clamp, uint64_t *v);
int r700_fx_vtx(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err);
int r700_fx_memrd(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err);
int r700_fx_dsw(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err);
int r700_fx_dsr(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err);
int r700_fx_ld(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err);
int r700_fx_resinfo(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err);
int r700_fx_unimpl(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err);

/* register files (the order is the file id) */
enum { R700_F_R, R700_F_PV, R700_F_PS, R700_F_AR, R700_F_PRED, R700_F_AL, R700_F_ACTIVE,
       R700_F_VALID, R700_F_C, R700_F_I, R700_F_B, R700_F_PC, R700_F_DEPTH, R700_F_PSTATE,
       R700_F_RES, R700_F_SEM, R700_F_CFG, R700_NFILES };
/* the read-only file "cfg": the configuration knobs a bench hands to its DUT
 * (README "State"), in this order */
enum { R700_CFG_STACK_SIZE, R700_CFG_GPRS, R700_CFG_TEMPS, R700_CFG_PREFER_TRANS,
       R700_CFG_SUB_GUIDE, R700_CFG_SHIFT_MASK, R700_CFG_FLT_TO_INT_RNE, R700_CFG_SIN_RADIANS,
       R700_CFG_LANES,
       R700_NCFG };
enum { R700_SPACE_EXP = R700_NCB, R700_SPACE_MEM, R700_SPACE_BUF0,
       R700_SPACE_LDS = R700_SPACE_BUF0 + R700_NBUF, R700_NSPACES };
/* r700_state.c: a memory space's bytes and size */
uint8_t *r700_space(const r700_state *s, int space, uint64_t *size);
/* r700_state.c: the located error of a predecoded view that failed (it is
 * decoded again for its reason: predecode keeps the status only) */
enum { R700_VIEW_CF, R700_VIEW_GROUP, R700_VIEW_FETCH };
int r700_view_error(const r700_state *s, unsigned view, uint32_t pc, char *err);

#endif
