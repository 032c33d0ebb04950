/* rdna4_text.h - shared by the RDNA4 disassembler and assembler: name tables
 * and text helpers for LLVM's AMDGPU gfx12 syntax. */
#ifndef GPUREF_RDNA4_TEXT_H
#define GPUREF_RDNA4_TEXT_H

#include "rdna4.h"

typedef struct r4_sbuf {
    char  *p;
    size_t len, pos;
} r4_sbuf;

void r4_sb_printf(r4_sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

typedef struct r4_name {
    unsigned    v;
    const char *name;
} r4_name;

typedef struct r4_depctr {
    const char *name;
    unsigned    shift, width, dflt;
} r4_depctr;

#define R4_NDEPCTR 7

extern const r4_name r4_hwreg_names[];
extern const r4_name r4_msg_names[];
extern const char *const r4_instid_names[12];
extern const char *const r4_instskip_names[6];
extern const r4_depctr r4_depctr_fields[R4_NDEPCTR];
/* Table 62 (L5046-5091) formats 0-63 as LLVM names them (BUF_FMT_<name>); 64+ print as numbers */
#define R4_NBUFFMT 64
extern const char *const r4_buf_fmt_names[R4_NBUFFMT];

const char *r4_name_of(const r4_name *t, unsigned v);
void r4_put_sreg(r4_sbuf *b, unsigned code, unsigned n);
void r4_put_vreg(r4_sbuf *b, unsigned v, unsigned n);
void r4_put_src(r4_sbuf *b, unsigned code, int type, uint32_t lit);
void r4_put_literal(r4_sbuf *b, uint32_t lit, int type);
int  r4_delay_canonical(unsigned v);
/* ds_swizzle_b32 offset as LLVM prints it ("swizzle(QUAD_PERM,0,1,2,3)"); 0 when the
 * 16-bit offset has no canonical macro form (then it prints as a number). */
int  r4_swizzle_text(unsigned off, char *buf, size_t len);

#endif
