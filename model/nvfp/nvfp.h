/* nvfp.h - the NVFP model: the programmable pixel processor of US patent
 * 7,136,070 (nv-pixel-patent-7136070.txt), run per 2x2 pixel quad.
 * README.md: state, the project encoding (version 1), syntax, decisions. */
#ifndef GPUREF_NVFP_H
#define GPUREF_NVFP_H

#include <stdint.h>

#include "../core/isa.h"
#include "../fp/fp.h"
#include "nvfp_fast.h"

#define NVFP_LANES    4          /* pixels of a quad: 0 (0,0) 1 (1,0) 2 (0,1) 3 (1,1) */
#define NVFP_NCHUNK   8          /* 128-bit register chunks (Table 2, p[56]) */
#define NVFP_NH       16         /* H0..H15: two per chunk (p[37]) */
#define NVFP_NI       8          /* I0..I7: two per chunk 0..3 (Table 2; README D2) */
#define NVFP_NP       12         /* pixel source p[0..11] (Table 2) */
#define NVFP_NC       32         /* constants c[0..31] (Table 2) */
#define NVFP_NTEX     16         /* texture ids 0..15 (p[70]) */
#define NVFP_MAXINSN  128        /* instruction storage (Table 2) */
#define NVFP_WORDS    4          /* words per instruction (encoding v1) */
#define NVFP_TEX_BYTES (1u << 20) /* the "tex" memory space */

/* destination / register precision (encoding field values) */
enum { NVFP_PR_R = 0, NVFP_PR_H = 1, NVFP_PR_I = 2 };
/* source types */
enum { NVFP_ST_NONE = 0, NVFP_ST_REG = 1, NVFP_ST_P = 2, NVFP_ST_C = 3 };
/* condition code status per component (the CC file) */
enum { NVFP_CC_EQ = 0, NVFP_CC_LT = 1, NVFP_CC_GT = 2 };
/* condition tests (Table 4 order in the encoding) */
enum { NVFP_T_EQ, NVFP_T_NE, NVFP_T_LT, NVFP_T_GE, NVFP_T_LE, NVFP_T_GT, NVFP_T_FL, NVFP_T_TR };

/* row flags (nvfp.def) */
#define NVFP_TEXID  0x1u
#define NVFP_NODST  0x2u
#define NVFP_CCSRC  0x4u
#define NVFP_RDST   0x8u
#define NVFP_SCALAR 0x10u
enum { NVFP_SP_D, NVFP_SP_F, NVFP_SP_W };

enum nvfp_opcode {
#define NVFP_OP(n, ns, sp, fl, ex, tb) NVFP_OP_##n,
#include "nvfp.def"
#undef NVFP_OP
    NVFP_NOPS
};

typedef struct nvfp_row {
    const char *name;
    uint8_t     nsrc, srcprec, table;
    unsigned    flags;
} nvfp_row;
extern const nvfp_row nvfp_rows[NVFP_NOPS];

typedef struct nvfp_src {
    uint8_t type, prec, index, swz, neg;   /* swz: 4 x 2 bits, x in bits 1:0 */
} nvfp_src;

/* one decoded instruction: every field of the encoding, named */
typedef struct nvfp_insn {
    uint8_t  op, cc, dprec, ccdst, dreg, wmask, cctest, ccswz, tid;
    nvfp_src src[3];
} nvfp_insn;

/* coverage bin kinds (nvfp_cov.c): a bin's aux is kind << 8 | detail, so
 * the generator (nvfp_gen.c, --target) can make an instruction that hits it */
enum { NVFP_CK_OP = 1, NVFP_CK_MOD, NVFP_CK_SWZ, NVFP_CK_NEG, NVFP_CK_WM, NVFP_CK_KIL, NVFP_CK_CHAIN,
       NVFP_CK_MISM, NVFP_CK_OUT };

/* register files (the order is the file id of the retire interface) */
enum { NVFP_F_R, NVFP_F_H, NVFP_F_I, NVFP_F_FMT, NVFP_F_CC, NVFP_F_KILL, NVFP_F_P, NVFP_F_C,
       NVFP_F_TEX, NVFP_F_PC, NVFP_F_CFG, NVFP_NFILES };
/* the read-only file "cfg": the configuration a bench hands to its DUT
 * (README "State"), in this order */
enum { NVFP_CFG_FRC_CLAMP, NVFP_CFG_KIL_STOP, NVFP_NCFG };

typedef struct nvfp_config {
    unsigned frc_clamp;      /* FRC result 1.0 becomes the largest value below 1.0 (D11) */
    unsigned kil_stop;       /* 0: a killed pixel keeps executing (helper); 1: its writes stop */
} nvfp_config;

typedef struct nvfp_state {
    nvfp_config cfg;
    fp_policy   fp;
    int         fast;        /* the fp32 paths of nvfp_fast.h apply to fp (nvfp_fast_policy) */
    uint32_t    reg[NVFP_NCHUNK][4][NVFP_LANES];   /* chunk, 32-bit word, pixel */
    uint8_t     fmt[NVFP_NCHUNK][NVFP_LANES];      /* precision that last wrote the chunk */
    uint8_t     cc[4][NVFP_LANES];                 /* NVFP_CC_* per component */
    uint8_t     kill[NVFP_LANES];
    uint32_t    p[NVFP_NP][4][NVFP_LANES];
    uint32_t    c[NVFP_NC][4];
    uint32_t    tex[NVFP_NTEX][4];                 /* base, width, height, mode */
    uint32_t    pc, base;
    int         finished;
    uint8_t    *mem, *own;                         /* the "tex" space */
    uint32_t   *dirty;                             /* [lo, hi): the bytes of mem ever written
                                                      since reset (after the space, shared) */
    uint32_t   *words;
    size_t      nwords;
    nvfp_insn  *dec;                               /* predecoded, per instruction */
    int16_t    *decst;                             /* its decode status (0: decoded) */
    uint8_t    *fk;                                /* per instruction: its kind for
                                                      nvfp_step_fast (0: the generic path) */
} nvfp_state;

/* execution context of one instruction: sources and results per pixel in
 * the execution format (fp32 bits for R and I, fp16 bits for H) */
typedef struct nvfp_ctx {
    nvfp_state      *s;
    const nvfp_insn *in;
    fp_fmt           f;          /* execution format */
    uint32_t         t[3][NVFP_LANES][4];
    uint32_t         q[NVFP_LANES][4];
    uint8_t          raw;        /* q is a packed 32-bit word: no conversion */
    uint8_t          kill[NVFP_LANES];
} nvfp_ctx;

typedef int (*nvfp_exec_fn)(nvfp_ctx *c, char *err);
extern const nvfp_exec_fn nvfp_exec[NVFP_NOPS];
#define NVFP_OP(n, ns, sp, fl, ex, tb) int nvfp_exec_##ex(nvfp_ctx *c, char *err);
#include "nvfp.def"
#undef NVFP_OP

/* nvfp_desc.c */
extern const unsigned nvfp_nreg[3];   /* registers per view: R, H, I (indexed by NVFP_PR_*) */
int  nvfp_decode_insn(const uint32_t *w, size_t avail, nvfp_insn *in, char *err);
void nvfp_encode_insn(const nvfp_insn *in, uint32_t w[NVFP_WORDS]);
int  nvfp_check_insn(const nvfp_insn *in, char *err);
int  nvfp_isa_decode(const uint32_t *w, size_t avail, gpuref_insn_info *info, char *err);
/* nvfp_disasm.c */
void nvfp_print_insn(const nvfp_insn *in, gpuref_strbuf *b);
int  nvfp_isa_disasm(const uint32_t *w, size_t avail, uint64_t pc, char *buf, size_t len,
                     unsigned *nwords, char *err);
extern const char nvfp_test_names[8][3];
/* nvfp_asm.c */
int  nvfp_isa_assemble(const char *text, uint64_t base, uint32_t **words, size_t *n, gpuref_diag *d);
/* nvfp_step.c */
int  nvfp_step(void *st, gpuref_retire *rr, char *err);
int  nvfp_cc_test(unsigned test, unsigned status);
/* nvfp_step_fast.c: the kind of an instruction for the fast step (0: none),
 * and that step (nvfp_step takes it when the policy is fast and kil_stop 0) */
uint8_t nvfp_fast_kind(const nvfp_insn *in);
void nvfp_step_fast(nvfp_state *s, const nvfp_insn *in, unsigned kind, gpuref_retire *rr);
/* helpers of the exec files (nvfp_exec_alu.c) */
uint32_t nvfp_one(fp_fmt f);
int nvfp_fop2(nvfp_ctx *c, int (*op)(fp_fmt, uint64_t, uint64_t, const fp_policy *, unsigned,
                                      uint64_t *, unsigned *), uint32_t a, uint32_t b, uint32_t *r);

#endif
