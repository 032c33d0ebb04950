/* nv50.h - internal interface of the NV50 (Tesla) model.
 *
 * The opcode description lives in nv50.def (one row per instruction form);
 * decode, encode, disassembly, assembly and the test generators all walk the
 * row's syntax template, so no instruction is described twice.  See README.md
 * for the sources, the template language and the decisions. */
#ifndef GPUREF_NV50_H
#define GPUREF_NV50_H

#include <stddef.h>
#include <stdint.h>

#include "isa.h"
#include "fp.h"

#define NV50_LANES     32
#define NV50_NGPR      128
#define NV50_NOUT      128
#define NV50_NCBANK    16
#define NV50_CBANK     0x10000u   /* bytes per c[] space */
#define NV50_SMEM      0x4000u    /* bytes of s[] */
#define NV50_MAXSTACK  64
#define NV50_CODE_MAX  0x1000000u /* 24-bit code space (isa.rst "Other execution state") */

/* Encoding forms (isa.rst "Instruction format"). */
enum nv50_form {
    NV50_FORM_SHORT,    /* w0[1:0] = 0 */
    NV50_FORM_IMM,      /* w0[1:0] = 1, w1[1:0] = 3 */
    NV50_FORM_LONG,     /* w0[1:0] = 1, w1[1:0] = 0/1 (exit)/2 (join), D3 */
    NV50_FORM_SCTL,     /* w0[1:0] = 2: short control */
    NV50_FORM_LCTL,     /* w0[1:0] = 3: long control */
    NV50_NFORMS
};

/* w1[1:0] of the long normal forms (D3: 1 exit, 2 join, as G80 runs them) */
enum nv50_modifier { NV50_MOD_NONE = 0, NV50_MOD_EXIT = 1, NV50_MOD_JOIN = 2 };

/* Operand kinds. */
enum nv50_okind {
    NV50_O_NONE, NV50_O_REG, NV50_O_HALF, NV50_O_OUT, NV50_O_DISCARD,
    NV50_O_CONST, NV50_O_SHARED, NV50_O_IMM, NV50_O_AREG, NV50_O_CREG, NV50_O_SREG
};

/* s[] access modes (isa.rst "Shared memory access"). */
enum nv50_smode { NV50_S_U8, NV50_S_U16, NV50_S_S16, NV50_S_B32 };

typedef struct nv50_opnd {
    uint8_t  kind;     /* enum nv50_okind */
    uint8_t  w16;      /* the operand is 16 bits wide */
    uint8_t  reg;      /* REG/HALF: $r; OUT: o[] word; CONST: bank; AREG/CREG/SREG: index */
    uint8_t  hi;       /* HALF / 16-bit OUT: high half */
    uint8_t  mode;     /* SHARED: enum nv50_smode; CONST: access bytes (1, 2, 4) */
    uint8_t  areg;     /* memory: $a used for the address (0 = direct) */
    uint8_t  postinc;  /* memory: address is $a, then $a += off */
    uint8_t  pad;
    int32_t  off;      /* memory: byte offset; OUT: byte address */
    uint32_t imm;      /* IMM: value */
} nv50_opnd;

/* One decoded instruction.  Exec, disasm and encode read only this. */
typedef struct nv50_insn {
    uint16_t op;        /* row of nv50_rows */
    uint8_t  form;      /* enum nv50_form */
    uint8_t  nwords;
    uint8_t  modifier;  /* enum nv50_modifier (long normal) */
    uint8_t  pred;      /* predicate condition, 0xf = always (long forms) */
    uint8_t  csrc;      /* $c read by the predicate and by COND operands */
    uint8_t  cdst_en;   /* $c destination enabled */
    uint8_t  cdst;
    /* variant fields: row presets and template modifier fields */
    uint8_t  b32;       /* 32-bit operation (else 16-bit) */
    uint8_t  addop;     /* 0 add, 1 sub, 2 subr, 3 addc */
    uint8_t  sat;
    uint8_t  sgn1, sgn2;/* signed source 1 / 2 (24-bit and sad/min/max/set/shr: sgn1) */
    uint8_t  mul24;     /* mul / mul-add: 24-bit multiply */
    uint8_t  high;      /* mul24: high 32 bits of the 48-bit product */
    uint8_t  not1, not2;
    uint8_t  logop;     /* 0 and, 1 or, 2 xor, 3 mov2 */
    uint8_t  setcond;   /* set: bit0 l, bit1 e, bit2 g */
    uint8_t  minop;     /* 1 min, 0 max */
    uint8_t  shr;       /* shift right */
    uint8_t  lanemask;  /* mov: lanes of each quad written */
    uint8_t  lim;       /* call/preret/bra c[]: limited call */
    uint8_t  barinc, barwait, barall, barid;
    uint8_t  pm;
    /* float rows (README "Float"): operand modifiers and rounding field */
    uint8_t  neg1, neg2, neg3, abs1, abs2;
    uint8_t  rnd;       /* 2-bit rounding field: rn/rni, rm/rmi, rp/rpi, rz/rzi */
    uint8_t  rint;      /* cvt float <- float: round to an integral value */
    uint8_t  dfmt, sfmt;/* cvt destination / source type: enum nv50_cvfmt */
    uint16_t barcnt;
    uint16_t predset;   /* derived: bit v set when the predicate holds for $c = v */
    uint32_t target;    /* code target (byte address) */
    nv50_opnd dst;
    nv50_opnd src[4];  /* semantic sources in template order */
} nv50_insn;

struct nv50_state;
struct nv50_pinsn;
/* Exec functions get the predecoded instruction: the decoded fields (p->in)
 * and the operand accessors resolved at program load (p->src, p->dst). */
typedef int (*nv50_exec_fn)(struct nv50_state *s, const struct nv50_pinsn *p,
                            gpuref_retire *rr);

/* Row flags */
#define NV50_RF_NOPRED  0x1u   /* control: ignores its predicate (exec = mask) */
#define NV50_RF_CTL     0x2u   /* control instruction (no SKIP flag) */
#define NV50_RF_BYTESRC 0x4u   /* cvt u8/s8 source: an s[] operand must be u8 (isa.rst
                                  ILLEGAL_MEMORY_BYTE) */

/* cvt types (signedness in sgn1 = source, sgn2 = destination) */
enum nv50_cvfmt { NV50_CV_I8 = 1, NV50_CV_I16, NV50_CV_I32, NV50_CV_F16, NV50_CV_F32 };

typedef struct nv50_row {
    const char  *name;      /* mnemonic family, reported by decode and opcode_name */
    uint8_t      form;
    uint32_t     m0, k0;    /* word 0 match / mask (form bits included) */
    uint32_t     m1, k1;    /* word 1 match / mask (form bits included) */
    unsigned     flags;
    nv50_exec_fn exec;
    const char  *tmpl;      /* syntax template (README "Template language") */
    nv50_insn    preset;    /* fixed fields of the row */
} nv50_row;

/* The row index, generated from the description. */
enum nv50_op {
#define NV50_ROW(id, name, form, m0, k0, m1, k1, flags, exec, tmpl, preset) NV50_OP_##id,
#include "nv50.def"
#undef NV50_ROW
    NV50_NOPS
};

/* Exec functions named by the description. */
#define NV50_ROW(id, name, form, m0, k0, m1, k1, flags, exec, tmpl, preset) \
    int nv50_x_##exec(struct nv50_state *s, const struct nv50_pinsn *p, gpuref_retire *rr);
#include "nv50.def"
#undef NV50_ROW

extern const nv50_row nv50_rows[NV50_NOPS];
extern const char *const nv50_form_names[NV50_NFORMS];

/* ------------------------------------------------------------------ state */

enum nv50_file {
    NV50_F_R, NV50_F_C, NV50_F_A, NV50_F_SR, NV50_F_O, NV50_F_PC, NV50_F_MASK,
    NV50_F_EXITED, NV50_F_DEPTH, NV50_F_CFG, NV50_NFILES
};
enum nv50_stype { NV50_ST_BRANCH = 1, NV50_ST_CALL, NV50_ST_BREAK, NV50_ST_JOINAT, NV50_ST_QUADON };

typedef struct nv50_stack_entry {
    uint8_t  type;
    uint32_t pc, mask;
} nv50_stack_entry;

/* The control outcome of the unit being executed, committed only when the
 * whole unit succeeds (so that an error leaves the state as it was). */
typedef struct nv50_flow {
    uint32_t pc, next, mask, exited;
    unsigned depth;
    int      push;                /* ent is pushed at stack[old depth] */
    nv50_stack_entry ent;
    int      end, trap;
    const char *why;              /* fault message */
} nv50_flow;

/* How exec code reaches an operand, resolved at program load from the decoded
 * operand and the configuration (nv50_predecode), so that the common cases
 * cost no decision per lane. */
enum nv50_acc_how {
    NV50_ACC_NONE,   /* no operand, a discarded destination, or $r at/above gprs
                        (reads 0, writes dropped) */
    NV50_ACC_ROW,    /* a whole $r: its 32 lanes are read or written in place */
    NV50_ACC_LO,     /* $rNl: bits 15:0 of $rN */
    NV50_ACC_HI,     /* $rNh: bits 31:16 of $rN */
    NV50_ACC_IMM,    /* an immediate: in.src[i].imm in every lane */
    NV50_ACC_SLOW    /* anything else, through nv50_fetch / the generic writes:
                        s[], c[], $a, $c, special registers, o[] */
};

typedef struct nv50_acc {
    uint8_t how;     /* enum nv50_acc_how */
    uint8_t reg;     /* ROW/LO/HI: the $r index */
} nv50_acc;

/* Predecode flags */
#define NV50_PF_BAD     0x01u  /* cannot execute here: decode error, or a long
                                  instruction at an odd word (D33) */
#define NV50_PF_FLOW    0x02u  /* control row or join/exit: the full step (nv50_step.c) */
#define NV50_PF_PRED    0x04u  /* evaluate the predicate (not always, row not NOPRED) */
#define NV50_PF_POSTINC 0x08u  /* a memory source post-increments its $a */

typedef struct nv50_pinsn {       /* one predecoded word of the program */
    nv50_exec_fn exec;            /* the row's exec function */
    int16_t   status;             /* GPUREF_OK or the decode status */
    uint8_t   flags;              /* NV50_PF_* */
    uint8_t   nwords;
    uint32_t  words[2];           /* the instruction's words (words[1] = 0 if short) */
    nv50_acc  src[4], dst;
    nv50_insn in;
} nv50_pinsn;

/* chipset=NAME (README "Float on G80"): the float behaviours that differ by
 * chipset, and the knobs they select. */
enum nv50_chipset { NV50_CHIP_G80 = 0, NV50_CHIP_G84, NV50_CHIP_G92, NV50_CHIP_G200 };

typedef struct nv50_config {
    unsigned threads, gprs, stack_depth, warp_id, mp_id, tpc_id, vstride;
    unsigned strict;     /* 1: words with don't-care bits set are illegal (D36) */
    unsigned chipset;             /* enum nv50_chipset (key chipset=g80|g84|g92|g200) */
    unsigned fmul_sat;            /* knob: fmul honours sat (G200 and later; G80-G92 ignore it) */
    unsigned zero_wins;           /* knob: 0 * x = +0 in fmul/fmad (key zero_wins=0|1, the
                                     hardware's run-time setting; default 0) */
    unsigned rm_reserved;         /* knob: rounding code 1 (rm) of long fadd/fmul is an
                                     illegal encoding (key fadd_fmul_rm=reserved; default
                                     fadd_fmul_rm=down: round toward -Inf, G-RND) */
} nv50_config;

/* The memory spaces, shared by the waves of one model (waves=N). */
typedef struct nv50_mem {
    uint8_t  cmem[NV50_NCBANK][NV50_CBANK];
    uint8_t  smem[NV50_SMEM];
} nv50_mem;

typedef struct nv50_state {
    nv50_config cfg;
    /* architectural state */
    uint32_t r[NV50_NGPR][NV50_LANES];
    uint32_t o[NV50_NOUT][NV50_LANES];
    uint32_t sr[9][NV50_LANES];
    uint16_t a[8][NV50_LANES];
    uint32_t c[4][NV50_LANES];     /* 4 bits used; 32-bit lanes keep flag code vectorizable */
    uint32_t pc, mask, exited;
    unsigned depth;
    nv50_stack_entry stack[NV50_MAXSTACK];
    uint64_t clock;               /* units retired since reset ($clock, D8) */
    int      finished;
    nv50_mem *mem;                /* &own, or wave 0's (waves=N share memory) */
    nv50_mem  own;
    fp_policy fp;                 /* the sealed "nv50" float policy (FLOAT.md, nv50_exec_float.c) */
    nv50_flow flow;               /* scratch of the current step (not architectural) */
    /* the loaded program (not architectural) */
    uint32_t    base;
    size_t      nwords;
    uint32_t   *words;
    nv50_pinsn *prog;
} nv50_state;

/* An entry of the control stack as the step sees it (the pending push included). */
static inline const nv50_stack_entry *nv50_peek(const nv50_state *s, unsigned idx)
{
    const nv50_flow *f = &s->flow;
    return (f->push && idx == s->depth) ? &f->ent : &s->stack[idx];
}

/* ------------------------------------------------------- description API */

/* Decode one instruction; returns GPUREF_OK, DECODE or UNIMPL (err says why). */
int nv50_decode(const uint32_t *w, size_t avail, nv50_insn *in, char *err);
/* The same; strict = 1 rejects the bits the hardware ignores (D36) and the
 * alias words (D37) instead of decoding them as the canonical instruction. */
int nv50_decode_ex(const uint32_t *w, size_t avail, int strict, nv50_insn *in, char *err);
/* The decode a model of this config runs: nv50_decode_ex with cfg->strict, and
 * rm on long fadd/fmul illegal when cfg->rm_reserved (G-RND). */
int nv50_decode_cfg(const nv50_config *cfg, const uint32_t *w, size_t avail, nv50_insn *in,
                    char *err);
/* Bits of row op that the hardware ignores (NV50_DC, D36). */
void nv50_row_dc(unsigned op, uint32_t *d0, uint32_t *d1);
/* Encode; returns the word count (1 or 2) or a negative status. */
/* (Both accept err == NULL: no message is formatted, for callers that only
 * need the status, such as the generator's draws.) */
int nv50_encode(const nv50_insn *in, uint32_t w[2], char *err);
/* Disassemble a decoded instruction (no "long" decision); returns length. */
int nv50_format(const nv50_insn *in, char *buf, size_t len);
/* Assemble one line (without labels) at pc; the row chosen is the preferred
 * form unless force_long.  Returns word count or a negative status. */
int nv50_asm_line(const char *line, uint32_t pc, int force_long, uint32_t w[2], char *err);
/* Bits a row's template may use (the generator's free fields). */
void nv50_row_fields(unsigned op, uint32_t *f0, uint32_t *f1);
/* Predicate truth for one $c value (isa.rst "Predicates"). */
int nv50_pred_holds(unsigned cond, unsigned c);
extern const char *const nv50_pred_names[32];

int nv50_isa_decode(const uint32_t *w, size_t avail, gpuref_insn_info *info, char *err);
int nv50_isa_disasm(const uint32_t *w, size_t avail, uint64_t pc, char *buf, size_t len,
                    unsigned *nwords, char *err);
int nv50_isa_assemble(const char *text, uint64_t base, uint32_t **words, size_t *n,
                      gpuref_diag *d);

/* ----------------------------------------------------------- exec helpers */

int  nv50_step(void *st, gpuref_retire *rr, char *err);
/* Fill p from the words at w (avail words left) placed at code address pc. */
void nv50_predecode(const nv50_config *cfg, const uint32_t *w, size_t avail, uint32_t pc,
                    nv50_pinsn *p);

/* Exec helpers (nv50_exec_int.c).  Lanes are computed on whole 32-lane arrays; the
 * exec mask is applied when a result is written (README "Model internals"). */
/* Any source operand into out (memory operands only for the lanes in exec). */
void nv50_fetch(nv50_state *s, const nv50_opnd *o, uint32_t exec, uint32_t out[NV50_LANES]);
/* The end of an ordinary instruction: post-increments, the destination for
 * the lanes in exec, and the $c destination when enabled (f may be NULL when
 * the instruction has no $c destination). */
void nv50_result(nv50_state *s, const nv50_pinsn *p, uint32_t exec,
                 const uint32_t res[NV50_LANES], const uint32_t f[NV50_LANES],
                 gpuref_retire *rr);
void nv50_postinc(nv50_state *s, const nv50_insn *in, uint32_t exec, gpuref_retire *rr);
void nv50_put_dst(nv50_state *s, const nv50_pinsn *p, uint32_t lanes,
                  const uint32_t val[NV50_LANES], gpuref_retire *rr);
void nv50_put_c(nv50_state *s, unsigned idx, uint32_t lanes, const uint32_t f[NV50_LANES],
                gpuref_retire *rr);

/* Before a loop over the 32 lanes.  NV50_UNROLL (loops that compute): gcc
 * vectorizes the loop (4 lanes per SSE2 vector) and unrolls the vector loop,
 * so no loop overhead is left.  NV50_FLAT (loops that only move data: fills,
 * copies, the record's 64-bit values): the loop is unrolled before
 * vectorization and the straight-line lanes are vectorized, which is shorter
 * for those (and longer for computing loops).  Measured with callgrind on
 * bench_model; README "Model internals". */
#define NV50_UNROLL _Pragma("GCC unroll 8")
#define NV50_FLAT   _Pragma("GCC unroll 32")

/* Source i of p as 32 lanes: a pointer into the register file for a whole
 * register, else tmp filled (memory operands for the lanes in exec only). */
static inline const uint32_t *nv50_src(nv50_state *s, const nv50_pinsn *p, unsigned i,
                                       uint32_t exec, uint32_t *restrict tmp)
{
    const uint32_t *row = s->r[p->src[i].reg];
    unsigned l;
    if (p->src[i].how == NV50_ACC_ROW)
        return row;
    switch (p->src[i].how) {
    case NV50_ACC_LO:
        NV50_FLAT
        for (l = 0; l < NV50_LANES; l++)
            tmp[l] = row[l] & 0xffffu;
        return tmp;
    case NV50_ACC_HI:
        NV50_FLAT
        for (l = 0; l < NV50_LANES; l++)
            tmp[l] = row[l] >> 16;
        return tmp;
    case NV50_ACC_IMM: {
        uint32_t v = p->in.src[i].imm;
        NV50_FLAT
        for (l = 0; l < NV50_LANES; l++)
            tmp[l] = v;
        return tmp;
    }
    case NV50_ACC_NONE:
        NV50_FLAT
        for (l = 0; l < NV50_LANES; l++)
            tmp[l] = 0;
        return tmp;
    default:
        nv50_fetch(s, &p->in.src[i], exec, tmp);
        return tmp;
    }
}

/* $c flag bits (isa.rst "Registers", D1) */
#define NV50_CF_Z 1u
#define NV50_CF_S 2u
#define NV50_CF_C 4u
#define NV50_CF_O 8u

#endif
