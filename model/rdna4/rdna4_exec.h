/* rdna4_exec.h - the exec functions the rows of rdna4.def name: one prototype per
 * row's EXEC column (rdna4_x_<EXEC>, signature rdna4_exec_fn), for the exec files
 * (rdna4_exec_*.c) and the row table (rdna4_exec_table.c).
 *
 * The binding is checked both ways at build time: a row whose function no exec
 * file defines does not link (rdna4_exec_table.c takes its address), and an exec
 * file that defines a non-static function no row names does not compile
 * (-Wmissing-prototypes is an error after this header). */
#ifndef GPUREF_RDNA4_EXEC_H
#define GPUREF_RDNA4_EXEC_H

#include "rdna4.h"

#define RDNA4_OP(F, OP, N, X, FL, ...) \
    int rdna4_x_##X(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr);
#include "rdna4.def"
#undef RDNA4_OP

/* The float pieces the scalar and vector float instructions share
 * (rdna4_exec_sfloat.c): the policy following MODE; a trap check of the
 * exceptions before any write; the sticky EXCP_FLAG_USER bits; a float-core
 * status as the instruction's error. */
const fp_policy *rdna4_fp_policy(rdna4_state *s);
uint32_t rdna4_fp_excp_bits(unsigned exc);
int rdna4_fp_check_trap(rdna4_state *s, const rdna4_pre *p, unsigned exc);
void rdna4_fp_record_exc(rdna4_state *s, gpuref_retire *rr, unsigned exc);
int rdna4_fp_fail(rdna4_state *s, const rdna4_pre *p, int st);

/* Outstanding loads shared by vector memory and LDS (rdna4_exec_vmem.c): make room
 * for nload + nds entries and nreg VGPRs (completing the oldest entries); queue an
 * entry counted on cnt with nreg destination VGPRs from dst (data rows from the
 * returned entry's row0, to be filled by the caller) and announce it (PENDING
 * writes) once filled; a VGPR record from an exec file. */
void rdna4_vm_reserve(rdna4_state *s, gpuref_retire *rr, unsigned nload, unsigned nds,
                      unsigned nreg);
rdna4_vmload *rdna4_vm_push(rdna4_state *s, gpuref_retire *rr, int cnt, unsigned dst,
                            unsigned nreg, uint32_t bits, uint64_t lanes);
void rdna4_vm_announce(rdna4_state *s, gpuref_retire *rr, const rdna4_vmload *q);
uint64_t rdna4_exec_lanes(const rdna4_state *s);
uint32_t rdna4_lds_align(const rdna4_state *s, unsigned bytes);
/* Integer atomic MEM = f(tmp, src, src2) (rdna4_exec_ds.c), 32 or 64 bits; the
 * operations by the opcodes of the DS forms; CMP: tmp == src2 ? src : tmp. */
enum { RDNA4_AT_ADD = 0, RDNA4_AT_SUB, RDNA4_AT_RSUB, RDNA4_AT_INC, RDNA4_AT_DEC,
       RDNA4_AT_MIN_I, RDNA4_AT_MAX_I, RDNA4_AT_MIN_U, RDNA4_AT_MAX_U, RDNA4_AT_AND,
       RDNA4_AT_OR, RDNA4_AT_XOR, RDNA4_AT_MSKOR, RDNA4_AT_XCHG, RDNA4_AT_CMP = 16,
       RDNA4_AT_COND_SUB = 152, RDNA4_AT_SUB_CLAMP = 153 };
uint64_t rdna4_atomic_int(unsigned base, unsigned w64, uint64_t tmp, uint64_t src, uint64_t src2);

#pragma GCC diagnostic error "-Wmissing-prototypes"

#endif
