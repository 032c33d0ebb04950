/* usc.h - the PowerVR USC (Series 6XT) model: decoded forms, the state and
 * the internal calls (README.md has the encoding, syntax and decisions). */
#ifndef GPUREF_USC_H
#define GPUREF_USC_H

#include <stdint.h>
#include <string.h>

#include "isa.h"
#include "fp.h"

struct usc_ctx;
struct usc_ins;

#define USC_MAXI      32      /* instances of a task (config instances=16|32) */
#define USC_NR        248     /* temporaries (L283) */
#define USC_NVI       248     /* vertex inputs (L288) */
#define USC_NSH       4096    /* shared (L302) */
#define USC_NCF       256     /* coefficients (CF0..CF255 in the syntax, L1128) */
#define USC_NI        8       /* internal registers (L336: 0-8) */
#define USC_NO        8       /* pixel outputs (chosen) */
#define USC_NIDX      2       /* index registers (L308) */
#define USC_CODE_MAX  0x1000000u
#define USC_VERSION   1u      /* the project encoding version (header [31:28]) */

/* slots: phases of the main group, units of the bitwise group */
enum {
    USC_SL_P0, USC_SL_P1, USC_SL_P2, USC_SL_TST, USC_SL_MOV, USC_SL_BE,
    USC_SL_BMSK, USC_SL_BSH1, USC_SL_BCNT, USC_SL_BLOG, USC_SL_BSH2, USC_SL_BTST,
    USC_NSLOTS
};
#define USC_S_P0   (1u << USC_SL_P0)
#define USC_S_P1   (1u << USC_SL_P1)
#define USC_S_P2   (1u << USC_SL_P2)
#define USC_S_TST  (1u << USC_SL_TST)
#define USC_S_MOV  (1u << USC_SL_MOV)
#define USC_S_BE   (1u << USC_SL_BE)
#define USC_S_BMSK (1u << USC_SL_BMSK)
#define USC_S_BSH1 (1u << USC_SL_BSH1)
#define USC_S_BCNT (1u << USC_SL_BCNT)
#define USC_S_BLOG (1u << USC_SL_BLOG)
#define USC_S_BSH2 (1u << USC_SL_BSH2)
#define USC_S_BTST (1u << USC_SL_BTST)
#define USC_S_BITWISE (USC_S_BMSK|USC_S_BSH1|USC_S_BCNT|USC_S_BLOG|USC_S_BSH2|USC_S_BTST)

/* M field kinds */
enum { USC_M_NONE, USC_M_TYPE, USC_M_BYTES, USC_M_ASR, USC_M_PCK, USC_M_CVT, USC_M_INST,
       USC_M_PART };
/* test types (M of USC_M_TYPE), in the source's order (L385) */
enum { USC_T_F32, USC_T_U16, USC_T_S16, USC_T_U8, USC_T_S8, USC_T_U32, USC_T_S32, USC_NTYPES };

/* source modifier bits of the instruction word, [18:11] after >> 11:
 * src0 abs neg flr (0-2), src1 abs neg (3-4), src2 abs neg flr (5-7) */
#define USC_MOD_ABS0 0x01u
#define USC_MOD_NEG0 0x02u
#define USC_MOD_FLR0 0x04u
#define USC_MOD_ABS1 0x08u
#define USC_MOD_NEG1 0x10u
#define USC_MOD_ABS2 0x20u
#define USC_MOD_NEG2 0x40u
#define USC_MOD_FLR2 0x80u
#define USC_MOD_F3  (USC_MOD_ABS0|USC_MOD_NEG0|USC_MOD_ABS1|USC_MOD_NEG1|USC_MOD_ABS2|USC_MOD_NEG2|USC_MOD_FLR2)
#define USC_MOD_F2  (USC_MOD_ABS0|USC_MOD_NEG0|USC_MOD_FLR0|USC_MOD_ABS1)
#define USC_MOD_AN0 (USC_MOD_ABS0|USC_MOD_NEG0)
/* .SAT: the source gives it to FMAD/FADD/FMUL (L395-L411) and the 8/16-bit
 * integer ops (L621-L695), never to the one-source rows with .ABS/.NEG only
 * (MBYP, the derivatives, FRCP..GEXP): the rows with more than AN0 modifiers */
#define USC_ROW_SAT(row) (((row)->mods & ~USC_MOD_AN0) != 0)
#define USC_MOD_I2  (USC_MOD_ABS0|USC_MOD_NEG0|USC_MOD_ABS1)
/* per source position 0-2 its ABS, NEG and FLR bit (0: the position has none) */
extern const uint8_t usc_mod_abs[3], usc_mod_neg[3], usc_mod_flr[3];
#define USC_MOD_I3  (USC_MOD_I2|USC_MOD_ABS2|USC_MOD_NEG2)

/* operand kinds (one value array per kind in the group context) */
enum {
    USC_K_S0, USC_K_S1, USC_K_S2, USC_K_S3, USC_K_S4, USC_K_S5,
    USC_K_FT0, USC_K_FT1, USC_K_FT2, USC_K_FT3, USC_K_FT4, USC_K_FT5,
    USC_K_FTE, USC_K_IS0, USC_K_IS1, USC_K_IS2, USC_K_IS3, USC_K_IS4, USC_K_IS5,
    USC_K_W0, USC_K_W1, USC_K_FTT, USC_K_P0, USC_NK,
    /* tokens that are not values */
    USC_K_NONE = 100, USC_K_IMM, USC_K_TGT, USC_K_PCND, USC_K_ADJ, USC_K_DRC,
    USC_K_SOP,      /* F16SOP's two control words (README "Encoding", D33) */
    USC_K_MEM       /* LD, ST, ATOM, IDF: one memory control word (README "Encoding", D37) */
};
/* The memory control word of LD, ST, ATOM and IDF (README "Encoding", D37):
 * [0] the DRC; [3:1] the address source S0-S5 (IDF: its source select);
 * [6:4] the burst source S0-S5, or 7: the immediate [10:7] + 1 (LD, ST);
 * [13:11] the data source (ST) or the source/destination (ATOM) S0-S5;
 * [15:14] ST's data size (0 8-bit, 1 16-bit, 2 32-bit elements);
 * [18:16] ST's coverage mask source S0-S5, or 7: none (`_`);
 * [22:19] ATOM's operation (usc_atom_names); every other bit, and every
 * field a row does not have, 0. */
#define USC_MC_DRC(w)    ((w) & 1u)
#define USC_MC_ADDR(w)   ((w) >> 1 & 7u)
#define USC_MC_BSRC(w)   ((w) >> 4 & 7u)
#define USC_MC_BIMM(w)   (((w) >> 7 & 15u) + 1u)
#define USC_MC_DATA(w)   ((w) >> 11 & 7u)
#define USC_MC_SIZE(w)   ((w) >> 14 & 3u)
#define USC_MC_COV(w)    ((w) >> 16 & 7u)
#define USC_MC_AOP(w)    ((w) >> 19 & 15u)
enum { USC_AT_ADD, USC_AT_UMIN, USC_AT_UMAX, USC_AT_SMIN, USC_AT_SMAX, USC_AT_AND, USC_AT_OR,
       USC_AT_XOR, USC_AT_XCHG, USC_AT_CMPXCHG, USC_NATOM };
extern const char *const usc_atom_names[USC_NATOM];
/* the memory rows (one control word after the instruction word) */
#define USC_MEM_ROW(op)  ((op) == USC_OP_LD || (op) == USC_OP_ST || (op) == USC_OP_ATOM || (op) == USC_OP_IDF)
/* The backend control word of FITR, FITRP, SMP and UVSW (README "Encoding",
 * D47-D50; the fields are those of Mesa's Rogue encoder, laid out by the
 * project).  FITR/FITRP: [0] the DRC; [2:1] the mode (0 pixel, 1 sample,
 * 2 centroid); [3] .sat; [7:4] the count - 1 (1-16).  SMP: [0] the DRC;
 * [2:1] the dimension (1-3: 1D 2D 3D); [4:3] the channels - 1 (1-4); [6:5]
 * the LOD mode (usc_lodm_names); [7] a LOD source S3 (else `_`); [18:8] the
 * flags of usc_smp_flag_names, bit 8 + i.  UVSW: [2:0] the write operation
 * (0 write); [3] W1 (else W0); [4] an immediate address [12:5] (else the
 * source [7:5], S0-S5).  Every other bit 0. */
#define USC_BC_DRC(w)    ((w) & 1u)
#define USC_BC_MODE(w)   ((w) >> 1 & 3u)
#define USC_BC_SAT(w)    ((w) >> 3 & 1u)
#define USC_BC_COUNT(w)  (((w) >> 4 & 15u) + 1u)
#define USC_BC_DIM(w)    ((w) >> 1 & 3u)
#define USC_BC_CHAN(w)   (((w) >> 3 & 3u) + 1u)
#define USC_BC_LODM(w)   ((w) >> 5 & 3u)
#define USC_BC_LOD(w)    ((w) >> 7 & 1u)
#define USC_BC_FLAGS(w)  ((w) >> 8 & 0x7ffu)
#define USC_BC_WOP(w)    ((w) & 7u)
#define USC_BC_W1(w)     ((w) >> 3 & 1u)
#define USC_BC_IMM(w)    ((w) >> 4 & 1u)
#define USC_BC_ADDR(w)   ((w) >> 5 & 0xffu)
#define USC_NSMPFLAGS    11u
extern const char *const usc_itr_modes[3];
extern const char *const usc_lodm_names[4];
extern const char *const usc_smp_flag_names[USC_NSMPFLAGS];
/* the backend rows with one control word (D47-D50) */
#define USC_BE_ROW(op)   ((op) == USC_OP_FITR || (op) == USC_OP_FITRP || (op) == USC_OP_SMP || (op) == USC_OP_UVSW)
const char *usc_be_bad(unsigned op, uint32_t w);
unsigned usc_be_sources(unsigned op, uint32_t w);
/* DITR and ITRSMP (D51, D52): two control words (README "Encoding").  Word
 * 0: [7:0] the destination r register, [15:8] the coefficients' cf
 * register, [23:16] the W coefficients' cf register, [25:24] the mode,
 * [27:26] the perspective control (usc_persp_names), [31:28] the count - 1.
 * Word 1: [0] the DRC, [1] .sat, [3:2] the scheduling (0 none, 1
 * .schedswap, 2 .schedwdf); ITRSMP also [11:4] the texture state sh
 * register, [19:12] the sampler state sh register, [21:20] the dimension
 * (1-3), [23:22] chan - 1, [27:24] .proj .fcnorm .nncoords .comparison. */
#define USC_IT_DEST(w)   ((w) & 0xffu)
#define USC_IT_COFF(w)   ((w) >> 8 & 0xffu)
#define USC_IT_WOFF(w)   ((w) >> 16 & 0xffu)
#define USC_IT_MODE(w)   ((w) >> 24 & 3u)
#define USC_IT_PERSP(w)  ((w) >> 26 & 3u)
#define USC_IT_COUNT(w)  (((w) >> 28 & 15u) + 1u)
#define USC_IT_DRC(w)    ((w) & 1u)
#define USC_IT_SAT(w)    ((w) >> 1 & 1u)
#define USC_IT_SCHED(w)  ((w) >> 2 & 3u)
#define USC_IT_TEX(w)    ((w) >> 4 & 0xffu)
#define USC_IT_SMP(w)    ((w) >> 12 & 0xffu)
#define USC_IT_DIM(w)    ((w) >> 20 & 3u)
#define USC_IT_CHAN(w)   (((w) >> 22 & 3u) + 1u)
#define USC_IT_FLAGS(w)  ((w) >> 24 & 15u)
enum { USC_PERSP_NONE, USC_PERSP_MUL, USC_PERSP_MUL_STORE, USC_PERSP_STORED };
#define USC_IT_ROW(op)   ((op) == USC_OP_DITR || (op) == USC_OP_ITRSMP)
extern const char *const usc_persp_names[4];
extern const char *const usc_itrsmp_flag_names[4];
const char *usc_it_bad(unsigned op, const uint32_t *ctl);
/* the rows followed by one control word: the memory rows and those */
#define USC_CTL1_ROW(op) (USC_MEM_ROW(op) || USC_BE_ROW(op))
/* why a memory control word is not a legal encoding of row op (NULL: legal) */
const char *usc_mem_bad(unsigned op, uint32_t w);
/* the sources S0-S5 it reads or names (bit k = Sk; LD: S3, its destination) */
unsigned usc_mem_sources(unsigned op, uint32_t w);

/* F16SOP control words (README "Encoding", D33).  Word 0: the j part, word 1
 * the k part: four arguments of 5 bits (A E B F, C G D H): [2:0] source (0-5
 * S0-S5; second and fourth argument also 6: the constant 0, 7: z), [3] the
 * element .e1, [4] .neg (A-D) or .oneminus (E-H); [22:20] jOp/kOp (add sub
 * min max rsub); [24:23] jOut (j a b) / kOut (k c d); [26:25] the
 * destination: 0 W0 / W1 as F32, 1 W0.e0, 2 W0.e1; word 1 [27]: the MOV part
 * W1 = S3.  Every other bit 0. */
enum { USC_SOP_ADD, USC_SOP_SUB, USC_SOP_MIN, USC_SOP_MAX, USC_SOP_RSUB, USC_SOP_NOPS };
#define USC_SOP_ARG(w, i)  ((w) >> (5 * (i)) & 31u)
#define USC_SOP_OP(w)      ((w) >> 20 & 7u)
#define USC_SOP_OUT(w)     ((w) >> 23 & 3u)
#define USC_SOP_DST(w)     ((w) >> 25 & 3u)
#define USC_SOP_MOV        (1u << 27)
extern const char *const usc_sop_ops[USC_SOP_NOPS];
/* why a pair of control words is not a legal encoding (NULL: legal) */
const char *usc_sop_bad(const uint32_t ctl[2]);
/* the sources S0-S5 a pair of control words reads (bit k = Sk) */
unsigned usc_sop_sources(const uint32_t ctl[2]);
/* W1 written (the F32 outputs or the MOV part) */
static inline int usc_sop_w1(const uint32_t ctl[2])
{
    return USC_SOP_DST(ctl[0]) == 0 || (ctl[1] & USC_SOP_MOV) != 0;
}

/* F16SOP.MAD control words (README "Encoding", D34): three words, read as
 * one 96-bit field (word 0 bits 0-31), the MAD m (0-3: W0.e0, W0.e1, W1.e0,
 * W1.e1) at bits 23m..23m+22: [2:0] A source (0-5), [3] .e1, [4] .neg,
 * [5] .abs, [6] .flr; [9:7] E source (0-5, 6 the constant 0), [10] .e1,
 * [11] .oneminus, [12] .clamp, [13] .abs; [16:14] V source (0-5, 6 the
 * constant 0), [17] .e1, [18] .neg, [19] .clamp, [20] .abs, [21] .flr;
 * [22] the destination's .clamp.  Bits 92-95 0. */
#define USC_MAD_NCTL       3u

/* register banks of a source/destination declaration word */
enum { USC_B_R, USC_B_VI, USC_B_CF, USC_B_CFA, USC_B_SH, USC_B_SC, USC_B_I, USC_B_IDX,
       USC_B_O, USC_NBANKS };

/* one token of a form, decoded */
/* PCK/UNPCK formats (the M field; usc_pck_names order, L606) and the
 * instruction's O field on those two rows: [1:0] UNPCK's source element
 * .e0-.e3, [2] .scale, [3] .rndzero (README "Encoding") */
enum { USC_PCK_U8888, USC_PCK_S8888, USC_PCK_S8888OGL, USC_PCK_O8888, USC_PCK_U1616, USC_PCK_S1616,
       USC_PCK_S1616OGL, USC_PCK_O1616, USC_PCK_F16F16, USC_PCK_U32, USC_PCK_S32, USC_PCK_F32,
       USC_PCK_F32MASK, USC_PCK_U1010102, USC_PCK_S1010102, USC_PCK_2F102F10F10, USC_PCK_U111110,
       USC_PCK_S111110, USC_PCK_F111110, USC_PCK_SE9995, USC_PCK_U565U565, USC_PCK_COVERAGEMASK,
       USC_PCK_S8D24, USC_PCK_D24S8, USC_PCK_CONST0, USC_PCK_CONST1 };
#define USC_PK_ESEL  0x3u
#define USC_PK_SCALE 0x4u
#define USC_PK_RTZ   0x8u
extern const char *const usc_pck_names[26];
int      usc_pck_executed(unsigned fmt);   /* the model converts this format */
unsigned usc_pck_fields(unsigned fmt);     /* fields .e0-.e3 can select */
int      usc_pck_scalable(unsigned fmt);   /* .scale allowed (integer fields only) */
const char *usc_pck_bad(unsigned op, unsigned fmt, unsigned o);  /* why PCK/UNPCK fields are illegal, or NULL */

typedef struct usc_tok {
    uint8_t kind;      /* USC_K_*, or a choice/optional: see usc_desc.c */
    uint8_t alt;       /* second kind of a choice a|b (USC_K_NONE: none) */
    uint8_t opt;       /* 1: "x?" (x or _) */
    uint8_t obits;     /* O bits it takes */
    uint8_t inv;       /* ft1.invert */
    uint8_t minv;      /* adj1: minimum 1 */
} usc_tok;

typedef struct usc_row {
    const char *name;
    uint16_t    slots;
    const char *form[3];
    uint8_t     mkind;
    uint8_t     mods;
    int (*exec)(struct usc_ctx *c, const struct usc_ins *in, char *err);
    /* parsed forms (usc_desc_init) */
    uint8_t     ntok[3];
    usc_tok     tok[3][8];     /* up to 8 operands (the F64 rows) */
} usc_row;

enum {
#define USC_ROW(id, n, sl, f0, f1, f2, mk, md, ex) USC_OP_##id,
#include "usc.def"
#undef USC_ROW
    USC_NOPS
};

static inline uint32_t usc_mad_field(const uint32_t *ctl, unsigned m)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 23; i++) {
        unsigned b = 23 * m + i;
        r |= (ctl[b / 32] >> (b % 32) & 1u) << i;
    }
    return r;
}
/* the control words after an instruction with a K_SOP operand */
static inline unsigned usc_sop_nctl(unsigned op)
{
    return op == USC_OP_F16SOPMAD ? USC_MAD_NCTL : USC_CTL1_ROW(op) ? 1u : 2u;
}
/* why a row's control words are not a legal encoding (NULL: legal) */
const char *usc_ctl_bad(unsigned op, const uint32_t *ctl);
/* the sources S0-S5 they read (bit k = Sk) */
unsigned usc_ctl_sources(unsigned op, const uint32_t *ctl);

typedef struct usc_ins {
    uint8_t  op, slot, form;  /* row, slot, form index */
    uint8_t  mods, sat, lp, m, o;
    uint8_t  nk;              /* value operands */
    uint8_t  k[8];            /* operand kinds in form order (USC_K_*, NONE for "_") */
    uint8_t  has_imm, has_sop;
    uint32_t imm;             /* the extra word: immediate or branch target */
    uint32_t ctl[3];          /* F16SOP: the two control words after it (F16SOP.MAD: three) */
} usc_ins;

typedef struct usc_reg {      /* a source or destination declaration */
    uint8_t  bank, idx, dlog;
    uint16_t index;
} usc_reg;

typedef struct usc_group {
    uint8_t  nwords, ninsn, bitwise, pred, ignorepe;
    uint8_t  smask, wmask;
    uint8_t  is0, is1, is2, is3, is4, is5;
    usc_reg  s[6], w[2];
    usc_ins  ins[6];
    uint16_t slots;           /* slots present */
} usc_group;

typedef struct usc_config {
    unsigned instances, temps, vins, shared, coeffs, internals, fmad_fused, cvt_f64_int_rne, small_float_sat;
    unsigned sop_fused;
} usc_config;

/* The memory (space "mem", D37): sparse, byte-addressed, 32-bit addresses,
 * pages of 4 KiB found by an open-addressing table (page number + 1, 0 empty). */
#define USC_PAGE 4096u
typedef struct usc_mem {
    uint32_t *keys;
    uint8_t **pages;
    size_t    cap, used;
} usc_mem;
int  usc_mem_read(const usc_mem *m, uint32_t addr, void *buf, size_t len);
int  usc_mem_write(usc_mem *m, uint32_t addr, const void *buf, size_t len);
void usc_mem_free(usc_mem *m);
/* the lowest populated page at or above page `from`: 1 found, 0 none */
int  usc_mem_first(const usc_mem *m, uint32_t from, uint32_t *page);
/* One register of an outstanding load or atomic (D38): the DRC it counts
 * on, the register (per-instance bank, index), the instances it writes,
 * their data (read at issue) and the issuing unit's sequence number. */
#define USC_NSPACES  6u     /* mem atst depthf uvs itr tex */
#define USC_PEND_MAX 32u     /* registers outstanding, both DRCs together */
typedef struct usc_pend {
    uint64_t tag;
    uint8_t  drc, bank;
    uint16_t index;
    uint32_t lanes;
    uint32_t val[USC_MAXI];
} usc_pend;
typedef struct usc_state {
    usc_config cfg;
    fp_policy  fp;
    uint32_t   r[USC_NR][USC_MAXI], vi[USC_NVI][USC_MAXI], in[USC_NI][USC_MAXI];
    uint32_t   idx[USC_NIDX][USC_MAXI], o[USC_NO][USC_MAXI];
    uint32_t   sh[USC_NSH], cf[USC_NCF], cfa[USC_NCF];
    uint8_t    p0[USC_MAXI], pe[USC_MAXI], cout[USC_MAXI];
    uint32_t   link, drc[2];
    uint32_t   pc, base;
    usc_mem    mem;
    usc_mem    port[USC_NSPACES - 1]; /* the spaces "atst", "depthf" (D45, D46), "uvs",
                                 "itr" and "tex" (D47-D50) */
    usc_pend   pend[USC_PEND_MAX];
    uint32_t   itr_rw[USC_MAXI]; /* the 1/W a DITR/ITRSMP stored (perspective control 2, D51) */
    uint32_t   itr_rwset;        /* the instances that have one */
    unsigned   npend;
    int        finished;
    uint32_t  *words;
    size_t     nwords;
    usc_group *grp;           /* the groups that decoded, in word order (dense) */
    int32_t   *gix;           /* per word: its group in grp, or the (negative) decode
                                 status (the message is made again when executed) */
} usc_state;

/* register files (ids of gpuref_regfile_info) */
enum { USC_F_R, USC_F_VI, USC_F_CF, USC_F_CFA, USC_F_SH, USC_F_I, USC_F_IDX, USC_F_O,
       USC_F_P0, USC_F_PE, USC_F_COUT, USC_F_LINK, USC_F_DRC, USC_F_PC, USC_F_CFG, USC_NFILES };
/* the read-only file "cfg": every configuration knob, so that a bench
 * configures its DUT from the model (the order of usc_config) */
enum { USC_CFG_INSTANCES, USC_CFG_TEMPS, USC_CFG_VINS, USC_CFG_SHARED, USC_CFG_COEFFS,
       USC_CFG_INTERNALS, USC_CFG_FMAD_FUSED, USC_CFG_CVT_F64_INT_RNE, USC_CFG_SMALL_FLOAT_SAT,
       USC_CFG_SOP_FUSED, USC_NCFG };

/* the evaluation of one group */
typedef struct usc_ctx usc_ctx;
struct usc_ctx {
    usc_state       *s;
    const usc_group *g;
    uint32_t         act;          /* instances that execute */
    unsigned         ni;           /* instances of the task (cfg.instances) */
    uint32_t         v[USC_NK][USC_MAXI];
    uint8_t          wset[2];      /* W0/W1 given a value, and by which slot */
    int8_t           wslot[2];
    uint8_t          p0set, peset; /* P0 / Pe written (slot in p0slot) */
    int8_t           p0slot;
    uint8_t          pe_new[USC_MAXI];
    int              branch;
    uint32_t         next_pc;
    int              linkset;      /* 1: by the backend, 2: by CNDSETL */
    uint32_t         link_new;
    uint8_t          coutset;
    uint8_t          cout_new[USC_MAXI];
    const usc_ins   *mem;          /* the memory row of the backend slot, checked (D37) */
    uint8_t          burst[USC_MAXI];
    const usc_ins   *port;         /* ATST or DEPTHF of the backend slot (D45, D46) */
    uint8_t          p0dut;        /* P0 written with the DUT's value (ATST) */
};
/* the memory row's effects, after the group's checks (usc_exec_mem.c):
 * memory, the outstanding registers, the DRCs, the retire entries; WDF's
 * write-backs; at the end of the task every outstanding register */
int  usc_mem_apply(usc_state *s, usc_ctx *c, gpuref_retire *rr, char *err);
/* ATST's and DEPTHF's transactions (usc_exec_port.c, D45, D46): the writes
 * of the spaces "atst" and "depthf", after the group's checks */
#define USC_SPACE_ATST   1
#define USC_SPACE_DEPTHF 2
#define USC_SPACE_UVS    3   /* UVSW's vertex outputs (D50) */
#define USC_SPACE_ITR    4   /* what the iterator returns (D47, D48) */
#define USC_SPACE_TEX    5   /* what the texture unit returns (D49) */
void usc_port_apply(usc_state *s, usc_ctx *c, gpuref_retire *rr);
void usc_mem_drain(usc_state *s, int drc, gpuref_retire *rr);
/* FITR, FITRP, SMP, UVSW (usc_exec_itr.c): their effects after the
 * group's checks (called by usc_mem_apply) */
int  usc_be_apply(usc_state *s, usc_ctx *c, gpuref_retire *rr, char *err);
/* for them: a new outstanding register announced PENDING (usc_exec_mem.c),
 * its lanes and values filled by the caller before usc_pend_announce */
usc_pend *usc_pend_new(usc_state *s, uint64_t tag, unsigned drc, unsigned bank, unsigned index);
void usc_pend_announce(gpuref_retire *rr, const usc_pend *p);
/* one more transaction on DRC d, recorded */
void usc_drc_count(usc_state *s, unsigned d, gpuref_retire *rr);
/* the checks the memory rows and the backend rows share: room for nreg
 * outstanding registers and a transaction on DRC d */
int usc_pend_room(const usc_state *s, const usc_group *g, unsigned nreg, unsigned d,
                  const char *nm, char *err);

extern usc_row usc_rows[USC_NOPS];
extern const char *const usc_slot_names[USC_NSLOTS];
extern const char *const usc_type_names[USC_NTYPES];
extern const char *const usc_bank_names[USC_NBANKS];
extern const uint32_t usc_sc_table[240];
int usc_sc_is_defined(unsigned i);
int usc_reg_ok(const struct usc_reg *r);
extern const char *const usc_kname[USC_NK];
/* IS0's choices in header code order (S0, S3, S4, S5, S1, S2): the source it reads */
extern const uint8_t usc_is0_src[6];
int usc_form_of(unsigned op, unsigned slot);
int usc_resolve(usc_ins *in);

void usc_desc_init(void);
/* decode the group at w (avail words): 0, or an error with message */
int  usc_decode_group(const uint32_t *w, size_t avail, usc_group *g, char *err);
/* the legality rules; "illegal group: ..." */
int  usc_group_check(const usc_group *g, char *err);
int  usc_encode_group(const usc_group *g, uint32_t *w, unsigned *n);
int  usc_disasm_group(const usc_group *g, uint64_t pc, char *buf, size_t len);
int  usc_isa_assemble(const char *text, uint64_t base, uint32_t **words, size_t *n,
                      gpuref_diag *d);
int  usc_isa_decode_unit(unsigned stream, const uint32_t *w, size_t avail,
                         gpuref_unit_info *info, char *err);
int  usc_isa_disasm_unit(unsigned stream, const uint32_t *w, size_t avail, uint64_t pc,
                         char *buf, size_t len, unsigned *nwords, char *err);
int  usc_step(void *st, gpuref_retire *rr, char *err);
/* Register i of a bank for instance l (a uniform bank ignores l); i below
 * usc_bank_limit.  Inline: the step reads every source through it. */
static inline uint32_t usc_reg_read(const usc_state *s, unsigned bank, unsigned i, unsigned l)
{
    switch (bank) {
    case USC_B_R:   return s->r[i][l];
    case USC_B_VI:  return s->vi[i][l];
    case USC_B_CF:  return s->cf[i];
    case USC_B_CFA: return s->cfa[i];
    case USC_B_SH:  return s->sh[i];
    case USC_B_SC:  return usc_sc_table[i];
    case USC_B_I:   return s->in[i][l];
    case USC_B_IDX: return s->idx[i][l];
    default:        return s->o[i][l];
    }
}
/* The registers of a bank in this configuration (USC_NO: no such bank);
 * inline: the step asks it for every source and destination. */
static inline unsigned usc_bank_limit(const usc_state *s, unsigned bank)
{
    switch (bank) {
    case USC_B_R:   return s->cfg.temps;
    case USC_B_VI:  return s->cfg.vins;
    case USC_B_CF: case USC_B_CFA: return s->cfg.coeffs;
    case USC_B_SH:  return s->cfg.shared;
    case USC_B_SC:  return 240;
    case USC_B_I:   return s->cfg.internals;
    case USC_B_IDX: return USC_NIDX;
    default:        return USC_NO;
    }
}

/* exec functions */
#define USC_ROW(id, n, sl, f0, f1, f2, mk, md, ex) \
    int ex(usc_ctx *c, const usc_ins *in, char *err);
#include "usc.def"
#undef USC_ROW

/* every executing instance l; the mask and count are read once (stores to
 * the value arrays could otherwise alias them) */
#define USC_FOR(c, l) \
    for (unsigned l##_m = (c)->act, l##_n = (c)->ni, l = 0; l < l##_n; l++) if (l##_m >> l & 1)
/* every instance of the task, executing or not: for the integer and bitwise
 * units, which have no other effect than their value rows.  A value of an
 * instance that does not execute is never read: write-backs, P0, Pe and
 * COUT take the executing instances only, and the derivatives (which read
 * neighbours) read sources, never an FT; nothing reads instances from
 * cfg.instances on (16 of 32).  The loops have no per-instance test and a
 * constant count, and the compiler vectorizes them. */
#define USC_ALL(c, l) for (unsigned l = 0; l < USC_MAXI; l++)
extern const uint32_t usc_zero_lanes[USC_MAXI];
/* the instances of a task of ni (16 or 32) as a mask */
static inline uint32_t usc_all_lanes(unsigned ni)
{
    return ni >= 32 ? 0xffffffffu : (1u << ni) - 1;
}
/* the value of operand j of an instruction, instance l */
static inline uint32_t usc_opv(const usc_ctx *c, const usc_ins *in, unsigned j, unsigned l)
{
    return in->k[j] < USC_NK ? c->v[in->k[j]][l] : 0;
}
/* the lane array of operand j (zeros for an absent or non-value operand) */
static inline const uint32_t *usc_opa(const usc_ctx *c, const usc_ins *in, unsigned j)
{
    return j < in->nk && in->k[j] < USC_NK ? c->v[in->k[j]] : usc_zero_lanes;
}

/* ------------------------------------------------ coverage and generator
 * (usc_cov.c, usc_gen.c).  A bin's aux is USC_CK_* << 8; its opcode, slot
 * and value carry the detail the generator aims with (usc_cov.c). */
enum {
    USC_CK_OP,      /* opcode row, slot: the slot */
    USC_CK_FORM,    /* opcode row, slot: the slot, value: token j << 4 | choice */
    USC_CK_BANK,    /* slot: 0-5 Sk, 6-7 Wk; value: bank << 1 | indexed; aux bit 0: bitwise */
    USC_CK_IS,      /* slot: the IS (0-5), value: its selector */
    USC_CK_MODS,    /* opcode row, slot: source 0-2 (3: .sat), value: abs 1 | neg 2 | flr 4 */
    USC_CK_MFIELD,  /* opcode row, value: M */
    USC_CK_FLAG,    /* opcode row, value: 0 false / carry0, 1 true / carry1 */
    USC_CK_MASK,    /* value: pred << 1 | ignorepe, slot: mask pattern */
    USC_CK_COMBO,   /* value: the slot mask of the group (USC_S_*); aux bit 0: whole-ALU op */
    USC_CK_OUT,     /* opcode row, value: class */
    USC_CK_IN,      /* opcode row, slot: source position 1-3, value: class */
    USC_CK_CND,     /* opcode row, value: s0 class (0, 1, 2, >2) << 3 | pcnd << 1 | pe */
    USC_CK_SHIFT,   /* opcode row, value: index in usc_shift_counts */
    USC_CK_BRANCH,  /* opcode row, value: 1 taken */
};
/* the value of the usc.isa.one bins (USC_CK_IN): +1.0, then -1.0 */
#define USC_IN_ONE 100
#define USC_NSHIFT 6
extern const uint32_t usc_shift_counts[USC_NSHIFT];
/* a row that uses the whole main ALU (phase 0 with a W0 destination: the
 * complex and conditional ops) */
int usc_whole_row(unsigned op);
/* the result kind of a row: 0 none (or not executed), 1 float, 2 integer */
int usc_row_result(unsigned op);
/* a row the model executes (an exec function and a syntax) */
int usc_row_runs(unsigned op);

#endif
