/* rdna4_text.h - shared by the RDNA4 disassembler and assembler: name tables
 * and text helpers for LLVM's AMDGPU gfx12 syntax.  Text is built with the
 * core's gpuref_strbuf (text.h). */
#ifndef GPUREF_RDNA4_TEXT_H
#define GPUREF_RDNA4_TEXT_H

#include "rdna4.h"

typedef struct rdna4_name {
    unsigned    v;
    const char *name;
} rdna4_name;

typedef struct rdna4_depctr {
    const char *name;
    unsigned    shift, width, dflt;
} rdna4_depctr;

#define RDNA4_NDEPCTR 7

extern const rdna4_name rdna4_hwreg_names[];
extern const rdna4_name rdna4_msg_names[];
extern const char *const rdna4_instid_names[12];
extern const char *const rdna4_instskip_names[6];
extern const rdna4_depctr rdna4_depctr_fields[RDNA4_NDEPCTR];
/* Table 62 (L5046-5091) formats 0-63 as LLVM names them (BUF_FMT_<name>); 64+ print as numbers */
#define RDNA4_NBUFFMT 64
extern const char *const rdna4_buf_fmt_names[RDNA4_NBUFFMT];

const char *rdna4_name_of(const rdna4_name *t, unsigned v);
void rdna4_put_sreg(gpuref_strbuf *b, unsigned code, unsigned n);
void rdna4_put_vreg(gpuref_strbuf *b, unsigned v, unsigned n);
void rdna4_put_src(gpuref_strbuf *b, unsigned code, int type, uint32_t lit);
void rdna4_put_literal(gpuref_strbuf *b, uint32_t lit, int type);
int  rdna4_delay_canonical(unsigned v);
/* ds_swizzle_b32 offset as LLVM prints it ("swizzle(QUAD_PERM,0,1,2,3)"); 0 when the
 * 16-bit offset has no canonical macro form (then it prints as a number). */
int  rdna4_swizzle_text(unsigned off, char *buf, size_t len);

#endif
