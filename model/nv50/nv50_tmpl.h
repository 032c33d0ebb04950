/* nv50_tmpl.h - the template language of nv50.def, shared by the decoder,
 * encoder, disassembler and assembler (README.md "Template language"). */
#ifndef GPUREF_NV50_TMPL_H
#define GPUREF_NV50_TMPL_H

#include "nv50.h"

enum nv50_ttype { NV50_T_END, NV50_T_LIT, NV50_T_FLAG, NV50_T_CHOICE, NV50_T_OPND };

/* Operand tokens (%NAME).  Each fills the next source slot or the destination. */
#define NV50_OPNDS(X)                                                          \
    X(SD)   /* short/imm dst $r0-$r63, w0[7:2] */                              \
    X(SDH)  /* short/imm dst half $r0l-$r31h */                                \
    X(RD)   /* 7-bit register dst w0[8:2] (no o[]) */                          \
    X(RDH)  /* 7-bit half register dst */                                      \
    X(LD)   /* long dst: $r, o[] or # (w1[3] type, isa.rst LDST) */           \
    X(LDH)  /* long 16-bit dst: half, o[] or # */                              \
    X(AD)   /* $a dst w0[4:2] */                                               \
    X(CD)   /* $c dst w1[5:4] */                                               \
    X(MCD)  /* optional $c dst: w1[6] enable, w1[5:4] */                       \
    X(S1)   /* src1 32-bit: $r or s[] */                                       \
    X(S1H)  /* src1 16-bit: half or s[] */                                     \
    X(R1)   /* src1 32-bit register only */                                    \
    X(S2)   /* src2 32-bit: $r or c[] */                                       \
    X(S2H)  /* src2 16-bit: half or c[] */                                     \
    X(S3)   /* long src3 32-bit: $r or c[] */                                  \
    X(S3H)  /* long src3 16-bit: half or c[] */                                \
    X(SD3)  /* short src3 = the 32-bit dst register */                         \
    X(I)    /* 32-bit immediate w0[21:16], w1[27:2] */                         \
    X(IH)   /* 16-bit immediate (same field, high bits 0) */                   \
    X(SHC)  /* 7-bit shift count w0[22:16] */                                  \
    X(HSHC) /* 4-bit shift count w0[19:16] */                                  \
    X(OFFS) /* 16-bit offset w0[24:9] */                                       \
    X(AS)   /* $a source w0[27:26], w1[2] */                                   \
    X(COND) /* $c source w1[13:12] */                                          \
    X(C0)   /* fixed $c0 source of short/imm addc */                           \
    X(SREG) /* special register w1[17:14] */                                   \
    X(T)    /* code target w0[26:11], w1[19:14] (words) */                     \
    X(LANE) /* mov lanemask w1[17:14], printed "(l01)" unless 0xf */           \
    X(BAR)  /* barrier id w0[24:21], count w0[20:9] or w1[14] "all" */         \
    X(PM)   /* pmevent id w0[13:10] */                                         \
    X(FC8)  /* bra c[]: c[] byte address w0[24:9], bank w1[25:22], $a */

enum nv50_otok {
#define NV50_OT_ENUM(n) NV50_OT_##n,
    NV50_OPNDS(NV50_OT_ENUM)
#undef NV50_OT_ENUM
    NV50_NOTOK
};

typedef struct nv50_tok {
    uint8_t     type;     /* enum nv50_ttype */
    uint8_t     otok;     /* NV50_T_OPND: enum nv50_otok */
    uint8_t     pos, len; /* FLAG/CHOICE: bit field */
    uint8_t     opt;      /* CHOICE: 0, or '~' (optional, value 0 not printed) or
                             '+' (optional, always printed): an absent word is 0 */
    uint16_t    moff;     /* FLAG/CHOICE: offset of the uint8_t member */
    const char *s;        /* LIT: text; FLAG: word; CHOICE: "a|b|c" */
    unsigned    slen;
} nv50_tok;

/* Next token of a template; NV50_T_END at the end. */
void nv50_tmpl_next(const char **p, nv50_tok *t);
/* The tokens of row op's template, ending with an NV50_T_END token: parsed
 * once (the first call builds the table of every row; thread-safe), so the
 * per-instruction paths never re-parse template text. */
const nv50_tok *nv50_row_toks(unsigned op);
/* The i-th alternative of a choice token (NULL if none or reserved "-"). */
const char *nv50_choice(const nv50_tok *t, unsigned i, unsigned *len);
/* Member access for FLAG/CHOICE tokens. */
static inline uint8_t *nv50_member(nv50_insn *in, const nv50_tok *t)
{
    return (uint8_t *)in + t->moff;
}
static inline uint8_t nv50_member_get(const nv50_insn *in, const nv50_tok *t)
{
    return *((const uint8_t *)in + t->moff);
}

/* Width in bits of the immediate of a source operand token, 0 if none. */
static inline uint64_t nv50_bits(uint64_t w, unsigned pos, unsigned len)
{
    return (w >> pos) & ((1ull << len) - 1);
}

/* Size in bytes of an s[] access mode. */
static inline unsigned nv50_smode_size(unsigned mode)
{
    return mode == NV50_S_U8 ? 1 : mode == NV50_S_B32 ? 4 : 2;
}

extern const char *const nv50_smode_names[4];
extern const char *const nv50_sreg_names[9];
extern const char *const nv50_lane_names[16];

#endif
