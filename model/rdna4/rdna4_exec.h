/* rdna4_exec.h - binding of exec functions to opcode rows (rdna4_exec_table.c). */
#ifndef GPUREF_RDNA4_EXEC_H
#define GPUREF_RDNA4_EXEC_H

#include "rdna4.h"

typedef struct rdna4_bind {
    unsigned   row;
    rdna4_exec_fn fn;
} rdna4_bind;

extern const rdna4_bind rdna4_salu_bind[];   /* rdna4_exec_salu.c */
extern const rdna4_bind rdna4_smem_bind[];   /* rdna4_exec_smem.c */
extern const rdna4_bind rdna4_sfloat_bind[]; /* rdna4_exec_sfloat.c */

#endif
